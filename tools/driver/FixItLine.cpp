#include "tools/driver/FixItLine.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cal {

bool plainAscii(llvm::StringRef S) {
  return llvm::all_of(S, [](char C) { return C >= 0x20 && C < 0x7f; });
}

std::optional<unsigned> plainFixItColumn(const FixItHint &H,
                                         const SourceManager &SM) {
  SourceLocation B = H.RemoveRange.getBegin(), E = H.RemoveRange.getEnd();
  if (!B.isFileID() || !E.isFileID() || H.CodeToInsert.empty() ||
      !plainAscii(H.CodeToInsert))
    return std::nullopt;
  auto [File, Begin] = SM.getDecomposedLoc(B);
  auto [EndFile, End] = SM.getDecomposedLoc(E);
  // An insertion (an empty range) is merged and highlighted differently.
  if (EndFile != File || End < Begin ||
      (End == Begin && H.RemoveRange.isCharRange()))
    return std::nullopt;
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || End >= Buffer.size())
    return std::nullopt;
  size_t LineStart = Buffer.find_last_of("\n\r", Begin == 0 ? 0 : Begin - 1);
  LineStart =
      Begin == 0 || LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Buffer.find_first_of("\n\r", Begin);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Buffer.size();
  if (End > LineEnd || !plainAscii(Buffer.slice(LineStart, LineEnd)))
    return std::nullopt;
  return unsigned(Begin - LineStart);
}

std::string fixItLine(llvm::StringRef Printed, unsigned Column,
                      llvm::StringRef Code) {
  // The caret line is the last one printed; its gutter ("  12 | ") is the
  // fix-it line's too.
  llvm::StringRef Caret = Printed.rtrim('\n');
  Caret = Caret.substr(Caret.rfind('\n') + 1);
  size_t Bar = Caret.find("| ");
  std::string Line = Bar == llvm::StringRef::npos
                         ? std::string()
                         : Caret.substr(0, Bar + 2).str();
  Line.append(Column, ' ');
  Line += Code;
  Line += '\n';
  return Line;
}

} // namespace cal
