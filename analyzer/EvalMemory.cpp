//===- EvalMemory.cpp - The evaluator's lvalues, loads, stores, accesses --===//
//
// Where an expression refers to memory, what a load or store of it gives,
// and the record of each access the lanes make.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"
#include "analyzer/NameOf.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cal {

void KernelEvaluator::discard(const Expr *E) {
  // An assignment or increment is an lvalue, but its value is all a
  // statement wants: its lvalue would evaluate the target twice.
  const Expr *X = E->IgnoreParens();
  bool Assigns = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(X))
    Assigns = BO->isAssignmentOp();
  else if (const auto *UO = dyn_cast<UnaryOperator>(X))
    Assigns = UO->isIncrementDecrementOp();
  else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X))
    Assigns = OC->isAssignmentOp();
  if (E->isGLValue() && !Assigns)
    return (void)evalLValue(E);
  const auto *BO = dyn_cast<BinaryOperator>(X);
  llvm::SaveAndRestore<const Expr *> Stored(
      StoredOnly, BO && BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
  eval(E);
}

AccessEvent KernelEvaluator::eventOf(const Expr *Site, AccessOp Op,
                                     int64_t Bytes, int Pieces,
                                     const Value &Address, int LaneBytes) {
  AccessEvent E;
  E.Site = Site;
  E.Function = Frames.back().Function;
  for (const Frame &F : Frames)
    if (F.Call)
      E.Calls.push_back(F.Call);
  E.Op = Op;
  E.Bytes = int(Bytes);
  E.Pieces = Pieces;
  E.LaneBytes = LaneBytes;
  E.Address = Address; // its base, space and reason; lanes have offsets
  if (Op == AccessOp::Store)
    E.Assignment = Assigning;
  E.Instance = Trips;
  E.Instance.push_back(int64_t(reinterpret_cast<uintptr_t>(Site)));
  E.Instance.push_back(int64_t(Op));
  E.Loops = LoopStack;
  E.InnermostUnrolled =
      !LoopStack.empty() && unrolledCounterOf(LoopStack.back());
  E.LanesDecided = LanesDecided;
  E.AsyncCopy = AsyncCopying;
  auto It = Around.rbegin();
  for (; It != Around.rend(); ++It) {
    if (!isa_and_nonnull<IfStmt, ConditionalOperator>(*It))
      break; // a loop, or the call's body began
    E.Ifs.push_back(*It);
  }
  // Loops around it count where nvcc copies their bodies: asked by
  // `#pragma unroll`, or small; one it would unroll unasked (a few constant
  // trips) stays a loop where its body is large (SGEMM_CUDA's kernel 5, 8
  // trips of 16 loads and 64 FMAs: one LDS a row and trip, measured on the
  // H100). Only shared accesses merge (WarpVectors.cpp): the walk is for
  // them alone.
  if (E.InnermostUnrolled && Address.Space == MemSpace::Shared &&
      It != Around.rend() && *It == LoopStack.back())
    while (++It != Around.rend() && *It &&
           !isa<IfStmt, ConditionalOperator>(*It) && copiesEachTripOf(*It))
      ++E.UnrolledAround;
  return E;
}

int64_t KernelEvaluator::pieceBytes(QualType T) {
  int64_t Size = sizeOf(T);
  if (!T->isRecordType() || Size <= 0)
    return Size;
  // Loads and stores move 1, 2, 4, 8 or 16 bytes at a multiple of their
  // size: a struct is moved in pieces of its alignment, 16 at most.
  int64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
  int64_t Piece = std::min<int64_t>({Align, 16, Size});
  return Piece > 0 && Size % Piece == 0 ? Piece : Size;
}

/// A variable the user declared __constant__: its reads are the constant
/// cache's. (Not a kernel's parameters, nor the host's constants that
/// fold, which share the space here; nor constexpr variables, which Clang
/// marks __constant__ implicitly and nvcc mostly folds.)
static bool declaredConstant(const ValueDecl *Base) {
  const auto *VD = dyn_cast_or_null<VarDecl>(Base);
  const auto *A = VD ? VD->getAttr<CUDAConstantAttr>() : nullptr;
  return A && !A->isImplicit();
}

