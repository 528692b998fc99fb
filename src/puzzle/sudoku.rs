//! Generalised Sudoku: N symbols on an N×N grid whose cells are partitioned into N blocks of N cells.
//!
//! Square boxes (N = n²), rectangular p×q boxes (N = p·q, e.g. 6×6 with 2×3 boxes) and jigsaw layouts
//! (any partition into N blocks of N cells, given as a map) are all one type: a block id per cell.

use super::grid::Grid;
use super::structure::{GroupKind, Structure, column_groups, row_groups};

/// How the N×N grid is cut into blocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockLayout {
    n: usize,
    /// Block of each cell, row-major, `0..n`.
    block_of: Vec<u32>,
    /// `Some((p, q))` for regular p-row × q-column boxes, `None` for a jigsaw map.
    boxes: Option<(usize, usize)>,
}

impl BlockLayout {
    /// Rectangular boxes of `p` rows and `q` columns (N = p·q). Square boxes are `boxes(n, n)`.
    pub fn boxes(p: usize, q: usize) -> Self {
        let n = p * q;
        let block_of = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                ((r / p) * p + c / q) as u32
            })
            .collect();
        BlockLayout {
            n,
            block_of,
            boxes: Some((p, q)),
        }
    }

    /// The layout a one-line puzzle of N symbols gets by default: square boxes when N is a square,
    /// otherwise p×q boxes with p the largest divisor of N not above √N (6 → 2×3, 12 → 3×4).
    pub fn default_for(n: usize) -> Self {
        let mut p = (n as f64).sqrt() as usize;
        while p > 1 && !n.is_multiple_of(p) {
            p -= 1;
        }
        let p = p.max(1);
        BlockLayout::boxes(p, n / p)
    }

    /// A jigsaw layout from a label per cell (any labels); fails unless there are N labels, each on
    /// N cells.
    pub fn jigsaw(n: usize, labels: &[u32]) -> Result<Self, String> {
        if labels.len() != n * n {
            return Err(format!(
                "region map has {} cells, expected {}",
                labels.len(),
                n * n
            ));
        }
        let mut ids: Vec<u32> = labels.to_vec();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() != n {
            return Err(format!(
                "region map has {} regions, expected {n}",
                ids.len()
            ));
        }
        let block_of: Vec<u32> = labels
            .iter()
            .map(|l| ids.binary_search(l).unwrap() as u32)
            .collect();
        let mut count = vec![0usize; n];
        for &b in &block_of {
            count[b as usize] += 1;
        }
        if let Some((b, &c)) = count.iter().enumerate().find(|&(_, &c)| c != n) {
            return Err(format!("region {} has {c} cells, expected {n}", ids[b]));
        }
        Ok(BlockLayout {
            n,
            block_of,
            boxes: None,
        })
    }

    pub fn n(&self) -> usize {
        self.n
    }
    pub fn block_of(&self, cell: usize) -> usize {
        self.block_of[cell] as usize
    }
    pub fn block_map(&self) -> &[u32] {
        &self.block_of
    }
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.boxes
    }
    /// "3x3 boxes", "2x3 boxes" or "jigsaw".
    pub fn describe(&self) -> String {
        match self.boxes {
            Some((p, q)) => format!("{p}x{q} boxes"),
            None => "jigsaw".to_string(),
        }
    }
}

/// A Sudoku puzzle: a layout and the givens (0 = empty).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sudoku {
    layout: BlockLayout,
    givens: Grid,
}

impl Sudoku {
    /// Fails when the grid is not N×N for the layout or a given is outside `0..=N`.
    pub fn new(layout: BlockLayout, givens: Grid) -> Result<Self, String> {
        let n = layout.n();
        if n > super::MAX_VALUE {
            return Err(format!(
                "N = {n} is above {}, the largest N (a cell holds one byte)",
                super::MAX_VALUE
            ));
        }
        if givens.rows() != n || givens.cols() != n {
            return Err(format!(
                "grid is {}x{}, the layout needs {n}x{n}",
                givens.rows(),
                givens.cols()
            ));
        }
        if let Some((cell, v)) = givens
            .cells()
            .iter()
            .enumerate()
            .find(|&(_, &v)| v as usize > n)
        {
            return Err(format!(
                "{} holds {v}, outside 1..{n}",
                super::grid::cell_name(n, cell)
            ));
        }
        Ok(Sudoku { layout, givens })
    }

    /// The blank N×N puzzle with the default layout; `n` at most [`super::MAX_VALUE`] (callers
    /// check it, as `--blank` does).
    pub fn blank(n: usize) -> Self {
        assert!(n <= super::MAX_VALUE, "Sudoku::blank({n}) above MAX_VALUE");
        Sudoku {
            layout: BlockLayout::default_for(n),
            givens: Grid::empty(n, n),
        }
    }

    pub fn n(&self) -> usize {
        self.layout.n()
    }
    pub fn layout(&self) -> &BlockLayout {
        &self.layout
    }
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    pub fn clues(&self) -> usize {
        self.givens.filled()
    }

    /// Blocks are the choice groups; rows and columns are two exact layers.
    pub fn structure(&self) -> Structure {
        let n = self.n();
        Structure::new(
            n,
            n,
            GroupKind::Block,
            self.layout.block_of.clone(),
            vec![row_groups(n, n), column_groups(n, n)],
        )
    }
}
