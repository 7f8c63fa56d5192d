//===- HostValues.cpp - What host code holds where it launches a kernel ---===//
#include "analyzer/HostValues.h"
#include "analyzer/UserDecls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/IgnoreExpr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

#include <functional>

using namespace clang;

namespace cal {
namespace {

/// Steps of one evaluation, at most: a value may pass through a helper's
/// return, its locals and its caller's (vol2col's grid: get_blocks(n), n
/// the product of four parameters of a template the program calls).
constexpr int MaxDepth = 32;

/// The one value that several ways give, as they are added: none where
/// one of them is not known or two differ.
struct Agreed {
  std::optional<int64_t> Value;
  bool Any = false, Ok = true;
  bool add(std::optional<int64_t> V) {
    Ok = Ok && V && (!Any || *Value == *V);
    Value = V;
    Any = true;
    return Ok;
  }
  std::optional<int64_t> get() const {
    return Ok && Any ? Value : std::nullopt;
  }
};

/// Calls Visit on each return in S outside its lambdas, while it says to
/// go on; whether it always did.
bool eachReturn(const Stmt *S,
                llvm::function_ref<bool(const ReturnStmt *)> Visit) {
  if (!S || isa<LambdaExpr>(S))
    return true;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return Visit(R);
  return llvm::all_of(S->children(),
                      [&](const Stmt *C) { return eachReturn(C, Visit); });
}

const VarDecl *varOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The variable that E is an element or a field of, through any number of
/// subscripts and fields (`a[i][j]`, `v.a.b`, `p->x`); E's own variable
/// where it names one.
const VarDecl *rootOf(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else
      return varOf(E);
  }
}

/// The field's place in its struct (dim3's x, y, z: 0, 1, 2); -1 for a
/// member that is not a field.
int fieldIndex(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return FD && !FD->isBitField() ? int(FD->getFieldIndex()) : -1;
}

/// E without the nodes a struct value passes through unchanged:
/// parentheses, implicit casts, full-expressions, temporaries and `T(x)`.
const Expr *bare(const Expr *E) {
  auto FunctionalCast = [](Expr *E) -> Expr * {
    if (auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      return F->getSubExpr();
    return E;
  };
  return IgnoreExprNodes(const_cast<Expr *>(E), IgnoreParensSingleStep,
                         IgnoreImplicitCastsExtraSingleStep,
                         IgnoreImplicitSingleStep, FunctionalCast);
}

/// A field of cudaDeviceProp (or an element of one) that every device of
/// compute capability 9.0 reports alike, as cudaGetDeviceProperties fills
/// it: `std::min(blocks, prop.maxGridSize[0])`. Not the counts that vary
/// by model (multiProcessorCount, clockRate).
std::optional<int64_t> deviceLimit(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  std::optional<int64_t> Index;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const auto *I =
        dyn_cast<IntegerLiteral>(AS->getIdx()->IgnoreParenImpCasts());
    if (!I)
      return std::nullopt;
    Index = int64_t(I->getValue().getZExtValue());
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *ME = dyn_cast<MemberExpr>(E);
  const auto *RD = ME ? ME->getBase()
                            ->getType()
                            ->getPointeeOrArrayElementType()
                            ->getAsRecordDecl()
                      : nullptr;
  if (!RD || RD->getName() != "cudaDeviceProp")
    return std::nullopt;
  static const std::map<std::string, std::vector<int64_t>> Sm90 = {
      {"maxThreadsPerBlock", {1024}},
      {"maxThreadsDim", {1024, 1024, 64}},
      {"maxGridSize", {2147483647, 65535, 65535}},
      {"warpSize", {32}},
      {"sharedMemPerBlock", {49152}},
      {"sharedMemPerBlockOptin", {232448}},
      {"sharedMemPerMultiprocessor", {233472}},
      {"regsPerBlock", {65536}},
      {"maxThreadsPerMultiProcessor", {2048}},
      {"maxBlocksPerMultiProcessor", {32}},
      {"major", {9}},
      {"minor", {0}}};
  auto It = Sm90.find(ME->getMemberDecl()->getName().str());
  if (It == Sm90.end() || (It->second.size() > 1) != Index.has_value() ||
      Index.value_or(0) >= int64_t(It->second.size()))
    return std::nullopt;
  return It->second[size_t(Index.value_or(0))];
}

/// Whether E is a CUDA dim3 (or uint3), whose fields the dim3 path reads.
bool isDim3(const Expr *E) {
  const auto *RD = E->getType()->getAsRecordDecl();
  return RD && (RD->getName() == "dim3" || RD->getName() == "uint3");
}

/// Whether S, a child of P, may not run when P runs.
bool conditionalIn(const Stmt *P, const Stmt *S) {
  if (const auto *If = dyn_cast<IfStmt>(P))
    return S == If->getThen() || S == If->getElse();
  if (const auto *For = dyn_cast<ForStmt>(P))
    return S == For->getBody() || S == For->getInc();
  if (const auto *While = dyn_cast<WhileStmt>(P))
    return S == While->getBody();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(P))
    return S == Range->getBody();
  if (const auto *Switch = dyn_cast<SwitchStmt>(P))
    return S == Switch->getBody();
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P))
    return S != CO->getCond();
  if (const auto *BO = dyn_cast<BinaryOperator>(P))
    return BO->isLogicalOp() && S == BO->getRHS();
  return isa<SwitchCase, CXXCatchStmt, LambdaExpr>(P);
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

