#include "analyzer/LaunchSites.h"
#include "analyzer/ForeignLaunches.h"
#include "analyzer/HostValues.h"
#include "analyzer/NameOf.h"
#include "analyzer/UserDecls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <set>
#include <utility>

using namespace clang;

namespace cal {
namespace {

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
  explicit LaunchVisitor(ASTContext &Ctx) : Ctx(Ctx), Host(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // No launch in a type.
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  // Nor, without relocatable device code, in a kernel or a __device__
  // function: clang rejects a launch from device code then. Their bodies,
  // most of a file of kernels, are not walked.
  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD && !Ctx.getLangOpts().GPURelocatableDeviceCode && deviceOnly(FD))
      return true;
    // The pattern of a host function template that is instantiated: its
    // instantiations give the launches, with their template arguments.
    if (FD && FD->isDependentContext() && instantiated(FD))
      return true;
    if (!FD || !FD->hasBody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Outer = std::exchange(Function, FD);
    bool Go = RecursiveASTVisitor::TraverseDecl(D);
    Function = Outer;
    return Go;
  }

  static bool instantiated(const FunctionDecl *FD) {
    if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      return !T->specializations().empty();
    if (const auto *RD = dyn_cast<CXXRecordDecl>(FD->getDeclContext()))
      if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
        return !T->specializations().empty();
    return false;
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
    // A kernel passed to a host function (`bench(myKernel, n)`), which may
    // launch it through its parameter.
    if (const FunctionDecl *FD = C->getDirectCallee())
      for (unsigned I = 0; I < C->getNumArgs(); ++I)
        if (const FunctionDecl *K = namedKernel(C->getArg(I)))
          KernelArguments[{FD->getCanonicalDecl(), I}].insert(K);
    return true;
  }

  /// The kernel E names: `k` or `&k`.
  static const FunctionDecl *namedKernel(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *F = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
    return F && F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    Calls.push_back(K);
    if (Function)
      Enclosing[K] = Function;
    return true;
  }

