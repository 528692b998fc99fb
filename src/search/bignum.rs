//! A minimal unsigned big integer (add, subtract, multiply, decimal output): exact solution counts of
//! 1×n Suguru outgrow `u128` quickly (a blank 1×200 of 5-cell regions has more than 10^80
//! solutions), and the counter must never overflow or panic.

use std::cmp::Ordering;
use std::fmt;

/// Little-endian base-2³² limbs, no trailing zero limbs (zero is the empty vector).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub fn zero() -> Self {
        BigUint { limbs: Vec::new() }
    }
    pub fn one() -> Self {
        BigUint::from(1u64)
    }
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }
    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
    /// The value if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        if self.limbs.len() > 4 {
            return None;
        }
        Some(
            self.limbs
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 32) | l as u128),
        )
    }

    pub fn add(&self, other: &BigUint) -> BigUint {
        let n = self.limbs.len().max(other.limbs.len());
        let mut limbs = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let s = *self.limbs.get(i).unwrap_or(&0) as u64
                + *other.limbs.get(i).unwrap_or(&0) as u64
                + carry;
            limbs.push(s as u32);
            carry = s >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
        BigUint { limbs }
    }

    /// `self − other`, saturating at zero (callers subtract a part from its whole).
    pub fn sub(&self, other: &BigUint) -> BigUint {
        if self.cmp(other) != Ordering::Greater {
            return BigUint::zero();
        }
        let mut limbs = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let mut d = self.limbs[i] as i64 - *other.limbs.get(i).unwrap_or(&0) as i64 - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            limbs.push(d as u32);
        }
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    pub fn mul(&self, other: &BigUint) -> BigUint {
        if self.is_zero() || other.is_zero() {
            return BigUint::zero();
        }
        let mut limbs = vec![0u32; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.limbs.iter().enumerate() {
                let t = a as u64 * b as u64 + limbs[i + j] as u64 + carry;
                limbs[i + j] = t as u32;
                carry = t >> 32;
            }
            let mut k = i + other.limbs.len();
            while carry > 0 {
                let t = limbs[k] as u64 + carry;
                limbs[k] = t as u32;
                carry = t >> 32;
                k += 1;
            }
        }
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    /// `n!`
    pub fn factorial(n: usize) -> BigUint {
        (2..=n as u64).fold(BigUint::one(), |acc, k| acc.mul(&BigUint::from(k)))
    }

    /// Divides in place by a small divisor, returning the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | *l as u64;
            *l = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
}

impl From<u64> for BigUint {
    fn from(v: u64) -> Self {
        let mut r = BigUint {
            limbs: vec![v as u32, (v >> 32) as u32],
        };
        r.trim();
        r
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}
impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BigUint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return write!(f, "0");
        }
        let mut x = self.clone();
        let mut chunks = Vec::new();
        while !x.is_zero() {
            chunks.push(x.div_small(1_000_000_000));
        }
        write!(f, "{}", chunks.pop().unwrap_or(0))?;
        for c in chunks.iter().rev() {
            write!(f, "{c:09}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_matches_u128() {
        let vals = [0u64, 1, 7, u32::MAX as u64, u32::MAX as u64 + 1, u64::MAX];
        for &a in &vals {
            for &b in &vals {
                let (x, y) = (BigUint::from(a), BigUint::from(b));
                assert_eq!(x.add(&y).to_u128(), Some(a as u128 + b as u128));
                assert_eq!(x.mul(&y).to_u128(), Some(a as u128 * b as u128));
                assert_eq!(
                    x.sub(&y).to_u128(),
                    Some((a as u128).saturating_sub(b as u128))
                );
                assert_eq!(x.cmp(&y), a.cmp(&b));
            }
        }
        assert_eq!(
            BigUint::factorial(25).to_string(),
            "15511210043330985984000000"
        );
        assert_eq!(BigUint::from(1_000_000_000).to_string(), "1000000000");
        assert_eq!(BigUint::factorial(40).to_u128(), None);
    }
}
