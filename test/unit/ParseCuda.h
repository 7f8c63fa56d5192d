//===- ParseCuda.h - CUDA source parsed for the engine's unit tests -------===//
#ifndef CUDA_ACCESS_LINT_TEST_PARSECUDA_H
#define CUDA_ACCESS_LINT_TEST_PARSECUDA_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace cal {

/// Source parsed as the tool parses a .cu file for the device (sm_90), with
/// the toolkit of $CUDA_PATH or /usr/local/cuda; null where it fails.
inline std::unique_ptr<clang::ASTUnit> parseCuda(const char *Source,
                                                 const char *FileName) {
  const char *Env = std::getenv("CUDA_PATH");
  std::string Cuda = Env && *Env ? Env : "/usr/local/cuda";
  std::vector<std::string> Args = {"--cuda-device-only",
                                   "--cuda-path=" + Cuda,
                                   "-resource-dir=" CLANG_RESOURCE_DIR,
                                   "-isystem",
                                   Cuda + "/include/cccl",
                                   "--cuda-gpu-arch=sm_90",
                                   "-Wno-unknown-cuda-version",
                                   "-w"};
  return clang::tooling::buildASTFromCodeWithArgs(Source, Args, FileName);
}

} // namespace cal

#endif