bool KernelEvaluator::counted(const Value &Address) const {
  return Address.Space != MemSpace::Local &&
         (Address.Space != MemSpace::Constant ||
          declaredConstant(Address.Base)) &&
         Address.K != Value::Int && Sink->wants(Address.Base);
}

void KernelEvaluator::access(const Expr *Site, AccessOp Op, QualType T,
                             const Value &Address, int LaneBytes) {
  if (!counted(Address))
    return;
  int64_t Size = sizeOf(T), Piece = pieceBytes(T);
  bool Volatile = T.isVolatileQualified(); // made each time
  if (Piece <= 0 || Piece >= Size)
    return accessPiece(Site, Op, Size, 1, Address, LaneBytes, Volatile);
  for (int64_t At = 0; At < Size; At += Piece)
    accessPiece(Site, Op, Piece, int(Size / Piece),
                Address.K == Value::Pointer ? Address.plus(At) : Address,
                LaneBytes, Volatile);
}

void KernelEvaluator::forgetLoads(const Value *Stored) {
  // Two parameters, one of them restrict, reach different objects; a
  // local pointer (either of two arrays) may reach a parameter's.
  auto Apart = [](const ValueDecl *A, const ValueDecl *B) {
    const auto *PA = dyn_cast_or_null<ParmVarDecl>(A);
    const auto *PB = dyn_cast_or_null<ParmVarDecl>(B);
    return PA && PB && PA != PB &&
           (PA->getType().isRestrictQualified() ||
            PB->getType().isRestrictQualified());
  };
  bool All = !Stored || Stored->K != Value::Pointer; // stored who knows where
  auto MayChange = [&](const Value &A) {
    if (inCoefficientTable(A))
      return false;
    if (All)
      return true;
    bool OtherSpace = A.Space != Stored->Space &&
                      A.Space != MemSpace::Unknown &&
                      Stored->Space != MemSpace::Unknown;
    return !OtherSpace && !Apart(A.Base, Stored->Base);
  };
  for (ConditionLoads *C = Reusable; C; C = C->Outer)
    llvm::erase_if(C->Loads,
                   [&](const auto &L) { return MayChange(L.Address); });
  llvm::erase_if(Forwarded,
                 [&](const ForwardedStore &F) { return MayChange(F.Address); });
}

