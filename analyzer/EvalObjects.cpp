//===- EvalObjects.cpp - Local structs and arrays, scalar by scalar -------===//
//
// A local struct or array lives in the lane's registers: each scalar stored
// into it at a constant offset is a slot of its own, followed as a local
// variable is (through branches, loops and calls), so that `View v{p, n};
// v.p[i]`, a method called on a local object and `float a[4]` unrolled give
// the values they hold. An offset not known forgets the whole object. A
// call that may write a caller's object (a non-const method, a non-const
// reference) takes its slots into its own frame and gives them back; one
// that only reads them reads them where they are.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"
#include "analyzer/NameOf.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"

#include <functional>

using namespace clang;

namespace cal {

bool KernelEvaluator::heldInSlots(const VarDecl *VD) {
  // A kernel's struct parameters are followed field by field by name
  // (paramPath), the same in every lane.
  if (const auto *F = dyn_cast<FunctionDecl>(VD->getDeclContext());
      F && isa<ParmVarDecl>(VD) && F->hasAttr<CUDAGlobalAttr>())
    return false;
  QualType T = VD->getType();
  if (const auto *RD = T->getAsCXXRecordDecl(); RD && RD->isLambda())
    return false; // a closure: what it captured (Closures)
  return !T->isReferenceType() && !VD->hasGlobalStorage() &&
         !VD->hasAttr<CUDASharedAttr>() &&
         (T->isRecordType() || T->isConstantArrayType());
}

const VarDecl *KernelEvaluator::slotsVar(const Value &V) {
  const auto *VD = dyn_cast_or_null<VarDecl>(V.Base);
  return V.K == Value::Pointer && V.Space == MemSpace::Local && VD &&
                 heldInSlots(VD)
             ? VD
             : nullptr;
}

std::optional<std::pair<const VarDecl *, int64_t>>
KernelEvaluator::localAt(const Value &V) const {
  const VarDecl *VD = slotsVar(V);
  if (!VD || !V.Offset.isConstant())
    return std::nullopt;
  return std::make_pair(VD, V.Offset.constantTerm());
}

void KernelEvaluator::forgetAll(const VarDecl *Var, const WhyUnknown &Why) {
  Env &E = envOf(Var, true);
  forget(E, Var, 0, INT64_MAX / 2, Why);
  E[Slot(Var)] = Value::unknown(Why);
}

void KernelEvaluator::forget(Env &E, const VarDecl *Var, int64_t Off, int64_t N,
                             const WhyUnknown &Why) {
  // A scalar is at most MaxScalarBytes long: one that starts further
  // before Off ends before it.
  for (auto It = E.lower_bound(
           Slot(Var, std::max<int64_t>(0, Off - MaxScalarBytes), 0));
       It != E.end() && It->first.Var == Var && It->first.Offset < Off + N;
       ++It) {
    const Slot &S = It->first;
    if (Off < S.Offset + S.Bytes)
      It->second = Value::unknown(Why);
  }
}

Value KernelEvaluator::loadSlot(const VarDecl *Var, int64_t Off, QualType T) {
  if (T->isRecordType() || T->isArrayType())
    return Value::unknown(UnknownKind::ClassValue);
  Env &E = envOf(Var, false);
  auto It = E.find(Slot(Var, Off, sizeOf(T)));
  if (It != E.end())
    return readSlot(It->second);
  // Why the whole object is not known, where it was lost as a whole.
  if (It = E.find(Slot(Var)); It != E.end())
    return readSlot(It->second);
  if (Var->getType()->isArrayType())
    return Value::unknown(UnknownKind::LocalArrayValue);
  return Value::unknown({UnknownKind::NotKnown, 0, Var->getName().str()});
}

void KernelEvaluator::storeSlot(const VarDecl *Var, int64_t Off, QualType T,
                                const Value &V) {
  int64_t N = sizeOf(T);
  Value Held = held(V, T, Var, false);
  Env &E = envOf(Var, true);
  forget(E, Var, Off, N, {UnknownKind::NotKnown, 0, Var->getName().str()});
  if (!T->isRecordType() && !T->isArrayType() && N > 0)
    E[Slot(Var, Off, N)] = std::move(Held);
}

std::optional<Value> KernelEvaluator::parameterValue(const ParamPath &Path) {
  std::string Name = Path.Param->getName().str();
  for (const FieldDecl *FD : Path.Fields)
    Name += "." + nameOf(FD);
  const FieldDecl *Last = Path.Fields.back();
  QualType T = Last->getType();
  if (T->isPointerType())
    return Value::pointer(Last, MemSpace::Global, AffineExpr::constant(0));
  if (T->isIntegralOrEnumerationType())
    return convert(integerParameter(Name), T);
  return std::nullopt;
}

void KernelEvaluator::copyParameter(const Value &Dest, const ParamPath &Path,
                                    const RecordDecl *RD) {
  auto Local = localAt(Dest);
  if (!Local || !RD->getDefinition())
    return;
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isBitField())
      continue;
    ParamPath Field = Path;
    Field.Fields.push_back(FD);
    Value At = Dest.plus(fieldBytes(FD));
    if (const RecordDecl *Inner = FD->getType()->getAsRecordDecl())
      copyParameter(At, Field, Inner);
    else if (std::optional<Value> V = parameterValue(Field))
      storeSlot(Local->first, At.Offset.constantTerm(), FD->getType(), *V);
  }
}

