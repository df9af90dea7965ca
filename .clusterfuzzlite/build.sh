#!/bin/bash -eu
# Builds every cargo-fuzz target into $OUT, each with its committed seed corpus.
cd "$SRC/tigerseye/fuzz"
cargo fuzz build -O
for target in $(cargo fuzz list); do
  cp "target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  if [ -d "corpus/$target" ]; then
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