const Stmt *loopBody(const Stmt *S) {
  if (const auto *For = dyn_cast<ForStmt>(S))
    return For->getBody();
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return While->getBody();
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return Do->getBody();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
    return Range->getBody();
  return nullptr;
}

/// A use of a variable that is not read as a value (`v = 1`, `++v`, `&v`,
/// `int &r = v`, also `sizeof v`) may store; counting all uses against
/// those read finds them without naming every way to store. A function
/// named other than as a call's callee (its address taken) may be called
/// from anywhere; a function template named in a dependent call, from
/// instantiations not visited.
struct UseCounter : RecursiveASTVisitor<UseCounter> {
  llvm::DenseMap<const VarDecl *, int> Unread;
  llvm::DenseMap<const FunctionDecl *, int> Named;
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> Calls;
  llvm::DenseSet<const FunctionTemplateDecl *> NamedDependently;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl());
        V && (isa<ParmVarDecl>(V) ||
              (V->hasGlobalStorage() && !V->isLocalVarDecl())))
      ++Unread[V->getCanonicalDecl()];
    else if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      ++Named[F->getCanonicalDecl()];
    return true;
  }
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    for (const NamedDecl *D : E->decls())
      if (const auto *T =
              dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl()))
        NamedDependently.insert(T->getCanonicalDecl());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      if (const VarDecl *V = varOf(C->getSubExpr()->IgnoreParens()))
        --Unread[V->getCanonicalDecl()];
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee();
        F && isa<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      Calls[F->getCanonicalDecl()].push_back(C);
    return true;
  }
  llvm::DenseSet<const VarDecl *> stored() const {
    llvm::DenseSet<const VarDecl *> Out;
    for (auto [Var, N] : Unread)
      if (N > 0)
        Out.insert(Var);
    return Out;
  }
};

} // namespace

bool HostValues::before(const Stmt *A, const Stmt *B) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->getBeginLoc()),
                                      SM.getExpansionLoc(B->getBeginLoc()));
}

const HostValues::FileUses &HostValues::fileUses() {
  if (Uses)
    return *Uses;
  UseCounter V;
  for (Decl *D : userDecls(Ctx))
    V.TraverseDecl(D);
  FileUses Out;
  Out.Stored = V.stored();
  Out.Calls = std::move(V.Calls);
  Out.NamedDependently = std::move(V.NamedDependently);
  for (auto [F, N] : V.Named) {
    auto It = Out.Calls.find(F);
    if (It == Out.Calls.end() || size_t(N) > It->second.size())
      Out.Calls.erase(F);
  }
  Uses = std::move(Out);
  return *Uses;
}

/// Whether F's parameters hold what its calls in the file pass: not a
/// method (its object is another value), nor a template's pattern, main or
/// variadic.
static bool plainFunction(const FunctionDecl *F) {
  return F && !isa<CXXMethodDecl>(F) && !F->isTemplated() && !F->isMain() &&
         !F->isVariadic();
}

std::vector<const CallExpr *>
HostValues::callsWithOwnArguments(const FunctionDecl *F, size_t Max) {
  if (!plainFunction(F) || F->isTemplateInstantiation() || F->param_empty())
    return {};
  const FileUses &U = fileUses();
  auto It = U.Calls.find(F->getCanonicalDecl());
  if (It == U.Calls.end() || It->second.size() < 2 || It->second.size() > Max ||
      llvm::any_of(F->parameters(), [&](const ParmVarDecl *P) {
        return U.Stored.contains(P->getCanonicalDecl());
      }))
    return {};
  return It->second;
}

