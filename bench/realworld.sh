#!/bin/sh
# Figures, not a test: the analyzer on real code beside clang's own parse.
#  1. the real-world corpus (test/realworld's HeCBench folders): each
#     benchmark's top-level .cu files with its Makefile's -D and -I options,
#     as tools/validate_real.py analyzes them (its sources() and
#     build_flags());
#  2. a large header-heavy codebase, CUTLASS's examples (bench/cutlass.list;
#     bench/get-cutlass.sh fetches the pinned commit), when present;
#  3. -j scaling: one run over all of 2's files (else 1's) through a
#     compile_commands.json, at -j=1, -j=2 and -j=$(nproc).
# For 1 and 2, file by file: `cuda-access-lint -j=1 FILE -- FLAGS` and
# `clang++-22 -fsyntax-only --cuda-device-only --cuda-gpu-arch=sm_90
# --cuda-path=CUDA -isystem CUDA/include/cccl -Wno-unknown-cuda-version -w
# FLAGS FILE`, the same FLAGS (-std=c++17 -I FOLDER and the file's own), one
# after the other, each the fastest of BENCH_RUNS runs (wall seconds, peak
# RSS and user+system seconds from GNU time), and the ratios of wall and CPU
# time; then the total, the worst file, the files above 1.0x and the peak
# memory.
# usage: bench/realworld.sh BUILD_DIR
#   BENCH_BIN=FILE        the analyzer (default BUILD_DIR/bin/cuda-access-lint)
#   BENCH_RUNS=N          runs each figure is the fastest of (default 3)
#   BENCH_CORPUS=DIR      the corpus (default ../shared/realworld/hecbench)
#   BENCH_CODEBASE=DIR    CUTLASS (default ../bench-src/cutlass)
#   BENCH_PARTS="corpus codebase jobs"   the parts to run (default all)
#   BENCH_ONLY=REGEX      only the files whose label matches (an extended regex)
#   BENCH_JOBS_RUNS=N     runs each -j figure is the fastest of (default 1)
set -e
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cal=${BENCH_BIN:-$build/bin/cuda-access-lint}
[ -x "$cal" ] || { echo "bench: no $cal (build first)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "bench: needs GNU time (apt-get install time)" >&2; exit 2; }
cuda=${CUDA_PATH:-/usr/local/cuda}
corpus=${BENCH_CORPUS:-$root/../shared/realworld/hecbench}
codebase=${BENCH_CODEBASE:-$root/../bench-src/cutlass}
parts=${BENCH_PARTS:-corpus codebase jobs}
runs=${BENCH_RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')

# measure N CMD...: "SECONDS KB CPU EXIT" of the fastest of N runs (wall
# seconds, peak RSS, user+system seconds). The exit code is the last run's;
# it does not stop the bench.
measure() {
  n=$1; shift
  : >"$tmp/all"
  i=0
  while [ "$i" -lt "$n" ]; do
    rc=0
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/t" "$@" </dev/null >/dev/null 2>&1 || rc=$?
    tail -1 "$tmp/t" | awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' >>"$tmp/all"
    i=$((i + 1))
  done
  echo "$(sort -n "$tmp/all" | head -1) $rc"
}
calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }
has() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }

# The lists: LABEL<TAB>FILE<TAB>FLAGS, absolute paths.
corpus_list() {
  python3 - "$root/tools" "$corpus" <<'EOF'
import os, sys
sys.path.insert(0, sys.argv[1])
import validate_real as vr
corpus = os.path.abspath(sys.argv[2])
for name in sorted(os.listdir(corpus)):
    folder = os.path.join(corpus, name)
    if not os.path.isdir(folder):
        continue
    flags = ["-std=c++17", "-I", folder] + vr.build_flags(folder)
    for f in vr.sources(folder):
        print("%s/%s\t%s\t%s" % (name, os.path.basename(f), f, " ".join(flags)))
EOF
}
codebase_list() {
  cb=$(cd "$codebase" && pwd)
  grep -v '^#' "$root/bench/cutlass.list" | while read -r f extra; do
    [ -n "$f" ] || continue
    d=$(dirname "$cb/$f")
    printf '%s\t%s\t%s\n' "$(basename "$f")" "$cb/$f" \
      "-std=c++17 -I $cb/include -I $cb/tools/util/include -I $cb/examples/common -I $d${extra:+ $extra}"
  done
}
only() {
  if [ -n "$BENCH_ONLY" ]; then
    awk -F'\t' -v re="$BENCH_ONLY" '$1 ~ re'
  else
    cat
  fi
}

