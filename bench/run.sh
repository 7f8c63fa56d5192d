#!/bin/sh
# Figures, not a test: the analyzer's wall time and peak memory on each
# bundled sample and stress file, beside clang's own parse of the same file
# (-fsyntax-only, device side, the same CUDA flags), and the ratio; then
# how time grows on 1k, 10k and 100k-line files (the seconds per 1k lines
# added since the size before).
# usage: bench/run.sh BUILD_DIR   (BENCH_FILES="a.cu b.cu" to pick files,
#        BENCH_RUNS=N for the runs each figure is the fastest of)
set -e
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cal="$build/bin/cuda-access-lint"
[ -x "$cal" ] || { echo "bench: no $cal (build first)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "bench: needs GNU time (apt-get install time)" >&2; exit 2; }
cuda=${CUDA_PATH:-/usr/local/cuda}
stress=${BENCH_STRESS:-$build/bench-stress}
python3 "$root/tools/gen-stress.py" "$stress"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure CMD...: prints "SECONDS KB", the fastest of BENCH_RUNS runs (3 by
# default: one run scatters by 10 to 20% on a small VM), for the analyzer
# and clang alike. The command's exit code is ignored: the stress files
# with errors exit non-zero in clang.
runs=${BENCH_RUNS:-3}
measure() {
  : >"$tmp/all"
  i=0
  while [ "$i" -lt "$runs" ]; do
    /usr/bin/time -f '%e %M' -o "$tmp/t" "$@" >/dev/null 2>&1 || true
    tail -1 "$tmp/t" >>"$tmp/all"
    i=$((i + 1))
  done
  sort -n "$tmp/all" | head -1
}
clang_parse() {
  measure clang++-22 -fsyntax-only --cuda-device-only --cuda-gpu-arch=sm_90 \
    --cuda-path="$cuda" -isystem "$cuda/include/cccl" \
    -Wno-unknown-cuda-version -w "$1"
}
calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }
analyzer() { measure "$cal" -j=1 "$1" --; }

files=${BENCH_FILES:-"$(ls "$root"/cuda-samples/*.cu) $(ls "$stress"/*.cu | grep -v scale_)"}
echo "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "analyzer: $cal (-j=1); clang: $(clang++-22 --version | head -1)"
echo "each figure: the fastest of $runs runs"
printf '%-32s %7s %9s %8s %9s %7s\n' file cal_s cal_MB clang_s clang_MB ratio
tc=0 tk=0
for f in $files; do
  set -- $(analyzer "$f"); cs=$1 cm=$2
  set -- $(clang_parse "$f"); ks=$1 km=$2
  printf '%-32s %7s %9.0f %8s %9.0f %7.2f\n' "$(basename "$f")" "$cs" \
    "$(calc "$cm / 1024")" "$ks" "$(calc "$km / 1024")" \
    "$(calc "$cs / ($ks + 0.001)")"
  tc=$(calc "$tc + $cs"); tk=$(calc "$tk + $ks")
done
printf '%-32s %7.2f %9s %8.2f %9s %7.2f\n' TOTAL "$tc" "" "$tk" "" \
  "$(calc "$tc / ($tk + 0.001)")"

echo
echo "scaling (generated mixed kernels): time grows linearly when the seconds"
echo "per 1k lines added since the size before stay alike"
printf '%-16s %7s %7s %9s %8s %7s %13s %13s\n' file lines cal_s cal_MB clang_s ratio cal_added/1k clang_added/1k
pl=0 pc=0 pk=0
for n in 1k 10k 100k; do
  f="$stress/scale_$n.cu"
  [ -f "$f" ] || continue
  lines=$(wc -l <"$f")
  set -- $(analyzer "$f"); cs=$1 cm=$2
  set -- $(clang_parse "$f"); ks=$1
  added_c=-; added_k=-
  if [ "$pl" -gt 0 ]; then
    added_c=$(calc "($cs - $pc) * 1000 / ($lines - $pl)")
    added_k=$(calc "($ks - $pk) * 1000 / ($lines - $pl)")
  fi
  printf '%-16s %7s %7s %9.0f %8s %7.2f %13s %13s\n' "scale_$n.cu" "$lines" \
    "$cs" "$(calc "$cm / 1024")" "$ks" "$(calc "$cs / ($ks + 0.001)")" \
    "$added_c" "$added_k"
  pl=$lines pc=$cs pk=$ks
done