std::optional<int64_t> HostValues::argument(const ParmVarDecl *PV, int Depth) {
  const auto *FD = dyn_cast<FunctionDecl>(PV->getDeclContext());
  if (!plainFunction(FD))
    return std::nullopt;
  const FileUses &U = fileUses();
  auto It = U.Calls.find(FD->getCanonicalDecl());
  if (It == U.Calls.end())
    return std::nullopt;
  if (FD->isTemplateInstantiation()) {
    // A function template's instantiation (`eval<float>(...)` from main):
    // its calls are those of code not in a template, unless a template
    // names it in a dependent call; its body is not in fileUses.
    const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
    if (!T || U.NamedDependently.contains(T->getCanonicalDecl()) ||
        !FD->getBody())
      return std::nullopt;
    auto [Stored, New] = StoredInInstance.try_emplace(FD);
    if (New) {
      UseCounter Body;
      Body.TraverseStmt(FD->getBody());
      Stored->second = Body.stored();
    }
    if (Stored->second.contains(PV->getCanonicalDecl()))
      return std::nullopt;
  } else if (U.Stored.contains(PV->getCanonicalDecl())) {
    return std::nullopt;
  }
  std::optional<int64_t> Common;
  unsigned Index = PV->getFunctionScopeIndex();
  for (const CallExpr *C : It->second) {
    std::optional<int64_t> V = Index < C->getNumArgs()
                                   ? integer(C->getArg(Index), C, Depth + 1)
                                   : std::nullopt;
    if (!V || (Common && *Common != *V))
      return std::nullopt;
    Common = V;
  }
  return Common;
}

const ParentMap &HostValues::parents(const FunctionDecl *FD) {
  std::unique_ptr<ParentMap> &PM = Parents[FD];
  if (!PM)
    PM = std::make_unique<ParentMap>(FD->getBody());
  return *PM;
}

const HostValues::Stores &HostValues::storesOf(const VarDecl *VD) {
  auto [It, New] = StoresOf.try_emplace(VD);
  Stores &St = It->second;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!New || !FD || !FD->getBody())
    return St;
  St.Function = FD;
  // What E is of the variable: the whole (-1), a field (its place: x, y, z
  // are 0 to 2), an element or a field of a field (-3: not followed,
  // anything may change), or nothing (-2).
  auto Part = [VD](const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(E);
        ME && !ME->isArrow() && varOf(ME->getBase()) == VD)
      return fieldIndex(ME) >= 0 ? fieldIndex(ME) : -3;
    if (varOf(E) == VD)
      return -1;
    return rootOf(E) == VD ? -3 : -2;
  };
  auto Add = [&](const Stmt *S, int P, const Expr *Value) {
    if (P == -1)
      St.List.push_back({Store::Whole, S, -1, Value});
    else if (P >= 0)
      St.List.push_back({Store::Field, S, P, Value});
    else if (P == -3) // a field not followed: anything may change
      St.List.push_back({Store::Escape, S});
  };
  // A decay that initializes a local pointer only read through (`int *row
  // = table[k];`) passes on nothing that may store.
  auto InitializesReader = [&](const ImplicitCastExpr *IC) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(parents(FD).getParent(IC));
    if (!DS)
      return false;
    for (const Decl *D : DS->decls())
      if (const auto *P = dyn_cast<VarDecl>(D);
          P && P->getInit() == IC && P->getType()->isPointerType())
        return onlyReadThrough(P);
    return false;
  };
  llvm::SmallPtrSet<const Expr *, 4> Subscripted;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (D == VD) {
          St.Decl = DS;
          St.List.push_back({Store::Whole, DS, -1, VD->getInit()});
        }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
               BO && BO->isAssignmentOp()) {
      Add(BO, Part(BO->getLHS()),
          BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
               OC && OC->isAssignmentOp() && OC->getNumArgs() == 2) {
      Add(OC, Part(OC->getArg(0)),
          OC->getOperator() == OO_Equal ? OC->getArg(1) : nullptr);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      int P = Part(UO->getSubExpr());
      if (UO->isIncrementDecrementOp())
        Add(UO, P, nullptr);
      else if (UO->getOpcode() == UO_AddrOf && P != -2)
        St.List.push_back({Store::Escape, UO});
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      Subscripted.insert(AS->getBase()->IgnoreParenImpCasts());
    } else if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
               IC && IC->getCastKind() == CK_ArrayToPointerDecay &&
               rootOf(IC) == VD &&
               !Subscripted.count(IC->getSubExpr()->IgnoreParens()) &&
               !InitializesReader(IC)) {
      St.List.push_back({Store::Escape, IC}); // the array passed on
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      // Bound to a non-const reference (or its method called): the callee
      // may store. Where the whole variable is bound once to a parameter of
      // a function defined here, what it stores is followed.
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
          MC && Part(MC->getImplicitObjectArgument()) != -2 &&
          !(MC->getMethodDecl() && MC->getMethodDecl()->isConst()))
        St.List.push_back({Store::Escape, CE});
      unsigned Skip = isa<CXXOperatorCallExpr>(CE) &&
                      isa_and_nonnull<CXXMethodDecl>(Callee);
      const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
      bool Followed = Def && !isa<CXXMethodDecl>(Def) && !Def->isTemplated();
      llvm::SmallVector<const ParmVarDecl *, 1> Bound;
      for (unsigned I = Skip; Callee && I < CE->getNumArgs(); ++I) {
        if (I - Skip >= Callee->getNumParams())
          break;
        QualType PT = Callee->getParamDecl(I - Skip)->getType();
        if (!PT->isReferenceType() ||
            PT.getNonReferenceType().isConstQualified())
          continue;
        int P = Part(CE->getArg(I));
        if (P == -1 && Followed)
          Bound.push_back(Def->getParamDecl(I - Skip));
        else if (P != -2)
          Followed = false, Bound.push_back(nullptr);
      }
      if (Bound.size() == 1 && Followed)
        St.List.push_back({Store::Call, CE, -1, nullptr, Bound[0]});
      else if (!Bound.empty())
        St.List.push_back({Store::Escape, CE});
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(FD->getBody());
  std::stable_sort(
      St.List.begin(), St.List.end(),
      [&](const Store &A, const Store &B) { return before(A.S, B.S); });
  return St;
}

