//===- Analyzer.h - Every memory access of every kernel in a TU -----------===//
#ifndef CUDA_ACCESS_LINT_ANALYZER_H
#define CUDA_ACCESS_LINT_ANALYZER_H

#include "analyzer/AccessReport.h"
#include "analyzer/ForeignLaunches.h"
#include "analyzer/KernelEvaluator.h"
#include "analyzer/LaunchSites.h"
#include "analyzer/WhatIf.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cal {

struct AnalyzerOptions {
  /// Overrides launch sites for every kernel (--block-dim).
  std::optional<Dim3> BlockDim;
  /// Per-kernel block shapes (configuration file), by kernel name, where no
  /// launch site gives a constant block.
  std::map<std::string, Dim3> KernelBlockDims;
  /// Values of integer kernel parameters (--assume NAME=VALUE).
  std::map<std::string, int64_t> Assume;
  EvalLimits Limits;
  int MaxWarps = 8; ///< warps of a block evaluated, evenly spread
  /// Evaluate one lane at a time instead of all lanes together: slower, and
  /// the reference that lanes together must agree with.
  bool LaneByLane = false;
  /// A lane's own address (`t[i]`, i from threadIdx) is reused from its
  /// store or from a loop's earlier trip, as the compiler does. Lanes one
  /// by one cannot tell `d[t]` from `d[t % 8]` in lane 3 and never reuse
  /// such an address: without this, lanes together match them (the fuzzer).
  bool ReuseLaneAddresses = true;
  /// Where given, the launches of the translation unit, which the analysis
  /// and the checks share.
  const LaunchSites *Launches = nullptr;
  /// Where given, the launches other files make of kernels (a run over
  /// several files): a kernel this file does not launch takes them.
  const ForeignLaunches *Foreign = nullptr;
  /// Where clang reported errors in the translation unit.
  std::vector<clang::SourceLocation> CompileErrors;
  /// Kernels defined in system headers are analyzed too (the functions
  /// they call there stay opaque, as the CUDA headers' are).
  bool SystemHeaderKernels = false;
};

/// Analyzes every kernel defined outside system headers (the main file and
/// the user's own headers; all of them with SystemHeaderKernels), in each
/// template instantiation and for each launch shape.
std::vector<AccessReport> analyzeTranslationUnit(clang::ASTContext &Ctx,
                                                 const AnalyzerOptions &Opts);
/// A kernel whose code clang could not compile: its accesses are unknown.
struct KernelError {
  const clang::FunctionDecl *Kernel;
  clang::SourceLocation Error; ///< the first error found in its code
  /// Clang stopped at a fatal error (Error) before it instantiated the
  /// kernel: its code was never built.
  bool NotInstantiated = false;
};

/// The same, handing each kernel's reports (all its launch shapes) to
/// Done as soon as they are made, in the same order: what reads the
/// kernel's AST again then finds it still in the cache. Where Errors is
/// given, it gets the kernels that clang could not compile.
void analyzeTranslationUnit(
    clang::ASTContext &Ctx, const AnalyzerOptions &Opts,
    llvm::function_ref<void(std::vector<AccessReport>)> Done,
    std::vector<KernelError> *Errors = nullptr);

/// One kernel under one launch shape as it would be with Change made: the
/// reports of the accesses to the changed array alone.
std::vector<AccessReport> analyzeWhatIf(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *Kernel,
                                        const LaunchShape &Shape,
                                        const AnalyzerOptions &Opts,
                                        const WhatIf &Change);

} // namespace cal

#endif
