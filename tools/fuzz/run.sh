#!/bin/sh
# Builds the libFuzzer target in build-fuzz (clang-22, -DCAL_FUZZ=ON) and runs
# it for SECONDS (default 60), which include replaying the saved corpus
# before any new input is tried. Exits non-zero on a finding: the crashing
# input is left in build-fuzz/findings/, replay it with
#   CAL_FUZZ_PRINT=1 build-fuzz/bin/cal-fuzz-evaluator build-fuzz/findings/crash-*
# usage: tools/fuzz/run.sh [SECONDS] [extra libFuzzer flags...]
set -e
seconds=${1:-60}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${CAL_FUZZ_BUILD:-$root/build-fuzz}
CC=clang-22 CXX=clang++-22 cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCAL_FUZZ=ON >/dev/null
cmake --build "$build" --target cal-fuzz-evaluator
mkdir -p "$build/corpus" "$build/findings"
# LLVM's own allocations outlive the process on purpose (ManagedStatic and
# friends): leak reports would be LLVM's, not ours.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
echo "fuzz: running cal-fuzz-evaluator for ${seconds}s"
"$build/bin/cal-fuzz-evaluator" -max_total_time="$seconds" -timeout=30 \
  -rss_limit_mb=4096 -max_len=512 -len_control=10 -print_final_stats=1 \
  -artifact_prefix="$build/findings/" "$@" "$build/corpus"
