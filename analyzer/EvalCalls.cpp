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
#include "llvm/Support/SaveAndRestore.h"

#include <set>

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
  if (MD &&
      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
    LValue From = evalLValue(Src);
    if (Dst.K == LValue::Memory && From.K == LValue::Memory &&
        localAt(Dst.Address) && localAt(From.Address)) {
      copyObject(Dst.Address, From.Address, To->getType());
      return Value::unknown(UnknownKind::ClassValue);
    }
    load(From, Src->IgnoreParenImpCasts(), Src->getType());
  } else
    eval(Src);
  llvm::SaveAndRestore<const Expr *> InAssignment(Assigning, OC);
  store(Dst, To, To->getType(), Value::unknown(UnknownKind::ClassValue));
  return Value::unknown(UnknownKind::ClassValue);
}

Value KernelEvaluator::opaqueCall(const CallExpr *E, WhyUnknown Why,
                                  bool ObjectDone) {
  // CUDA's own functions and operators read an element passed to them by
  // reference (`__hmul(a[i], b[i])`, `float x = h[i]` through the
  // conversion operator) as a whole.
  const FunctionDecl *FD = E->getDirectCallee();
  bool System = FD && inSystemHeader(FD);
  // A barrier, or a call that may write memory: loaded values may change.
  if (!FD || E->getNumArgs() == 0 ||
      llvm::any_of(E->arguments(), [](const Expr *A) {
        return A->getType()->isPointerType() || A->isGLValue();
      }))
    forgetLoads();
  // A local object the call may write (`memcpy(&bits, ...)`) is not known
  // after it.
  auto Forget = [&](const Value &Address) {
    if (const VarDecl *VD = slotsVar(Address))
      forgetAll(VD, {UnknownKind::ResultOf, 0, FD ? nameOf(FD) : ""});
  };
  // Whether the callee may write through a parameter of type T: a pointer
  // or reference, not to const (memcpy's source is read).
  auto Writes = [&](QualType T) {
    return (T->isPointerType() || T->isReferenceType()) &&
           !T->getPointeeType().isConstQualified();
  };
  // A CUDA or C library function of numbers alone (`sqrtf(n)`, `__shfl_sync`)
  // gives every lane the same result where every lane gives it the same
  // arguments.
  bool Alike =
      System && E->getNumArgs() > 0 && E->getType()->isArithmeticType();
  // A reference parameter the function only reads: `const T &`, or a
  // forwarding `T &&` (`cg::reduce(warp, data[i], op)` loads data[i]).
  auto ReadsThrough = [&](unsigned Param) {
    if (!System || Param >= FD->getNumParams())
      return false;
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    if (!Pattern || Param >= Pattern->getNumParams())
      Pattern = FD;
    QualType T = Pattern->getParamDecl(Param)->getType();
    return T->isRValueReferenceType() ||
           (T->isLValueReferenceType() &&
            T->getPointeeType().isConstQualified());
  };
  WhyUnknown DataWhy;
  auto Consume = [&](const Expr *A, bool MayWrite, bool Reads = false) {
    if (A->isGLValue()) {
      Alike = false;
      LValue LV = evalLValue(A);
      if (System && (A->getType()->isRecordType() ||
                     (Reads && A->getType()->isArithmeticType())))
        load(LV, A->IgnoreParenImpCasts(), A->getType());
      if (LV.K == LValue::Memory && MayWrite)
        Forget(LV.Address);
    } else {
      Value V = eval(A);
      Alike = Alike && A->getType()->isArithmeticType() && !V.MixedVarying &&
              !V.LaneVarying && !varies(V);
      // A library function of numbers (`floor(x)`) of data: the data decide.
      if (System && E->getType()->isArithmeticType() && V.readFromMemory() &&
          DataWhy.empty())
        DataWhy = V.Reason;
      if (MayWrite)
        Forget(V);
    }
  };
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  bool Member = MD && !MD->isStatic();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E); MC && !ObjectDone)
    Consume(MC->getImplicitObjectArgument(), !MD || !MD->isConst());
  // An operator that is a member takes its object as argument 0.
  unsigned Shift = Member && isa<CXXOperatorCallExpr>(E) ? 1 : 0;
  for (unsigned I = ObjectDone && isa<CXXOperatorCallExpr>(E);
       I < E->getNumArgs(); ++I) {
    bool MayWrite = true, Reads = false;
    if (Shift && I == 0)
      MayWrite = !MD->isConst();
    else if (FD && I - Shift < FD->getNumParams()) {
      MayWrite = Writes(FD->getParamDecl(I - Shift)->getType());
      Reads = ReadsThrough(I - Shift);
    }
    Consume(E->getArg(I), MayWrite, Reads);
  }
  Value Result = Value::unknown(DataWhy.empty() ? std::move(Why) : DataWhy);
  Result.LaneVarying = !Alike;
  return Result;
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
  // A product of 24-bit operands is the product where indices fit them.
  if (E->getNumArgs() == 2 && (Name == "__mul24" || Name == "__umul24")) {
    auto [A, B] = twoArguments(E);
    return arith(BO_Mul, A, B, E->getType(), E);
  }
  if (std::optional<Value> V = shuffleCall(E, Name))
    return *V;
  if (std::optional<Value> V = fragmentCall(E, Name))
    return *V;
  if (Name == "__pipeline_memcpy_async" && E->getNumArgs() >= 3) {
    // cuda_pipeline.h's cp.async: a constant size of 4, 8 or 16 bytes.
    Value Dest = eval(E->getArg(0)), Source = eval(E->getArg(1));
    int64_t Bytes = copyBytes(eval(E->getArg(2)));
    for (unsigned I = 3; I < E->getNumArgs(); ++I)
      discard(E->getArg(I));
    asyncCopy(E, Dest, Source, Bytes);
    return Value::unknown(WhyUnknown(UnknownKind::ResultOf, 0, Name.str()));
  }
  if (E->getNumArgs() == 1 && Name == "__cvta_generic_to_shared")
    return convert(sharedWindowAddress(eval(E->getArg(0)),
                                       {UnknownKind::ResultOf, 0, Name.str()}),
                   E->getType());
  if (E->getNumArgs() == 1)
    return bitIntrinsic(E, Name);
  return std::nullopt;
}

