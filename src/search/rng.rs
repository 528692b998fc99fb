//! A tiny seeded generator (SplitMix64 seeding xoshiro256**), so that every randomised step of the
//! project — random solutions, region layouts, clue-removal orders — is reproducible from one `u64`
//! seed on every platform and Rust version, without a dependency whose stream might change between
//! releases.

/// xoshiro256** (Blackman and Vigna), state filled from the seed by SplitMix64.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// Uniform in `0..n` (`n > 0`), by Lemire's multiply-shift with rejection (no modulo bias).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            let low = m as u64;
            if low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly chosen set bit of a non-zero mask.
    pub fn pick_bit(&mut self, mask: u64) -> u64 {
        debug_assert!(mask != 0);
        let mut k = self.below(mask.count_ones() as usize);
        let mut m = mask;
        loop {
            let low = m & m.wrapping_neg();
            if k == 0 {
                return low;
            }
            k -= 1;
            m &= m - 1;
        }
    }

    /// A fresh seed derived from this stream, for a sub-task that must not share the stream.
    pub fn fork(&mut self) -> u64 {
        self.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_roughly_uniform() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        let mut counts = [0usize; 6];
        let mut r = Rng::new(42);
        for _ in 0..60_000 {
            counts[r.below(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
        let mut seen = 0u64;
        for _ in 0..200 {
            seen |= r.pick_bit(0b1010_0110);
        }
        assert_eq!(seen, 0b1010_0110);
    }
}
