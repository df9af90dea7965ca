//! The sliders' squares on a 7x7 board by one table read a line
//! ("kindergarten" bitboards): the Northern Light board's, where Towers and
//! Aristocrats move as Rooks and Nobles as Bishops (seed 002, DiamondQi,
//! DiamondQuest and DiamondChess), for the royal hunts' generator and the
//! key-square core on a 7x7 board.
//!
//! A line of the board (a rank, a file or a diagonal) has at most 7 squares,
//! each on its own file (a rank, a diagonal) or its own rank (a file). The
//! occupied squares of the line are gathered into 7 bits by one
//! multiplication, [`FILL`] gives the positions a slider on the line reaches
//! with those occupied, and one more multiplication (or a table read, for a
//! file) spreads them back onto the board:
//!
//! ```text
//! a diagonal's squares (file f, rank r: bit 7r + f), times GATHER (the bits
//! 57 - 7r'): each square lands on bit 57 + f when r' = r; with r' > r it
//! leaves the word, with r' < r it falls below bit 57, never on another
//! term's bit (that needs two squares of one file), so nothing carries.
//! ```
//!
//! Tests compare every square's Rook and Bishop with the ray slides they
//! replace ([`super::Tables::slides`]), on random occupancies
//! (`lines_agree_with_the_slides`).

/// Bits `57 - 7r` for the ranks `r`: the squares of a line with one square a
/// file, times this, land on bit `57 + file` (see the module's doc).
const GATHER: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < 7 {
        m |= 1 << (57 - 7 * r);
        r += 1;
    }
    m
};

/// Bits `57 - 6r` for the ranks `r`: a file moved to file A (bits `7r`), times
/// this, lands rank `r` on bit `57 + r` (`7r + 57 - 6r'` equals another term's
/// only for the same `r` and `r'`, so nothing carries).
const RANK_GATHER: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < 7 {
        m |= 1 << (57 - 6 * r);
        r += 1;
    }
    m
};

/// Bits `7r` for the ranks `r`: a set of files (bits 0 to 6), times this, is
/// those files on every rank (no two terms share a bit).
const SPREAD: u64 = GATHER >> 15;

/// File A: bits `7r`.
const FILE_A: u64 = SPREAD;

/// `FILL[128 * p + occ]`: the positions (0 to 6) of a line a slider on
/// position `p` reaches when the positions of `occ` are occupied, each way up
/// to and including the first occupied one (`p` itself neither blocks nor is
/// reached). 1,024 entries (the last 128 empty), so that an index masked to
/// ten bits needs no bounds check.
static FILL: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut p = 0;
    while p < 7 {
        let mut occ = 0;
        while occ < 128 {
            let mut out = 0u8;
            let mut q = p + 1;
            while q < 7 {
                out |= 1 << q;
                if occ >> q & 1 == 1 {
                    break;
                }
                q += 1;
            }
            let mut q = p;
            while q > 0 {
                q -= 1;
                out |= 1 << q;
                if occ >> q & 1 == 1 {
                    break;
                }
            }
            t[128 * p + occ] = out;
            occ += 1;
        }
        p += 1;
    }
    t
};

/// `ON_FILE_A[ranks]`: the squares of file A on the ranks of `ranks`.
static ON_FILE_A: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut set = 0;
    while set < 128 {
        let mut r = 0;
        while r < 7 {
            if set >> r & 1 == 1 {
                t[set] |= 1 << (7 * r);
            }
            r += 1;
        }
        set += 1;
    }
    t
};

/// What the lookups need of a square, worked out once: its two diagonals
/// (without the square), the rows of [`FILL`] of its file and of its rank, and
/// the shifts of its rank and file.
#[derive(Clone, Copy)]
struct Place {
    /// The diagonal going north-east and south-west through the square.
    diagonal: u64,
    /// The diagonal going north-west and south-east.
    anti: u64,
    /// `128 * file`: the row of [`FILL`] for a rank or diagonal.
    file_row: u16,
    /// `128 * rank`: the row of [`FILL`] for the file.
    rank_row: u16,
    /// `7 * rank`: the shift of the square's rank to bits 0 to 6.
    rank_shift: u8,
    /// The file: the shift of its file to file A.
    file: u8,
}

