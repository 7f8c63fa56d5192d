#!/usr/bin/env bash
# Build every cuda-samples/*.cu, profile each binary with Nsight Compute's
# source counters, and write the per-SASS-instruction table
# cuda-samples/measured/h100.tsv (see tools/ncu_to_tsv.py for the columns).
#
# Run from anywhere on a machine with a GPU, nvcc and ncu:
#   bash tools/measure-on-gpu.sh
# Environment:
#   NVCC, NCU   compiler and profiler (default: from PATH, then /usr/local/cuda)
#   JOBS        parallel builds (default 8)
#   TSV         output table (default cuda-samples/measured/h100.tsv)
#   OUT         if set, a copy of the TSV and a tarball of the raw ncu CSVs and
#               logs are written there
#   SAMPLES     space-separated list of .cu files to use instead of all
#
# Profiling follows /work/shared/hardware-model.md:
#   ncu --clock-control none --section SourceCounters --import-source yes
# plus the metric gpu__time_duration.sum for the kernel duration. Every launch
# is profiled (no --kernel-id filter): each sample launches each kernel
# configuration exactly once, and some launch one kernel with several block
# shapes on purpose, which ':::1' (first launch of each kernel) would drop.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

find_tool() {
  local name=$1 override=$2
  if [[ -n $override ]]; then
    echo "$override"
  elif command -v "$name" > /dev/null 2>&1; then
    command -v "$name"
  elif [[ -x /usr/local/cuda/bin/$name ]]; then
    echo "/usr/local/cuda/bin/$name"
  else
    echo "measure-on-gpu: $name not found (set ${name^^})" >&2
    exit 2
  fi
}
NVCC=$(find_tool nvcc "${NVCC:-}")
NCU=$(find_tool ncu "${NCU:-}")
JOBS=${JOBS:-8}
TSV=${TSV:-cuda-samples/measured/h100.tsv}
export NVCC

if [[ -n ${SAMPLES:-} ]]; then
  read -r -a srcs <<< "$SAMPLES"
else
  srcs=(cuda-samples/*.cu)
fi
if [[ ${#srcs[@]} -eq 0 || ! -f ${srcs[0]} ]]; then
  echo "measure-on-gpu: no samples found" >&2
  exit 2
fi

work=$(mktemp -d /tmp/measure-on-gpu.XXXXXX)
trap 'rm -rf "$work"' EXIT
build=$work/build
csv=$work/csv
logs=$work/logs
mkdir -p "$build" "$csv" "$logs" "$work/rep"
export build

echo "== building ${#srcs[@]} samples with $JOBS jobs"
if ! printf '%s\n' "${srcs[@]}" | xargs -P "$JOBS" -I{} bash -c '
    src="$1"; n=$(basename "$src" .cu)
    if ! "$NVCC" -O3 -lineinfo -arch=sm_90 -o "$build/$n" "$src" \
        > "$build/$n.build.log" 2>&1; then
      echo "BUILD FAILED: $src"; cat "$build/$n.build.log"; exit 255
    fi' _ {}; then
  echo "measure-on-gpu: FAILED to build the samples" >&2
  exit 1
fi

failed=()
t0=$SECONDS
for src in "${srcs[@]}"; do
  n=$(basename "$src" .cu)
  rep=$work/rep/$n
  log=$logs/$n.log
  t1=$SECONDS
  rc=0
  "$NCU" --clock-control none --section SourceCounters \
    --metrics gpu__time_duration.sum --import-source yes \
    -f -o "$rep" "$build/$n" > "$log" 2>&1 || rc=$?
  status=PASS
  if grep -q FAIL "$log" || ! grep -q PASS "$log" || [[ $rc -ne 0 ]]; then
    status=FAIL
  fi
  if [[ ! -f $rep.ncu-rep ]]; then
    status="FAIL (no report)"
  fi
  echo "== $n: $status (rc $rc, $((SECONDS - t1)) s)"
  if [[ $status != PASS ]]; then
    failed+=("$n")
    tail -n 20 "$log" | sed 's/^/   | /'
  fi
  if [[ -f $rep.ncu-rep ]]; then
    "$NCU" -i "$rep.ncu-rep" --page source --csv --print-source cuda,sass \
      > "$csv/$n.source.csv" 2> "$logs/$n.export.log" ||
      echo "   export of the source page failed for $n" >&2
    "$NCU" -i "$rep.ncu-rep" --page raw --csv \
      > "$csv/$n.raw.csv" 2>> "$logs/$n.export.log" ||
      echo "   export of the raw page failed for $n" >&2
  fi
done
echo "== profiled ${#srcs[@]} programs in $((SECONDS - t0)) s"

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2> /dev/null | head -n 1 || true)
nvcc_version=$("$NVCC" --version | grep -i release | head -n 1 || true)
ncu_version=$("$NCU" --version | tail -n 1 || true)
mkdir -p "$(dirname "$TSV")"
python3 tools/ncu_to_tsv.py --out "$TSV" \
  --meta "gpu: ${gpu%%,*}" \
  --meta "driver: $(echo "${gpu#*,}" | xargs)" \
  --meta "cuda: $nvcc_version" \
  --meta "nsight compute: $ncu_version" \
  --meta "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  --meta "built with: nvcc -O3 -lineinfo -arch=sm_90" \
  --meta "profiled with: ncu --clock-control none --section SourceCounters --metrics gpu__time_duration.sum --import-source yes (every launch)" \
  "$csv"

if [[ -n ${OUT:-} ]]; then
  mkdir -p "$OUT"
  # The device tool sets OUT; a TSV written there already is not copied.
  if [[ $(realpath "$TSV") != $(realpath "$OUT")/$(basename "$TSV") ]]; then
    cp "$TSV" "$OUT/"
  fi
  tar czf "$OUT/ncu-csv.tar.gz" -C "$work" csv logs
  echo "== copied $(basename "$TSV") and ncu-csv.tar.gz to $OUT"
fi

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "measure-on-gpu: FAILED programs: ${failed[*]}" >&2
  exit 1
fi
echo "== all ${#srcs[@]} programs passed; wrote $TSV"
