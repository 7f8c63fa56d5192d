#!/bin/sh
# Lay out standalone CUDA programs of a public checkout as a corpus that
# tools/measure-realworld.sh measures and tools/validate_real.py compares,
# as HeCBench's folders are laid out: one folder NAME-cuda a program, with
# the file, the headers beside it, and a Makefile whose `run` target runs
# it with no arguments.
#
#   sh tools/external-corpus.sh CHECKOUT OUT_DIR PATH...
#
# PATH is a .cu file with a main(), relative to CHECKOUT, and after a colon
# the arguments its run takes ('gemv/sgemv_v0.cu:4096 32'); NAME is its
# file name without .cu. cuBLAS is linked, as some programs compare with it.
set -eu
src=${1:?usage: external-corpus.sh CHECKOUT OUT_DIR PATH...}
out=${2:?usage: external-corpus.sh CHECKOUT OUT_DIR PATH...}
shift 2
mkdir -p "$out"
for spec in "$@"; do
  path=${spec%%:*}
  args=
  case $spec in *:*) args=${spec#*:} ;; esac
  file=$(basename "$path")
  name=${file%.cu}
  dir="$out/$name-cuda"
  if [ -e "$dir" ]; then
    echo "external-corpus.sh: two programs named $name" >&2
    exit 2
  fi
  mkdir -p "$dir"
  cp "$src/$path" "$dir/"
  for h in "$src/$(dirname "$path")"/*.h "$src/$(dirname "$path")"/*.cuh; do
    [ -f "$h" ] && cp "$h" "$dir/"
  done
  cat > "$dir/Makefile" <<MAKE
ARCH = sm_90
LAUNCHER =

main: $name.o
	nvcc -arch=\$(ARCH) $name.o -o main -lcublas

$name.o: $file Makefile
	nvcc -std=c++17 -O3 -arch=\$(ARCH) -c $file -o $name.o

run: main
	\$(LAUNCHER) ./main $args
MAKE
done