std::pair<Value, Value> KernelEvaluator::twoArguments(const CallExpr *E) {
  // A braced list runs its elements in order, the arguments of a call in
  // any: the loads they make are recorded, and symbols numbered, in source
  // order.
  return {convert(eval(E->getArg(0)), E->getType()),
          convert(eval(E->getArg(1)), E->getType())};
}

std::optional<Value> KernelEvaluator::bitIntrinsic(const CallExpr *E,
                                                   StringRef Name) {
  // __popc, __clz, __ffs, __brev and their 64-bit kin of an integer each
  // lane knows, lane by lane.
  bool Wide = Name.ends_with("ll");
  StringRef Op = Wide ? Name.drop_back(2) : Name;
  if (!llvm::is_contained({"__popc", "__clz", "__ffs", "__brev"}, Op))
    return std::nullopt;
  Value A0 = eval(E->getArg(0));
  return perLane(varies(A0), [&](unsigned I) {
    Value A = at(A0, I);
    if (!A.isConstInt())
      return Value::unknown({UnknownKind::ResultOf, 0, Name.str()});
    // The operand's bits, 32 of them where not Wide.
    uint64_t X = uint64_t(A.Offset.constantTerm());
    if (!Wide)
      X = uint32_t(X);
    int64_t R = 0;
    if (Op == "__popc")
      R = llvm::popcount(X);
    else if (Op == "__ffs")
      R = X ? llvm::countr_zero(X) + 1 : 0;
    else if (Op == "__clz")
      R = llvm::countl_zero(X) - (Wide ? 0 : 32);
    else
      R = int64_t(llvm::reverseBits(X) >> (Wide ? 0 : 32));
    Value V = convert(Value::integer(AffineExpr::constant(R)), E->getType());
    V.LaneVarying = A.LaneVarying;
    V.MixedVarying = A.MixedVarying;
    return V;
  });
}

