//===- CudaArguments.cpp - Compiler arguments that make clang parse CUDA --===//
#include "tools/driver/CudaArguments.h"
#include "tools/driver/NvccCompat.h"

#include "clang/Basic/OffloadArch.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <cstdlib>
#include <optional>

using namespace clang::tooling;
using llvm::StringRef;

namespace cal {

std::string findCudaPath(const std::string &Option) {
  if (!Option.empty())
    return Option;
  if (const char *Env = std::getenv("CUDA_PATH"); Env && *Env)
    return Env;
  return "/usr/local/cuda";
}

namespace {

bool isNvcc(StringRef Path) {
  StringRef Name = llvm::sys::path::filename(Path);
  Name.consume_back(".exe");
  return Name == "nvcc";
}

/// What to do with an nvcc option, named without its leading dashes (nvcc
/// takes both -name and --name, with the value after `=` or in the next
/// argument).
enum class Kind {
  None,      ///< not an nvcc option: clang takes it as it is
  Drop,      ///< no value; dropped
  DropValue, ///< takes a value; both dropped
  Arch,      ///< -arch / --gpu-architecture: the value names an arch
  Gencode,   ///< -gencode / --generate-code: arch=compute_XX,code=sm_XX
  Xcompiler, ///< host compiler flags, comma-separated
  OptionsFile,
  Language,  ///< -x cu
  Rdc,       ///< -rdc=true
  Std,       ///< -std c++17
  Include,   ///< --include-path X
  Define,    ///< --define-macro X
  Undefine,  ///< --undefine-macro X
  System,    ///< --system-include X
  PreInclude ///< --pre-include X
};

/// Options whose names clang uses for something else are only read as
/// nvcc's when the compiler is nvcc.
Kind classify(StringRef Name, bool Nvcc) {
  Kind K = llvm::StringSwitch<Kind>(Name)
               .Cases({"forward-unknown-to-host-compiler",
                       "forward-unknown-to-host-linker", "forward-unknown-opts",
                       "expt-relaxed-constexpr", "expt-extended-lambda",
                       "extended-lambda", "use_fast_math", "use-fast-math",
                       "lineinfo", "generate-line-info"},
                      Kind::Drop)
               .Cases({"Wno-deprecated-gpu-targets",
                       "device-debug",
                       "keep",
                       "res-usage",
                       "resource-usage",
                       "restrict",
                       "display-error-number",
                       "no-display-error-number",
                       "dc",
                       "dw",
                       "dlink",
                       "device-c",
                       "device-w",
                       "device-link",
                       "compile",
                       "MD",
                       "MMD",
                       "MP",
                       "M",
                       "MM",
                       "generate-dependencies-with-compile",
                       "generate-nonsystem-dependencies-with-compile"},
                      Kind::Drop)
               .Cases({"Xptxas",
                       "ptxas-options",
                       "Xnvlink",
                       "nvlink-options",
                       "Xarchive",
                       "archive-options",
                       "Xcudafe",
                       "Xlinker",
                       "linker-options",
                       "ccbin",
                       "compiler-bindir",
                       "MT",
                       "MF",
                       "MQ",
                       "dependency-output",
                       "maxrregcount",
                       "threads",
                       "split-compile",
                       "keep-dir",
                       "cudart",
                       "default-stream",
                       "diag-suppress",
                       "diag_suppress",
                       "diag-warn",
                       "diag-error",
                       "diag-default",
                       "ftz",
                       "prec-div",
                       "prec-sqrt",
                       "fmad",
                       "code",
                       "gpu-code",
                       "odir",
                       "output-directory",
                       "output-file",
                       "optimize",
                       "dopt"},
                      Kind::DropValue)
               .Cases({"arch", "gpu-architecture"}, Kind::Arch)
               .Cases({"gencode", "generate-code"}, Kind::Gencode)
               .Cases({"Xcompiler", "compiler-options"}, Kind::Xcompiler)
               .Cases({"options-file", "optf"}, Kind::OptionsFile)
               .Cases({"rdc", "relocatable-device-code"}, Kind::Rdc)
               .Case("x", Kind::Language)
               .Case("std", Kind::Std)
               .Case("include-path", Kind::Include)
               .Case("define-macro", Kind::Define)
               .Case("undefine-macro", Kind::Undefine)
               .Case("system-include", Kind::System)
               .Case("pre-include", Kind::PreInclude)
               .Default(Kind::None);
  if (K != Kind::None || !Nvcc)
    return K;
  // clang's -G is MIPS's, its -t and -Werror take no separate value, and
  // its -isystem=DIR is DIR under the sysroot.
  return llvm::StringSwitch<Kind>(Name)
      .Case("G", Kind::Drop)
      .Case("isystem", Kind::System) // -isystem=DIR: clang reads =sysroot
      .Cases({"t", "Werror"}, Kind::DropValue)
      .Default(Kind::None);
}

bool takesValue(Kind K) { return K != Kind::None && K != Kind::Drop; }

/// sm_XX / compute_XX / lto_XX anywhere in an -arch or -gencode value, as
/// the arch clang knows by that number (sm_XX).
void collectArchs(StringRef Value, std::vector<std::string> &Archs) {
  llvm::SmallVector<StringRef, 8> Parts;
  Value.split(Parts, ',');
  for (StringRef Part : Parts) {
    Part = Part.trim("[] \"'");
    if (size_t Eq = Part.find('='); Eq != StringRef::npos)
      Part = Part.substr(Eq + 1).trim("[] \"'");
    for (StringRef Prefix : {"sm_", "compute_", "lto_"})
      if (Part.consume_front(Prefix)) {
        std::string Sm = ("sm_" + Part).str();
        if (clang::StringToOffloadArch(Sm) != clang::OffloadArch::UNKNOWN)
          Archs.push_back(Sm);
        break;
      }
  }
}

/// The number of sm_XX[a|f], to pick the newest.
unsigned archNumber(StringRef Sm) {
  Sm.consume_front("sm_");
  unsigned N = 0;
  Sm.take_while([](char C) { return llvm::isDigit(C); }).getAsInteger(10, N);
  return N;
}

class Translator {
public:
  Translator(bool Nvcc, llvm::vfs::FileSystem &FS) : Nvcc(Nvcc), FS(FS) {}

