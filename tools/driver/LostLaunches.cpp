//===- LostLaunches.cpp - Launches clang could not parse ------------------===//
//
// See LostLaunches.h.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/LostLaunches.h"
#include "analyzer/UserDecls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace cal {
namespace {

/// The (file, line) of each launch clang built.
struct LaunchLines : RecursiveASTVisitor<LaunchLines> {
  explicit LaunchLines(const SourceManager &SM) : SM(SM) {}
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    Lines.insert(lineOf(SM, K->getBeginLoc()));
    return true;
  }
  static std::pair<FileID, unsigned> lineOf(const SourceManager &SM,
                                            SourceLocation L) {
    L = SM.getExpansionLoc(L);
    return {SM.getFileID(L), SM.getExpansionLineNumber(L)};
  }
  const SourceManager &SM;
  std::set<std::pair<FileID, unsigned>> Lines;
};

/// The text of L's line.
StringRef lineText(const SourceManager &SM, SourceLocation L) {
  auto [File, Offset] = SM.getDecomposedLoc(L);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return "";
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  return Buffer.slice(Begin, Buffer.find('\n', Offset));
}

} // namespace

std::vector<SourceLocation>
lostLaunches(ASTContext &Ctx, llvm::ArrayRef<SourceLocation> Errors) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<SourceLocation> Lost;
  std::optional<LaunchLines> Built;
  std::set<std::pair<FileID, unsigned>> Seen;
  for (SourceLocation E : Errors) {
    SourceLocation L = SM.getExpansionLoc(E);
    if (L.isInvalid() || SM.isInSystemHeader(L) ||
        !lineText(SM, L).contains("<<<"))
      continue;
    if (!Built) {
      Built.emplace(SM);
      for (Decl *D : userDecls(Ctx))
        Built->TraverseDecl(D);
    }
    auto Line = LaunchLines::lineOf(SM, L);
    if (!Built->Lines.count(Line) && Seen.insert(Line).second)
      Lost.push_back(L);
  }
  return Lost;
}

} // namespace cal