void KernelEvaluator::accessPiece(const Expr *Site, AccessOp Op, int64_t Bytes,
                                  int Pieces, const Value &Address,
                                  int LaneBytes, bool Issued) {
  // The run stopped at its budget within the statement: the rest of it
  // made no access (its address is the budget's unknown), and a site it
  // reached before keeps the requests it made then. skim() records those
  // no run reached.
  if (OutOfBudget && !Skimming)
    return;
  // Lanes run one at a time see coincidences that no compiler sees (`d[t]`
  // and `d[t % 8]` in lane 3): a lane's own address is forwarded only
  // where the lanes run together.
  bool Forwards = !Issued && !isa<CallExpr>(Site) &&
                  Address.K == Value::Pointer &&
                  ((Together && ReuseLaneAddresses) || !Address.LaneVarying);
  if (Op == AccessOp::Load && Forwards && forwardedLoad(Address, Bytes)) {
    Elided.insert({Site, Op});
    return;
  }
  if (Op != AccessOp::Load)
    forgetLoads(&Address);
  if (Op == AccessOp::Store && Forwards)
    Forwarded.push_back({Address, uint64_t(Bytes), Active, ConditionalNest});
  if (Reusable && Op == AccessOp::Load) {
    // An intrinsic's load (`__ldlu`, inline assembly) is issued each time;
    // a math function's of the same argument is computed once.
    bool Reusing =
        !Issued && (!isa<CallExpr>(Site) || (Address.K == Value::Pointer &&
                                             inCoefficientTable(Address)));
    if (auto [By, Made] = Reusing ? reusedLoad(Address, uint64_t(Bytes))
                                  : std::pair{nullptr, nullptr};
        Made) {
      // Reused on a later trip of a loop nvcc keeps a loop: the compiler
      // hoists the load before it, and the profiler counts it on the
      // loop's line. Out of a loop unrolled whole, it stays on its own.
      if (By->Loop && tripOf(By->Loop) > Made->Trip &&
          !unrollingOf(By->Loop).Counter)
        Sink->hoisted(Made->Site, By->Loop);
      Elided.insert({Site, Op});
      return;
    }
    if (Reusing && Reusable->Noting &&
        (!Reusable->InvariantOnly || invariantAddress(Address)))
      Reusable->Loads.push_back(
          {Address, uint64_t(Bytes), Site, tripOf(Reusable->Loop)});
    // The innermost loop's too, where this load runs on each of its trips;
    // and, where that loop is unrolled whole and runs on each trip of the
    // loop around it, that loop's.
    int Nest = ConditionalNest;
    for (ConditionLoads *Loop = Forwards ? Reusable : nullptr; Loop;
         Loop = Loop->Outer) {
      if (Loop->LoopNest < 0)
        continue;
      if (Loop->LoopNest != Nest)
        break;
      Loop->Loads.push_back(
          {Address, uint64_t(Bytes), Site, tripOf(Loop->Loop)});
      if (!Loop->Unrolled)
        break;
      --Nest;
    }
  }
  if (Skimming) {
    // A site the runs reached, or whose every load reused a register.
    if (Sink->has(Site, Op) || Elided.count({Site, Op}))
      return;
    // Where it is in memory, not which addresses: those the budget lost.
    Value Lost = Value::unknown(UnknownKind::BudgetExhausted);
    Lost.Base = Address.Base;
    Lost.Space = Address.Space;
    llvm::SaveAndRestore Recording(Skimming, false); // as a run records
    return accessPiece(Site, Op, Bytes, Pieces, Lost, LaneBytes, Issued);
  }
  AccessEvent E = eventOf(Site, Op, Bytes, Pieces, Address, LaneBytes);
  for (const EdgeBranch &B : EdgeBranches)
    if (B.Lanes.anyCommon(Active)) {
      if (B.Kind != AssumptionKind::EdgeWrap)
        Sink->edgeBranch(Site, B.Line, B.Width, B.Kind);
      else if (const auto *AS = subscriptOf(Site))
        Sink->edgeWrap(AS, B.Divisor, B.Line);
    }
  Counts &Seen = Occurrences[E.Instance];
  E.Instance.push_back(0); // the occurrence: each span's own
  // An address that splits by lane is the same shape in every lane plus a
  // constant of the lane: one record for all lanes. Otherwise each lane has
  // a row of coefficients of its own, and the shape no offset.
  auto Split = splitByLane(Address.Offset);
  Value Shape = Address;
  const std::vector<int64_t> *Constants = &LaneConstants;
  if (Split) {
    Shape.Offset = Split->first;
  } else {
    // Kept for the next access to the same address by the same lanes: the
    // store of `a[x * w + y] += v`.
    if (!LastOwn || !LastOwn->Address.identical(Address) ||
        LastOwn->Active != Active)
      LastOwn = KeptRows{Address, Active, ownRows(Address.Offset)};
    Shape.Offset = AffineExpr();
    Constants = &LastOwn->Rows.Constants;
  }
  Spans.clear();
  Group.resize(Active.count());
  // Every lane reaches a site as often as the others until some reach it
  // apart: their counts are then kept lane by lane. Until then, where every
  // warp has the same lanes active or none (all of them, in most accesses;
  // every other lane, in a reduction's step) and each warp's lanes are the
  // first's moved by one amount (the next 32 threads of a row at a[i]), the
  // first such warp's lanes alone stand for all.
  std::optional<unsigned> Ref;
  std::optional<llvm::SmallVector<int64_t, 8>> Shifts;
  if (Split && Seen.PerLane.empty() &&
      (Ref = Active.all() ? 0 : warpWithMaskOfAll()) &&
      (Shifts = warpShifts(Split->second)))
    return recordAlike(E, Shape, Split->second, Seen, *Ref, *Shifts);
  if (Split)
    inLanes(Split->second, LaneConstants);
  recordEachLane(E, Shape, Split ? 0 : LastOwn->Rows.Monomials.size(),
                 *Constants, Seen);
}