void KernelEvaluator::copyObject(const Value &Dest, const Value &Src,
                                 QualType T) {
  auto To = localAt(Dest);
  if (!To)
    return;
  int64_t N = sizeOf(T);
  WhyUnknown Why(UnknownKind::NotKnown, 0, To->first->getName().str());
  auto From = localAt(Src);
  // The whole object copied: why its source is not known, where it is not.
  auto Whole = [&](const VarDecl *Var, int64_t Off) {
    return Off == 0 && N >= sizeOf(Var->getType());
  };
  bool Entire =
      From && Whole(To->first, To->second) && Whole(From->first, From->second);
  // Read before the destination is written: the two may overlap.
  std::vector<std::pair<Slot, Value>> Copied;
  std::optional<Value> WhyNot;
  if (From) {
    Env &S = envOf(From->first, false);
    for (auto It = S.lower_bound(Slot(From->first, INT64_MIN, 0));
         It != S.end() && It->first.Var == From->first; ++It) {
      const Slot &K = It->first;
      if (K.Offset < 0) {
        if (Entire)
          WhyNot = It->second;
      } else if (K.Offset >= From->second &&
                 K.Offset + K.Bytes <= From->second + N)
        Copied.push_back(
            {Slot(To->first, K.Offset - From->second + To->second, K.Bytes),
             It->second});
    }
  }
  Env &E = envOf(To->first, true);
  forget(E, To->first, To->second, N, Why);
  for (auto &[K, V] : Copied)
    E[K] = std::move(V);
  if (Entire) {
    if (WhyNot)
      E[Slot(To->first)] = std::move(*WhyNot);
    else
      E.erase(Slot(To->first));
  }
}

void KernelEvaluator::fill(const Value &Dest, QualType T, const Value &V,
                           int &Budget, const Value *From, const Expr *Site,
                           const std::string &Part) {
  auto Local = localAt(Dest);
  if (!Local || --Budget < 0)
    return;
  // The scalar's name in the loaded object (".start", "[2]"), only where
  // one is loaded.
  auto Inner = [&](int64_t Bytes, QualType PT,
                   llvm::function_ref<std::string()> Name) {
    if (!From)
      return fill(Dest.plus(Bytes), PT, V, Budget);
    Value PartFrom = From->plus(Bytes);
    fill(Dest.plus(Bytes), PT, V, Budget, &PartFrom, Site, Part + Name());
  };
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    int64_t Size = sizeOf(AT->getElementType());
    for (uint64_t I = 0; I < AT->getSize().getZExtValue(); ++I)
      Inner(int64_t(I) * Size, AT->getElementType(),
            [&] { return "[" + std::to_string(I) + "]"; });
  } else if (const RecordDecl *RD = T->getAsRecordDecl()) {
    if (!RD->getDefinition())
      return;
    for (const FieldDecl *FD : RD->fields())
      if (!FD->isBitField())
        Inner(fieldBytes(FD), FD->getType(), [&] { return "." + nameOf(FD); });
  } else
    storeSlot(Local->first, Local->second, T,
              From ? loadedValue(*From, T, Site, Part) : V);
}

void KernelEvaluator::copyFrom(const Value &Dest, QualType T, const Expr *Src) {
  LValue From = evalLValue(Src);
  if (From.K == LValue::Memory && localAt(From.Address))
    return copyObject(Dest, From.Address, T);
  // A load of the whole object: each of its scalars is what was loaded,
  // alike in lanes that read one address.
  const Expr *Site = Src->IgnoreParenImpCasts();
  Value Loaded = load(From, Site, T);
  copyObject(Dest, Value(), T);
  int Budget = MaxFilledScalars;
  bool Memory =
      From.K == LValue::Memory && From.Address.Space != MemSpace::Local;
  fill(Dest, T, Loaded, Budget, Memory ? &From.Address : nullptr, Site);
}

