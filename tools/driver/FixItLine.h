//===- FixItLine.h - A fix-it drawn under its caret line, as clang does ---===//
//
// Clang draws a fix-it on a line of its own under the caret line, but first
// merges the hints through an edit::EditedSource, which builds a whole
// IdentifierTable for every such diagnostic: a third of a millisecond each,
// most of the output's time on a file with a thousand fix-its. A lone
// replacement within one line of plain ASCII is drawn here instead, byte
// for byte as clang draws it; anything else is left to clang.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_FIXITLINE_H
#define CUDA_ACCESS_LINT_FIXITLINE_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>

namespace cal {

/// Whether S is printable ASCII (no tab): text the driver draws as clang
/// would.
bool plainAscii(llvm::StringRef S);

/// The column, from 0, under which H's text goes, when H replaces a
/// non-empty range within one line of printable ASCII with one line of it.
std::optional<unsigned> plainFixItColumn(const clang::FixItHint &H,
                                         const clang::SourceManager &SM);

/// The line clang prints for a fix-it of Code at Column, under the caret
/// line that ends Printed (the text printed so far): that line's gutter,
/// then Code at its column.
std::string fixItLine(llvm::StringRef Printed, unsigned Column,
                      llvm::StringRef Code);

} // namespace cal

#endif