void KernelEvaluator::recordAlike(const AccessEvent &E, const Value &Shape,
                                  const AffineExpr &LanePart, Counts &Seen,
                                  unsigned Ref,
                                  llvm::ArrayRef<int64_t> Shifts) {
  bool All = Active.all();
  uint32_t N = 0;
  int64_t Occurrence = Seen.Alike;
  if (All)
    ++Seen.Alike;
  else {
    Seen.PerLane.assign(Lanes.size(), Seen.Alike);
    for (unsigned L : SetLanes(Active))
      ++Seen.PerLane[L];
  }
  auto Lane = [&](uint32_t L) -> LaneAccess {
    return {Lanes[L].Lane, LanePart.evaluate([&](SymbolId S) {
              return Syms.laneValues(S)[L];
            })};
  };
  // The reference warp's active lanes (no warp before it has any); all
  // of them, most often, in a plain loop.
  const auto &WarpBegins = Set->WarpBegins;
  uint32_t End = WarpBegins[Ref + 1];
  if (All)
    for (uint32_t L = 0; L < End; ++L)
      Group[N++] = Lane(L);
  else
    for (unsigned L : SetLanes(Active)) {
      if (L >= End)
        break;
      Group[N++] = Lane(L);
    }
  for (size_t W = 0; W + 1 < WarpBegins.size(); ++W)
    if (All || Active.find_first_in(WarpBegins[W], WarpBegins[W + 1]) >= 0)
      Spans.push_back({Lanes[WarpBegins[W]].Warp, Occurrence, 0, N,
                       wrapSub(Shifts[W], Shifts[Ref])});
  Sink->record(E, Shape, llvm::ArrayRef(Group).take_front(N), Spans, nullptr);
}

void KernelEvaluator::recordEachLane(const AccessEvent &E, const Value &Shape,
                                     size_t W,
                                     const std::vector<int64_t> &Constants,
                                     Counts &Seen) {
  uint32_t N = 0;
  if (Seen.PerLane.empty())
    Seen.PerLane.assign(Lanes.size(), Seen.Alike);
  std::vector<uint32_t> &Count = Seen.PerLane;
  OwnCoefficients.clear();
  // Lanes come in warp order: a span per warp and occurrence.
  LaneSpan Span{-1, -1, 0, 0};
  for (unsigned L : SetLanes(Active)) {
    int64_t Occurrence = Count[L]++;
    if (Lanes[L].Warp != Span.Warp || Occurrence != Span.Occurrence) {
      if (N)
        Spans.push_back(Span);
      Span = {Lanes[L].Warp, Occurrence, N, N};
    }
    Group[N++] = {Lanes[L].Lane, Constants[L]};
    if (W) {
      const int64_t *Row = LastOwn->Rows.Coefficients.data() + size_t(L) * W;
      OwnCoefficients.insert(OwnCoefficients.end(), Row, Row + W);
    }
    Span.End = N;
  }
  if (!N)
    return;
  Spans.push_back(Span);
  OwnRows Own;
  if (W)
    Own = {LastOwn->Rows.Monomials, OwnCoefficients};
  Sink->record(E, Shape, Group, Spans, W ? &Own : nullptr);
}

Value KernelEvaluator::held(const Value &V, QualType T, const ValueDecl *Var,
                            bool Parameter) {
  if (T->isIntegralOrEnumerationType())
    return convert(V, T);
  if (T->isPointerType())
    return V;
  // A float is not followed, but where it comes from and whether lanes
  // share it are.
  if (V.K == Value::Unknown && !V.Reason.empty())
    return V;
  return derivedUnknown({Parameter ? UnknownKind::ParameterNotInteger
                                   : UnknownKind::NotIntegerOrPointer,
                         0, Var->getName().str()},
                        {&V});
}

