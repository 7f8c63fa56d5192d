//===- CudaArguments.h - Compiler arguments that make clang parse CUDA ----===//
#ifndef CUDA_ACCESS_LINT_CUDAARGUMENTS_H
#define CUDA_ACCESS_LINT_CUDAARGUMENTS_H

#include "clang/Tooling/ArgumentsAdjusters.h"

#include <string>

namespace cal {

/// The CUDA toolkit: --cuda-path, else $CUDA_PATH, else /usr/local/cuda.
std::string findCudaPath(const std::string &Option);

/// Parses the device side only, with the toolkit's headers (and CUDA 13's
/// cccl folder, which nvcc adds itself), sm_90 unless an arch is given, and
/// no error limit so one bad host line does not hide the kernels.
clang::tooling::ArgumentsAdjuster cudaArgumentsAdjuster(std::string CudaPath);

} // namespace cal

#endif
