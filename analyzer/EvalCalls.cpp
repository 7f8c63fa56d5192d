//===- EvalCalls.cpp - The evaluator's calls: intrinsics, helpers, lambdas ===//
//
// Calls followed into the user's functions; intrinsics that access memory
// or compute integers; the rest opaque, their arguments still evaluated.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"
#include "analyzer/MemoryIntrinsics.h"
#include "analyzer/NameOf.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cal {

Value KernelEvaluator::mulHigh(const CallExpr *E, StringRef Name) {
  // The high half of the full product, as the fast divisions of real code
  // use it (`__umulhi(i, magic) >> shift` for i / d).
  Value A0 = eval(E->getArg(0)), B0 = eval(E->getArg(1));
  bool Wide = Name.contains("64"), Signed = !Name.starts_with("__u");
  return perLane(varies(A0) || varies(B0), [&](unsigned I) {
    Value A = at(A0, I), B = at(B0, I);
    if (!A.isConstInt() || !B.isConstInt()) {
      BlockDecidesIndex |= A.K == Value::Int && B.K == Value::Int &&
                           onlyBlockSymbols(A.Offset) &&
                           onlyBlockSymbols(B.Offset);
      return Value::unknown({UnknownKind::ResultOf, 0, Name.str()});
    }
    unsigned Bits = Wide ? 64 : 32;
    llvm::APInt X(Bits, uint64_t(A.Offset.constantTerm()), Signed, true);
    llvm::APInt Y(Bits, uint64_t(B.Offset.constantTerm()), Signed, true);
    llvm::APInt High =
        Signed ? llvm::APIntOps::mulhs(X, Y) : llvm::APIntOps::mulhu(X, Y);
    return Value::integer(AffineExpr::constant(
        Signed ? High.getSExtValue() : int64_t(High.getZExtValue())));
  });
}

std::optional<Value>
KernelEvaluator::elementAssignment(const CXXOperatorCallExpr *OC) {
  const FunctionDecl *Op = OC->getDirectCallee();
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Op);
  // An element's assignment is one store of the element: a trivial one,
  // or one of CUDA's own types (`half2`, `__nv_bfloat16 = float`, `+=`),
  // whose bodies move the bits as a whole.
  bool Whole = Op && (Op->isTrivial() || inSystemHeader(Op));
  if (!OC->isAssignmentOp() || OC->getNumArgs() != 2 || !Whole)
    return std::nullopt;
  const Expr *To = OC->getArg(0)->IgnoreParens(), *Src = OC->getArg(1);
  LValue Dst = evalLValue(To);
  if (OC->getOperator() != OO_Equal) // `b[i] += x`: read, then written
    load(Dst, To, To->getType());
  if (MD && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()))
    load(evalLValue(Src), Src->IgnoreParenImpCasts(), Src->getType());
  else
    eval(Src);
  store(Dst, To, To->getType(), Value::unknown(UnknownKind::ClassValue));
  return Value::unknown(UnknownKind::ClassValue);
}

Value KernelEvaluator::opaqueCall(const CallExpr *E, WhyUnknown Why) {
  // CUDA's own functions and operators read an element passed to them by
  // reference (`__hmul(a[i], b[i])`, `float x = h[i]` through the
  // conversion operator) as a whole.
  const FunctionDecl *FD = E->getDirectCallee();
  bool System = FD && inSystemHeader(FD);
  auto Consume = [&](const Expr *A) {
    if (System && A->isGLValue() && A->getType()->isRecordType())
      load(evalLValue(A), A->IgnoreParenImpCasts(), A->getType());
    else
      discard(A);
  };
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    Consume(MC->getImplicitObjectArgument());
  for (const Expr *A : E->arguments())
    Consume(A);
  return Value::unknown(std::move(Why));
}

std::optional<Value> KernelEvaluator::intrinsicCall(const CallExpr *E,
                                                    StringRef Name) {
  if (E->getNumArgs() >= 1)
    if (std::optional<AccessOp> Op = intrinsicAccess(Name)) {
      const Expr *Ptr = E->getArg(0);
      QualType PT = pointee(Ptr->getType());
      Value Address = eval(Ptr);
      for (unsigned I = 1; I < E->getNumArgs(); ++I)
        discard(E->getArg(I));
      int Cas = *Op == AccessOp::Atomic && Address.Space == MemSpace::Shared
                    ? sharedCasLoopBytes(Name, PT->isRealFloatingType(),
                                         int(sizeOf(PT)))
                    : 0;
      if (Cas) // the loop's first load; one trip where lanes do not collide
        access(E, AccessOp::Load, PT, Address);
      access(E, *Op, PT, Address, Cas);
      return Value::unknown(loaded(Address.Space, E));
    }
  if (E->getNumArgs() == 2 &&
      llvm::is_contained({"__umulhi", "__mulhi", "__umul64hi", "__mul64hi"},
                         Name))
    return mulHigh(E, Name);
  return std::nullopt;
}

