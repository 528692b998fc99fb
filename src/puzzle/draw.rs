//! A puzzle drawn as text: the grid with its block or region borders, as `gridreduce show` prints
//! it and the Python package's `Puzzle.show()` returns it (one drawing for both).

use super::{Grid, Puzzle};

/// ASCII drawing: `|` and `---` where the block/region changes, `.` for empty cells.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let map = puzzle.group_map();
    let width = grid
        .cells()
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(1);
    let region = |r: isize, c: isize| -> Option<u32> {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
            .then(|| map[r as usize * cols + c as usize])
    };
    // A wall between (r1,c1) and (r2,c2) where the regions differ (the outside counts as different).
    let wall = |a: Option<u32>, b: Option<u32>| a != b;
    let mut out = String::new();
    for r in 0..=rows as isize {
        // Border line above row r.
        for c in 0..=cols as isize {
            let up = wall(region(r - 1, c - 1), region(r - 1, c)) && r > 0;
            let down = wall(region(r, c - 1), region(r, c)) && r < rows as isize;
            let left = wall(region(r - 1, c - 1), region(r, c - 1)) && c > 0;
            let right = wall(region(r - 1, c), region(r, c)) && c < cols as isize;
            out.push(match (up || down, left || right) {
                (true, true) => '+',
                (true, false) => '|',
                (false, true) => '-',
                (false, false) => ' ',
            });
            if c < cols as isize {
                let seg = if right { '-' } else { ' ' };
                out.extend(std::iter::repeat_n(seg, width + 2));
            }
        }
        out.push('\n');
        if r == rows as isize {
            break;
        }
        for c in 0..=cols as isize {
            out.push(if wall(region(r, c - 1), region(r, c)) {
                '|'
            } else {
                ' '
            });
            if c < cols as isize {
                let v = grid.at(r as usize, c as usize);
                let text = if v == 0 {
                    ".".to_string()
                } else {
                    v.to_string()
                };
                out.push_str(&format!(" {text:>width$} "));
            }
        }
        out.push('\n');
    }
    out
}
