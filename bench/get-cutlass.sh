#!/bin/sh
# Fetches the header-heavy codebase that bench/realworld.sh times: NVIDIA
# CUTLASS at a pinned commit (4.7.0), only what bench/cutlass.list needs
# (include/, tools/util/, examples/), about 55 MB.
# usage: bench/get-cutlass.sh [DIR]        (default ../bench-src/cutlass)
#        bench/get-cutlass.sh DIR GIT_DIR  (from a local clone or mirror
#                                           that holds the commit, offline)
# then:  BENCH_CODEBASE=DIR make bench
set -e
commit=7107b05535f8977f5ecb9d01ee203205b1fd9bc4
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/../bench-src/cutlass}
paths="include tools/util examples LICENSE.txt"
if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
  echo "get-cutlass: $dir exists and is not empty; remove it first" >&2
  exit 2
fi
mkdir -p "$dir"
if [ -n "$2" ]; then
  # shellcheck disable=SC2086
  git --git-dir="$2" archive "$commit" $paths | tar -x -C "$dir"
else
  git -C "$dir" init -q
  git -C "$dir" remote add origin https://github.com/NVIDIA/cutlass.git
  # shellcheck disable=SC2086
  git -C "$dir" sparse-checkout set --no-cone $paths
  git -C "$dir" fetch -q --depth 1 --filter=blob:none origin "$commit"
  git -C "$dir" checkout -q FETCH_HEAD
fi
echo "get-cutlass: CUTLASS $commit in $dir"
