//! Zobrist keys for position hashes, built at compile time.

/// One step of SplitMix64: a well-mixed 64-bit value from a counter.
#[must_use]
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` distinct pseudo-random keys from `seed`; each game uses its own seed.
#[must_use]
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct() {
        let k: [u64; 512] = super::keys(7);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 512);
    }
}
