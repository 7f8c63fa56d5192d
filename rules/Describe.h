//===- Describe.h - Phrases that several checks share ---------------------===//
#ifndef CUDA_ACCESS_LINT_DESCRIBE_H
#define CUDA_ACCESS_LINT_DESCRIBE_H

#include "analyzer/AccessReport.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cal {

/// "global load of 'in'"
std::string accessSubject(const AccessReport &R);
/// "is misaligned", or "may be misaligned" where the waste depends on an
/// unknown value.
std::string isOrMayBe(const AccessReport &R, llvm::StringRef What);
/// "a warp touches 32 sectors where 4 would do (12% efficiency)"
std::string sectorNumbers(const AccessReport &R);
/// "a warp needs 32 wavefronts where 1 would do (3% efficiency)"
std::string wavefrontNumbers(const AccessReport &R);
/// "a warp makes 32 constant-cache requests where 1 would do (3%
/// efficiency)"
std::string constantRequestNumbers(const AccessReport &R);
/// "lane 0 -> in + 4096*blockIdx.x bytes, lane 1 -> +4096, ..."
std::string laneLayout(const AccessReport &R);

} // namespace cal

#endif
