//===- FieldVectors.cpp - Fields of one struct loaded as one vector -------===//
//
// See FieldVectors.h.
//
//===----------------------------------------------------------------------===//
#include "analyzer/FieldVectors.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace cal {

namespace {

/// The bytes of FD in its struct: where it starts, and where it ends.
std::pair<int64_t, int64_t> bytesOf(const FieldDecl *FD,
                                    const ASTContext &Ctx) {
  int64_t Off = int64_t(Ctx.getFieldOffset(FD) / 8);
  return {Off, Off + Ctx.getTypeSizeInChars(FD->getType()).getQuantity()};
}

/// What a block reads of one element's fields, and where it may change it.
struct BlockReads {
  llvm::FoldingSetNodeID Element;
  const ASTContext &Ctx;
  llvm::SmallPtrSet<const Decl *, 4> Named; ///< the element's locals
  int64_t Low = INT64_MAX, High = 0;
  SourceLocation First, Last;                  ///< of the element's reads
  llvm::SmallVector<SourceLocation, 4> Stores; ///< that may change it

  bool before(SourceLocation A, SourceLocation B) const {
    return Ctx.getSourceManager().isBeforeInTranslationUnit(A, B);
  }
  /// Whether a store lies between the element's first and last read.
  bool storedBetween() const {
    return llvm::any_of(Stores, [&](SourceLocation L) {
      return before(First, L) && before(L, Last);
    });
  }
  /// Whether ME is a field of the element, the same expression.
  bool ofElement(const MemberExpr *ME) const {
    llvm::FoldingSetNodeID Id;
    ME->getBase()->IgnoreParenImpCasts()->Profile(Id, Ctx, true);
    return Id == Element;
  }

  void field(const MemberExpr *ME) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField() || !ofElement(ME))
      return;
    SourceLocation L = ME->getExprLoc();
    if (First.isInvalid() || before(L, First))
      First = L;
    if (Last.isInvalid() || before(Last, L))
      Last = L;
    auto [Off, End] = bytesOf(FD, Ctx);
    Low = std::min(Low, Off);
    High = std::max(High, End);
  }
  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(S);
        CE && CE->getCastKind() == CK_LValueToRValue)
      if (const auto *ME =
              dyn_cast<MemberExpr>(CE->getSubExpr()->IgnoreParens()))
        field(ME);
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    // `v[i].x += a` reads v[i].x too.
    if (Target && (isa<CompoundAssignOperator>(S) || isa<UnaryOperator>(S)))
      if (const auto *ME = dyn_cast<MemberExpr>(Target->IgnoreParens()))
        field(ME);
    // A store to memory may change the element; one to a local it names
    // (`i` of `p[i]`) names another.
    // Another field of the element itself is other bytes (`v[i].x += a;
    // v[i].y += b;`: nvcc still loads v[i] whole).
    if (const auto *ME =
            Target ? dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts())
                   : nullptr;
        ME && ofElement(ME))
      Target = nullptr;
    if (Target) {
      const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !VD->isLocalVarDecl() || Named.count(VD) ||
          VD->getType()->isArrayType() || VD->getType()->isRecordType())
        Stores.push_back(S->getBeginLoc());
    }
    for (const Stmt *Child : S->children())
      walk(Child);
  }
};

} // namespace

std::optional<FieldVector> fieldVector(const MemberExpr *Load,
                                       const ParentMap &Parents,
                                       const ASTContext &Ctx) {
  const auto *FD = dyn_cast<FieldDecl>(Load->getMemberDecl());
  if (!FD)
    return std::nullopt;
  const RecordDecl *RD = FD->getParent();
  if (RD->isUnion() || RD->isInvalidDecl() || !RD->getDefinition())
    return std::nullopt;
  int64_t Size = Ctx.getASTRecordLayout(RD).getSize().getQuantity();
  int64_t Align =
      Ctx.getTypeAlignInChars(Ctx.getCanonicalTagType(RD)).getQuantity();
  if (Size < 8)
    return std::nullopt;
  // The innermost block around the load.
  const Stmt *Block = Load;
  do
    Block = Parents.getParent(Block);
  while (Block && !isa<CompoundStmt>(Block));
  if (!Block)
    return std::nullopt;
  BlockReads Reads{{}, Ctx};
  const Expr *Element = Load->getBase()->IgnoreParenImpCasts();
  Element->Profile(Reads.Element, Ctx, true);
  llvm::SmallVector<const Stmt *, 8> Work{Element};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      Reads.Named.insert(DRE->getDecl());
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  Reads.walk(Block);
  if (Reads.High <= Reads.Low || Reads.storedBetween())
    return std::nullopt;
  int64_t Bytes = int64_t(llvm::PowerOf2Ceil(uint64_t(Reads.High - Reads.Low)));
  // One field alone is no vector; the piece must start aligned and fit.
  if (std::make_pair(Reads.Low, Reads.High) == bytesOf(FD, Ctx))
    return std::nullopt;
  if ((Bytes != 8 && Bytes != 16) || Bytes > Align || Reads.Low % Bytes ||
      Reads.Low + Bytes > Size)
    return std::nullopt;
  return FieldVector{Bytes, Reads.Low};
}

} // namespace cal