Value KernelEvaluator::minMax(const CallExpr *E, bool Min) {
  Value A0 = convert(eval(E->getArg(0)), E->getType());
  Value B0 = convert(eval(E->getArg(1)), E->getType());
  return perLane(varies(A0) || varies(B0), [&](unsigned I) {
    Value A = at(A0, I), B = at(B0, I);
    if (A.isConstInt() && B.isConstInt()) {
      int64_t a = A.Offset.constantTerm(), b = B.Offset.constantTerm();
      return Value::integer(
          AffineExpr::constant(Min ? std::min(a, b) : std::max(a, b)));
    }
    if (A.sameAs(B))
      return A;
    return Value::unknown(at(UnknownKind::MinMaxNotKnown, E));
  });
}

const KernelEvaluator::Closure *
KernelEvaluator::calledLambda(const CallExpr *E, const FunctionDecl *FD) {
  // A lambda declared in the kernel, called: its body with what it
  // captured.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda() && isa<CXXOperatorCallExpr>(E))
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(E->getArg(0)->IgnoreParenImpCasts()))
      if (auto It = Closures.find(dyn_cast<VarDecl>(DRE->getDecl()));
          It != Closures.end())
        return &It->second;
  return nullptr;
}

std::optional<KernelEvaluator::ParamPath>
KernelEvaluator::objectOf(const CallExpr *E) {
  // A method is followed where its object is a kernel's struct parameter
  // (a tensor or accessor passed by value): its fields are known there.
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    Obj = MC->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(E))
    Obj = E->getArg(0);
  if (!Obj)
    return std::nullopt;
  return paramPath(Obj);
}

Value KernelEvaluator::evalCall(const CallExpr *E) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (std::optional<Value> V = elementAssignment(OC))
      return *V;
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD)
    return opaqueCall(E, at(UnknownKind::IndirectCall, E));
  // A user's own function of an intrinsic's name (atomicMax for doubles) is
  // followed as any other.
  const FunctionDecl *Def = nullptr;
  bool UserDefined = FD->hasBody(Def) && !inSystemHeader(Def);
  if (FD->getIdentifier()) {
    StringRef Name = FD->getName();
    if (!UserDefined)
      if (std::optional<Value> V = intrinsicCall(E, Name))
        return *V;
    if (E->getNumArgs() == 2 && E->getType()->isIntegralOrEnumerationType() &&
        (Name.ends_with("min") || Name.ends_with("max")))
      return minMax(E, Name.ends_with("min"));
  }
  const Closure *Lambda = calledLambda(E, FD);
  std::optional<ParamPath> This;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Def);
  bool Member = Method && !Method->isStatic() && !Lambda;
  if (Member)
    This = objectOf(E);
  if (!UserDefined || (Member && !This))
    return opaqueCall(E, {UnknownKind::ResultOf, 0, nameOf(FD)});
  if (int(Frames.size()) > Limits.MaxCallDepth) {
    CallsCut = true;
    return opaqueCall(E,
                      {UnknownKind::CallsTooDeep, 0, {}, Limits.MaxCallDepth});
  }
  return followCall(E, FD, Def, Lambda, std::move(This));
}

Value KernelEvaluator::followCall(const CallExpr *E, const FunctionDecl *FD,
                                  const FunctionDecl *Def,
                                  const Closure *Lambda,
                                  std::optional<ParamPath> This) {
  Frame Callee{Def, {}, {}, {}, LaneMask(unsigned(Lanes.size())), {}};
  std::vector<const VarDecl *> ByRef;
  if (Lambda) {
    Callee.Locals = Lambda->ByCopy;
    for (const LambdaCapture &Cap : Lambda->Lambda->captures())
      if (Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(Cap.getCapturedVar()))
          if (auto It = locals().find(V); It != locals().end()) {
            Callee.Locals[V] = It->second;
            ByRef.push_back(V);
          }
  }
  Callee.This = std::move(This);
  // An operator's object is its first argument, not a parameter.
  unsigned Skip =
      Lambda || (Callee.This && isa<CXXOperatorCallExpr>(E)) ? 1 : 0;
  for (unsigned I = 0; I + Skip < E->getNumArgs() && I < Def->getNumParams();
       ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *A = E->getArg(I + Skip);
    QualType PT = P->getType();
    if (PT.getNonReferenceType()->isRecordType() &&
        (!PT->isReferenceType() || PT.getNonReferenceType().isConstQualified()))
      if (std::optional<ParamPath> Path = paramPath(A))
        Callee.Structs[P] = std::move(*Path);
    if (PT->isReferenceType())
      Callee.Refs[P] = evalLValue(A);
    else
      Callee.Locals[P] = held(eval(A), PT, P, true);
  }
  LaneMask Caller = Active;
  WhyUnknown CallerLanes = LanesDecidedBy; // lanes that returned go on
  Frames.push_back(std::move(Callee));
  Around.push_back(nullptr);
  exec(Def->getBody());
  Around.pop_back();
  LanesDecidedBy = CallerLanes;
  Frame Done = std::move(Frames.back());
  Frames.pop_back();
  Active = Caller;               // lanes that returned go on in the caller
  for (const VarDecl *V : ByRef) // what the lambda wrote, the caller sees
    locals()[V] = Done.Locals[V];
  return resultOf(Done, FD);
}

} // namespace cal
