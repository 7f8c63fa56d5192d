//===- PlainNote.h - A note at the place of the diagnostic before it ------===//
//
// Clang prints a note at the place of the diagnostic before it, without
// ranges or fix-its, as one line: no source, no caret. Formatting it costs
// clang some 20k instructions (the text escaped character by character,
// the location looked up again); a finding has a handful of such notes.
// For a file location and plain ASCII text the line is written here, byte
// for byte as clang writes it without colors. Clang still prints the last
// note of such a run, so that what it remembers of the diagnostic before
// (place and level) stays what it would be.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_PLAINNOTE_H
#define CUDA_ACCESS_LINT_PLAINNOTE_H

#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>

namespace cal {

/// The line clang prints for a note of Text at Loc after a diagnostic at
/// Loc, when Loc is in a file (not a macro) and Text is printable ASCII.
std::optional<std::string> plainNoteLine(clang::SourceLocation Loc,
                                         llvm::StringRef Text,
                                         const clang::SourceManager &SM);

} // namespace cal

#endif