void KernelEvaluator::construct(const Value &Dest, const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const FunctionDecl *Def = nullptr;
  if (Ctor && CE->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor() &&
      (Ctor->isTrivial() || inSystemHeader(Ctor))) {
    // A copy (CUDA's own types copy their bits): of a local's slots, of a
    // kernel parameter's fields, or of memory (a load of the whole object).
    const Expr *Src = CE->getArg(0);
    if (std::optional<ParamPath> Path = paramPath(Src)) {
      if (const RecordDecl *RD = CE->getType()->getAsRecordDecl()) {
        copyObject(Dest, Value(), CE->getType());
        copyParameter(Dest, *Path, RD);
        return;
      }
    }
    return copyFrom(Dest, CE->getType(), Src);
  }
  copyObject(Dest, Value(), CE->getType()); // what was there is gone
  if (!Ctor || Ctor->isTrivial() || !Ctor->hasBody(Def) ||
      inSystemHeader(Def) || int(Frames.size()) > Limits.MaxCallDepth) {
    eval(CE); // its arguments, as any value of class type
    return;
  }
  // A constructor followed: its members' initializers, then its body.
  Frame Callee{Def, {}, {}, {}, LaneMask(unsigned(Lanes.size())), {}};
  Callee.Call = CE;
  Callee.Object = Dest;
  bindArguments(Callee, Def, llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()));
  const auto *CD = cast<CXXConstructorDecl>(Def);
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(CD->getParent());
  runFrame(std::move(Callee), [&] {
    for (const CXXCtorInitializer *Init : CD->inits()) {
      if (!Init->getInit())
        continue;
      if (const Type *Base = Init->getBaseClass()) {
        if (const auto *BD = Base->getAsCXXRecordDecl();
            BD && !Init->isBaseVirtual())
          initObject(Dest.plus(Layout.getBaseClassOffset(BD).getQuantity()),
                     QualType(Base, 0), Init->getInit());
        continue;
      }
      // A member, also of an anonymous struct or union.
      const ValueDecl *Member = Init->getIndirectMember();
      if (!Member)
        Member = Init->getMember();
      const FieldDecl *FD = Init->getAnyMember();
      if (Member && FD && !FD->isBitField())
        initObject(Dest.plus(fieldBytes(Member)), FD->getType(),
                   Init->getInit());
    }
    exec(Def->getBody());
  });
}

void KernelEvaluator::initObject(const Value &Dest, QualType T,
                                 const Expr *Init) {
  if (!Init)
    return;
  Init = Init->IgnoreParens();
  if (const auto *Cl = dyn_cast<ExprWithCleanups>(Init))
    return initObject(Dest, T, Cl->getSubExpr());
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Init))
    return initObject(Dest, T, MT->getSubExpr());
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Init))
    return initObject(Dest, T, BT->getSubExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(Init))
    return initObject(Dest, T, DI->getExpr());
  // `View{p, n}`; `Ref(p)`, a constructor called as a functional cast.
  if (const auto *CE = dyn_cast<CastExpr>(Init);
      CE && T->isRecordType() &&
      (CE->getCastKind() == CK_NoOp ||
       CE->getCastKind() == CK_ConstructorConversion))
    return initObject(Dest, T, CE->getSubExpr());
  auto Local = localAt(Dest);
  if (!Local)
    return discard(Init);
  if (!T->isRecordType() && !T->isArrayType())
    return storeSlot(Local->first, Local->second, T, eval(Init));
  if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
    copyObject(Dest, Value(), T); // members not listed are zero: not kept
    if (IL->isTransparent())
      return initObject(Dest, T, IL->getInit(0));
    if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
      QualType Elem = AT->getElementType();
      int64_t Size = sizeOf(Elem);
      for (unsigned I = 0; I < IL->getNumInits(); ++I)
        initObject(Dest.plus(int64_t(I) * Size), Elem, IL->getInit(I));
      return;
    }
    const RecordDecl *RD = T->getAsRecordDecl();
    if (!RD || !RD->getDefinition()) {
      for (const Expr *E : IL->inits())
        discard(E);
      return;
    }
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
    unsigned I = 0;
    if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD))
      for (const CXXBaseSpecifier &B : CXX->bases()) {
        if (I >= IL->getNumInits())
          break;
        const auto *BD = B.getType()->getAsCXXRecordDecl();
        initObject(Dest.plus(BD && !B.isVirtual()
                                 ? Layout.getBaseClassOffset(BD).getQuantity()
                                 : 0),
                   B.getType(), IL->getInit(I++));
      }
    if (const FieldDecl *Active = IL->getInitializedFieldInUnion();
        Active && I < IL->getNumInits())
      return initObject(Dest.plus(fieldBytes(Active)), Active->getType(),
                        IL->getInit(I));
    for (const FieldDecl *FD : RD->fields()) {
      if (I >= IL->getNumInits())
        break;
      const Expr *E = IL->getInit(I++);
      if (FD->isBitField()) {
        discard(E);
        continue;
      }
      initObject(Dest.plus(fieldBytes(FD)), FD->getType(), E);
    }
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init))
    return construct(Dest, CE);
  if (const auto *Call = dyn_cast<CallExpr>(Init);
      Call && Call->getType()->isRecordType()) {
    // Returned by value into the object: the callee's return statements
    // initialize it (copy elision).
    copyObject(Dest, Value(), T);
    ResultFor = Dest;
    eval(Call);
    ResultFor.reset();
    return;
  }
  if (Init->isGLValue())
    return copyFrom(Dest, T, Init);
  discard(Init);
  copyObject(Dest, Value(), T);
}