std::optional<Value> KernelEvaluator::chosenArgument(const CallExpr *E) {
  const FunctionDecl *FD = E->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->getIdentifier() || E->getNumArgs() != 2 ||
      !FD->getReturnType()->isReferenceType() ||
      (FD->hasBody(Def) && !inSystemHeader(Def)))
    return std::nullopt;
  StringRef Name = FD->getName();
  if (Name != "min" && Name != "max")
    return std::nullopt;
  // In source order, as twoArguments.
  const Expr *A = E->getArg(0), *B = E->getArg(1);
  Value VA = load(evalLValue(A), A->IgnoreParens(), A->getType());
  Value VB = load(evalLValue(B), B->IgnoreParens(), B->getType());
  if (!E->getType()->isIntegralOrEnumerationType())
    return derivedUnknown(at(UnknownKind::NonInteger, E), {&VA, &VB});
  return minMax(E, Name == "min", convert(VA, E->getType()),
                convert(VB, E->getType()));
}

Value KernelEvaluator::minMax(const CallExpr *E, bool Min, Value A0, Value B0) {
  // Alike in every lane of a warp (`max(c - 2, 0)`, c a warp's channel): an
  // opaque symbol that the warp's lanes share, as arithLane gives them.
  // Lanes evaluated one at a time know no warp (nothing varies there), only
  // values no lane changes (`min(m, 68)`, m an argument). A value with no
  // lane symbol is alike by its flag in both modes, as a lane alone sees it
  // (`threadIdx.z * threadIdx.x` of a 256x1x1 block: 0, derived from
  // threadIdx; a fuzzer finding).
  auto Alike = [&](const Value &V) {
    return V.K == Value::Int && (varies(V) ? sharedByWarp(V) : !V.LaneVarying);
  };
  bool Shared = Alike(A0) && Alike(B0);
  // Each lane's side where its guards decide it, or the edge does: a warp's
  // row too (`max(blockIdx.y - 1, 0)`), which the opaque symbol would hide.
  if (std::optional<Value> Kept = edgeClamp(E, Min, A0, B0))
    return *Kept;
  if (Min && !Shared) {
    if (clampsToSize(A0, B0, E))
      return A0;
    if (clampsToSize(B0, A0, E))
      return B0;
  }
  return perLane(varies(A0) || varies(B0), [&](unsigned I) {
    Value A = at(A0, I), B = at(B0, I);
    if (A.isConstInt() && B.isConstInt()) {
      // Lane-varying as its arguments are, as arithLane's results are (a
      // fuzzer finding: `max(558, c) << c` was an opaque symbol together
      // and non-linear one lane at a time).
      int64_t a = A.Offset.constantTerm(), b = B.Offset.constantTerm();
      Value R = Value::integer(
          AffineExpr::constant(Min ? std::min(a, b) : std::max(a, b)));
      R.LaneVarying = A.LaneVarying || B.LaneVarying;
      R.MixedVarying = A.MixedVarying || B.MixedVarying;
      return R;
    }
    if (A.sameAs(B))
      return A;
    if (!Shared)
      return Value::unknown(at(UnknownKind::MinMaxNotKnown, E));
    auto Name = [&](SymbolId S) { return Syms.name(S); };
    SymbolId Opaque =
        Syms.get(std::string(Min ? "min(" : "max(") + A.Offset.print(Name) +
                 ", " + B.Offset.print(Name) + ")");
    Syms.inheritPremises(Opaque, A.Offset);
    Syms.inheritPremises(Opaque, B.Offset);
    return Value::invariant(AffineExpr::symbol(Opaque));
  });
}

const FunctionDecl *KernelEvaluator::namedFunction(const Expr *E) {
  // The function a pointer names where the code says which: `f`, `&f`,
  // `*f`, a template argument, or a parameter given one of those
  // (`scan(..., ScanFull<4>)` calling `(*Variant)(...)`).
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return namedFunction(S->getReplacement());
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref))
    return namedFunction(UO->getSubExpr());
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
    return FD;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  const auto &Bound = Frames.back().Functions;
  auto It = VD ? Bound.find(VD) : Bound.end();
  return It == Bound.end() ? nullptr : It->second;
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

/// The object a method is called on: `o` of `o.f()` or `o[i]`, `p` of
/// `p->f()`.
static const Expr *objectExpr(const CallExpr *E) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return MC->getImplicitObjectArgument();
  if (isa<CXXOperatorCallExpr>(E))
    return E->getArg(0);
  return nullptr;
}

