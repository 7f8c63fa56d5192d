//===- IfConversion.cpp - Which branches nvcc turns into predication ------===//
#include "analyzer/IfConversion.h"
#include "analyzer/MemoryIntrinsics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/STLExtras.h"

#include <array>

using namespace clang;

namespace cal {
namespace {

/// Memory references past which nvcc branches instead, each load and store
/// counted (`++n` of memory is two, a struct copied into memory a store a
/// field). Measured on the H100: bodies of up to four were predicated
/// (stencil_1d's halo, two loads and two stores), and ones of eight were
/// jumps (quicksort's scan totals, its PUSH).
constexpr int MaxMemoryRefs = 6;

struct BodyCost : RecursiveASTVisitor<BodyCost> {
  explicit BodyCost(const SourceManager &SM) : SM(SM) {}
  bool VisitStmt(Stmt *S) {
    // Nested control flow is a jump of its own.
    if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, ReturnStmt, CXXForRangeStmt,
            BreakStmt, ContinueStmt, GotoStmt>(S))
      Branches = true;
    return !Branches;
  }
  bool TraverseIfStmt(IfStmt *If) {
    // A nested `if` that only moves values between registers is a select
    // (`if (c > t) c = t;`, tsp's reduction, measured predicated on the
    // H100); one that reads or writes memory is a jump (stencil_2d's
    // halo, `if (y > 0) v = in[...]`). Its condition counts here.
    for (Stmt *Part : {If->getInit(),
                       static_cast<Stmt *>(If->getConditionVariableDeclStmt()),
                       static_cast<Stmt *>(If->getCond())})
      if (Part && !TraverseStmt(Part))
        return false;
    BodyCost Inner(SM);
    for (Stmt *Branch : {If->getThen(), If->getElse()})
      if (Branch)
        Inner.TraverseStmt(Branch);
    Branches |= Inner.Branches || Inner.MemoryRefs > 0;
    return !Branches;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    // A floating-point division calls a slow path.
    BinaryOperatorKind Op = E->getOpcode();
    if ((Op == BO_Div || Op == BO_DivAssign) &&
        E->getType()->isRealFloatingType())
      Branches = true;
    return !Branches;
  }
  bool VisitCallExpr(CallExpr *E) {
    // An atomic, or a function of the user's: more than a few instructions.
    // A call into the device runtime is a real call and its branch, never
    // predicated (moe's top-k stores under an assert, measured on the H100:
    // warp 0 alone).
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD)
      Branches = true;
    else if (FD->getIdentifier() &&
             (intrinsicAccess(FD->getName()) == AccessOp::Atomic ||
              deviceRuntimeCall(FD->getName()) || collective(FD->getName())))
      Branches = true;
    else if (const FunctionDecl *Def = FD->getDefinition())
      // A struct's own copy is a few moves, not a call.
      Branches |= Def->hasBody() && !Def->isImplicit() && !Def->isDefaulted() &&
                  !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()));
    // A CUDA math function of its arguments counts as a reference more:
    // quantize's `s[tid] = max(s[tid], s[tid + k])` twice, six references
    // and two max/min, measured a jump on the H200, where adv's six
    // references alone were predicated on the H100.
    if (!Branches && FD && E->getNumArgs() > 0 &&
        E->getType()->isArithmeticType() &&
        SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      ++MemoryRefs;
    return !Branches;
  }
  // Each reference to memory is a load or a store: an element, a
  // dereference, or a variable of the GPU's (`__shared__ float total`).
  bool VisitExpr(Expr *E) {
    MemoryRefs += isMemory(E);
    return true;
  }
  // `++n` of memory loads it and stores it back, `a[i] += v` likewise:
  // the store is one more.
  bool VisitUnaryOperator(UnaryOperator *E) {
    MemoryRefs += E->isIncrementDecrementOp() &&
                  isMemory(E->getSubExpr()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *E) {
    MemoryRefs += isMemory(E->getLHS()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    // A struct copied into memory is a store of each of its fields
    // (quicksort's `workstack[p] = wr`, three fields, measured a jump).
    if (E->getOperator() == OO_Equal && E->getNumArgs() == 2 &&
        isMemory(E->getArg(0)->IgnoreParenImpCasts()))
      if (const auto *RD = E->getArg(0)->getType()->getAsRecordDecl())
        MemoryRefs += std::max<int>(
            0, int(std::distance(RD->field_begin(), RD->field_end())) - 1);
    return true;
  }
  /// Whether a function of this name syncs the warp or the block: a
  /// shuffle, vote or barrier (`__shfl_down_sync`, `__syncthreads`), or a
  /// cooperative group's `sync()` or `reduce`. The CUDA Handbook's
  /// `if (warp.meta_group_rank() == 0) { v = ...sPartials[...]; v =
  /// cg::reduce(warp, v, ...); }` measured one warp a block, a branch.
  static bool collective(StringRef Name) {
    return Name.contains("_sync") || Name.starts_with("__sync") ||
           Name == "sync" || Name == "reduce" || Name.starts_with("shfl");
  }
  /// Whether E is a reference to memory.
  static bool isMemory(const Expr *E) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      // `a[j]` of `a[j][i]` is an address, not a reference, and a local
      // array of the thread is mostly registers.
      const auto *DRE =
          dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      return !E->getType()->isArrayType() &&
             (!VD || VD->hasGlobalStorage() || !VD->getType()->isArrayType());
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_Deref;
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return VD->hasGlobalStorage() && !VD->getType()->isArrayType() &&
               !VD->getType().isConstQualified();
    return false;
  }
  const SourceManager &SM;
  bool Branches = false;
  int MemoryRefs = 0;
};

/// Whether If is the last statement S runs: S, the last of the block S
/// is, or the last of a branch of the `if` S is.
bool runsLast(const Stmt *S, const Stmt *If) {
  if (S == If)
    return true;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && runsLast(CS->body_back(), If);
  if (const auto *IS = dyn_cast_or_null<IfStmt>(S))
    return runsLast(IS->getThen(), If) || runsLast(IS->getElse(), If);
  return false;
}

} // namespace

bool isIfConverted(const Stmt *If, const FunctionDecl *F) {
  const SourceManager &SM = F->getASTContext().getSourceManager();
  BodyCost Cost(SM);
  std::array<const Stmt *, 2> Branches = {};
  if (const auto *CO = dyn_cast<ConditionalOperator>(If))
    Branches = {CO->getTrueExpr(), CO->getFalseExpr()};
  else if (const auto *IS = dyn_cast<IfStmt>(If))
    Branches = {IS->getThen(), IS->getElse()};
  for (const Stmt *Branch : Branches)
    if (Branch && !Cost.TraverseStmt(const_cast<Stmt *>(Branch)))
      return false;
  if (Cost.Branches || Cost.MemoryRefs > MaxMemoryRefs)
    return false;
  // The kernel's last statement, also within the branch of an `if` that
  // ends it (olcf's row sums: `if (idx < ds) { ...; if (tid == 0) sums[idx]
  // = sdata[0]; }`, one warp measured): an early exit instead. A helper's
  // last statement is not: the caller goes on after it (grid-cg
  // reduction's `if (block.thread_rank() == 0) out[...] = s[0];`, measured
  // predicated in all 8 warps of the block on the H200).
  return !F->hasAttr<CUDAGlobalAttr>() || !runsLast(F->getBody(), If);
}

} // namespace cal
