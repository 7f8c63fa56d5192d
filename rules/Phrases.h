//===- Phrases.h - Words for the engine's typed reasons and assumptions ---===//
#ifndef CUDA_ACCESS_LINT_PHRASES_H
#define CUDA_ACCESS_LINT_PHRASES_H

#include "analyzer/Assumption.h"
#include "analyzer/WhyUnknown.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cal {

/// "a value loaded from global memory at line 12"
std::string phrase(const UnknownReason &R);
/// "block 256x1x1 from launch at line 40"
std::string phrase(const Assumption &A);
/// "a", "a and b", "a, b and c" (Last: "and" or "or").
std::string listOf(llvm::ArrayRef<std::string> Items, llvm::StringRef Last);
/// Each assumption phrased, those that say where the evaluation was cut
/// short (its budget, loops, calls) in one: "the evaluation was cut short:
/// the loops at lines 12 and 40 evaluated for their first iterations,
/// calls nested deeper than 24 levels not followed".
std::vector<std::string> phrases(const std::vector<Assumption> &All);

} // namespace cal

#endif