const HostValues::Store *HostValues::reaching(const VarDecl *VD, int FieldIndex,
                                              const Stmt *At, int Depth) {
  const Stores &St = storesOf(VD);
  if (!St.Function || (!St.Decl && !isa<ParmVarDecl>(VD)))
    return nullptr;
  const ParentMap &PM = parents(St.Function);
  llvm::SmallPtrSet<const Stmt *, 16> AtUp;
  for (const Stmt *S = At; S; S = PM.getParent(S))
    AtUp.insert(S);
  if (!AtUp.count(St.Function->getBody()))
    return nullptr; // At is not in the variable's function
  // A store after At in a loop around both comes back to At.
  llvm::SmallPtrSet<const Stmt *, 4> Loops;
  for (const Stmt *S : AtUp)
    if (isLoop(S))
      Loops.insert(S);
  for (const Stmt *S = St.Decl; S; S = PM.getParent(S))
    Loops.erase(S); // declared in the loop: started over on each trip
  // The innermost of those loops around W; null where none is.
  auto LoopAround = [&](const Stmt *W) -> const Stmt * {
    for (const Stmt *S = W; S; S = PM.getParent(S))
      if (Loops.count(S))
        return S;
    return nullptr;
  };
  auto Relevant = [FieldIndex](const Store &W) {
    return W.K != Store::Field || FieldIndex == -1 ||
           W.FieldIndex == FieldIndex;
  };
  const Store *Last = nullptr;
  llvm::SmallPtrSet<const Stmt *, 4> StoredLater; // loops with a later store
  // The innermost statement around both W and At: the branches above it
  // choose whether At runs, and At is asked about as if it does.
  auto SharedWith = [&](const Stmt *W) -> const Stmt * {
    for (const Stmt *S = W; S; S = PM.getParent(S))
      if (AtUp.count(S))
        return S;
    return nullptr;
  };
  for (const Store &W : St.List) {
    if (neverRuns(W.S, St.Function, Depth, SharedWith(W.S)))
      continue;
    bool Before = before(W.S, At);
    if (W.K == Store::Escape && (Before || LoopAround(W.S)))
      return nullptr;
    if (!Relevant(W))
      continue;
    if (Before)
      Last = &W;
    else if (const Stmt *L = LoopAround(W.S))
      StoredLater.insert(L);
  }
  // The last store before At decides, if it must run before At: every
  // statement from it up to the one around both runs whenever its parent
  // does.
  if (!Last || (Last->K == Store::Field && Last->FieldIndex != FieldIndex))
    return nullptr;
  for (const Stmt *S = Last->S; !AtUp.count(S);) {
    const Stmt *P = PM.getParent(S);
    if (!P || (conditionalIn(P, S) && branchTaken(P, S, Depth) != true))
      return nullptr;
    S = P;
  }
  // A later store comes back to At on the loop's next trip, unless Last,
  // in the loop's body, stores again first.
  for (const Stmt *S = Last->S; S; S = PM.getParent(S))
    if (const Stmt *P = PM.getParent(S);
        P && StoredLater.count(P) && S == loopBody(P))
      StoredLater.erase(P);
  return StoredLater.empty() ? Last : nullptr;
}

bool HostValues::isArgc(const ParmVarDecl *PV) {
  const auto *FD = dyn_cast<FunctionDecl>(PV->getDeclContext());
  return FD && FD->isMain() && PV->getFunctionScopeIndex() == 0 &&
         !fileUses().Stored.contains(PV->getCanonicalDecl());
}

