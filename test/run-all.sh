#!/bin/sh
# Runs the unit tests, the lit tests and the hardware validation, and ends
# with one summary line.
# usage: run-all.sh UNITTESTS LIT LIT_DIR ANALYZER SOURCE_DIR
unit=$1 lit=$2 litdir=$3 analyzer=$4 src=$5
passed=0 failed=0
out=$(mktemp)
"$unit" --gtest_brief=1 >"$out" 2>&1
cat "$out"
p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out")
f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out")
passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
[ -n "$p$f" ] || failed=$((failed + 1))
python3 "$lit" -sv "$litdir" >"$out" 2>&1
status=$?
cat "$out"
p=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$out")
f=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$out")
passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
[ $status -eq 0 ] || [ "${f:-0}" -gt 0 ] || failed=$((failed + 1))
# The analyzer against what the H100 measured (no GPU needed).
# Every measured table (POSIX sh: the arguments set one by one).
set --
for t in "$src"/cuda-samples/measured/*.tsv; do set -- "$@" --measured "$t"; done
for t in "$src"/cuda-samples/measured/*-constant-requests.csv; do
  set -- "$@" --constant "$t"
done
if python3 "$src/tools/validate.py" --quiet --analyzer "$analyzer" \
    "$@" --min-percent 95 "$src"/cuda-samples/*.cu; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
# The same on public code (../shared/realworld), held to the floor reached
# so far: test/realworld/floor.txt. A clone without that corpus skips it.
corpus=${CAL_REALWORLD:-$src/../shared/realworld/hecbench}
if [ -d "$corpus" ]; then
  # shellcheck disable=SC2046
  if python3 "$src/tools/validate_real.py" --analyzer "$analyzer" \
      --corpus "$corpus" --measured "$src/test/realworld/h100.tsv" \
      --measured "$src/test/realworld/h100-inputs.tsv" \
      $(grep -v '^#' "$src/test/realworld/floor.txt") >"$out" 2>&1; then
    passed=$((passed + 1))
  else
    grep -v ': \(no access reported\|unknown\|differs\|warning where\|no warning where\)' "$out"
    failed=$((failed + 1))
  fi
  tail -n 1 "$out"
else
  echo "validate-real: skipped: no corpus at $corpus"
fi
rm -f "$out"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
