//===- Sarif.h - SARIF 2.1.0 for code scanning ----------------------------===//
#ifndef CUDA_ACCESS_LINT_SARIF_H
#define CUDA_ACCESS_LINT_SARIF_H

#include "rules/Check.h"

#include "llvm/Support/JSON.h"

namespace cal {

/// One SARIF log with one run: the tool with a rule per check, a result per
/// diagnostic (as in --format=json's "diagnostics"), and clang's errors and
/// the kernels they keep from the analysis as the invocation's
/// notifications ({"level", "message", "file", "line", "column"}). Files
/// under the working directory are named relative to %SRCROOT%, which
/// originalUriBaseIds sets to it.
llvm::json::Value sarifLog(const std::vector<std::unique_ptr<Check>> &Checks,
                           const llvm::json::Array &Diagnostics,
                           const llvm::json::Array &Notifications);

} // namespace cal

#endif
