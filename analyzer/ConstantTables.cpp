#include "analyzer/ConstantTables.h"
#include "analyzer/UserDecls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cal {
namespace {

/// The variable an argument names, through casts and array decay.
const VarDecl *namedVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

class CopyFinder : public RecursiveASTVisitor<CopyFinder> {
public:
  explicit CopyFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  // The copies are host calls: device code, most of a file of kernels and
  // all of CuTe's, is not walked.
  bool TraverseDecl(Decl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
        FD && deviceOnly(FD))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  /// `cudaMemcpyToSymbol(symbol, src, count[, offset[, kind]])` and its
  /// Async form.
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getIdentifier() || E->getNumArgs() < 3)
      return true;
    StringRef Name = FD->getName();
    if (Name != "cudaMemcpyToSymbol" && Name != "cudaMemcpyToSymbolAsync")
      return true;
    const VarDecl *Symbol = namedVar(E->getArg(0));
    if (!Symbol)
      return true; // a symbol named otherwise: not one this file can see
    Found F;
    F.Symbol = Symbol->getCanonicalDecl();
    F.Source = namedVar(E->getArg(1));
    Expr::EvalResult Count, At;
    bool Known = E->getArg(2)->EvaluateAsInt(Count, Ctx);
    if (E->getNumArgs() > 3 && !E->getArg(3)->isDefaultArgument())
      Known = Known && E->getArg(3)->EvaluateAsInt(At, Ctx);
    if (!Known)
      F.Source = nullptr;
    else {
      F.Bytes = Count.Val.getInt().getExtValue();
      F.At = At.Val.isInt() ? At.Val.getInt().getExtValue() : 0;
    }
    All.push_back(F);
    return true;
  }

  struct Found {
    const VarDecl *Symbol, *Source;
    int64_t Bytes = 0, At = 0;
  };
  std::vector<Found> All;

private:
  ASTContext &Ctx;
};

/// The integer of type T at byte Offset of Array's initializer (an array of
/// integers of T's size, constant-initialized).
std::optional<int64_t> initialElement(const VarDecl *Array, int64_t Offset,
                                      QualType T, ASTContext &Ctx) {
  const auto *AT = Ctx.getAsConstantArrayType(Array->getType());
  if (!AT || !Array->getInit() || !AT->getElementType()->isIntegerType())
    return std::nullopt;
  int64_t Size = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
  if (Size != Ctx.getTypeSizeInChars(T).getQuantity() || Offset < 0 ||
      Offset % Size)
    return std::nullopt;
  uint64_t Index = uint64_t(Offset / Size);
  if (Index >= AT->getSize().getZExtValue())
    return std::nullopt;
  const APValue *V = Array->evaluateValue();
  if (!V || !V->isArray())
    return std::nullopt;
  const APValue &E = Index < V->getArrayInitializedElts()
                         ? V->getArrayInitializedElt(unsigned(Index))
                         : V->getArrayFiller();
  if (!E.isInt())
    return std::nullopt;
  return E.getInt().getExtValue();
}

} // namespace

std::optional<int64_t> ConstantTables::value(const VarDecl *Symbol,
                                             int64_t Offset, QualType T) const {
  if (!Symbol || !T->isIntegerType())
    return std::nullopt;
  ASTContext &Ctx = Symbol->getASTContext();
  auto It = Copies.find(Symbol->getCanonicalDecl());
  if (It == Copies.end()) {
    // Not copied to in this file: its own initializer, where it has one.
    if (!Symbol->hasAttr<CUDAConstantAttr>() || !Symbol->getInit())
      return std::nullopt;
    return initialElement(Symbol, Offset, T, Ctx);
  }
  // One copy, from a const array the file spells out; the bytes it does not
  // cover keep the symbol's initializer (zero without one).
  if (It->second.size() != 1 || !It->second.front().Source)
    return std::nullopt;
  const Copy &C = It->second.front();
  int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  if (Offset >= C.At && Offset + Size <= C.At + C.Bytes)
    return initialElement(C.Source, Offset - C.At, T, Ctx);
  if (Offset + Size <= C.At || Offset >= C.At + C.Bytes) {
    if (Symbol->getInit())
      return initialElement(Symbol, Offset, T, Ctx);
    int64_t Whole = Ctx.getTypeSizeInChars(Symbol->getType()).getQuantity();
    if (Offset >= 0 && Offset + Size <= Whole)
      return 0;
  }
  return std::nullopt;
}

ConstantTables findConstantTables(ASTContext &Ctx) {
  CopyFinder F(Ctx);
  for (Decl *D : userDecls(Ctx))
    F.TraverseDecl(D);
  ConstantTables Out;
  for (const CopyFinder::Found &C : F.All) {
    // A source the file fixes: a const array with a constant initializer,
    // whose bytes the copy does not overrun.
    const VarDecl *Source = C.Source;
    if (Source &&
        !(Source->getType().isConstant(Ctx) &&
          Source->hasConstantInitialization() &&
          C.Bytes <=
              int64_t(Ctx.getTypeSizeInChars(Source->getType()).getQuantity())))
      Source = nullptr;
    Out.Copies[C.Symbol].push_back({Source, C.Bytes, C.At});
  }
  return Out;
}

} // namespace cal
