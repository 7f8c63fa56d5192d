#include "tools/common/PragmaInMacros.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cal {

void PragmaInMacros::MacroDefined(const Token &Name, const MacroDirective *MD) {
  // A function-like macro's `#` stringizes its parameter: only an
  // object-like macro can expand to a directive. Every #define comes here,
  // so its tokens are looked at before the macro table.
  const MacroInfo *MI = MD->getMacroInfo();
  if (!MI || !MI->isObjectLike())
    return;
  llvm::ArrayRef<Token> Toks = MI->tokens();
  auto PragmaAt = [&](size_t I) {
    return Toks[I].is(tok::hash) && I + 1 < Toks.size() &&
           Toks[I + 1].is(tok::identifier) &&
           Toks[I + 1].getIdentifierInfo()->isStr("pragma");
  };
  if (llvm::none_of(llvm::seq<size_t>(0, Toks.size()), PragmaAt) ||
      PP.getMacroInfo(Name.getIdentifierInfo()) != MI) // defined again
    return;

  llvm::SmallVector<Token, 16> Out;
  auto Add = [&](tok::TokenKind Kind, llvm::StringRef Spelling,
                 SourceLocation At) {
    Token T;
    T.startToken();
    T.setKind(Kind);
    PP.CreateString(Spelling, T, At, At);
    if (Kind == tok::raw_identifier)
      PP.LookUpIdentifierInfo(T);
    Out.push_back(T);
  };
  for (size_t I = 0; I < Toks.size();) {
    if (!PragmaAt(I)) {
      Out.push_back(Toks[I++]);
      continue;
    }
    // The pragma runs to the macro's end, as a directive to its line's.
    SourceLocation At = Toks[I].getLocation();
    std::string Text;
    for (I += 2; I < Toks.size() && !PragmaAt(I); ++I) {
      if (!Text.empty() && Toks[I].hasLeadingSpace())
        Text += ' ';
      Text += PP.getSpelling(Toks[I]);
    }
    Add(tok::raw_identifier, "_Pragma", At);
    Add(tok::l_paren, "(", At);
    Add(tok::string_literal, "\"" + Lexer::Stringify(Text) + "\"", At);
    Add(tok::r_paren, ")", At);
  }
  MacroInfo *New = PP.AllocateMacroInfo(MI->getDefinitionLoc());
  New->setDefinitionEndLoc(MI->getDefinitionEndLoc());
  New->setTokens(Out, PP.getPreprocessorAllocator());
  PP.appendDefMacroDirective(Name.getIdentifierInfo(), New, MD->getLocation());
}

} // namespace cal