std::optional<bool> HostValues::branchTaken(const Stmt *P, const Stmt *S,
                                            int Depth) {
  const Expr *Cond = nullptr;
  bool OnTrue = false;
  if (const auto *If = dyn_cast<IfStmt>(P);
      If && !If->getConditionVariable() && !If->isConsteval() &&
      (S == If->getThen() || S == If->getElse())) {
    Cond = If->getCond();
    OnTrue = S == If->getThen();
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(P);
             CO && S != CO->getCond()) {
    Cond = CO->getCond();
    OnTrue = S == CO->getTrueExpr();
  }
  llvm::SaveAndRestore<bool> Deciding(DecidingBranch, true);
  std::optional<int64_t> C = Cond ? integer(Cond, P, Depth + 1) : std::nullopt;
  if (!C)
    return std::nullopt;
  return (*C != 0) == OnTrue;
}

bool HostValues::neverRuns(const Stmt *S, const FunctionDecl *Function,
                           int Depth, const Stmt *Shared) {
  // Once per statement; a condition that asks again (`if (n > 5) n = 3;`)
  // finds the store taken as one that runs.
  std::tuple<const Stmt *, const Stmt *, const CallExpr *> Key{
      S, Shared, Bound.empty() ? nullptr : Bound.back()};
  if (auto [It, New] = NeverRuns.try_emplace(Key, false, false); !New) {
    ReadArgc |= It->second.second;
    return It->second.first;
  }
  bool Outer = std::exchange(ReadArgc, false);
  bool Never = false;
  const ParentMap &PM = parents(Function);
  for (const Stmt *P = PM.getParent(S); P && P != Shared && !Never;
       S = P, P = PM.getParent(P))
    Never = branchTaken(P, S, Depth) == false;
  NeverRuns[Key] = {Never, ReadArgc};
  ReadArgc |= Outer;
  return Never;
}

std::optional<int64_t> HostValues::valueOf(const VarDecl *VD, int Index,
                                           const Stmt *At, int Depth) {
  const Store *W = Depth > MaxDepth ? nullptr : reaching(VD, Index, At, Depth);
  return W ? valueAfter(VD, *W, Index, Depth) : std::nullopt;
}

std::optional<int64_t> HostValues::valueAfter(const VarDecl *VD, const Store &W,
                                              int Index, int Depth) {
  if (W.K == Store::Call)
    return leftByCall(VD, W, Index, Depth + 1);
  if (!W.Value)
    return std::nullopt;
  if (W.K == Store::Field || Index < 0)
    return integer(W.Value, W.S, Depth + 1);
  if (isDim3(W.Value)) {
    std::optional<Dim3> D = dim3(W.Value, W.S, Depth + 1);
    return D ? std::optional<int64_t>(D->get(Index)) : std::nullopt;
  }
  return field(W.Value, Index, W.S, Depth + 1);
}

std::optional<int64_t> HostValues::leftByCall(const VarDecl *VD, const Store &W,
                                              int Index, int Depth) {
  const ParmVarDecl *PV = W.Param;
  const Stores &St = storesOf(PV);
  if (!St.Function || Depth > MaxDepth)
    return std::nullopt;
  const Store *Last = nullptr; // the callee's last store of the field
  for (const Store &S : St.List) {
    if (S.K == Store::Escape)
      return std::nullopt;
    if (S.K != Store::Field || S.FieldIndex == Index)
      Last = &S;
  }
  if (!Last) // the callee leaves the field as it was
    return valueOf(VD, Index, W.S, Depth + 1);
  // Each return's value, and where the callee may run past its last
  // statement, the value its last store leaves, which must run.
  Agreed Common;
  const auto *Body = dyn_cast<CompoundStmt>(St.Function->getBody());
  if (!Body || !eachReturn(Body, [&](const ReturnStmt *R) {
        return Common.add(valueOf(PV, Index, R, Depth + 1));
      }))
    return std::nullopt;
  if (St.Function->getReturnType()->isVoidType() &&
      (Body->body_empty() || !isa<ReturnStmt>(Body->body_back()))) {
    const ParentMap &PM = parents(St.Function);
    for (const Stmt *S = Last->S; S != Body; S = PM.getParent(S))
      if (const Stmt *P = PM.getParent(S);
          !P || conditionalIn(P, S) || isLoop(P))
        return std::nullopt;
    if (!Common.add(valueAfter(PV, *Last, Index, Depth + 1)))
      return std::nullopt;
  }
  return Common.get();
}

std::optional<int64_t> HostValues::returned(const CallExpr *C, int Depth) {
  const FunctionDecl *Callee = C->getDirectCallee();
  const FunctionDecl *F = Callee ? Callee->getDefinition() : nullptr;
  if (!F || Depth > MaxDepth || Bound.size() >= 4 || isa<CXXMethodDecl>(F) ||
      F->isVariadic() || !F->getReturnType()->isIntegralOrEnumerationType() ||
      Ctx.getSourceManager().isInSystemHeader(F->getLocation()) ||
      llvm::any_of(Bound, [&](const CallExpr *B) {
        return B->getDirectCallee()->getDefinition() == F; // recursion
      }))
    return std::nullopt;
  Bound.push_back(C);
  Agreed Common;
  eachReturn(F->getBody(), [&](const ReturnStmt *R) {
    return neverRuns(R, F, Depth + 1) ||
           Common.add(integer(R->getRetValue(), R, Depth + 1));
  });
  Bound.pop_back();
  return Common.get();
}

