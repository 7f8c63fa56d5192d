#include "analyzer/LaunchSites.h"
#include "analyzer/UserDecls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <optional>
#include <set>

using namespace clang;

namespace cal {
namespace {

bool keepsInit(const VarDecl *VD, ASTContext &Ctx);

/// Integers at a launch site: constants, or locals initialized from them
/// and never written after (`int threads = 256;`), as host code usually
/// writes them.
std::optional<int64_t> evalInt(const Expr *E, ASTContext &Ctx, int Depth = 0) {
  if (!E || Depth > 8 || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  E = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return evalInt(D->getExpr(), Ctx, Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getInit() && keepsInit(VD, Ctx))
        return evalInt(VD->getInit(), Ctx, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = evalInt(BO->getLHS(), Ctx, Depth + 1);
    auto R2 = evalInt(BO->getRHS(), Ctx, Depth + 1);
    if (!L || !R2)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add:
      return *L + *R2;
    case BO_Sub:
      return *L - *R2;
    case BO_Mul:
      return *L * *R2;
    case BO_Div:
      return *R2 ? std::optional<int64_t>(*L / *R2) : std::nullopt;
    case BO_Shl:
      return *L << *R2;
    case BO_Shr:
      return *L >> *R2;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == VD;
}

/// A local dim3 as its function leaves it: `dim3 block; block.x = 16;
/// block.y = 16;` is 16x16. Each field may be stored once, a constant; any
/// other write (the whole variable, its address taken, a field stored twice
/// or with a value that is not constant) leaves its shape unknown.
std::optional<Dim3> afterFieldStores(const VarDecl *VD, Dim3 D,
                                     ASTContext &Ctx) {
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!FD || !FD->getBody())
    return D;
  bool Unknown = false;
  std::set<std::string> Stored;
  // Whether E is the variable or one of its fields.
  auto IsVar = [&](const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    return refersTo(E, VD);
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Unknown)
      return;
    const Expr *Written = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp()) {
      // A field of the variable stored once, with a constant: its shape.
      Written = BO->getLHS();
      const auto *ME = dyn_cast<MemberExpr>(Written->IgnoreParens());
      if (ME && refersTo(ME->getBase(), VD) && BO->getOpcode() == BO_Assign) {
        std::string Field = ME->getMemberDecl()->getNameAsString();
        int64_t *Slot = Field == "x"   ? &D.X
                        : Field == "y" ? &D.Y
                        : Field == "z" ? &D.Z
                                       : nullptr;
        std::optional<int64_t> V = evalInt(BO->getRHS(), Ctx);
        if (Slot && V && *V >= 1 && Stored.insert(Field).second) {
          *Slot = *V;
          Written = nullptr;
        }
      }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
               OC && OC->isAssignmentOp())
      Written = OC->getArg(0);
    else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO &&
             (UO->getOpcode() == UO_AddrOf || UO->isIncrementDecrementOp()))
      Written = UO->getSubExpr();
    if (Written && IsVar(Written))
      Unknown = true;
    // Passed by non-const reference: the callee may set it (as
    // `get_block(&sizes, block)` does).
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = CE->getDirectCallee())
        for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
             ++I) {
          QualType PT = Callee->getParamDecl(I)->getType();
          if (PT->isReferenceType() &&
              !PT.getNonReferenceType().isConstQualified() &&
              IsVar(CE->getArg(I)))
            Unknown = true;
        }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(FD->getBody());
  if (Unknown)
    return std::nullopt;
  return D;
}

/// Whether nothing writes VD after its initialization: the stores the walk
/// above looks for, none of them a field's.
bool keepsInit(const VarDecl *VD, ASTContext &Ctx) {
  return afterFieldStores(VD, Dim3{}, Ctx).has_value();
}

std::optional<Dim3> evalDim3(const Expr *E, ASTContext &Ctx, int Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<ExprWithCleanups>(E))
    return evalDim3(C->getSubExpr(), Ctx, Depth + 1);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalDim3(M->getSubExpr(), Ctx, Depth + 1);
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return evalDim3(B->getSubExpr(), Ctx, Depth + 1);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(F->getSubExpr(), Ctx, Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getInit())
      return std::nullopt;
    std::optional<Dim3> D = evalDim3(VD->getInit(), Ctx, Depth + 1);
    if (D && VD->isLocalVarDecl())
      D = afterFieldStores(VD, *D, Ctx);
    return D;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      return evalDim3(CE->getArg(0), Ctx, Depth + 1);
    int64_t V[3] = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      auto X = evalInt(CE->getArg(I), Ctx);
      if (!X || *X < 1)
        return std::nullopt;
      V[I] = *X;
    }
    return Dim3{V[0], V[1], V[2]};
  }
  if (auto X = evalInt(E, Ctx); X && *X >= 1)
    return Dim3{*X, 1, 1};
  return std::nullopt;
}

