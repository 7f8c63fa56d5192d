//===- ReportFormat.h - Access reports as JSON and as a readable dump -----===//
#ifndef CUDA_ACCESS_LINT_REPORTFORMAT_H
#define CUDA_ACCESS_LINT_REPORTFORMAT_H

#include "analyzer/AccessReport.h"

#include "llvm/Support/JSON.h"

#include <string>

namespace cal {

/// One entry of the "accesses" array of --format=json.
llvm::json::Object accessToJson(const AccessReport &R);

/// --dump-accesses: the symbolic address, the lane layout and the numbers,
/// a few lines per access, for FileCheck tests of the model.
std::string dumpAccess(const AccessReport &R);

} // namespace cal

#endif