  void run(const CommandLineArguments &Args, size_t Begin, int Depth = 0) {
    for (size_t I = Begin; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (A.size() < 2 || A[0] != '-' || A == "--") {
        Out.push_back(Args[I]);
        continue;
      }
      StringRef Name = A.drop_front(A[1] == '-' ? 2 : 1);
      std::optional<StringRef> Value;
      Kind K = classify(Name, Nvcc);
      if (K == Kind::None) {
        size_t Eq = Name.find('=');
        if (Eq != StringRef::npos) {
          K = classify(Name.substr(0, Eq), Nvcc);
          if (K != Kind::None) {
            Value = Name.substr(Eq + 1);
            Name = Name.substr(0, Eq);
          }
        }
      }
      if (K == Kind::None) {
        Out.push_back(Args[I]);
        continue;
      }
      if (!Value && takesValue(K)) {
        // -rdc and -std come with their value after `=` or not at all in
        // clang's spelling; nvcc also takes the next argument.
        if (I + 1 < Args.size())
          Value = Args[++I];
        else
          Value = "";
      }
      apply(K, Name, Value.value_or(""), Depth);
    }
  }

  CommandLineArguments Out;
  std::vector<std::string> Archs;

private:
  void apply(Kind K, StringRef Name, StringRef Value, int Depth) {
    switch (K) {
    case Kind::None:
    case Kind::Drop:
    case Kind::DropValue:
      return;
    case Kind::Arch:
    case Kind::Gencode:
      collectArchs(Value, Archs);
      return;
    case Kind::Xcompiler: {
      llvm::SmallVector<StringRef, 8> Parts;
      Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
      for (size_t J = 0; J < Parts.size(); ++J) {
        StringRef P = Parts[J].trim();
        if ((P == "-isystem" || P == "-I" || P == "-D" || P == "-U" ||
             P == "-include") &&
            J + 1 < Parts.size()) {
          Out.push_back(P.str());
          Out.push_back(Parts[++J].trim().str());
        } else if (P.starts_with("-I") || P.starts_with("-D") ||
                   P.starts_with("-U") || P.starts_with("-isystem") ||
                   P.starts_with("-std=") ||
                   (P.starts_with("-f") && !P.starts_with("-fopenmp")))
          Out.push_back(P.str());
      }
      return;
    }
    case Kind::OptionsFile: {
      // CMake puts long include lists in a response file; read it here, a
      // relative path from the command's directory (FS's working directory,
      // which ClangTool sets).
      auto Buffer = FS.getBufferForFile(Value);
      if (!Buffer || Depth > 8)
        return;
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      llvm::SmallVector<const char *, 32> Tokens;
      llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
      CommandLineArguments Inner(Tokens.begin(), Tokens.end());
      run(Inner, 0, Depth + 1);
      return;
    }
    case Kind::Language:
      Out.push_back("-x");
      Out.push_back(Value == "cu" ? "cuda" : Value.str());
      return;
    case Kind::Rdc:
      if (Value == "true")
        Out.push_back("-fgpu-rdc");
      return;
    case Kind::Std:
      Out.push_back(("-std=" + Value).str());
      return;
    case Kind::Include:
      Out.push_back(("-I" + Value).str());
      return;
    case Kind::Define:
      Out.push_back(("-D" + Value).str());
      return;
    case Kind::Undefine:
      Out.push_back(("-U" + Value).str());
      return;
    case Kind::System:
      Out.push_back("-isystem");
      Out.push_back(Value.str());
      return;
    case Kind::PreInclude:
      Out.push_back("-include");
      Out.push_back(Value.str());
      return;
    }
    (void)Name;
  }

