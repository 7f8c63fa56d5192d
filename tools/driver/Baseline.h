//===- Baseline.h - Fingerprints of warnings, for gating on new ones ------===//
#ifndef CUDA_ACCESS_LINT_BASELINE_H
#define CUDA_ACCESS_LINT_BASELINE_H

#include "llvm/Support/JSON.h"

#include <optional>
#include <set>
#include <string>

namespace cal {

/// A warning's identity that survives lines moving: the check, the file's
/// name, the kernel, the access's source text without spaces, and which
/// occurrence of that text in the kernel it is.
std::string fingerprint(const std::string &Check, const std::string &File,
                        const std::string &Kernel, const std::string &Text,
                        unsigned Occurrence);

/// Reads the fingerprints of --baseline=FILE; std::nullopt and Error set
/// when the file cannot be read or is not a baseline.
std::optional<std::set<std::string>> readBaseline(const std::string &Path,
                                                  std::string &Error);

/// The --write-baseline document for these diagnostics (each carries its
/// "fingerprint").
llvm::json::Value baselineDocument(const llvm::json::Array &Diagnostics);

} // namespace cal

#endif
