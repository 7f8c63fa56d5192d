//===- CompileErrors.cpp - Where clang could not compile a kernel's code --===//
#include "analyzer/CompileErrors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

using namespace clang;

namespace cal {
namespace {

class ErrorFinder : public RecursiveASTVisitor<ErrorFinder> {
public:
  explicit ErrorFinder(const SourceManager &SM) : SM(SM) {}

  bool VisitDecl(Decl *D) {
    if (D->isInvalidDecl())
      Found = D->getLocation();
    return !Found;
  }
  bool VisitExpr(Expr *E) {
    if (E->containsErrors())
      Found = E->getExprLoc();
    return !Found;
  }
  bool VisitCallExpr(CallExpr *E) {
    // The user's functions it calls run as part of the kernel.
    if (const FunctionDecl *FD = E->getDirectCallee())
      if (const FunctionDecl *Def = FD->getDefinition())
        if (Def->hasBody() &&
            !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
            Seen.insert(Def).second)
          Pending.push_back(Def);
    return true;
  }

  const SourceManager &SM;
  std::optional<SourceLocation> Found;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  std::vector<const FunctionDecl *> Pending;
};

} // namespace

std::optional<SourceLocation>
compileErrorIn(const FunctionDecl *Kernel,
               llvm::ArrayRef<SourceLocation> Reported) {
  const SourceManager &SM = Kernel->getASTContext().getSourceManager();
  ErrorFinder Finder(SM);
  Finder.Seen.insert(Kernel);
  Finder.Pending.push_back(Kernel);
  while (!Finder.Pending.empty() && !Finder.Found) {
    const FunctionDecl *FD = Finder.Pending.back();
    Finder.Pending.pop_back();
    SourceLocation Begin = SM.getExpansionLoc(FD->getBeginLoc()),
                   End = SM.getExpansionLoc(FD->getEndLoc());
    for (SourceLocation L : Reported) {
      L = SM.getExpansionLoc(L);
      if (!SM.isBeforeInTranslationUnit(L, Begin) &&
          !SM.isBeforeInTranslationUnit(End, L))
        return L;
    }
    Finder.TraverseDecl(const_cast<FunctionDecl *>(FD));
  }
  return Finder.Found;
}

} // namespace cal
