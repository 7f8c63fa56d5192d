//===- NameOf.h - A declaration's name, without a printing policy ---------===//
#ifndef CUDA_ACCESS_LINT_NAMEOF_H
#define CUDA_ACCESS_LINT_NAMEOF_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <string>

namespace cal {

/// D's name as NamedDecl::getNameAsString() writes it. That builds a
/// printing policy with default language options for every name, which
/// costs more than the rest of writing a report's names; a plain identifier
/// is its own name.
inline std::string nameOf(const clang::NamedDecl *D) {
  // `typedef struct { ... } Name;`: the struct is known by its typedef.
  if (const auto *TD = llvm::dyn_cast<clang::TagDecl>(D))
    if (!TD->getIdentifier())
      if (const clang::TypedefNameDecl *TN = TD->getTypedefNameForAnonDecl())
        return TN->getName().str();
  // A lambda's copy of what it captured (`a` of `[a = d_a]`): the field
  // has no name, the variable has.
  if (const auto *FD = llvm::dyn_cast<clang::FieldDecl>(D);
      FD && !FD->getIdentifier())
    if (const auto *RD = llvm::dyn_cast<clang::CXXRecordDecl>(FD->getParent());
        RD && RD->isLambda()) {
      llvm::DenseMap<const clang::ValueDecl *, clang::FieldDecl *> Fields;
      clang::FieldDecl *ThisField = nullptr;
      RD->getCaptureFields(Fields, ThisField);
      for (const auto &[Var, Field] : Fields)
        if (Field == FD)
          return Var->getName().str();
    }
  if (D->getDeclName().isIdentifier())
    return D->getName().str();
  // A lambda's call operator: where the lambda is, not "operator()".
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(D))
    if (MD->getParent()->isLambda())
      return "lambda at line " +
             std::to_string(D->getASTContext()
                                .getSourceManager()
                                .getPresumedLoc(D->getLocation())
                                .getLine());
  return D->getNameAsString();
}

/// What the source writes for S, macros expanded to their uses' text.
inline std::string sourceText(const clang::Stmt *S,
                              const clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  return clang::Lexer::getSourceText(
             clang::CharSourceRange::getTokenRange(
                 SM.getExpansionRange(S->getSourceRange()).getAsRange()),
             SM, Ctx.getLangOpts())
      .str();
}

} // namespace cal

#endif
