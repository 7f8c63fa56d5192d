//===- CudaArguments.h - Compiler arguments that make clang parse CUDA ----===//
#ifndef CUDA_ACCESS_LINT_CUDAARGUMENTS_H
#define CUDA_ACCESS_LINT_CUDAARGUMENTS_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>

namespace cal {

/// The CUDA toolkit: --cuda-path, else $CUDA_PATH, else /usr/local/cuda.
std::string findCudaPath(const std::string &Option);

/// Rewrites an nvcc command line (a CMake compile_commands.json entry whose
/// compiler is nvcc) into one clang takes: nvcc becomes clang++, -arch,
/// -gencode and --generate-code become --cuda-gpu-arch (the newest one named),
/// -Xcompiler keeps the -I/-D/-U/-isystem/-std/-f flags it carries, `-x cu` is
/// `-x cuda`, --options-file is read in place, -rdc=true is -fgpu-rdc, and
/// what only nvcc, ptxas or the host compiler understands is dropped. -I, -D,
/// -isystem, -std and everything clang knows pass unchanged. Commands of
/// other compilers come back unchanged but for those nvcc-only flags. The
/// options file is read from FS, relative to its working directory.
clang::tooling::CommandLineArguments
translateNvccArguments(const clang::tooling::CommandLineArguments &Args,
                       llvm::vfs::FileSystem &FS);

/// Parses the device side only, with the toolkit's headers (and CUDA 13's
/// cccl folder, which nvcc adds itself), sm_90 unless an arch is given, and
/// no error limit so one bad host line does not hide the kernels. Applies
/// translateNvccArguments first, reading from FS: the file system of the
/// ClangTool it adjusts, whose working directory is the command's.
clang::tooling::ArgumentsAdjuster
cudaArgumentsAdjuster(std::string CudaPath,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

} // namespace cal

#endif
