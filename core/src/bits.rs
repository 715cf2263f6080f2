//! Sets of cells as fixed-width bitsets: cell `i` is bit `i`.
//!
//! A board of `R x C` cells uses `Bits<W>` with `64 * W >= R * C`; the width is
//! a compile-time constant, so a mask is a few machine words that copy for
//! free, and every whole-board operation (union, shift, count) is a short
//! loop the compiler unrolls.  Bits past the board are never set by the
//! operations the engine uses, except `!`, whose result is always
//! intersected with a mask of the board.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of cells: bit `i` set means cell `i` is in it.
#[derive(Clone, Copy, Eq)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> std::hash::Hash for Bits<W> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const W: usize> PartialEq for Bits<W> {
    /// Word by word, inlined (the comparison ends every flood's loop; a library call for it costs more
    /// than the words).
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).fold(0, |diff, (a, b)| diff | (a ^ b)) == 0
    }
}

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);
    /// The most cells a mask of this width holds.
    pub const CAPACITY: usize = 64 * W;

    /// The set of one cell.
    #[inline]
    pub fn single(cell: usize) -> Self {
        let mut out = Self::EMPTY;
        out.0[cell >> 6] = 1 << (cell & 63);
        out
    }

    /// The cells `0..n`.
    pub fn first_n(n: usize) -> Self {
        let mut out = Self::EMPTY;
        for (i, word) in out.0.iter_mut().enumerate() {
            let start = i * 64;
            if n >= start + 64 {
                *word = u64::MAX;
            } else if n > start {
                *word = (1u64 << (n - start)) - 1;
            }
        }
        out
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// How many cells.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set holds at most one cell.
    #[inline]
    pub fn at_most_one(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        true
    }

    /// Whether the set holds exactly one cell.
    #[inline]
    pub fn is_single(&self) -> bool {
        self.any() && self.at_most_one()
    }

    #[inline]
    pub fn has(&self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1 << (cell & 63);
    }

    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1 << (cell & 63));
    }

    #[inline]
    pub fn with(mut self, cell: usize) -> Self {
        self.insert(cell);
        self
    }

    #[inline]
    pub fn without(mut self, cell: usize) -> Self {
        self.remove(cell);
        self
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub fn meets(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub fn within(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// `self` without the cells of `other`.
    #[inline]
    pub fn minus(self, other: Self) -> Self {
        let mut out = self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    /// The smallest cell, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The largest cell, if any.
    #[inline]
    pub fn last(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return Some(i * 64 + 63 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// The smallest cell of a set known not to be empty.
    #[inline]
    pub fn lowest(&self) -> usize {
        self.first().expect("lowest of an empty mask")
    }

    /// The largest cell of a set known not to be empty.
    #[inline]
    pub fn highest(&self) -> usize {
        self.last().expect("highest of an empty mask")
    }

    /// The set of the smallest cell (empty for an empty set): Python's `x & -x`.
    #[inline]
    pub fn lowest_bit(&self) -> Self {
        match self.first() {
            Some(cell) => Self::single(cell),
            None => Self::EMPTY,
        }
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(&self) -> CellIter<W> {
        CellIter { bits: *self, word: 0 }
    }

    /// The set shifted towards higher cells by `n` (bits past the width are lost).
    #[inline]
    pub fn shl(&self, n: usize) -> Self {
        let mut out = Self::EMPTY;
        let words = n >> 6;
        let bits = n & 63;
        if words >= W {
            return out;
        }
        if bits == 0 {
            out.0[words..W].copy_from_slice(&self.0[..(W - words)]);
        } else {
            out.0[words] = self.0[0] << bits;
            for i in (words + 1)..W {
                out.0[i] = (self.0[i - words] << bits) | (self.0[i - words - 1] >> (64 - bits));
            }
        }
        out
    }

    /// The set shifted towards lower cells by `n`.
    #[inline]
    pub fn shr(&self, n: usize) -> Self {
        let mut out = Self::EMPTY;
        let words = n >> 6;
        let bits = n & 63;
        if words >= W {
            return out;
        }
        let top = W - words;
        if bits == 0 {
            out.0[..top].copy_from_slice(&self.0[words..W]);
        } else {
            for i in 0..top - 1 {
                out.0[i] = (self.0[i + words] >> bits) | (self.0[i + words + 1] << (64 - bits));
            }
            out.0[top - 1] = self.0[W - 1] >> bits;
        }
        out
    }

    /// The set as little-endian bytes, `len` of them.
    pub fn to_bytes(&self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(W * 8);
        for w in &self.0 {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.truncate(len);
        out
    }

    /// The set from little-endian bytes; `None` when they hold a cell past the width.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let mut out = Self::EMPTY;
        for (i, &b) in bytes.iter().enumerate() {
            if b == 0 {
                continue;
            }
            if i >= W * 8 {
                return None;
            }
            out.0[i >> 3] |= (b as u64) << ((i & 7) * 8);
        }
        Some(out)
    }
}

/// The cells of a mask in increasing order.
pub struct CellIter<const W: usize> {
    bits: Bits<W>,
    word: usize,
}

impl<const W: usize> Iterator for CellIter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.bits.0[self.word];
            if w != 0 {
                self.bits.0[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> Ord for Bits<W> {
    /// Ordered as the numbers they are (the highest cell weighs most), as Python orders masks.
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..W).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                found => return found,
            }
        }
        Ordering::Equal
    }
}

impl<const W: usize> PartialOrd for Bits<W> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

macro_rules! binary {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<const W: usize> $trait for Bits<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, other: Self) -> Self {
                for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
                    *a $op b;
                }
                self
            }
        }
        impl<const W: usize> $assign for Bits<W> {
            #[inline]
            fn $assign_method(&mut self, other: Self) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

binary!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
binary!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
binary!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

impl<const W: usize> Shl<usize> for Bits<W> {
    type Output = Self;
    #[inline]
    fn shl(self, n: usize) -> Self {
        Bits::shl(&self, n)
    }
}

impl<const W: usize> Shr<usize> for Bits<W> {
    type Output = Self;
    #[inline]
    fn shr(self, n: usize) -> Self {
        Bits::shr(&self, n)
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const W: usize> FromIterator<usize> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut out = Self::EMPTY;
        for cell in iter {
            out.insert(cell);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type B = Bits<3>;

    fn reference(cells: &[usize]) -> u128 {
        cells.iter().filter(|&&c| c < 128).fold(0u128, |m, &c| m | 1 << c)
    }

    fn low128(b: &B) -> u128 {
        b.0[0] as u128 | (b.0[1] as u128) << 64
    }

    #[test]
    fn shifts_agree_with_a_wide_integer() {
        let cells = [0, 1, 5, 63, 64, 70, 100, 127];
        let b: B = cells.iter().copied().collect();
        for n in [0, 1, 7, 63, 64, 65, 100, 127] {
            assert_eq!(low128(&b.shl(n)), reference(&cells) << n, "shl {n}");
            assert_eq!(low128(&b.shr(n)), reference(&cells) >> n, "shr {n}");
        }
        assert!(b.shl(64 * 3).is_empty() && b.shr(64 * 3).is_empty());
    }

    #[test]
    fn counts_firsts_and_order() {
        let b: B = [3, 70, 150].into_iter().collect();
        assert_eq!(b.count(), 3);
        assert_eq!((b.first(), b.last()), (Some(3), Some(150)));
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 70, 150]);
        assert!(B::single(150) > B::single(70) && B::single(70) > B::single(3));
        assert!(B::single(7).at_most_one() && B::EMPTY.at_most_one() && !b.at_most_one());
        assert_eq!(B::first_n(130).count(), 130);
        assert_eq!(B::from_bytes(&b.to_bytes(24)), Some(b));
        assert_eq!(B::from_bytes(&[0; 25]), Some(B::EMPTY));
        let mut too_long = vec![0u8; 25];
        too_long[24] = 1;
        assert_eq!(B::from_bytes(&too_long), None);
    }
}
