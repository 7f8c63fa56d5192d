#include "tools/common/Suppressions.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/GlobPattern.h"

namespace cal {

bool globListMatches(llvm::StringRef Globs, llvm::StringRef Name) {
  bool Enabled = false;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    bool Negative = P.consume_front("-");
    if (P.empty())
      continue;
    auto Pat = llvm::GlobPattern::create(P);
    if (Pat && Pat->match(Name))
      Enabled = !Negative;
  }
  return Enabled;
}

/// Does the NOLINT marker at Pos in Line (of the given Kind) cover Check?
static bool markerCovers(llvm::StringRef Line, llvm::StringRef Kind,
                         llvm::StringRef Check) {
  size_t Pos = Line.find(Kind);
  while (Pos != llvm::StringRef::npos) {
    llvm::StringRef Rest = Line.substr(Pos + Kind.size());
    // NOLINT must not be the prefix of NOLINTNEXTLINE/BEGIN/END.
    if (!Rest.empty() && std::isalpha(static_cast<unsigned char>(Rest[0]))) {
      Pos = Line.find(Kind, Pos + 1);
      continue;
    }
    if (!Rest.starts_with("("))
      return true;
    size_t Close = Rest.find(')');
    if (Close == llvm::StringRef::npos)
      return true;
    return globListMatches(Rest.substr(1, Close - 1), Check);
  }
  return false;
}

bool Suppressions::covers(clang::SourceLocation Loc, llvm::StringRef Check) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc);
  clang::FileID FID = SM.getFileID(Loc);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return false;
  unsigned Offset = SM.getFileOffset(Loc);
  size_t LineStart = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Buffer.find('\n', Offset);
  llvm::StringRef Line = Buffer.slice(LineStart, LineEnd);
  if (markerCovers(Line, "NOLINT", Check))
    return true;
  if (LineStart > 0) {
    size_t PrevStart = Buffer.rfind('\n', LineStart - 2);
    PrevStart = PrevStart == llvm::StringRef::npos ? 0 : PrevStart + 1;
    if (markerCovers(Buffer.slice(PrevStart, LineStart - 1), "NOLINTNEXTLINE",
                     Check))
      return true;
  }
  // Regions: count BEGIN/END markers that cover Check before this line.
  auto [It, New] = Markers.try_emplace(FID);
  if (New)
    for (size_t At = Buffer.find("NOLINT"); At != llvm::StringRef::npos;
         At = Buffer.find("NOLINT", At + 1))
      It->second.push_back(At);
  int Open = 0;
  size_t LastLine = llvm::StringRef::npos;
  for (size_t At : It->second) {
    if (At >= LineStart)
      break;
    size_t Start = Buffer.rfind('\n', At);
    Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
    if (Start == LastLine)
      continue; // a line with two markers counts once, as before
    LastLine = Start;
    llvm::StringRef L = Buffer.slice(Start, Buffer.find('\n', At));
    if (markerCovers(L, "NOLINTBEGIN", Check))
      ++Open;
    if (markerCovers(L, "NOLINTEND", Check) && Open > 0)
      --Open;
  }
  return Open > 0;
}

} // namespace cal