Value KernelEvaluator::load(const LValue &LV, const Expr *Site, QualType T) {
  switch (LV.K) {
  case LValue::Local: {
    Env &E = envOf(LV.Var, false);
    auto It = E.find(LV.Var);
    if (It != E.end())
      return readSlot(It->second);
    return Value::unknown({UnknownKind::NotKnown, 0, LV.Var->getName().str()});
  }
  case LValue::Memory: {
    const Value &A = LV.Address;
    access(Site, AccessOp::Load, T, A);
    if (A.Space == MemSpace::Local) {
      if (auto Local = localAt(A))
        return loadSlot(Local->first, Local->second, T);
      return Value::unknown(UnknownKind::LocalArrayValue);
    }
    return loadedValue(A, T, Site);
  }
  case LValue::None:
    break;
  }
  return Value::unknown(LV.Reason);
}

Value KernelEvaluator::loadedValue(const Value &A, QualType T, const Expr *Site,
                                   StringRef Part) {
  // A __constant__ table the file fills, read at a known index.
  if (Constants && A.Space == MemSpace::Constant && A.K == Value::Pointer &&
      A.Offset.isConstant())
    if (std::optional<int64_t> N = Constants->value(
            dyn_cast_or_null<VarDecl>(A.Base), A.Offset.constantTerm(), T))
      return Value::invariant(AffineExpr::constant(*N));
  Value V = Value::unknown(loaded(A.Space, Site));
  // Lanes that read one address read one value.
  V.LaneVarying = A.K != Value::Pointer || A.LaneVarying || varies(A);
  if (V.LaneVarying || !A.Base || !T->isIntegralOrEnumerationType())
    return V;
  // An integer that every lane reads from one address (a segment's start in
  // a table indexed by blockIdx) is one value of the warp, as a kernel's
  // argument is: the lanes' layout around it is known, its alignment is
  // not. Named by its text and line ("blocks[blockid].start@124"), so the
  // same load gives the same symbol; where the same text reads another
  // address, a number follows.
  std::string Name = textName(Site, nameOf(A.Base) + "[...]", Part);
  std::vector<std::string> &Seen = LoadedAt[Name];
  std::string Where = A.Offset.print([&](SymbolId S) { return Syms.name(S); });
  size_t Index = llvm::find(Seen, Where) - Seen.begin();
  if (Index == Seen.size())
    Seen.push_back(Where);
  if (Index > 0)
    Name += "#" + std::to_string(Index + 1);
  SymbolId Sym = Syms.get(Name);
  Syms.setFromData(Sym);
  return Value::invariant(AffineExpr::symbol(Sym));
}

std::string KernelEvaluator::textName(const Expr *E, StringRef Long,
                                      StringRef Part) {
  std::string Text = sourceText(E, Ctx);
  if (Text.empty() || Text.size() > 40 || Text.find('\n') != Text.npos)
    Text = Long.str();
  return Text + Part.str() + "@" + std::to_string(lineOf(E));
}

Value KernelEvaluator::alikeInteger(const Expr *E, const Value &Float) {
  SymbolId Sym = Syms.get(textName(E, "(an integer)"));
  if (Float.readFromMemory())
    Syms.setFromData(Sym);
  return Value::invariant(AffineExpr::symbol(Sym));
}

void KernelEvaluator::store(const LValue &LV, const Expr *Site, QualType T,
                            Value V) {
  if (LV.K == LValue::Local && LV.Field) {
    Value &Whole = envOf(LV.Var, true)[LV.Var];
    Whole = derivedUnknown(
        {UnknownKind::FieldStored, lineOf(Site), LV.Var->getName().str()},
        {&Whole, &V});
    return;
  }
  if (LV.K == LValue::Local) {
    Value Held = held(V, LV.Var->getType(), LV.Var, false);
    envOf(LV.Var, true)[LV.Var] = std::move(Held);
  } else if (LV.K == LValue::Memory) {
    const Value &A = LV.Address;
    access(Site, AccessOp::Store, T, A);
    if (auto Local = localAt(A))
      storeSlot(Local->first, Local->second, T, V);
    else if (const VarDecl *VD = slotsVar(A)) // somewhere in VD, not known
      forgetAll(VD, at(UnknownKind::LocalArrayValue, Site));
  }
}

