#!/bin/bash -eu
# Builds every cargo-fuzz target into $OUT, each with its seed corpus. ClusterFuzzLite
# cannot pin `random_game` to a game, so its seed corpus is every game's committed
# inputs with the game's byte in front (`tigerseye fuzz-matrix --write-seed-corpora`).
cd "$SRC/tigerseye"
RUSTFLAGS="" cargo run --quiet --locked -p tigerseye-conformance -- \
  fuzz-matrix --corpus fuzz/corpus --write-seed-corpora "$WORK/seeds" > /dev/null
cd fuzz
cargo fuzz build -O
for target in $(cargo fuzz list); do
  cp "target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  if [ -d "$WORK/seeds/$target" ]; then
    (cd "$WORK/seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
