#include "tools/driver/LateParsedBodies.h"

#include "clang/AST/Decl.h"
#include "clang/Sema/Sema.h"

#include <vector>

using namespace clang;

namespace cal {

void skipLateParsedBodies(Sema &S, size_t &Seen,
                          llvm::function_ref<bool(Decl *)> Skip) {
  auto &Map = S.LateParsedTemplateMap;
  for (auto It = Map.begin() + Seen, End = Map.end(); It != End; ++It) {
    FunctionDecl *FD = const_cast<FunctionDecl *>(It->first);
    if (FD->isLateTemplateParsed() && Skip(FD)) {
      S.UnmarkAsLateParsedTemplate(FD);
      FD->setHasSkippedBody();
    }
  }
  Seen = Map.size();
}

void parseUninstantiatedLaunchers(Sema &S) {
  if (!S.LateTemplateParser)
    return;
  // Collected first: parsing a body may record more templates.
  std::vector<LateParsedTemplate *> Launchers;
  for (auto &[FD, LPT] : S.LateParsedTemplateMap)
    if (FD->isLateTemplateParsed() &&
        llvm::any_of(LPT->Toks,
                     [](const Token &T) { return T.is(tok::lesslessless); }))
      Launchers.push_back(LPT.get());
  for (LateParsedTemplate *LPT : Launchers)
    if (LPT->D->getAsFunction()->isLateTemplateParsed())
      S.LateTemplateParser(S.OpaqueParser, *LPT);
}

} // namespace cal