LValue KernelEvaluator::evalLValue(const Expr *E) {
  LValue R = lvalue(E);
  // The reason is written only where it is needed: most lvalues are known.
  if (R.K == LValue::None && R.Reason.empty())
    R.Reason = at(UnknownKind::UnsupportedLValue, E);
  return R;
}

LValue KernelEvaluator::declLValue(const DeclRefExpr *DRE) {
  LValue R;
  // `auto [a, b] = p;`: a names a field (or element) of the hidden object.
  if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()))
    if (const Expr *B = BD->getBinding())
      return evalLValue(B);
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return R;
  auto &Refs = Frames.back().Refs;
  if (auto It = Refs.find(VD); It != Refs.end())
    return It->second;
  if (VD->hasAttr<CUDASharedAttr>()) {
    R.K = LValue::Memory;
    R.Address = Value::pointer(VD, MemSpace::Shared, AffineExpr::constant(0));
    return R;
  }
  if (VD->hasGlobalStorage() && !VD->isStaticLocal()) {
    R.K = LValue::Memory;
    MemSpace S = VD->hasAttr<CUDAConstantAttr>() ? MemSpace::Constant
                 : VD->hasAttr<CUDADeviceAttr>() ? MemSpace::Global
                                                 : MemSpace::Constant;
    R.Address = Value::pointer(VD, S, AffineExpr::constant(0));
    return R;
  }
  R.K = LValue::Local;
  R.Var = VD;
  if (heldInSlots(VD) || VD->getType()->isArrayType()) {
    // A local struct or array: the lane's own memory, scalar by scalar.
    R.K = LValue::Memory;
    R.Address = Value::pointer(VD, MemSpace::Local, AffineExpr::constant(0));
  }
  return R;
}

LValue KernelEvaluator::memberLValue(const MemberExpr *ME) {
  LValue R;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  Value BasePtr;
  if (ME->isArrow())
    BasePtr = eval(ME->getBase());
  else {
    LValue Base = evalLValue(ME->getBase());
    if (Base.K == LValue::Local) {
      Base.Field = true; // where its value came from, not which field
      return Base;
    }
    if (Base.K != LValue::Memory)
      return R;
    BasePtr = Base.Address;
  }
  if (!FD || FD->isBitField())
    return R;
  R.K = LValue::Memory;
  R.Address =
      BasePtr.K == Value::Pointer ? BasePtr.plus(fieldBytes(FD)) : BasePtr;
  return R;
}

LValue KernelEvaluator::temporary(const MaterializeTemporaryExpr *MT) {
  // A temporary bound to a reference (`f(Coord(1, 2))`, `a + b` passed on)
  // is a local of its own, made where it is materialized.
  VarDecl *&Tmp = Temporaries[MT];
  if (!Tmp)
    Tmp = VarDecl::Create(
        Ctx, const_cast<FunctionDecl *>(Frames.back().Function),
        MT->getBeginLoc(), MT->getBeginLoc(), &Ctx.Idents.get("temporary"),
        MT->getType(), nullptr, SC_None);
  dropSlots(locals(), Tmp);
  LValue R;
  if (heldInSlots(Tmp)) {
    R.K = LValue::Memory;
    R.Address = Value::pointer(Tmp, MemSpace::Local, AffineExpr::constant(0));
    initObject(R.Address, MT->getType(), MT->getSubExpr());
    return R;
  }
  R.K = LValue::Local;
  R.Var = Tmp;
  locals()[Tmp] = held(eval(MT->getSubExpr()), MT->getType(), Tmp, false);
  return R;
}

LValue KernelEvaluator::pointedTo(Value Address, QualType T) {
  LValue R;
  // `*p` where p = &y, a scalar held by name (`bump(&y)`): y itself.
  const auto *VD = dyn_cast_or_null<VarDecl>(Address.Base);
  if (Address.K == Value::Pointer && Address.Space == MemSpace::Local && VD &&
      !heldInSlots(VD) && !VD->getType()->isReferenceType() &&
      !VD->getType()->isArrayType() && Address.Offset.isConstant() &&
      Address.Offset.constantTerm() == 0 &&
      Ctx.hasSameUnqualifiedType(T, VD->getType())) {
    R.K = LValue::Local;
    R.Var = VD;
    return R;
  }
  R.K = LValue::Memory;
  R.Address = std::move(Address);
  return R;
}