/// Every square a popped `u64` set can give (0 to 63; those off the board,
/// 49 on, have empty diagonals and are never asked for).
static PLACES: [Place; 64] = {
    let mut t = [Place {
        diagonal: 0,
        anti: 0,
        file_row: 0,
        rank_row: 0,
        rank_shift: 0,
        file: 0,
    }; 64];
    let mut sq = 0;
    while sq < 49 {
        let (f, r) = ((sq % 7) as i32, (sq / 7) as i32);
        let (mut diagonal, mut anti) = (0u64, 0u64);
        let mut k = -6;
        while k <= 6 {
            if k != 0 {
                let (df, dr) = (f + k, r + k);
                if df >= 0 && df < 7 && dr >= 0 && dr < 7 {
                    diagonal |= 1 << (7 * dr + df);
                }
                let (af, ar) = (f - k, r + k);
                if af >= 0 && af < 7 && ar >= 0 && ar < 7 {
                    anti |= 1 << (7 * ar + af);
                }
            }
            k += 1;
        }
        t[sq] = Place {
            diagonal,
            anti,
            file_row: 128 * f as u16,
            rank_row: 128 * r as u16,
            rank_shift: 7 * r as u8,
            file: f as u8,
        };
        sq += 1;
    }
    t
};

/// The positions reached from row `row` of [`FILL`] with the line's
/// positions `seen` (0 to 127) occupied.
#[inline(always)]
fn fill(row: u16, seen: u64) -> u64 {
    u64::from(FILL[(usize::from(row) + seen as usize) & 1023])
}

/// A slider's squares along the line `mask` (a diagonal through a square on
/// the file whose row of [`FILL`] is `row`, without the square) with the
/// squares `occ` occupied: gathered, filled, spread back.
#[inline(always)]
fn along(mask: u64, row: u16, occ: u64) -> u64 {
    let seen = (occ & mask).wrapping_mul(GATHER) >> 57;
    fill(row, seen).wrapping_mul(SPREAD) & mask
}

/// A Rook's (Tower's, Aristocrat's) squares from square `sq` (0 to 48) with the
/// squares `occ` occupied, up to and including the first occupied square each
/// way: the rank by a shift, the file gathered onto the top bits.
#[inline(always)]
pub(crate) fn rook(sq: usize, occ: u64) -> u64 {
    let p = &PLACES[sq & 63];
    let shift = u32::from(p.rank_shift & 63);
    let on_rank = fill(p.file_row, (occ >> shift) & 127) << shift;
    let file = u32::from(p.file & 63);
    let seen = ((occ >> file) & FILE_A).wrapping_mul(RANK_GATHER) >> 57;
    let on_file = ON_FILE_A[fill(p.rank_row, seen) as usize & 127] << file;
    on_rank | on_file
}

/// A Bishop's (Noble's) squares from square `sq` (0 to 48) with the squares
/// `occ` occupied, up to and including the first occupied square each way.
#[inline(always)]
pub(crate) fn bishop(sq: usize, occ: u64) -> u64 {
    let p = &PLACES[sq & 63];
    along(p.diagonal, p.file_row, occ) | along(p.anti, p.file_row, occ)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::zobrist::splitmix64;
    use crate::core::{Geometry, Rays, Square};
    use crate::jewel::keysquare::Tables;

    static T7: Tables = Tables::build(Geometry::new(7, 7), None);

    /// Every square's Rook and Bishop by the lines' tables equal the ray
    /// slides, on the empty board, the full one and random occupancies (with
    /// and without the square itself).
    #[test]
    fn lines_agree_with_the_slides() {
        const BOARD: u64 = (1 << 49) - 1;
        let mut bits = 5;
        for round in 0..3_000 {
            bits = splitmix64(bits);
            let occ = match round {
                0 => 0,
                1 => BOARD,
                _ => bits & splitmix64(bits ^ round) & BOARD,
            };
            for sq in 0..49 {
                for occ in [occ, occ | 1 << sq, occ & !(1 << sq)] {
                    let at = Square(sq as u8);
                    let slid = |dirs| T7.slides::<u64>(dirs, at, occ);
                    assert_eq!(rook(sq, occ), slid(&Rays::ORTHOGONAL), "rook {sq} {occ:#x}");
                    assert_eq!(
                        bishop(sq, occ),
                        slid(&Rays::DIAGONAL),
                        "bishop {sq} {occ:#x}"
                    );
                }
            }
        }
    }
}
