#include "tools/driver/PlainNote.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

namespace cal {

std::optional<std::string> plainNoteLine(clang::SourceLocation Loc,
                                         llvm::StringRef Text,
                                         const clang::SourceManager &SM) {
  if (!Loc.isFileID() ||
      !llvm::all_of(Text, [](char C) { return C >= 0x20 && C < 0x7f; }))
    return std::nullopt;
  clang::PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid() || P.getColumn() == 0)
    return std::nullopt;
  return (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
          llvm::Twine(P.getColumn()) + ": note: " + Text + "\n")
      .str();
}

} // namespace cal