LValue KernelEvaluator::lvalue(const Expr *E) {
  Nesting In(Depth);
  LValue R;
  if (!step()) {
    R.Reason = UnknownKind::BudgetExhausted;
    return R;
  }
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declLValue(DRE);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Value Base = eval(AS->getBase());
    Subscripts.push_back(AS);
    Value Index = eval(AS->getIdx());
    Subscripts.pop_back();
    return pointedTo(pointerOffset(Base, Index, AS->getType(), false),
                     AS->getType());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointedTo(eval(UO->getSubExpr()), UO->getType());
    if (UO->isIncrementDecrementOp()) {
      eval(UO);
      return evalLValue(UO->getSubExpr());
    }
    return R;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return memberLValue(ME);
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_LValueToRValue)
      return R;
    return evalLValue(CE->getSubExpr());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma) {
      discard(BO->getLHS());
      return evalLValue(BO->getRHS());
    }
    if (BO->isAssignmentOp()) {
      eval(BO);
      return evalLValue(BO->getLHS());
    }
    return R;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->isAssignmentOp()) {
    eval(OC);
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return evalLValue(OC->getArg(0));
    return R;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // A call that returns a reference (`T &at(T *p, int i)`, a tensor's
    // operator()): the memory its result refers to, where the callee was
    // followed; else an access at an address not known, never none.
    Value V = evalCall(CE);
    if (!CE->getCallReturnType(Ctx)->isReferenceType())
      return R;
    R.K = LValue::Memory;
    R.Address = V;
    // A method not followed (a system header's: glm::mat3's operator[]) of
    // an object of the lane's own that holds no pointer can only refer into
    // it: the lane's memory, no access of the kernel's.
    if (V.K == Value::Unknown && ownObjectCall(CE))
      R.Address.Space = MemSpace::Local;
    return R;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return temporary(MT);
  if (const auto *Cl = dyn_cast<ExprWithCleanups>(E))
    return evalLValue(Cl->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    LaneTruth LT = condition(CO->getCond());
    if (LT.T == Active)
      return evalLValue(CO->getTrueExpr());
    if (LT.F == Active)
      return evalLValue(CO->getFalseExpr());
    if (LT.U != Active)
      Diverged = true; // lanes pick different lvalues: not modeled
    return R;
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return evalLValue(CE->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return evalLValue(DA->getExpr());
  if (!E->isGLValue()) {
    eval(E);
    return R;
  }
  // Any other lvalue (a string literal, `__func__`, assert's
  // `__PRETTY_FUNCTION__`) is no memory of the kernel's; eval() would send
  // it back here.
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      discard(CE);
  return R;
}

namespace {

/// Whether an object of type T holds no pointer or reference, in its fields
/// and bases, however deep.
bool pointerFree(QualType T) {
  T = T.getCanonicalType();
  if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType())
    return false;
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    return pointerFree(AT->getElementType());
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return true;
  if (!RD->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!pointerFree(B.getType()))
      return false;
  return llvm::all_of(RD->fields(), [](const FieldDecl *FD) {
    return pointerFree(FD->getType());
  });
}

} // namespace

bool KernelEvaluator::ownObject(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (!pointerFree(E->getType()))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && ownObject(ME->getBase());
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
           ownObject(AS->getBase());
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return CE->getCallReturnType(Ctx)->isReferenceType() && ownObjectCall(CE);
  return false;
}

bool KernelEvaluator::ownObjectCall(const CallExpr *CE) const {
  // `m[i]`, `m[i][j]` (a column's element of a glm matrix), `v.at(i)`.
  const Expr *Object = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Object = MC->getImplicitObjectArgument();
  else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
           OC && isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee()) &&
           OC->getNumArgs() > 0)
    Object = OC->getArg(0);
  if (!Object || Object->getType()->isPointerType())
    return false;
  // The other arguments give no memory to refer to.
  for (const Expr *Arg : CE->arguments())
    if (Arg != Object && !pointerFree(Arg->getType()))
      return false;
  return ownObject(Object);
}

} // namespace cal