void KernelEvaluator::moveSlots(Env &To, Env &From, const VarDecl *Var) {
  // Nodes move whole, each after the last: no copy, no search.
  auto Begin = [&](Env &E) { return E.lower_bound(Slot(Var, INT64_MIN, 0)); };
  auto At = Begin(To);
  while (At != To.end() && At->first.Var == Var)
    At = To.erase(At);
  for (auto F = Begin(From); F != From.end() && F->first.Var == Var;) {
    auto Next = std::next(F);
    At = std::next(To.insert(At, From.extract(F)));
    F = Next;
  }
}

/// Whether E, written, may be memory other than FD's own locals: its root
/// is not a local or by-value parameter of FD.
static bool writesOutside(const Expr *E, const FunctionDecl *FD) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
             AS &&
             AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = AS->getBase();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return !VD || VD->getDeclContext() != FD || VD->getType()->isReferenceType();
}

bool KernelEvaluator::mayWrite(const FunctionDecl *FD) {
  // Assumed while its body is walked: a recursive call writes.
  auto [It, New] = WritesOutside.try_emplace(FD, true);
  if (!New)
    return It->second;
  bool W = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || W)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      W = writesOutside(BO->getLHS(), FD);
    else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO && UO->isIncrementDecrementOp())
      W = writesOutside(UO->getSubExpr(), FD);
    else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = CE->getDirectCallee(), *Def = nullptr;
      if (!Callee)
        W = true;
      else if (Callee->hasBody(Def) && !inSystemHeader(Def))
        W = mayWrite(Def);
      else // not followed: what it is given to write
        for (const ParmVarDecl *P : Callee->parameters()) {
          QualType T = P->getType();
          W |= (T->isReferenceType() || T->isPointerType()) &&
               !T->getPointeeType().isConstQualified();
        }
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(FD->getBody());
  WritesOutside[FD] = W;
  return W;
}

llvm::SmallVector<const VarDecl *, 4>
KernelEvaluator::writtenLocals(const Frame &Callee) {
  llvm::SmallVector<const VarDecl *, 4> Out;
  // A call that writes nothing but its own locals (an accessor, an
  // element's operator[]) leaves the caller's where they are.
  if (!Callee.ResultAt && !mayWrite(Callee.Function))
    return Out;
  auto Add = [&](const VarDecl *VD) {
    if (VD && !llvm::is_contained(Out, VD))
      Out.push_back(VD);
  };
  auto Pointed = [&](const Value &V) { Add(slotsVar(V)); };
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee.Function);
  if (Callee.Object && !(MD && MD->isConst()))
    Pointed(*Callee.Object);
  if (Callee.ResultAt)
    Pointed(*Callee.ResultAt);
  for (const auto &[P, LV] : Callee.Refs) {
    if (P->getType().getNonReferenceType().isConstQualified())
      continue;
    if (LV.K == LValue::Local)
      Add(LV.Var);
    else if (LV.K == LValue::Memory)
      Pointed(LV.Address);
  }
  for (const auto &[S, V] : Callee.Locals)
    if (isa<ParmVarDecl>(S.Var) && S.Offset < 0 &&
        S.Var->getType()->isPointerType() &&
        !S.Var->getType()->getPointeeType().isConstQualified())
      Pointed(V);
  return Out;
}

KernelEvaluator::Env &KernelEvaluator::envOf(const VarDecl *Var, bool Write) {
  Frame &Top = Frames.back();
  auto Holds = [&](Env &E) {
    auto It = E.lower_bound(Slot(Var, INT64_MIN, 0));
    return It != E.end() && It->first.Var == Var;
  };
  if (Frames.size() == 1 || Var->getDeclContext() == Top.Function ||
      Holds(Top.Locals))
    return Top.Locals;
  for (size_t I = Frames.size() - 1; I-- > 0;) {
    Env &E = Frames[I].Locals;
    if (!Holds(E))
      continue;
    if (!Write)
      return E;
    moveSlots(Top.Locals, E, Var);
    break;
  }
  if (Write && !llvm::is_contained(Top.Borrowed, Var))
    Top.Borrowed.push_back(Var);
  return Top.Locals;
}

} // namespace cal
