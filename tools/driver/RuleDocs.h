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

/// The published documentation's base URL: --docs-url, else what the build
/// set (CMake's CAL_DOCS_URL), the pages of this version. The driver makes
/// it end in '/'.
std::string &docsUrl();

/// Where a check's page is published: docsUrl() + "rules/CHECK.md"; ""
/// where the check has no page in the docs the tool came with.
std::string ruleDocUrl(llvm::StringRef Check);

} // namespace cal

#endif