std::optional<KernelEvaluator::ParamPath>
KernelEvaluator::objectOf(const CallExpr *E) {
  // A method is followed where its object is a kernel's struct parameter
  // (a tensor or accessor passed by value): its fields are known there.
  const Expr *Obj = objectExpr(E);
  if (!Obj)
    return std::nullopt;
  return paramPath(Obj);
}

std::optional<Value> KernelEvaluator::objectAddress(const CallExpr *E) {
  // A method on an object in memory or in the lane's registers: `this` is
  // its address.
  const Expr *Obj = objectExpr(E);
  if (!Obj)
    return std::nullopt;
  Value Address;
  if (Obj->getType()->isPointerType())
    Address = eval(Obj);
  else if (LValue LV = evalLValue(Obj); LV.K == LValue::Memory)
    Address = LV.Address;
  if (Address.K != Value::Pointer)
    return std::nullopt;
  return Address;
}

Value KernelEvaluator::evalCall(const CallExpr *E) {
  // Only this call returns into the object; calls in its arguments do not.
  std::optional<Value> ResultAt = std::exchange(ResultFor, std::nullopt);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (std::optional<Value> V = elementAssignment(OC))
      return *V;
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD && E->getCallee()->getType()->isFunctionPointerType())
    FD = namedFunction(E->getCallee());
  if (!FD) {
    // A call through a pointer reads it as any value is read: from a table
    // in memory (`table[i](args)`), a load. The callee is not followed.
    // Not a call clang could not resolve (code with errors).
    if (E->getCallee()->getType()->isFunctionPointerType()) {
      eval(E->getCallee());
      Indirect.insert(lineOf(E));
    }
    return opaqueCall(E, at(UnknownKind::IndirectCall, E));
  }
  // A user's own function of an intrinsic's name (atomicMax for doubles) is
  // followed as any other.
  const FunctionDecl *Def = nullptr;
  bool UserDefined = FD->hasBody(Def) && !inSystemHeader(Def);
  if (FD->getIdentifier()) {
    StringRef Name = FD->getName();
    if (!UserDefined) {
      if (std::optional<Value> V = intrinsicCall(E, Name))
        return *V;
      if (std::optional<Value> V = trigTableCall(E, Name))
        return *V;
      if (std::optional<Value> V = groupCall(E))
        return *V;
    }
    if (E->getNumArgs() == 2 && E->getType()->isIntegralOrEnumerationType() &&
        (Name.ends_with("min") || Name.ends_with("max"))) {
      auto [A, B] = twoArguments(E);
      return minMax(E, Name.ends_with("min"), std::move(A), std::move(B));
    }
  }
  const Closure *Lambda = calledLambda(E, FD);
  std::optional<ParamPath> This;
  std::optional<Value> Object;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Def);
  bool Member = Method && !Method->isStatic() && !Lambda;
  if (Member && UserDefined && !(This = objectOf(E)))
    Object = objectAddress(E);
  bool ObjectDone = Member && UserDefined && !This; // evaluated already
  if (!UserDefined || (Member && !This && !Object)) {
    Value V = opaqueCall(E, {UnknownKind::ResultOf, 0, nameOf(FD)}, ObjectDone);
    // The device runtime may write any memory: nvcc loads again after it
    // (`printf(..., devData); devData += 2;`, measured two loads).
    if (FD->getIdentifier() && deviceRuntimeCall(FD->getName()))
      forgetLoads();
    return V;
  }
  if (int(Frames.size()) > Limits.MaxCallDepth) {
    CallsCut = true;
    return opaqueCall(
        E, {UnknownKind::CallsTooDeep, 0, {}, Limits.MaxCallDepth}, ObjectDone);
  }
  return followCall(E, FD, Def, Lambda, std::move(This), std::move(Object),
                    std::move(ResultAt));
}

