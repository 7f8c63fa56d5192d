//===- SiteVectors.cpp - Consecutive elements of nearby sites, merged -----===//
//
// nvcc merges shared loads (or stores) of consecutive elements made by
// different statements of one straight run of code into one instruction
// where the first element's address is a multiple of the merged size:
// scan2's `block[2*tid] = a; block[2*tid+1] = b;` is one STS.64 (measured
// on the H100 at 2 wavefronts, the ideal), not two 4-byte stores at a
// stride of 8 bytes, each 2-way bank-conflicting. The load goes where the
// first load was, the store where the last store was.
//
//===----------------------------------------------------------------------===//
#include "analyzer/WarpAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <map>

using namespace clang;

namespace cal {

namespace {

/// The ancestors of S up to its function's body, S first.
llvm::SmallVector<const Stmt *, 8> pathUp(const Stmt *S,
                                          const ParentMap &Parents) {
  llvm::SmallVector<const Stmt *, 8> Path;
  for (; S; S = Parents.getParent(S))
    Path.push_back(S);
  return Path;
}

/// Whether S, or a statement in it, may order memory, leave the run of
/// code, or (Loads) store to memory, or (!Loads) read Base, in which case
/// nvcc does not move an access across it.
bool stopsMerging(const Stmt *S, const ValueDecl *Base, bool Loads) {
  if (!S)
    return false;
  if (isa<AsmStmt, ReturnStmt, BreakStmt, ContinueStmt, GotoStmt>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    // A barrier, fence or atomic orders memory; a function of the user's
    // may hold one.
    StringRef Name = FD->getIdentifier() ? FD->getName() : "";
    if (Name.contains("sync") || Name.contains("fence") ||
        Name.contains("atomic") || Name.contains("barrier"))
      return true;
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    if (FD->hasBody() && !SM.isInSystemHeader(FD->getLocation()))
      return true;
  }
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      Target = BO->getLHS();
    if (BO->isLogicalOp())
      return true; // its right side runs for some lanes only
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  if (isa<ConditionalOperator>(S))
    return true;
  if (Loads && Target) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->isLocalVarDecl() || VD->getType()->isArrayType())
      return true; // a store to memory
  }
  if (!Loads)
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(S);
        CE && CE->getCastKind() == CK_LValueToRValue)
      for (const Stmt *In = CE->getSubExpr(); In;) {
        In = cast<Expr>(In)->IgnoreParenImpCasts();
        if (const auto *DRE = dyn_cast<DeclRefExpr>(In))
          if (DRE->getDecl() == Base)
            return true; // a load of the array the stores write
        const auto *AS = dyn_cast<ArraySubscriptExpr>(In);
        In = AS ? AS->getBase() : nullptr;
      }
  for (const Stmt *Child : S->children())
    if (stopsMerging(Child, Base, Loads))
      return true;
  return false;
}

/// Whether the code from site First to site Last (after it, in one function
/// body) runs straight through: the two lie in one statement, or in two
/// statements of one block, and nothing from the first statement to the
/// last stops nvcc from merging them (stopsMerging). The sites' own
/// statements are looked at whole: an assignment between two loads there
/// keeps them apart too.
bool runsStraight(const Expr *First, const Expr *Last, const ValueDecl *Base,
                  bool Loads, const ParentMap &Parents) {
  auto PF = pathUp(First, Parents), PL = pathUp(Last, Parents);
  // The innermost statement around both.
  const Stmt *Common = nullptr;
  for (auto F = PF.rbegin(), L = PL.rbegin();
       F != PF.rend() && L != PL.rend() && *F == *L; ++F, ++L)
    Common = *F;
  if (!Common)
    return false;
  // Neither site may sit in a branch of its own below Common.
  auto Branchless = [&](llvm::ArrayRef<const Stmt *> Path) {
    for (const Stmt *S : Path) {
      if (S == Common)
        return true;
      if (isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
              ConditionalOperator, SwitchCase>(S))
        return false;
      if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
        return false;
    }
    return false;
  };
  if (!Branchless(PF) || !Branchless(PL))
    return false;
  const auto *Block = dyn_cast<CompoundStmt>(Common);
  if (!Block)
    return !stopsMerging(Common, Base, Loads);
  auto ChildOf = [&](llvm::ArrayRef<const Stmt *> Path) {
    auto It = llvm::find(Path, Common);
    return It == Path.begin() ? nullptr : *std::prev(It);
  };
  const Stmt *From = ChildOf(PF), *To = ChildOf(PL);
  bool In = false;
  for (const Stmt *S : Block->body()) {
    In |= S == From;
    if (In && stopsMerging(S, Base, Loads))
      return false;
    if (S == To)
      return In;
  }
  return false;
}