# table LIST: the per-file figures, then the summary.
table() {
  list=$1
  : >"$tmp/rows"
  printf '%-50s %7s %7s %8s %8s %6s %7s %5s\n' file cal_s cal_MB clang_s clang_MB ratio cpu_rat rc
  set -f
  while IFS="$tab" read -r label file flags; do
    # shellcheck disable=SC2086
    set -- $(measure "$runs" "$cal" -j=1 "$file" -- $flags); cs=$1 cm=$2 cu=$3 crc=$4
    # shellcheck disable=SC2086
    set -- $(measure "$runs" clang++-22 -fsyntax-only --cuda-device-only \
      --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -isystem "$cuda/include/cccl" \
      -Wno-unknown-cuda-version -w $flags "$file"); ks=$1 km=$2 ku=$3 krc=$4
    r=$(calc "$cs / ($ks + 0.001)")
    printf '%-50s %7s %7.0f %8s %8.0f %6.2f %7.2f %5s\n' "$label" "$cs" \
      "$(calc "$cm / 1024")" "$ks" "$(calc "$km / 1024")" "$r" \
      "$(calc "$cu / ($ku + 0.001)")" "$crc/$krc"
    echo "$label $cs $cm $ks $km $r $cu $ku" >>"$tmp/rows"
  done <"$list"
  set +f
  awk '{ n++; c += $2; k += $4; cu += $7; ku += $8
         if ($6 > wr) { wr = $6; w = $1 }
         if ($6 > 1.0) { above++; list = list " " $1 }
         if ($3 > cm) { cm = $3; cmf = $1 }
         if ($5 > km) { km = $5; kmf = $1 } }
       END {
         if (!n) { print "no files"; exit }
         printf "%-50s %7.2f %7s %8.2f %8s %6.2f %7.2f\n", "TOTAL", c, "", k, "", c / (k + 0.001), cu / (ku + 0.001)
         printf "files: %d; worst: %s at %.2fx; above 1.00x: %d%s\n", n, w, wr, above, (above ? ":" list : "")
         printf "peak memory: analyzer %.0f MB (%s), clang %.0f MB (%s)\n", cm / 1024, cmf, km / 1024, kmf
       }' "$tmp/rows"
}

echo "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "analyzer: $cal (-j=1); clang: $(clang++-22 --version | head -1)"
echo "each figure: the fastest of $runs runs (by wall time); cpu_rat: the ratio of"
echo "their user+system seconds, steadier than wall time on a busy machine;"
echo "rc: the exit codes of the analyzer and clang"

have_corpus=0 have_codebase=0
if [ -d "$corpus" ]; then
  have_corpus=1 corpus=$(cd "$corpus" && pwd)
  corpus_list | only >"$tmp/corpus.list"
else
  echo "bench: no corpus at $corpus (BENCH_CORPUS=DIR); its parts are skipped"
fi
if [ -d "$codebase/include/cutlass" ]; then
  have_codebase=1 codebase=$(cd "$codebase" && pwd)
  codebase_list | only >"$tmp/codebase.list"
else
  echo "bench: no CUTLASS at $codebase: its parts are skipped. To time it:"
  echo "  sh bench/get-cutlass.sh          (into ../bench-src/cutlass, found there), or"
  echo "  sh bench/get-cutlass.sh DIR && BENCH_CODEBASE=DIR make bench"
fi

if has corpus && [ "$have_corpus" = 1 ]; then
  echo
  echo "real-world corpus: $corpus ($(wc -l <"$tmp/corpus.list") files)"
  table "$tmp/corpus.list"
fi
if has codebase && [ "$have_codebase" = 1 ]; then
  echo
  echo "codebase: CUTLASS, $codebase ($(wc -l <"$tmp/codebase.list") files of bench/cutlass.list)"
  if [ -d "$codebase/.git" ]; then
    echo "commit: $(git -C "$codebase" rev-parse HEAD 2>/dev/null || echo unknown)"
  fi
  table "$tmp/codebase.list"
fi

if has jobs; then
  if [ "$have_codebase" = 1 ]; then jl=$tmp/codebase.list; what="CUTLASS ($codebase)"
  elif [ "$have_corpus" = 1 ]; then jl=$tmp/corpus.list; what="the corpus ($corpus)"
  else jl=; echo; echo "-j scaling: skipped (neither the codebase nor the corpus)"; fi
  if [ -n "$jl" ]; then
    mkdir -p "$tmp/cdb"
    python3 - "$jl" "$tmp/cdb/compile_commands.json" <<'EOF'
import json, os, sys
db = []
for line in open(sys.argv[1]):
    label, f, flags = line.rstrip("\n").split("\t")
    db.append({"directory": os.path.dirname(f), "file": f,
               "arguments": ["clang++"] + flags.split() + ["-c", f]})
json.dump(db, open(sys.argv[2], "w"), indent=1)
EOF
    jruns=${BENCH_JOBS_RUNS:-1}
    echo
    echo "-j scaling: $what, $(wc -l <"$jl") files in one run of"
    echo "  $cal -p DIR/compile_commands.json -j=N --quiet FILES..."
    echo "each figure: the fastest of $jruns runs; nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '%-10s %8s %8s %8s %8s %4s\n' jobs wall_s cpu_s peak_MB speedup rc
    cut -f2 "$jl" >"$tmp/files"
    base=
    for j in $(printf '%s\n' 1 2 "$(nproc)" | awk '!seen[$0]++'); do
      # shellcheck disable=SC2046
      set -- $(measure "$jruns" "$cal" -p "$tmp/cdb" -j="$j" --quiet $(cat "$tmp/files"))
      [ -n "$base" ] || base=$1
      printf '%-10s %8s %8s %8.0f %8.2f %4s\n' "-j=$j" "$1" "$3" \
        "$(calc "$2 / 1024")" "$(calc "$base / ($1 + 0.001)")" "$4"
    done
  fi
fi