void KernelEvaluator::bindArguments(Frame &Callee, const FunctionDecl *Def,
                                    llvm::ArrayRef<const Expr *> Args) {
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *A = Args[I];
    QualType PT = P->getType();
    noteGroup(Callee, P, A);
    if (PT->isFunctionPointerType())
      if (const FunctionDecl *Named = namedFunction(A))
        Callee.Functions[P] = Named;
    std::optional<ParamPath> Path;
    if (PT.getNonReferenceType()->isRecordType() &&
        (!PT->isReferenceType() || PT.getNonReferenceType().isConstQualified()))
      if ((Path = paramPath(A)))
        Callee.Structs[P] = *Path;
    if (PT->isReferenceType())
      Callee.Refs[P] = evalLValue(A);
    else if (heldInSlots(P)) {
      // Built in the caller's slots, then handed to the callee.
      if (!Path)
        initObject(Value::pointer(P, MemSpace::Local, AffineExpr::constant(0)),
                   PT, A);
      moveSlots(Callee.Locals, locals(), P);
      llvm::erase(Frames.back().Borrowed, P); // built here, the callee's
    } else
      Callee.Locals[P] = held(eval(A), PT, P, true);
  }
}

KernelEvaluator::Frame
KernelEvaluator::runFrame(Frame Callee, llvm::function_ref<void()> Body) {
  // What the call may write of the caller's locals comes in with it, so
  // that its branches merge it as its own; what it only reads stays.
  for (const VarDecl *V : writtenLocals(Callee)) {
    moveSlots(Callee.Locals, envOf(V, true), V);
    Callee.Borrowed.push_back(V);
  }
  LaneMask Caller = Active;
  DecidedLanes CallerLanes = LanesDecided; // lanes that returned go on
  Frames.push_back(std::move(Callee));
  Around.push_back(nullptr);
  size_t CallerFacts = Facts.size(); // a callee's guards end with it
  Body();
  Facts.truncate(CallerFacts);
  Around.pop_back();
  LanesDecided = CallerLanes;
  Frame Done = std::move(Frames.back());
  Frames.pop_back();
  Active = Caller; // lanes that returned go on in the caller
  // The caller's locals that the call wrote go back, as they were left.
  for (const VarDecl *V : Done.Borrowed) {
    moveSlots(locals(), Done.Locals, V);
    Frame &F = Frames.back();
    if (V->getDeclContext() != F.Function && !llvm::is_contained(F.Borrowed, V))
      F.Borrowed.push_back(V);
  }
  // An object returned by value: what each group of lanes returned.
  if (auto Result = Done.ResultAt ? localAt(*Done.ResultAt) : std::nullopt;
      Result && !Done.ResultObjects.empty()) {
    Env &E = envOf(Result->first, true);
    auto &Ways = Done.ResultObjects;
    if (Ways.size() == 1 && Ways[0].first == Active) {
      for (auto &[S, V] : Ways[0].second)
        E[S] = std::move(V);
    } else {
      std::set<Slot> Slots;
      for (auto &Way : Ways)
        for (auto &Entry : Way.second)
          Slots.insert(Entry.first);
      LaneMask All(unsigned(Lanes.size()), true);
      for (const Slot &S : Slots) {
        Value None =
            Value::unknown({UnknownKind::NotKnown, 0, S.Var->getName().str()});
        std::vector<std::pair<const LaneMask *, Value>> Parts;
        for (auto &[M, Objects] : Ways) {
          auto It = Objects.find(S);
          Parts.push_back({&M, It == Objects.end() ? None : It->second});
        }
        Parts.push_back({&All, None});
        E[S] = select(Parts);
      }
    }
  }
  return Done;
}

Value KernelEvaluator::followCall(const CallExpr *E, const FunctionDecl *FD,
                                  const FunctionDecl *Def,
                                  const Closure *Lambda,
                                  std::optional<ParamPath> This,
                                  std::optional<Value> Object,
                                  std::optional<Value> ResultAt) {
  Frame Callee{Def, {}, {}, {}, LaneMask(unsigned(Lanes.size())), {}};
  Callee.Call = E;
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
  // An operator's object is its first argument, not a parameter.
  unsigned Skip =
      Lambda || ((This || Object) && isa<CXXOperatorCallExpr>(E)) ? 1 : 0;
  Callee.This = std::move(This);
  Callee.Object = std::move(Object);
  Callee.ResultAt = std::move(ResultAt);
  bindArguments(Callee, Def,
                llvm::ArrayRef(E->getArgs(), E->getNumArgs()).drop_front(Skip));
  Frame Done = runFrame(std::move(Callee), [&] { exec(Def->getBody()); });
  for (const VarDecl *V : ByRef) // what the lambda wrote, the caller sees
    locals()[V] = Done.Locals[V];
  return resultOf(Done, FD);
}

} // namespace cal
