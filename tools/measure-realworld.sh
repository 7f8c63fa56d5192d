#!/usr/bin/env bash
# Build and profile the real-world corpus (../shared/realworld/hecbench) on a
# machine with a GPU, nvcc and ncu, the way tools/measure-on-gpu.sh does the
# samples, and leave the Nsight Compute CSV exports for tools/ncu_to_tsv.py.
#
#   bash tools/measure-realworld.sh CORPUS_DIR [NAME-cuda ...]
#
# Each benchmark is built with its own Makefile (ARCH=sm_90, -lineinfo through
# NVCC_APPEND_FLAGS, as two Makefiles ignore EXTRA_CFLAGS) and run with the
# first command of its `make run` target under ncu, so its run arguments are
# those of benchmarks.tsv. Only the first launch of each kernel is profiled
# (--kernel-id :::1). Each run has a time limit; ncu gets SIGINT then, and
# whatever it profiled by then is kept.
#
# Environment:
#   NCU       profiler (default: PATH, then /usr/local/cuda/bin/ncu)
#   JOBS      benchmarks profiled at once (default 4)
#   LIMIT     seconds per run (default 120)
#   DEADLINE  seconds for the whole script; a run that could not end by then
#             is not started and is listed as 'deadline' (default 540)
#   OUT       where realworld-csv.tar.gz (CSVs, logs, status.tsv, versions)
#             is written (default: the current folder)
#   NAME_BASE what makes two kernels different for "first launch": ncu's
#             --kernel-name-base, given only where set: unset, ncu's default
#             (the function's name: instantiations of one template share
#             it), or 'mangled' (each instantiation, each lambda a template
#             kernel is called with, is profiled once)
set -uo pipefail

corpus=$(cd "${1:?usage: measure-realworld.sh CORPUS_DIR [NAME...]}" && pwd)
shift
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
JOBS=${JOBS:-4}
LIMIT=${LIMIT:-120}
DEADLINE=${DEADLINE:-540}
OUT=${OUT:-$PWD}
NAME_BASE=${NAME_BASE:-}
start=$(date +%s)

if [[ $# -gt 0 ]]; then
  names=("$@")
else
  names=()
  for d in "$corpus"/*-cuda; do names+=("$(basename "$d")"); done
fi

work=/tmp/realworld
rm -rf "$work"
mkdir -p "$work/src" "$work/csv" "$work/logs" "$work/rep"
for n in "${names[@]}"; do cp -r "$corpus/$n" "$work/src/"; done
# What the copy lacks of the suite: its shared include/ folder (host code)
# and the input files some benchmarks read (tools/corpus-shims/hecbench).
shims=$(cd "$(dirname "$0")/corpus-shims/hecbench" && pwd)
cp -r "$shims/include" "$work/src/include"
python3 "$shims/make-inputs.py" "$work/src"
export work NCU LIMIT DEADLINE start

echo "== building ${#names[@]} benchmarks"
printf '%s\n' "${names[@]}" | xargs -P 16 -I{} bash -c '
  cd "$work/src/$1" &&
  NVCC_APPEND_FLAGS=-lineinfo timeout 300 make ARCH=sm_90 \
    > "$work/logs/$1.build.log" 2>&1
  echo $? > "$work/logs/$1.build.rc"' _ {}
echo "== built in $(($(date +%s) - start)) s"

profile() {
  local n=$1 t0 rc status kernels cmd
  if [[ $(cat "$work/logs/$n.build.rc") != 0 ]]; then
    printf '%s\tbuild-failed\t-\t0\t0\n' "$n" > "$work/logs/$n.status"
    return
  fi
  t0=$(date +%s)
  if ((t0 + LIMIT > start + DEADLINE)); then
    printf '%s\tdeadline\t-\t0\t0\n' "$n" > "$work/logs/$n.status"
    return
  fi
  # The first command of the Makefile's run target, with ncu in front (a
  # few Makefiles have no LAUNCHER variable).
  cmd=$(cd "$work/src/$n" && make -s -n run LAUNCHER= | head -n 1)
  (cd "$work/src/$n" &&
    timeout -s INT -k 30 "$LIMIT" "$NCU" --clock-control none \
      --section SourceCounters --metrics gpu__time_duration.sum \
      --import-source yes ${NAME_BASE:+--kernel-name-base "$NAME_BASE"} \
      --kernel-id :::1 -f -o "$work/rep/$n" \
      bash -c "$cmd") > "$work/logs/$n.log" 2>&1
  rc=$?
  status=ran
  if (($(date +%s) - t0 >= LIMIT)); then
    status=timed-out
  elif ((rc != 0)); then
    status=failed
  fi
  kernels=0
  if [[ -f $work/rep/$n.ncu-rep ]]; then
    "$NCU" -i "$work/rep/$n.ncu-rep" --page source --csv \
      --print-source cuda,sass > "$work/csv/$n.source.csv" \
      2> "$work/logs/$n.export.log"
    "$NCU" -i "$work/rep/$n.ncu-rep" --page raw --csv \
      > "$work/csv/$n.raw.csv" 2>> "$work/logs/$n.export.log"
    kernels=$(grep -c '^"[0-9]' "$work/csv/$n.raw.csv" || true)
  else
    status="$status-no-report"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$status" "$rc" \
    "$(($(date +%s) - t0))" "$kernels" > "$work/logs/$n.status"
  echo "== $n: $status rc=$rc $(($(date +%s) - t0)) s, $kernels kernels"
}
export -f profile

printf '%s\n' "${names[@]}" | xargs -P "$JOBS" -I{} bash -c 'profile "$1"' _ {}

{
  printf 'benchmark\tstatus\trc\tseconds\tkernels\n'
  cat "$work"/logs/*.status
} > "$work/status.tsv"
{
  echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n 1)"
  echo "cuda: $(nvcc --version | grep -i release | head -n 1)"
  echo "nsight compute: $("$NCU" --version | tail -n 1)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$work/versions.txt"
mkdir -p "$OUT"
tar czf "$OUT/realworld-csv.tar.gz" -C "$work" csv logs status.tsv versions.txt
awk -F'\t' 'NR == 1 || $2 != "ran"' "$work/status.tsv"
echo "== $(grep -c $'\tran\t' "$work/status.tsv") ran, $(($(date +%s) - start)) s"