/// The grid and the block of a launch: the first two dim3 arguments of its
/// configuration call. A host launch passes them first; a launch from
/// device code (relocatable device code) calls cudaLaunchDevice with the
/// kernel and its parameter buffer before them.
std::optional<std::pair<const Expr *, const Expr *>>
gridAndBlock(const CallExpr *Config) {
  llvm::SmallVector<const Expr *, 2> Dims;
  for (const Expr *A : Config->arguments())
    if (const CXXRecordDecl *RD = A->getType()->getAsCXXRecordDecl();
        RD && RD->getName() == "dim3") {
      Dims.push_back(A);
      if (Dims.size() == 2)
        return std::make_pair(Dims[0], Dims[1]);
    }
  return std::nullopt;
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  explicit LaunchVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // No launch in a type.
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  // Nor, without relocatable device code, in a kernel or a __device__
  // function: clang rejects a launch from device code then. Their bodies,
  // most of a file of kernels, are not walked.
  bool TraverseDecl(Decl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
        FD && !Ctx.getLangOpts().GPURelocatableDeviceCode &&
        (FD->hasAttr<CUDAGlobalAttr>() ||
         (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCallExpr(CallExpr *C) {
    // cudaMallocPitch(&ptr, &pitch, ...): rows are padded so that each
    // starts at an aligned address; 128 bytes is the least it guarantees
    // for coalescing.
    if (const FunctionDecl *FD = C->getDirectCallee())
      if (FD->getName() == "cudaMallocPitch" && C->getNumArgs() >= 2)
        if (const auto *U =
                dyn_cast<UnaryOperator>(C->getArg(1)->IgnoreParenImpCasts()))
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
            PitchVars.insert(DRE->getDecl());
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    Calls.push_back(K);
    return true;
  }

  void collect(const CUDAKernelCallExpr *K) {
    const FunctionDecl *FD = K->getDirectCallee();
    const CallExpr *Config = K->getConfig();
    auto Dims = Config ? gridAndBlock(Config) : std::nullopt;
    if (!FD || !Dims)
      return;
    std::optional<Dim3> Block = evalDim3(Dims->second, Ctx);
    LaunchShape S;
    // A block not known here: the launch still gives its arguments, and
    // the shape is assumed, as where there is no launch.
    S.Assumed = !Block || Block->count() > 1024;
    S.Block = S.Assumed ? Dim3{256, 1, 1} : *Block;
    S.Grid = evalDim3(Dims->first, Ctx);
    const SourceManager &SM = Ctx.getSourceManager();
    S.Origin = "launch at line " +
               std::to_string(SM.getExpansionLineNumber(K->getBeginLoc()));
    for (unsigned I = 0; I < K->getNumArgs() && I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      if (!P->getType()->isIntegralOrEnumerationType())
        continue;
      if (auto V = evalInt(K->getArg(I), Ctx))
        S.ParamValues[P->getName().str()] = *V;
      else if (const auto *DRE =
                   dyn_cast<DeclRefExpr>(K->getArg(I)->IgnoreParenImpCasts());
               DRE && PitchVars.count(DRE->getDecl()))
        S.ParamDivisors[P->getName().str()] = 128;
    }
    auto &List = Shapes[FD->getCanonicalDecl()];
    for (const LaunchShape &Old : List)
      if (Old.Block == S.Block && Old.Assumed == S.Assumed &&
          Old.ParamValues == S.ParamValues &&
          Old.Grid.has_value() == S.Grid.has_value() &&
          (!S.Grid || *Old.Grid == *S.Grid))
        return;
    List.push_back(S);
  }

  ASTContext &Ctx;
  std::set<const ValueDecl *> PitchVars;
  std::vector<const CUDAKernelCallExpr *> Calls;
  std::map<const FunctionDecl *, std::vector<LaunchShape>> Shapes;
};

} // namespace

LaunchSites findLaunches(ASTContext &Ctx) {
  LaunchVisitor V(Ctx);
  for (Decl *D : userDecls(Ctx))
    V.TraverseDecl(D);
  std::set<const VarDecl *> Aliased;
  for (const CUDAKernelCallExpr *K : V.Calls) {
    V.collect(K);
    const FunctionDecl *FD = K->getDirectCallee();
    if (!FD)
      continue;
    for (unsigned I = 0; I < K->getNumArgs() && I < FD->getNumParams(); ++I) {
      const auto *A =
          dyn_cast<DeclRefExpr>(K->getArg(I)->IgnoreParenImpCasts());
      for (unsigned J = 0; A && J < K->getNumArgs(); ++J) {
        const auto *B =
            dyn_cast<DeclRefExpr>(K->getArg(J)->IgnoreParenImpCasts());
        if (I != J && B && A->getDecl() == B->getDecl()) {
          Aliased.insert(FD->getParamDecl(I)->getCanonicalDecl());
          break;
        }
      }
    }
  }
  return {std::move(V.Calls), std::move(V.Shapes), std::move(Aliased)};
}

} // namespace cal