  /// The kernels a launch through a function pointer may call: those the
  /// function that launches stores to the pointer's variable (`fp[0] =
  /// derivative_x;`, `auto k = c ? k1 : k2;`, `kern_t f[] = {k1, k2};`),
  /// or that its callers pass it for the parameter it is.
  std::set<const FunctionDecl *> kernelsThrough(const CUDAKernelCallExpr *K) {
    std::set<const FunctionDecl *> Out;
    const Expr *Callee = K->getCallee()->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Callee))
      Callee = AS->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(Callee);
    const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    auto It = Enclosing.find(K);
    if (!Var || It == Enclosing.end())
      return Out;
    if (const auto *P = dyn_cast<ParmVarDecl>(Var);
        P && P->getDeclContext() == It->second) {
      auto Passed = KernelArguments.find(
          {It->second->getCanonicalDecl(), P->getFunctionScopeIndex()});
      if (Passed != KernelArguments.end())
        Out.insert(Passed->second.begin(), Passed->second.end());
    }
    struct Kernels : RecursiveASTVisitor<Kernels> {
      std::set<const FunctionDecl *> &Out;
      explicit Kernels(std::set<const FunctionDecl *> &Out) : Out(Out) {}
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl());
            F && F->hasAttr<CUDAGlobalAttr>())
          Out.insert(F);
        return true;
      }
    };
    struct Stores : RecursiveASTVisitor<Stores> {
      const VarDecl *Var;
      Kernels Into;
      bool VisitBinaryOperator(BinaryOperator *B) {
        const Expr *L = B->getLHS()->IgnoreParenImpCasts();
        while (const auto *AS = dyn_cast<ArraySubscriptExpr>(L))
          L = AS->getBase()->IgnoreParenImpCasts();
        if (const auto *D = dyn_cast<DeclRefExpr>(L);
            B->getOpcode() == BO_Assign && D && D->getDecl() == Var)
          Into.TraverseStmt(B->getRHS());
        return true;
      }
      bool VisitVarDecl(VarDecl *V) {
        if (V == Var && V->getInit())
          Into.TraverseStmt(V->getInit());
        return true;
      }
    } S{{}, Var, Kernels(Out)};
    S.TraverseStmt(It->second->getBody());
    return Out;
  }

  void collect(const CUDAKernelCallExpr *K) {
    if (const FunctionDecl *FD = K->getDirectCallee())
      return collect(K, FD);
    for (const FunctionDecl *FD : kernelsThrough(K))
      collect(K, FD);
  }

  /// The bytes past a pointer variable an argument is, where a constant
  /// number of elements is added to it or subtracted (`d_in + RADIUS`,
  /// `&d_in[3]`): modulo 256, with the argument's text. Not where that is
  /// 0.
  std::optional<std::pair<int64_t, std::string>>
  bytesPast(const Expr *Arg, const CUDAKernelCallExpr *K) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    const Expr *Ptr = nullptr, *Count = nullptr;
    bool Minus = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAdditiveOp() && BO->getLHS()->getType()->isPointerType()) {
      Ptr = BO->getLHS();
      Count = BO->getRHS();
      Minus = BO->getOpcode() == BO_Sub;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
               UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
          AS && AS->getBase()->getType()->isPointerType()) {
        Ptr = AS->getBase();
        Count = AS->getIdx();
      }
    if (!Ptr || !Count || !Count->getType()->isIntegerType() ||
        !isa<DeclRefExpr>(Ptr->IgnoreParenImpCasts()))
      return std::nullopt;
    QualType Elem = Ptr->getType()->getPointeeType();
    if (Elem->isIncompleteType() || Elem->isDependentType())
      return std::nullopt;
    std::optional<int64_t> N = Host.integer(Count, K);
    if (!N)
      return std::nullopt;
    int64_t Bytes =
        (Minus ? -*N : *N) * Ctx.getTypeSizeInChars(Elem).getQuantity();
    Bytes = ((Bytes % 256) + 256) % 256;
    if (Bytes == 0)
      return std::nullopt;
    return std::make_pair(Bytes, sourceText(Arg, Ctx));
  }

  /// The name the kernel FD reads E's value by, where E is a variable that
  /// the launch passes to an integer parameter, or a field of one passed to
  /// a struct parameter (`d.ny`: "p.ny" where `p` takes `d`). Copied: the
  /// variable each argument copies.
  static std::optional<std::string>
  parameterOf(const Expr *E, const FunctionDecl *FD,
              const std::vector<const VarDecl *> &Copied) {
    std::string Fields;
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (ME->isArrow() || !F || F->isBitField())
        return std::nullopt;
      Fields = "." + F->getName().str() + Fields;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V)
      return std::nullopt;
    for (size_t I = 0; I < Copied.size(); ++I)
      if (Copied[I] == V) {
        QualType T = FD->getParamDecl(I)->getType();
        if (Fields.empty() ? T->isIntegralOrEnumerationType()
                           : T->isRecordType())
          return FD->getParamDecl(I)->getName().str() + Fields;
      }
    return std::nullopt;
  }

  /// E as X plus a constant (`n + BLOCK - 1`: n and BLOCK - 1).
  std::pair<const Expr *, int64_t> plusConstant(const Expr *E, const Stmt *At) {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || !BO->isAdditiveOp() || !BO->getType()->isIntegerType())
      return {E, 0};
    if (std::optional<int64_t> R = Host.integer(BO->getRHS(), At)) {
      auto [X, K] = plusConstant(BO->getLHS(), At);
      return {X, BO->getOpcode() == BO_Add ? K + *R : K - *R};
    }
    if (std::optional<int64_t> L = Host.integer(BO->getLHS(), At);
        L && BO->getOpcode() == BO_Add) {
      auto [X, K] = plusConstant(BO->getRHS(), At);
      return {X, K + *L};
    }
    return {E, 0};
  }

  /// `(X + C - 1) / C` or `(X - 1) / C + 1`, C a constant: X and C.
  std::optional<std::pair<const Expr *, int64_t>> ceilDivision(const Expr *E,
                                                               const Stmt *At) {
    auto [Quotient, Added] = plusConstant(E, At);
    const auto *Div = dyn_cast<BinaryOperator>(Quotient->IgnoreParenImpCasts());
    if (!Div || Div->getOpcode() != BO_Div || (Added != 0 && Added != 1))
      return std::nullopt;
    std::optional<int64_t> C = Host.integer(Div->getRHS(), At);
    auto [X, K] = plusConstant(Div->getLHS(), At);
    if (!C || *C < 1 || K != (Added ? -1 : *C - 1) || Host.integer(X, At))
      return std::nullopt;
    return std::make_pair(X, *C);
  }

  /// K's launch of FD: its callee, or one its function pointer may hold.
  /// Where the function that launches is called from a few places with
  /// values of their own (`run(32, 4); run(4, 2);`), one launch per call
  /// whose values differ, as the program makes them.
  void collect(const CUDAKernelCallExpr *K, const FunctionDecl *FD) {
    std::optional<LaunchShape> S = shapeOf(K, FD);
    if (!S)
      return;
    auto Launcher = Enclosing.find(K);
    std::vector<LaunchShape> ByCall;
    for (const CallExpr *C : Host.callsWithOwnArguments(
             Launcher == Enclosing.end() ? nullptr : Launcher->second, 4)) {
      HostValues::InCall In(Host, C);
      ByCall.push_back(*shapeOf(K, FD)); // the same grid and block as S's
      ByCall.back().CallLine =
          Ctx.getSourceManager().getExpansionLineNumber(C->getBeginLoc());
    }
    bool Alike = llvm::all_of(ByCall, [&](const LaunchShape &One) {
      return sameLaunch(One, ByCall.front());
    });
    if (ByCall.empty() || Alike)
      return add(FD, *S);
    for (const LaunchShape &One : ByCall)
      add(FD, One);
  }

  static bool sameLaunch(const LaunchShape &Old, const LaunchShape &S) {
    return Old.Block == S.Block && Old.Assumed == S.Assumed &&
           Old.NoArguments == S.NoArguments &&
           Old.DeviceLimits == S.DeviceLimits &&
           Old.ParamValues == S.ParamValues && Old.ParamSame == S.ParamSame &&
           Old.ParamRanges == S.ParamRanges &&
           Old.ParamOffsets == S.ParamOffsets && Old.GridAxes == S.GridAxes &&
           Old.GridParams == S.GridParams && Old.GridCeil == S.GridCeil &&
           Old.BlockParams == S.BlockParams &&
           Old.Grid.has_value() == S.Grid.has_value() &&
           (!S.Grid || *Old.Grid == *S.Grid);
  }

  void add(const FunctionDecl *FD, const LaunchShape &S) {
    auto &List = Shapes[FD->getCanonicalDecl()];
    for (const LaunchShape &Old : List)
      if (sameLaunch(Old, S))
        return;
    List.push_back(S);
  }

  /// The shape K launches FD with, as host code holds it (in a
  /// HostValues::InCall, with that call's arguments in its parameters).
  std::optional<LaunchShape> shapeOf(const CUDAKernelCallExpr *K,
                                     const FunctionDecl *FD) {
    const CallExpr *Config = K->getConfig();
    auto Dims = Config ? gridAndBlock(Config) : std::nullopt;
    if (!Dims)
      return std::nullopt;
    Host.tookNoArguments(); // what came before is another launch's
    Host.tookDeviceLimits();
    std::optional<Dim3> Block = Host.dim3(Dims->second, K);
    LaunchShape S;
    // A block not known here: the launch still gives its arguments, and
    // the shape is assumed, as where there is no launch.
    S.Assumed = !Block || Block->count() > 1024;
    S.Block = S.Assumed ? Dim3{256, 1, 1} : *Block;
    S.Grid = Host.dim3(Dims->first, K);
    const SourceManager &SM = Ctx.getSourceManager();
    S.Source = ShapeSource::Launch;
    S.Line = SM.getExpansionLineNumber(K->getBeginLoc());
    // The variable each argument copies, where it is one.
    std::vector<const VarDecl *> Copied;
    for (unsigned I = 0; I < K->getNumArgs() && I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      Copied.push_back(HostValues::copiedVariable(K->getArg(I)));
      for (unsigned J = 0; J < I && Copied.back(); ++J)
        if (Copied[J] == Copied.back() &&
            FD->getParamDecl(J)->getType().getCanonicalType() ==
                P->getType().getCanonicalType()) {
          S.ParamSame[P->getName().str()] =
              FD->getParamDecl(J)->getName().str();
          break;
        }
      // A struct passed by value: its integer fields, as the kernel names
      // them ("p.width").
      if (const auto *RD = P->getType()->getAsRecordDecl()) {
        for (const FieldDecl *F : RD->fields())
          if (F->getType()->isIntegralOrEnumerationType() && !F->isBitField())
            if (auto V = Host.field(K->getArg(I), int(F->getFieldIndex()), K))
              S.ParamValues[(P->getName() + "." + F->getName()).str()] = *V;
        continue;
      }
      if (P->getType()->isPointerType()) {
        if (auto Off = bytesPast(K->getArg(I), K))
          S.ParamOffsets[P->getName().str()] = *Off;
        continue;
      }
      if (!P->getType()->isIntegralOrEnumerationType())
        continue;
      if (auto V = Host.integer(K->getArg(I), K))
        S.ParamValues[paramKey(FD, I)] = *V;
      else if (auto R = Host.range(K->getArg(I), K))
        S.ParamRanges[P->getName().str()] = *R;
      else if (const auto *DRE =
                   dyn_cast<DeclRefExpr>(K->getArg(I)->IgnoreParenImpCasts());
               DRE && PitchVars.count(DRE->getDecl()))
        S.ParamDivisors[P->getName().str()] = 128;
    }
    // Axes of a grid or a block not known that a parameter's value gives.
    for (int Axis = 0; Axis < 3; ++Axis) {
      if (!S.Grid)
        if (const Expr *Part = Host.dim3Part(Dims->first, Axis, K)) {
          if (std::optional<int64_t> C = Host.integer(Part, K); C && *C >= 1)
            S.GridAxes[Axis] = *C;
          else if (auto Name = parameterOf(Part, FD, Copied))
            S.GridParams[Axis] = *Name;
          else if (auto Ceil = ceilDivision(Part, K))
            if (auto Name = parameterOf(Ceil->first, FD, Copied))
              S.GridCeil[Axis] = {*Name, Ceil->second};
        }
      if (S.Assumed)
        if (const Expr *Part = Host.dim3Part(Dims->second, Axis, K))
          if (auto Name = parameterOf(Part, FD, Copied))
            S.BlockParams[Axis] = *Name;
    }
    S.NoArguments = Host.tookNoArguments();
    S.DeviceLimits = Host.tookDeviceLimits();
    return S;
  }

  ASTContext &Ctx;
  HostValues Host;
  std::set<const ValueDecl *> PitchVars;
  std::vector<const CUDAKernelCallExpr *> Calls;
  /// The function being walked, and the one each launch is in.
  const FunctionDecl *Function = nullptr;
  std::map<const CUDAKernelCallExpr *, const FunctionDecl *> Enclosing;
  /// The kernels calls pass a host function, by the function and the
  /// parameter's index.
  std::map<std::pair<const FunctionDecl *, unsigned>,
           std::set<const FunctionDecl *>>
      KernelArguments;
  std::map<const FunctionDecl *, std::vector<LaunchShape>> Shapes;
};

} // namespace

/// The variable a pointer argument is computed from: `buf`, `buf + n`,
/// `&buf[n]` and `(float *)buf` all point into buf.
const ValueDecl *pointsInto(const Expr *E) {
  for (int Depth = 0; E && Depth < 16; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp())
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else
      return nullptr;
  }
  return nullptr;
}

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
    // Two arguments into one variable's buffer may overlap.
    for (unsigned I = 0; I < K->getNumArgs() && I < FD->getNumParams(); ++I) {
      if (!K->getArg(I)->getType()->isPointerType())
        continue;
      const ValueDecl *A = pointsInto(K->getArg(I));
      for (unsigned J = 0; A && J < K->getNumArgs(); ++J)
        if (I != J && pointsInto(K->getArg(J)) == A) {
          Aliased.insert(FD->getParamDecl(I)->getCanonicalDecl());
          break;
        }
    }
  }
  return {std::move(V.Calls), std::move(V.Shapes), std::move(Aliased),
          findConstantTables(Ctx)};
}

} // namespace cal
