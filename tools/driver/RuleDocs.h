//===- RuleDocs.h - Where the checks' documentation pages are -------------===//
#ifndef CUDA_ACCESS_LINT_RULEDOCS_H
#define CUDA_ACCESS_LINT_RULEDOCS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cal {

/// The absolute folder of the documentation: installed beside the tool
/// (PREFIX/share/doc/cuda-access-lint, from PREFIX/bin), else the source
/// tree's docs/ the tool was built from; "" where neither exists.
std::string docsDir();

/// The absolute path of a check's page (DOCS/rules/CHECK.md); "" where it
/// is not there.
std::string ruleDocPath(llvm::StringRef Check);

} // namespace cal

#endif
