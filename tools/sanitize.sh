#!/bin/sh
# Builds everything in build-asan with clang-22 under AddressSanitizer and
# UndefinedBehaviorSanitizer, then runs the unit tests and the lit tests.
# The libFuzzer target is configured there too (CAL_FUZZ=ON), so
# `CAL_FUZZ_BUILD=build-asan make fuzz` reuses the instrumented build.
# Exits non-zero on any failure or sanitizer report.
# usage: tools/sanitize.sh   (BUILD_ASAN=dir to build elsewhere)
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_ASAN:-$root/build-asan}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g"
CC=clang-22 CXX=clang++-22 cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCAL_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build "$build" --target cuda-access-lint cal-unittests
# detect_leaks=0: LLVM and clang keep allocations alive until exit on
# purpose (ManagedStatic options, the FileManager and ASTContext that
# ClangTool never frees, llvm::cl registries): LeakSanitizer would report
# those, and they are not ours. Heap errors, use-after-free and UB still
# fail the run (halt_on_error, -fno-sanitize-recover=all).
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
status=0
echo "sanitize: unit tests"
"$build/bin/cal-unittests" --gtest_brief=1 || status=1
echo "sanitize: lit tests"
lit=/usr/lib/llvm-22/bin/lit
[ -x "$lit" ] || lit=lit
# The corpus test runs thousands of kernels: tens of minutes under ASan on
# a small machine. SANITIZE_CORPUS=1 runs it too.
filter=""
[ "${SANITIZE_CORPUS:-0}" = 1 ] || filter="--filter-out=corpus/corpus.test"
"$lit" -sv $filter "$build/test/lit" || status=1
[ $status -eq 0 ] && echo "sanitize: clean" || echo "sanitize: FAILED"
exit $status
