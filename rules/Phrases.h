//===- Phrases.h - Words for the engine's typed reasons and assumptions ---===//
#ifndef CUDA_ACCESS_LINT_PHRASES_H
#define CUDA_ACCESS_LINT_PHRASES_H

#include "analyzer/Assumption.h"
#include "analyzer/WhyUnknown.h"

#include <string>

namespace cal {

/// "a value loaded from global memory at line 12"
std::string phrase(const UnknownReason &R);
/// "block 256x1x1 from launch at line 40"
std::string phrase(const Assumption &A);

} // namespace cal

#endif
