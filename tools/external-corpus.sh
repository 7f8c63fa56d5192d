#!/bin/sh
# Lay out standalone CUDA programs of a public checkout as a corpus that
# tools/measure-realworld.sh measures and tools/validate_real.py compares,
# as HeCBench's folders are laid out: one folder NAME-cuda a program, with
# the file, the headers beside it (.h, .cuh, .hpp), and a Makefile whose
# `run` target runs it with no arguments.
#
#   sh tools/external-corpus.sh CHECKOUT OUT_DIR PATH...
#
# PATH is a .cu file with a main(), relative to CHECKOUT, and after a colon
# the arguments its run takes ('gemv/sgemv_v0.cu:4096 32'); NAME is its
# file name without .cu, or what precedes PATH and a '=' ('reduce_cg=ch3/
# reduction_kernel.cu'). Where main() is in a C++ file beside it, '+' and
# that file's name follow PATH ('ch3/reduction_kernel.cu+reduction.cpp');
# it is compiled and linked, not analyzed. cuBLAS is linked, as some
# programs compare with it. SHIMS=DIR copies DIR's headers into every
# program's folder (tools/corpus-shims: host timers some programs take
# from a samples tree this project does not read). FLAGS adds compiler
# flags to each compile line ('-DcudaThreadSynchronize=cudaDeviceSynchronize'
# for code older than CUDA 13); tools/validate_real.py reads the -D and -I
# of that line, so the analyzer gets them too. LIBS adds libraries to the
# link line ('-lcuda' for programs that call the driver API).
set -eu
src=${1:?usage: external-corpus.sh CHECKOUT OUT_DIR PATH...}
out=${2:?usage: external-corpus.sh CHECKOUT OUT_DIR PATH...}
shift 2
mkdir -p "$out"
for spec in "$@"; do
  name=
  case $spec in *=*) name=${spec%%=*} spec=${spec#*=} ;; esac
  path=${spec%%:*}
  args=
  case $spec in *:*) args=${spec#*:} ;; esac
  extra=
  case $path in *+*) extra=$(echo "${path#*+}" | tr '+' ' ') path=${path%%+*} ;; esac
  file=$(basename "$path")
  name=${name:-${file%.cu}}
  dir="$out/$name-cuda"
  if [ -e "$dir" ]; then
    echo "external-corpus.sh: two programs named $name" >&2
    exit 2
  fi
  mkdir -p "$dir"
  cp "$src/$path" "$dir/"
  for h in "$src/$(dirname "$path")"/*.h "$src/$(dirname "$path")"/*.cuh \
    "$src/$(dirname "$path")"/*.hpp \
    ${SHIMS:+"$SHIMS"/*.h}; do
    [ -f "$h" ] && cp "$h" "$dir/"
  done
  objs=$name.o
  rules=
  for x in $extra; do
    cp "$src/$(dirname "$path")/$x" "$dir/"
    objs="$objs ${x%.*}.o"
    rules="$rules
${x%.*}.o: $x Makefile
	nvcc -std=c++17 -O3 -arch=\$(ARCH) -I.${FLAGS:+ $FLAGS} -c $x -o ${x%.*}.o
"
  done
  cat > "$dir/Makefile" <<MAKE
ARCH = sm_90
LAUNCHER =

main: $objs
	nvcc -arch=\$(ARCH) $objs -o main -lcublas${LIBS:+ $LIBS}

$name.o: $file Makefile
	nvcc -std=c++17 -O3 -arch=\$(ARCH) -I.${FLAGS:+ $FLAGS} -c $file -o $name.o
$rules
run: main
	\$(LAUNCHER) ./main $args
MAKE
done