std::pair<const InitListExpr *, const Stmt *>
HostValues::listOf(const Expr *E, const Stmt *At, int Depth) {
  if (!E || Depth > MaxDepth)
    return {};
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    auto [IL, ListAt] = listOf(AS->getBase(), At, Depth + 1);
    std::optional<int64_t> I = integer(AS->getIdx(), At, Depth + 1);
    if (!IL || !I || *I < 0 || uint64_t(*I) >= IL->getNumInits())
      return {};
    return {dyn_cast<InitListExpr>(IL->getInit(unsigned(*I))), ListAt};
  }
  const VarDecl *VD = varOf(E);
  if (!VD || !VD->isLocalVarDecl())
    return {};
  const Store *W = reaching(VD, -1, At, Depth);
  if (!W || W->K != Store::Whole || !W->Value)
    return {};
  if (VD->getType()->isArrayType())
    return {dyn_cast<InitListExpr>(W->Value), W->S};
  // A pointer into a local array that nothing stores to after its
  // initializer (the array's walk counts the pointer's initialization as
  // no store only where the pointer is only read through).
  const VarDecl *Array = rootOf(W->Value);
  if (VD->getType()->isPointerType() && W->S == storesOf(VD).Decl && Array &&
      Array->isLocalVarDecl() && storesOf(Array).List.size() == 1)
    return listOf(W->Value, W->S, Depth + 1);
  return {};
}

bool HostValues::onlyReadThrough(const VarDecl *P) {
  const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!FD || !FD->getBody())
    return false;
  const ParentMap &PM = parents(FD);
  auto Is = [&](const Stmt *S, CastKind K) {
    const auto *C = dyn_cast_or_null<ImplicitCastExpr>(S);
    return C && C->getCastKind() == K;
  };
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == P) {
      // `p[i]` read: p read, subscripted, the element read.
      const Stmt *Read = PM.getParent(DRE);
      const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(
          Read ? PM.getParent(Read) : nullptr);
      Ok = Is(Read, CK_LValueToRValue) && AS && AS->getBase() == Read &&
           Is(PM.getParent(AS), CK_LValueToRValue);
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  return Ok;
}

