#include "tools/driver/CudaArguments.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace clang::tooling;

namespace cal {

std::string findCudaPath(const std::string &Option) {
  if (!Option.empty())
    return Option;
  if (const char *Env = std::getenv("CUDA_PATH"); Env && *Env)
    return Env;
  return "/usr/local/cuda";
}

ArgumentsAdjuster cudaArgumentsAdjuster(std::string CudaPath) {
  return [CudaPath](const CommandLineArguments &Args, llvm::StringRef File) {
    CommandLineArguments Out;
    bool HasArch = false;
    for (const std::string &A : Args)
      HasArch |= llvm::StringRef(A).starts_with("--cuda-gpu-arch") ||
                 llvm::StringRef(A).starts_with("--offload-arch");
    if (Args.empty())
      return Out;
    Out.push_back(Args.front());
    Out.push_back("--cuda-device-only");
    Out.push_back("--cuda-path=" + CudaPath);
    Out.push_back("-resource-dir=" CLANG_RESOURCE_DIR);
    llvm::SmallString<256> Cccl(CudaPath);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Out.push_back("-isystem");
      Out.push_back(std::string(Cccl));
    }
    if (!HasArch)
      Out.push_back("--cuda-gpu-arch=sm_90");
    Out.push_back("-Wno-unknown-cuda-version");
    Out.push_back("-w");
    Out.push_back("-ferror-limit=0");
    llvm::StringRef Ext = llvm::sys::path::extension(File);
    bool NeedsLanguage = Ext != ".cu";
    for (size_t I = 1; I < Args.size(); ++I) {
      // The file itself: tell clang it is CUDA when the suffix does not.
      if (NeedsLanguage && Args[I] == File) {
        Out.push_back("-x");
        Out.push_back("cuda");
      }
      Out.push_back(Args[I]);
    }
    return Out;
  };
}

} // namespace cal