/// A request's place in the run: its warp, its loop trips and its
/// occurrence, not its site.
using Place = std::pair<int, InstanceKey>;
Place placeOf(const Request &R) {
  InstanceKey K(R.Instance->begin(), R.Instance->end() - 3);
  K.push_back(R.Instance->back());
  return {R.Warp, std::move(K)};
}

/// Whether B's requests are A's with each lane Bytes further: the same
/// warps, loop trips, occurrences, lanes and shapes.
bool followsBy(const Requests &A, const Requests &B, int64_t Bytes,
               bool StoppedAtBudget) {
  if (A.All.size() != B.All.size() && !StoppedAtBudget)
    return false;
  std::map<Place, const Request *> Of;
  for (const Request &R : B.All)
    Of.emplace(placeOf(R), &R);
  size_t Found = 0;
  for (const Request &RA : A.All) {
    auto It = Of.find(placeOf(RA));
    if (It == Of.end()) {
      if (!StoppedAtBudget)
        return false;
      continue;
    }
    ++Found;
    const Request &RB = *It->second;
    if (RA.Chunks.size() != 1 || RB.Chunks.size() != 1 ||
        !nextTo(RA.Chunks.front(), RB.Chunks.front(), Bytes))
      return false;
  }
  return Found > 0;
}

} // namespace

std::map<const SiteEvents *, WarpAnalysis::SiteVector>
WarpAnalysis::siteVectors(
    std::map<const SiteEvents *, Requests> &Rs,
    llvm::function_ref<const ParentMap &(const FunctionDecl *)> ParentsOf,
    const SourceManager &SM, bool StoppedAtBudget) const {
  std::map<const SiteEvents *, SiteVector> Out;
  // Sites that may merge: shared loads, or stores, of one array by one
  // function in the same loops and under the same conditions, each moving
  // an element of 4 or 8 bytes that its own copies do not already merge.
  using Key = std::tuple<const FunctionDecl *, const ValueDecl *, AccessOp, int,
                         llvm::SmallVector<const Stmt *, 4>>;
  std::map<Key, std::vector<const SiteEvents *>> Groups;
  for (const auto &[K, S] : Sites) {
    const AccessEvent &E = S.First;
    if (E.Address.Space != MemSpace::Shared || !E.Address.Base ||
        E.Op == AccessOp::Atomic || E.Pieces > 1 || E.LaneBytes ||
        (E.Bytes != 4 && E.Bytes != 8) || E.InnermostUnrolled || !E.Function ||
        !E.Function->getBody())
      continue;
    llvm::SmallVector<const Stmt *, 4> Around(E.Loops.begin(), E.Loops.end());
    Around.push_back(nullptr);
    Around.append(E.Ifs.begin(), E.Ifs.end());
    Groups[{E.Function, E.Address.Base, E.Op, E.Bytes, std::move(Around)}]
        .push_back(&S);
  }
  auto Before = [&](const SiteEvents *A, const SiteEvents *B) {
    return SM.isBeforeInTranslationUnit(A->First.Site->getBeginLoc(),
                                        B->First.Site->getBeginLoc());
  };
  for (auto &[K, Group] : Groups) {
    if (Group.size() < 2)
      continue;
    for (const SiteEvents *S : Group)
      if (!Rs.count(S))
        Rs.emplace(S, requestsOf(*S));
    int64_t Bytes = std::get<3>(K);
    bool Loads = std::get<2>(K) == AccessOp::Load;
    for (int Width = int(16 / Bytes); Width >= 2; Width /= 2)
      for (const SiteEvents *Start : Group) {
        if (Out.count(Start))
          continue;
        const Requests &First = Rs.at(Start);
        // Aligned to the merged size in every lane, whatever its symbols.
        if (First.All.empty() ||
            !llvm::all_of(First.All, [&](const Request &R) {
              return R.Chunks.size() == 1 &&
                     alignedTo(R.Chunks.front(), Bytes * Width);
            }))
          continue;
        std::vector<const SiteEvents *> Members{Start};
        for (int J = 1; J < Width && Members.size() == size_t(J); ++J)
          for (const SiteEvents *Next : Group)
            if (!Out.count(Next) && !llvm::is_contained(Members, Next) &&
                followsBy(First, Rs.at(Next), J * Bytes, StoppedAtBudget)) {
              Members.push_back(Next);
              break;
            }
        if (Members.size() != size_t(Width))
          continue;
        auto [Lo, Hi] =
            std::minmax_element(Members.begin(), Members.end(), Before);
        const FunctionDecl *F = Start->First.Function;
        if (!runsStraight((*Lo)->First.Site, (*Hi)->First.Site,
                          Start->First.Address.Base, Loads, ParentsOf(F)))
          continue;
        const SiteEvents *At = Loads ? *Lo : *Hi;
        for (const SiteEvents *M : Members)
          Out[M] = {Start, At, Width};
      }
  }
  return Out;
}

} // namespace cal
