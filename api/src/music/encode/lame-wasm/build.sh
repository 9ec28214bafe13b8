#!/usr/bin/env bash
# Builds ../lame.wasm from LAME 3.100 (LGPL-2.0-or-later; see README.md beside this file).
# Needs clang, lld, wasi-libc and libclang-rt-dev-wasm32 (Debian), and LAME's source tarball:
#   LAME_TARBALL=/path/to/lame_3.100.orig.tar.gz ./build.sh
# or, with a deb-src line for Debian in apt's sources, without LAME_TARBALL: `apt-get source
# --download-only lame` fetches it. The tarball is checked against LAME 3.100's SHA-256, and the
# build is reproducible: the same clang gives the same bytes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../lame.wasm"
sha256=ddfe36cab873794038ae2c1210557ad34857a4b6bdc515785d1da9e175b1da1e

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="${LAME_TARBALL:-}"
if [ -z "$tarball" ]; then
  (cd "$work" && apt-get source --download-only lame >/dev/null)
  tarball="$(ls "$work"/lame_3.100.orig.tar.gz)"
fi
echo "$sha256  $tarball" | sha256sum --check --quiet
tar xzf "$tarball" -C "$work"
src="$work/lame-3.100"

# -O3 with wasm SIMD, non-trapping float-to-int (LAME quantises with many (int) casts, which
# otherwise cost a range check each) and bulk memory (memset/memcpy as single instructions); all
# three are in every Node.js since 16. No -ffast-math: it bought no measurable speed.
cflags=(--target=wasm32-wasi -O3 -msimd128 -mnontrapping-fptoint -mbulk-memory -msign-ext -DNDEBUG -DHAVE_CONFIG_H
  -I"$here" -I"$src/include" -I"$src/libmp3lame" -w)
objects=()
for c in "$src"/libmp3lame/*.c "$here/exports.c"; do
  o="$work/$(basename "$c" .c).o"
  clang "${cflags[@]}" -c "$c" -o "$o"
  objects+=("$o")
done
# A reactor (no main): _initialize sets up wasi-libc, then the exported functions are called.
clang --target=wasm32-wasi -mexec-model=reactor -Wl,--strip-all -Wl,-z,stack-size=1048576 \
  "${objects[@]}" -o "$out"
echo "wrote $out ($(stat -c %s "$out") bytes)"