std::optional<int64_t> HostValues::integer(const Expr *E, const Stmt *At,
                                           int Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  E = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return integer(D->getExpr(), At, Depth + 1);
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E);
      C && C->getType()->isIntegralOrEnumerationType()) {
    // `(size_t)n`: the value, where the type holds it.
    std::optional<int64_t> V = integer(C->getSubExpr(), At, Depth + 1);
    uint64_t Width = Ctx.getTypeSize(C->getType());
    bool Signed = C->getType()->isSignedIntegerOrEnumerationType();
    if (!V || (!Signed && *V < 0) ||
        (Width < 64 &&
         (Signed ? !llvm::isIntN(Width, *V) : !llvm::isUIntN(Width, *V))))
      return std::nullopt;
    return V;
  }
  if (const auto *VD = varOf(E); VD && VD->isLocalVarDecl() &&
                                 VD->getType()->isIntegralOrEnumerationType())
    return valueOf(VD, -1, At, Depth);
  if (const auto *VD = varOf(E); VD && !VD->isLocalVarDecl() &&
                                 VD->hasGlobalStorage() &&
                                 VD->getType()->isIntegralOrEnumerationType() &&
                                 !VD->getType().isVolatileQualified())
    if (const Expr *Init = VD->getAnyInitializer();
        Init && !fileUses().Stored.contains(VD->getCanonicalDecl()))
      return integer(Init, At, Depth + 1);
  if (const auto *PV = dyn_cast_or_null<ParmVarDecl>(varOf(E));
      PV && PV->getType()->isIntegralOrEnumerationType()) {
    if (DecidingBranch && isArgc(PV)) {
      ReadArgc = true;
      return 1;
    }
    // A parameter of a call being evaluated: that call's argument, in the
    // caller.
    if (!Bound.empty() &&
        PV->getDeclContext() ==
            Bound.back()->getDirectCallee()->getDefinition()) {
      const CallExpr *C = Bound.pop_back_val();
      unsigned I = PV->getFunctionScopeIndex();
      std::optional<int64_t> V = I < C->getNumArgs()
                                     ? integer(C->getArg(I), C, Depth + 1)
                                     : std::nullopt;
      Bound.push_back(C);
      return V;
    }
    return argument(PV, Depth);
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (std::optional<int64_t> V = returned(CE, Depth))
      return V;
  if (std::optional<int64_t> Limit = deviceLimit(E)) {
    ReadDevice = true;
    return Limit;
  }
  // `std::min(blocks, prop.maxGridSize[0])`, `max(1, n / 256)`.
  if (const auto *CE = dyn_cast<CallExpr>(E); CE && CE->getNumArgs() == 2)
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && FD->getIdentifier() &&
        (FD->getName() == "min" || FD->getName() == "max")) {
      std::optional<int64_t> A = integer(CE->getArg(0), At, Depth + 1);
      std::optional<int64_t> B = integer(CE->getArg(1), At, Depth + 1);
      if (!A || !B)
        return std::nullopt;
      return FD->getName() == "min" ? std::min(*A, *B) : std::max(*A, *B);
    }
  if (const auto *ME = dyn_cast<MemberExpr>(E);
      ME && !ME->isArrow() && fieldIndex(ME) >= 0) {
    if (!isDim3(ME->getBase()))
      return field(ME->getBase(), fieldIndex(ME), At, Depth + 1);
    if (fieldIndex(ME) < 3)
      if (std::optional<Dim3> D = dim3(ME->getBase(), At, Depth + 1))
        return D->get(fieldIndex(ME));
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    // An element of a local array initialized with a list, never stored.
    auto [IL, ListAt] = listOf(AS->getBase(), At, Depth + 1);
    std::optional<int64_t> I = integer(AS->getIdx(), At, Depth + 1);
    if (IL && I && *I >= 0 && uint64_t(*I) < IL->getNumInits())
      return integer(IL->getInit(unsigned(*I)), ListAt, Depth + 1);
    return std::nullopt;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::optional<int64_t> C;
    {
      llvm::SaveAndRestore<bool> Deciding(DecidingBranch, true);
      C = integer(CO->getCond(), At, Depth + 1);
    }
    if (!C)
      return std::nullopt;
    return integer(*C ? CO->getTrueExpr() : CO->getFalseExpr(), At, Depth + 1);
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  std::optional<int64_t> L = integer(BO->getLHS(), At, Depth + 1);
  std::optional<int64_t> Rt = integer(BO->getRHS(), At, Depth + 1);
  if (!L || !Rt)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case BO_Add:
    return *L + *Rt;
  case BO_Sub:
    return *L - *Rt;
  case BO_Mul:
    return *L * *Rt;
  case BO_Div:
    return *Rt ? std::optional<int64_t>(*L / *Rt) : std::nullopt;
  case BO_Rem:
    return *Rt ? std::optional<int64_t>(*L % *Rt) : std::nullopt;
  case BO_Shl:
    return *Rt >= 0 && *Rt < 63 ? std::optional<int64_t>(*L << *Rt)
                                : std::nullopt;
  case BO_Shr:
    return *Rt >= 0 && *Rt < 63 ? std::optional<int64_t>(*L >> *Rt)
                                : std::nullopt;
  case BO_LT:
    return *L < *Rt;
  case BO_GT:
    return *L > *Rt;
  case BO_LE:
    return *L <= *Rt;
  case BO_GE:
    return *L >= *Rt;
  case BO_EQ:
    return *L == *Rt;
  case BO_NE:
    return *L != *Rt;
  default:
    return std::nullopt;
  }
}

std::optional<std::pair<int64_t, int64_t>> HostValues::range(const Expr *E,
                                                             const Stmt *At) {
  const VarDecl *VD = varOf(E->IgnoreParenImpCasts());
  if (!VD || !VD->isLocalVarDecl() ||
      !VD->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const Stores &St = storesOf(VD);
  if (!St.Function)
    return std::nullopt;
  const ParentMap &PM = parents(St.Function);
  const ForStmt *For = nullptr;
  for (const Stmt *S = At; S && !For; S = PM.getParent(S))
    if (const auto *F = dyn_cast<ForStmt>(S); F && F->getInit() == St.Decl)
      For = F;
  // Stored by its declaration and its increment alone, one up each trip.
  const auto *Inc =
      For ? dyn_cast_or_null<UnaryOperator>(For->getInc()) : nullptr;
  const auto *Cond =
      For ? dyn_cast_or_null<BinaryOperator>(For->getCond()) : nullptr;
  if (!Inc || !Inc->isIncrementOp() || varOf(Inc->getSubExpr()) != VD ||
      !Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE) ||
      varOf(Cond->getLHS()->IgnoreParenImpCasts()) != VD ||
      llvm::any_of(St.List, [&](const Store &W) {
        return W.S != St.Decl && W.S != Inc;
      }))
    return std::nullopt;
  std::optional<int64_t> First = integer(VD->getInit(), For);
  std::optional<int64_t> Bound = integer(Cond->getRHS(), For);
  if (!First || !Bound)
    return std::nullopt;
  int64_t Last = Cond->getOpcode() == BO_LT ? *Bound - 1 : *Bound;
  if (Last < *First)
    return std::nullopt;
  return std::make_pair(*First, Last);
}