  bool Nvcc;
  llvm::vfs::FileSystem &FS;
};

/// nvcc passes flags it does not know to the host compiler
/// (-forward-unknown-to-host-compiler): drop those clang does not know
/// either, rather than fail the whole file.
CommandLineArguments dropUnknown(const CommandLineArguments &Args) {
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList List = clang::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::options::ClangOption));
  std::vector<bool> Unknown(Args.size(), false);
  for (const llvm::opt::Arg *A : List.filtered(clang::options::OPT_UNKNOWN))
    Unknown[A->getIndex() + 1] = true;
  CommandLineArguments Out;
  for (size_t I = 0; I < Args.size(); ++I)
    if (!Unknown[I])
      Out.push_back(Args[I]);
  return Out;
}

} // namespace

CommandLineArguments translateNvccArguments(const CommandLineArguments &Args,
                                            llvm::vfs::FileSystem &FS) {
  if (Args.empty())
    return Args;
  bool Nvcc = isNvcc(Args.front());
  Translator T(Nvcc, FS);
  T.Out.push_back(Nvcc ? "clang++" : Args.front());
  T.run(Args, 1);
  if (!T.Archs.empty()) {
    // One device compilation: the newest arch the build names.
    std::string Best = T.Archs.front();
    for (const std::string &S : T.Archs)
      if (archNumber(S) > archNumber(Best))
        Best = S;
    T.Out.push_back("--cuda-gpu-arch=" + Best);
  }
  return Nvcc ? dropUnknown(T.Out) : T.Out;
}

ArgumentsAdjuster
cudaArgumentsAdjuster(std::string CudaPath,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  return [=](const CommandLineArguments &Input, llvm::StringRef File) {
    CommandLineArguments Out;
    if (Input.empty())
      return Out;
    CommandLineArguments Args = translateNvccArguments(Input, *FS);
    bool HasArch = false;
    for (const std::string &A : Args)
      HasArch |= llvm::StringRef(A).starts_with("--cuda-gpu-arch") ||
                 llvm::StringRef(A).starts_with("--offload-arch");
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
    // nvcc accepts `register` in C++17 code; Clang makes it an error.
    Out.push_back("-Wno-register");
    if (FS->exists(NvccCompatPath)) {
      Out.push_back("-include");
      Out.push_back(NvccCompatPath);
    }
    Out.push_back("-w");
    Out.push_back("-ferror-limit=0");
    llvm::StringRef Ext = llvm::sys::path::extension(File);
    bool NeedsLanguage = Ext != ".cu";
    for (size_t I = 1; I < Args.size(); ++I) {
      // The file itself: tell clang it is CUDA when the suffix does not;
      // before the `--` that ends the options, where a command a header's
      // was interpolated from puts one.
      bool FileNext =
          Args[I] == "--" && I + 1 < Args.size() && Args[I + 1] == File;
      if (NeedsLanguage &&
          (FileNext || (Args[I] == File && Args[I - 1] != "--"))) {
        Out.push_back("-x");
        Out.push_back("cuda");
      }
      Out.push_back(Args[I]);
    }
    return Out;
  };
}

} // namespace cal
