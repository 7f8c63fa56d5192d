#include "analyzer/UserDecls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace cal {

std::vector<clang::Decl *> userDecls(clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::vector<clang::Decl *> Out;
  for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Out.push_back(D);
  return Out;
}

bool deviceOnly(const clang::FunctionDecl *FD) {
  return FD->hasAttr<clang::CUDAGlobalAttr>() ||
         (FD->hasAttr<clang::CUDADeviceAttr>() &&
          !FD->hasAttr<clang::CUDAHostAttr>());
}

} // namespace cal
