#!/bin/sh
# The release build, profile-guided: a first build of the analyzer records
# where its time goes while it analyzes cuda-samples/, and the release build
# in BUILD is optimized with that profile (GCC's -fprofile-use). The
# analyzer's own work takes about a tenth fewer instructions; what it
# reports is the same.
# usage: tools/build-release.sh [BUILD]   (default: build)
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "${1:-build}"
build=$(cd "${1:-build}" && pwd)
gen=$build/pgo-generate
data=$build/pgo-profile
cmake -S "$root" -B "$gen" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCAL_LTO=ON \
  -DCAL_PROFILE_GENERATE="$data" >/dev/null
cmake --build "$gen" --target cuda-access-lint
# Train again only when the instrumented analyzer changed.
if [ ! -f "$data/trained" ] || [ "$gen/bin/cuda-access-lint" -nt "$data/trained" ]; then
  rm -rf "$data"
  mkdir -p "$data"
  for f in "$root"/cuda-samples/*.cu; do
    "$gen/bin/cuda-access-lint" -j=1 "$f" -- >/dev/null 2>&1 || true
  done
  touch "$data/trained"
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCAL_LTO=ON \
  -DCAL_PROFILE_USE="$data" >/dev/null
cmake --build "$build"