std::optional<int64_t> HostValues::field(const Expr *E, int Index,
                                         const Stmt *At, int Depth) {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  E = bare(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 1 &&
                   CE->getConstructor()->isCopyOrMoveConstructor()
               ? field(CE->getArg(0), Index, At, Depth + 1)
               : std::nullopt;
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    // An aggregate's fields in order; those not listed are zero.
    const auto *RD = IL->getType()->getAsCXXRecordDecl();
    if (!RD || RD->getNumBases() || IL->getNumInits() == 0 ||
        IL->hasArrayFiller())
      return IL->getNumInits() == 0 ? std::optional<int64_t>(0) : std::nullopt;
    return unsigned(Index) < IL->getNumInits()
               ? integer(IL->getInit(unsigned(Index)), At, Depth + 1)
               : std::optional<int64_t>(0);
  }
  const VarDecl *VD = varOf(E);
  if (!VD || !VD->getType()->isRecordType())
    return std::nullopt;
  if (!VD->isLocalVarDecl())
    return VD->getType().isConstQualified()
               ? field(VD->getInit(), Index, At, Depth + 1)
               : std::nullopt;
  return valueOf(VD, Index, At, Depth);
}

const VarDecl *HostValues::copiedVariable(const Expr *E) {
  E = bare(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 1 &&
                   CE->getConstructor()->isCopyOrMoveConstructor() &&
                   CE->getConstructor()->isTrivial()
               ? copiedVariable(CE->getArg(0))
               : nullptr;
  return varOf(E);
}

std::optional<Dim3> HostValues::dim3(const Expr *E, const Stmt *At, int Depth) {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  E = bare(E);
  if (const auto *VD = varOf(E); VD && VD->getType()->isRecordType()) {
    if (!VD->isLocalVarDecl())
      return VD->getType().isConstQualified()
                 ? dim3(VD->getInit(), At, Depth + 1)
                 : std::nullopt;
    // Field by field: each from its last store, of the field (an integer)
    // or of the whole.
    int64_t V[3];
    for (int F = 0; F < 3; ++F) {
      std::optional<int64_t> X = valueOf(VD, F, At, Depth);
      if (!X || *X < 1)
        return std::nullopt;
      V[F] = *X;
    }
    return Dim3{V[0], V[1], V[2]};
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      return dim3(CE->getArg(0), At, Depth + 1);
    int64_t V[3] = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      std::optional<int64_t> X = integer(CE->getArg(I), At, Depth + 1);
      if (!X || *X < 1)
        return std::nullopt;
      V[I] = *X;
    }
    return Dim3{V[0], V[1], V[2]};
  }
  if (std::optional<int64_t> X = integer(E, At, Depth + 1); X && *X >= 1)
    return Dim3{*X, 1, 1};
  return std::nullopt;
}

const Expr *HostValues::dim3Part(const Expr *E, int Axis, const Stmt *At,
                                 int Depth) {
  if (!E || Depth > MaxDepth)
    return nullptr;
  E = bare(E);
  if (const auto *VD = varOf(E); VD && VD->getType()->isRecordType()) {
    if (!VD->isLocalVarDecl())
      return VD->getType().isConstQualified()
                 ? dim3Part(VD->getInit(), Axis, At, Depth + 1)
                 : nullptr;
    const Store *W = reaching(VD, Axis, At, Depth);
    if (!W || !W->Value || (W->K != Store::Whole && W->K != Store::Field))
      return nullptr;
    const Expr *Part = W->K == Store::Field
                           ? W->Value
                           : dim3Part(W->Value, Axis, W->S, Depth + 1);
    // Read where the dim3 was stored: the variable it reads must hold the
    // same value at the launch, as one that nothing stores to after its
    // initialization does.
    const VarDecl *Read = Part ? rootOf(Part) : nullptr;
    if (!Read)
      return nullptr;
    if (!Read->isLocalVarDecl() && !isa<ParmVarDecl>(Read))
      return fileUses().Stored.contains(Read->getCanonicalDecl()) ? nullptr
                                                                  : Part;
    const Stores &St = storesOf(Read);
    for (const Store &S : St.List)
      if (S.S != St.Decl)
        return nullptr;
    return St.Function ? Part : nullptr;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      return dim3Part(CE->getArg(0), Axis, At, Depth + 1);
    if (unsigned(Axis) >= CE->getNumArgs() ||
        isa<CXXDefaultArgExpr>(CE->getArg(Axis)))
      return nullptr;
    return CE->getArg(Axis);
  }
  return Axis == 0 && E->getType()->isIntegerType() ? E : nullptr;
}

} // namespace cal
