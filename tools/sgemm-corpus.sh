#!/bin/sh
# Lay out a checkout of siboehm/SGEMM_CUDA as a corpus that
# tools/measure-realworld.sh measures and tools/validate_real.py compares:
# one folder sgemm_K-cuda for each of its kernels K (1 to 12), each the whole
# program (sgemm.cu, runner.cu at the top, src/ for the headers) run as
# `./main K`, so that each measurement profiles one kernel.
#
#   sh tools/sgemm-corpus.sh CHECKOUT OUT_DIR
set -eu
src=${1:?usage: sgemm-corpus.sh CHECKOUT OUT_DIR}
out=${2:?usage: sgemm-corpus.sh CHECKOUT OUT_DIR}
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
  dir="$out/sgemm_$k-cuda"
  mkdir -p "$dir/src"
  cp "$src/sgemm.cu" "$src/src/runner.cu" "$dir/"
  cp -r "$src/src/kernels" "$src/src/kernels.cuh" "$src/src/runner.cuh" \
    "$dir/src/"
  cat > "$dir/Makefile" <<MAKE
ARCH = sm_90
LAUNCHER =

main: sgemm.o runner.o
	nvcc -arch=\$(ARCH) sgemm.o runner.o -o main -lcublas

%.o: %.cu Makefile
	nvcc -std=c++17 -O3 -arch=\$(ARCH) -I src -c \$< -o \$@

run: main
	\$(LAUNCHER) ./main $k
MAKE
done
