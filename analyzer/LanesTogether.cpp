//===- LanesTogether.cpp - Lane masks and lane symbols of the evaluator ---===//
//
// What running many lanes at once needs: which values differ by lane, a
// value in one lane, values of all lanes gathered back into one (a lane
// symbol where they differ), and conditions as a truth per lane.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"
#include "analyzer/NameOf.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cal {

Value KernelEvaluator::derivedUnknown(
    WhyUnknown Why, llvm::ArrayRef<const Value *> From) const {
  // Computed from a value read from memory, the data decide it: that says
  // more than how it was computed (a float, a class).
  for (const Value *V : From)
    if (V->readFromMemory()) {
      Why = V->Reason;
      break;
    }
  Value U = Value::unknown(std::move(Why));
  U.LaneVarying = false;
  for (const Value *V : From) {
    U.LaneVarying |= V->LaneVarying || varies(*V);
    U.MixedVarying |= V->MixedVarying;
  }
  return U;
}

bool KernelEvaluator::varies(const Value &V) const {
  if (V.Apart)
    return true;
  if (!Together || V.K == Value::Unknown)
    return false;
  for (const auto &[M, C] : V.Offset.terms())
    for (SymbolId S : M)
      if (Syms.isLane(S))
        return true;
  return false;
}

bool KernelEvaluator::sharedByWarp(const Value &V) const {
  if (V.K == Value::Unknown)
    return false;
  for (SymbolId S : V.Offset.symbols()) {
    if (!Syms.isLane(S))
      continue;
    const std::vector<int64_t> &Values = Syms.laneValues(S);
    int Warp = -1;
    int64_t Own = 0;
    for (unsigned L : SetLanes(Active)) {
      if (Lanes[L].Warp != Warp) {
        Warp = Lanes[L].Warp;
        Own = Values[L];
      } else if (Values[L] != Own) {
        return false;
      }
    }
  }
  return true;
}

Value KernelEvaluator::at(const Value &V, unsigned Lane) const {
  if (V.Apart) {
    if (V.Apart->KnownIn.test(Lane))
      return at(V.Apart->Known, Lane);
    Value U = V;
    U.Apart.reset();
    return U;
  }
  if (!varies(V))
    return V;
  return V.withOffset(V.Offset.bind([&](SymbolId S) -> std::optional<int64_t> {
    if (Syms.isLane(S))
      return Syms.laneValues(S)[Lane];
    return std::nullopt;
  }));
}

Value KernelEvaluator::gather(const std::vector<Value> &PerLane) {
  // PerLane holds one value per active lane, in lane order.
  const Value &First = PerLane.front();
  auto Same = [&](const Value &V) { return V.identical(First); };
  // Padding moves what it moves in any lane.
  bool Moves =
      llvm::any_of(PerLane, [](const Value &V) { return V.PaddingMoves; });
  if (std::all_of(PerLane.begin(), PerLane.end(), Same)) {
    Value R = First;
    R.PaddingMoves = Moves;
    return R;
  }
  if (Merging)
    if (std::optional<Value> Held = heldApart(PerLane))
      return *Held;
  // A value not known in any lane, for reasons of their own (a float
  // loaded on one side of a branch, computed on the other): not known, for
  // the first lane's reason, as that lane alone gives it.
  if (llvm::all_of(PerLane, [&](const Value &V) {
        return V.K == Value::Unknown && V.Base == First.Base &&
               V.Space == First.Space;
      })) {
    Value R = First;
    R.LaneVarying = true;
    R.MixedVarying = false;
    return R;
  }
  // Integers or pointers into one array: each term's coefficient, where
  // lanes differ in it, becomes a lane symbol.
  bool Alike = First.K != Value::Unknown, Mixed = false;
  for (const Value &V : PerLane) {
    Alike &= V.K == First.K && V.Base == First.Base && V.Space == First.Space;
    Mixed |= V.MixedVarying || V.LaneVarying != First.LaneVarying;
  }
  if (Alike) {
    std::map<Monomial, std::vector<int64_t>> Coefficients;
    auto It = PerLane.begin();
    for (unsigned L : SetLanes(Active))
      for (const auto &[M, C] : (It++)->Offset.terms()) {
        std::vector<int64_t> &Table = Coefficients[M];
        Table.resize(Lanes.size());
        Table[L] = C;
      }
    AffineExpr Sum;
    for (auto &[M, Table] : Coefficients) {
      AffineExpr Term = byLane(std::move(Table));
      for (SymbolId S : M)
        Term = Term * AffineExpr::symbol(S);
      Sum = Sum + Term;
    }
    Value R = First;
    R.Offset = Sum;
    R.PaddingMoves = Moves;
    if (Mixed)
      R.LaneVarying = R.MixedVarying = true;
    return R;
  }
  if (!Diverged)
    notePartedByArray(PerLane);
  Diverged = true;
  return Value::unknown(UnknownKind::LanesDiverge);
}

void KernelEvaluator::notePartedByArray(const std::vector<Value> &PerLane) {
  if (!llvm::all_of(PerLane,
                    [](const Value &V) { return V.K == Value::Pointer; }))
    return;
  std::vector<std::pair<const ValueDecl *, MemSpace>> Arrays;
  Parted.clear();
  auto It = PerLane.begin();
  for (unsigned L : SetLanes(Active)) {
    std::pair<const ValueDecl *, MemSpace> A{It->Base, It->Space};
    ++It;
    size_t G = llvm::find(Arrays, A) - Arrays.begin();
    if (G == Arrays.size()) {
      Arrays.push_back(A);
      Parted.emplace_back();
    }
    Parted[G].push_back(Lanes[L]);
  }
  partElsewhere();
}

void KernelEvaluator::notePartedByKnowledge(const LaneMask &Knowing) {
  Parted.assign(2, {});
  for (unsigned L : SetLanes(Active))
    Parted[Knowing.test(L) ? 0 : 1].push_back(Lanes[L]);
  partElsewhere();
}

void KernelEvaluator::partElsewhere() {
  std::vector<LaneInfo> Elsewhere;
  for (unsigned L = 0; L < Lanes.size(); ++L)
    if (!Active.test(L))
      Elsewhere.push_back(Lanes[L]);
  if (!Elsewhere.empty())
    Parted.push_back(std::move(Elsewhere));
}

std::optional<Value>
KernelEvaluator::heldApart(const std::vector<Value> &PerLane) {
  // Lanes that know the local and lanes that do not, alike in why: the
  // latter's unknown, holding apart what the others know, gathered over
  // them as a value the lanes evaluated together hold.
  LaneMask Known(unsigned(Lanes.size()));
  std::vector<Value> Values;
  const Value *Unknown = nullptr;
  auto It = PerLane.begin();
  for (unsigned L : SetLanes(Active)) {
    const Value &V = *It++; // at() of the lane: known, or not in this lane
    if (V.K != Value::Unknown) {
      Known.set(L);
      Values.push_back(V);
    } else if (!Unknown) {
      Unknown = &V;
    } else if (!(V.Reason == Unknown->Reason) || V.Base != Unknown->Base ||
               V.Space != Unknown->Space ||
               V.LaneVarying != Unknown->LaneVarying ||
               V.MixedVarying != Unknown->MixedVarying) {
      return std::nullopt;
    }
  }
  if (!Unknown || Known.none())
    return std::nullopt;
  LaneMask Saved = Active;
  Active = Known;
  llvm::SaveAndRestore<bool> NotMerging(Merging, false);
  Value Held = gather(Values);
  Active = Saved;
  if (Diverged)
    return std::nullopt;
  Value R = *Unknown;
  R.Apart = llvm::makeIntrusiveRefCnt<const HeldApart>(std::move(Known),
                                                       std::move(Held));
  return R;
}

Value KernelEvaluator::readSlot(const Value &V) {
  if (!V.Apart)
    return V;
  // Every lane reading knows it: what they hold; none does: unknown.
  LaneMask Unknowing = Active;
  Unknowing.reset(V.Apart->KnownIn);
  if (Unknowing.none())
    return V.Apart->Known;
  Value U = V;
  U.Apart.reset();
  // Some lanes know it and some do not: a value only stored where nothing
  // reads it back shows no difference; else the lanes part.
  if (!SlotReadsFree && Unknowing != Active) {
    if (!Diverged)
      notePartedByKnowledge(V.Apart->KnownIn);
    Diverged = true;
  }
  return U;
}

Value KernelEvaluator::select(
    const std::vector<std::pair<const LaneMask *, Value>> &Parts) {
  return perLane(true, [&](unsigned L) {
    for (const auto &[M, V] : Parts)
      if (M->test(L))
        return at(V, L);
    return Value::unknown(UnknownKind::NoLaneValue);
  });
}

Value KernelEvaluator::agree(const Value &A, const Value &B,
                             const Value &Differ) {
  if (A.sameAs(B)) {
    Value R = A;
    R.PaddingMoves |= B.PaddingMoves;
    return R;
  }
  if (!varies(A) && !varies(B))
    return Differ;
  return perLane(true, [&](unsigned L) {
    Value X = at(A, L), Y = at(B, L);
    if (!X.sameAs(Y))
      return Differ;
    X.PaddingMoves |= Y.PaddingMoves;
    return X;
  });
}

bool KernelEvaluator::fitsEveryLane(const AffineExpr &E, unsigned Width,
                                    bool Signed) const {
  // Bounds of the terms made of lane symbols alone, over every lane: where
  // a lane's value is a constant, it is within them.
  if (Width >= 64)
    return true;
  __int128 Lo = 0, Hi = 0;
  for (const auto &[M, C] : E.terms()) {
    __int128 TLo = C, THi = C;
    bool LaneOnly = true;
    for (SymbolId S : M) {
      if (!Syms.isLane(S)) {
        LaneOnly = false;
        break;
      }
      auto [Min, Max] = Syms.laneBounds(S);
      __int128 Cands[] = {TLo * Min, TLo * Max, THi * Min, THi * Max};
      TLo = *std::min_element(std::begin(Cands), std::end(Cands));
      THi = *std::max_element(std::begin(Cands), std::end(Cands));
      if (TLo < -(__int128(1) << 63) || THi > (__int128(1) << 63))
        return false;
    }
    if (LaneOnly) {
      Lo += TLo;
      Hi += THi;
    }
  }
  __int128 Min = Signed ? -(__int128(1) << (Width - 1)) : 0;
  __int128 Max =
      Signed ? (__int128(1) << (Width - 1)) - 1 : (__int128(1) << Width) - 1;
  return Lo >= Min && Hi <= Max;
}

std::optional<std::vector<int64_t>>
KernelEvaluator::laneInts(const Value &V) const {
  // The common lane-varying integers (threadIdx.x % 32, tid < stride) hold
  // lane symbols and constants alone: plain integers in each lane, computed
  // without building a value per lane.
  if (!Together || V.K != Value::Int)
    return std::nullopt;
  auto Parts = splitByLane(V.Offset);
  if (!Parts || !Parts->first.terms().empty())
    return std::nullopt;
  return inLanes(Parts->second);
}

std::optional<std::pair<AffineExpr, AffineExpr>>
KernelEvaluator::splitByLane(const AffineExpr &E) const {
  auto IsLane = [&](SymbolId S) { return Syms.isLane(S); };
  auto LaneOnly = [&](const Monomial &M) { return llvm::all_of(M, IsLane); };
  auto Free = [&](const Monomial &M) {
    return !M.empty() && llvm::none_of(M, IsLane);
  };
  for (const auto &[M, C] : E.terms())
    if (!LaneOnly(M) && !Free(M))
      return std::nullopt;
  return std::make_pair(E.filter(Free), E.filter(LaneOnly));
}

KernelEvaluator::LaneRows KernelEvaluator::ownRows(const AffineExpr &E) const {
  // E's terms grouped once by what is left of their monomials without lane
  // symbols, in the order of AffineExpr's terms; then each group summed in
  // each lane: the wrapping sums bind() makes, without a value per lane.
  struct Part {
    llvm::SmallVector<SymbolId, 2> LaneSymbols;
    int64_t C;
  };
  llvm::SmallVector<std::pair<Monomial, llvm::SmallVector<Part, 2>>, 4> Groups;
  for (const auto &[M, C] : E.terms()) {
    llvm::SmallVector<SymbolId, 2> RestSymbols, LaneSymbols;
    for (SymbolId S : M)
      (Syms.isLane(S) ? LaneSymbols : RestSymbols).push_back(S);
    Monomial Rest = Monomial::of(RestSymbols);
    auto It = llvm::lower_bound(
        Groups, Rest, [](const auto &G, Monomial K) { return G.first < K; });
    if (It == Groups.end() || It->first != Rest)
      It = Groups.insert(It, {Rest, {}});
    It->second.push_back({LaneSymbols, C});
  }
  LaneRows Out;
  for (const auto &G : Groups)
    if (!G.first.empty())
      Out.Monomials.push_back(G.first);
  size_t W = Out.Monomials.size();
  Out.Coefficients.assign(Lanes.size() * W, 0);
  Out.Constants.assign(Lanes.size(), 0);
  for (unsigned L : SetLanes(Active)) {
    int64_t *Row = Out.Coefficients.data() + size_t(L) * W;
    for (const auto &[Rest, Parts] : Groups) {
      int64_t K = 0;
      for (const Part &P : Parts) {
        int64_t V = P.C;
        for (SymbolId S : P.LaneSymbols)
          V = wrapMul(V, Syms.laneValues(S)[L]);
        K = wrapAdd(K, V);
      }
      if (Rest.empty())
        Out.Constants[L] = K;
      else
        *Row++ = K;
    }
  }
  return Out;
}

void KernelEvaluator::inLanes(const AffineExpr &LanePart,
                              std::vector<int64_t> &Out) const {
  // Term by term over all lanes (plain loops over the lane tables), then
  // the inactive lanes cleared: the same wrapping sums as lane by lane.
  size_t N = Lanes.size();
  if (Active.count() * 4 < N) { // a few lanes (a reduction's last steps)
    Out.assign(N, 0);
    for (unsigned L : SetLanes(Active))
      Out[L] =
          LanePart.evaluate([&](SymbolId S) { return Syms.laneValues(S)[L]; });
    return;
  }
  // The constant term (the first, its monomial the least) fills the lanes.
  const Terms &T = LanePart.terms();
  bool HasConstant = !T.empty() && T.front().first.empty();
  Out.assign(N, HasConstant ? T.front().second : 0);
  for (const auto &[M, C] : llvm::ArrayRef(T).drop_front(HasConstant)) {
    if (M.size() == 1) {
      const int64_t *V = Syms.laneValues(M.front()).data();
      if (C == 1) // most often: a loop without a multiply, vectorized
        for (size_t L = 0; L < N; ++L)
          Out[L] = wrapAdd(Out[L], V[L]);
      else
        for (size_t L = 0; L < N; ++L)
          Out[L] = wrapAdd(Out[L], wrapMul(C, V[L]));
    } else
      for (size_t L = 0; L < N; ++L) {
        int64_t P = C;
        for (SymbolId S : M)
          P = wrapMul(P, Syms.laneValues(S)[L]);
        Out[L] = wrapAdd(Out[L], P);
      }
  }
  for (unsigned L : SetLanes::clearIn(Active))
    Out[L] = 0;
}

std::optional<unsigned> KernelEvaluator::warpWithMaskOfAll() {
  // Whole warps of 32 lanes, two to a 64-bit word of the mask.
  const auto &WarpBegins = Set->WarpBegins;
  if constexpr (sizeof(SetLanes::Word) != 8)
    return std::nullopt;
  if (WarpBegins.size() < 2 || WarpBegins[1] != 32)
    return std::nullopt;
  llvm::ArrayRef<SetLanes::Word> Words = Active.getData();
  std::optional<unsigned> First;
  uint32_t Mask = 0;
  for (unsigned W = 0; W + 1 < WarpBegins.size(); ++W) {
    uint32_t Bits = uint32_t(Words[W / 2] >> (32 * (W % 2)));
    if (!Bits)
      continue;
    if (!First) {
      First = W;
      Mask = Bits;
    } else if (Bits != Mask)
      return std::nullopt;
  }
  return First;
}

std::optional<llvm::SmallVector<int64_t, 8>>
KernelEvaluator::warpShifts(const AffineExpr &LanePart) {
  const auto &WarpBegins = Set->WarpBegins;
  if (WarpBegins.size() < 2)
    return std::nullopt;
  size_t Warps = WarpBegins.size() - 1, Size = WarpBegins[1];
  llvm::SmallVector<int64_t, 8> Out(Warps, 0);
  for (const auto &[M, C] : LanePart.terms()) {
    if (M.empty())
      continue;
    if (M.size() != 1) // a product of lane symbols moves by no one amount
      return std::nullopt;
    auto [It, New] = SymbolShifts.try_emplace(M.front());
    if (New) { // the symbol's values in each warp against the first's
      const std::vector<int64_t> &V = Syms.laneValues(M.front());
      llvm::SmallVector<int64_t, 8> Shifts;
      for (size_t W = 0; W < Warps; ++W) {
        size_t B = WarpBegins[W];
        int64_t Shift = wrapSub(V[B], V[0]);
        for (size_t L = 0; L < Size; ++L)
          if (wrapSub(V[B + L], V[L]) != Shift)
            return It->second = std::nullopt;
        Shifts.push_back(Shift);
      }
      It->second = std::move(Shifts);
    }
    if (!It->second)
      return std::nullopt;
    for (size_t W = 0; W < Warps; ++W)
      Out[W] = wrapAdd(Out[W], wrapMul(C, (*It->second)[W]));
  }
  return Out;
}

AffineExpr KernelEvaluator::byLane(std::vector<int64_t> Table) {
  int64_t C0 = Table[Active.find_first()];
  // With every lane active (most often), a plain loop over the table.
  bool Alike = true;
  if (Active.all())
    Alike = llvm::all_of(Table, [&](int64_t V) { return V == C0; });
  else
    for (unsigned L : SetLanes(Active))
      if (Table[L] != C0) {
        Alike = false;
        break;
      }
  if (!Alike)
    return AffineExpr::symbol(Syms.laneSymbol(std::move(Table)));
  return AffineExpr::constant(C0);
}

std::optional<KernelEvaluator::LaneTruth>
KernelEvaluator::compareLanes(BinaryOperatorKind Op, const Value &L,
                              const Value &R) {
  // L - R is a sum of lane-invariant terms, alike in every lane, and of
  // terms of lane symbols alone, a constant in each lane: the sign
  // structure is decided once, the constant lane by lane.
  if (L.K != Value::Int || R.K != Value::Int)
    return std::nullopt;
  auto ByLane = [&](const AffineExpr &D) -> std::optional<LaneTruth> {
    auto Parts = splitByLane(D);
    if (!Parts)
      return std::nullopt;
    bool AllPos = true, AllNeg = true;
    for (const auto &[M, K] : Parts->first.terms()) {
      AllPos &= K > 0;
      AllNeg &= K < 0;
    }
    // decide() reads the sign of the constant alone: its three answers
    // once.
    LaneTruth LT = noTruth();
    LaneMask *BySign[3];
    for (int Sign = -1; Sign <= 1; ++Sign) {
      Truth T = decide(Op, AllPos, AllNeg, Sign);
      BySign[Sign + 1] = T == Truth::True    ? &LT.T
                         : T == Truth::False ? &LT.F
                                             : &LT.U;
    }
    // One answer whatever the sign (`i < n`, n unknown): no lane's
    // constant is needed.
    if (BySign[0] == BySign[1] && BySign[1] == BySign[2]) {
      *BySign[0] = Active;
      return LT;
    }
    inLanes(Parts->second, LaneConstants);
    for (unsigned I : SetLanes(Active)) {
      int64_t C = LaneConstants[I];
      BySign[(C > 0) - (C < 0) + 1]->set(I);
    }
    return LT;
  };
  AffineExpr D = L.Offset - R.Offset;
  std::optional<LaneTruth> LT = ByLane(D);
  if (!LT || LT->U.none() || (GridAxisOf.empty() && CoveredBy.empty()))
    return LT;
  // Lanes the grid's terms decide (a grid-stride loop's exit).
  std::optional<AffineExpr> InGrid = inGridTerms(D);
  std::optional<LaneTruth> More = InGrid ? ByLane(*InGrid) : std::nullopt;
  if (!More)
    return LT;
  More->T &= LT->U;
  More->F &= LT->U;
  LT->T |= More->T;
  LT->F |= More->F;
  LT->U &= More->U;
  return LT;
}

size_t KernelEvaluator::differencesInLanes(const Value &L, const Value &R,
                                           const LaneMask &Mask) const {
  auto Parts = splitByLane(L.Offset - R.Offset);
  if (!Parts)
    return 0;
  std::vector<int64_t> C = inLanes(Parts->second);
  llvm::SmallDenseSet<int64_t, 32> Seen;
  for (unsigned I : SetLanes(Mask))
    Seen.insert(C[I]);
  return Seen.size();
}

std::optional<Value> KernelEvaluator::compareByLane(BinaryOperatorKind Op,
                                                    const Value &L,
                                                    const Value &R,
                                                    const Expr *E) {
  std::optional<LaneTruth> LT = compareLanes(Op, L, R);
  if (!LT)
    return std::nullopt;
  if (LT->U.none()) {
    std::vector<int64_t> Out(Lanes.size(), 0);
    for (unsigned I : SetLanes(LT->T))
      Out[I] = 1;
    return laneInteger(std::move(Out), true, false);
  }
  if (LT->U == Active)
    return Value::unknown(at(UnknownKind::ConditionNotKnown, E));
  return std::nullopt; // some lanes know and some do not: lane by lane
}

Value KernelEvaluator::laneInteger(std::vector<int64_t> Table, bool Varying,
                                   bool Mixed) {
  // What gather makes of these integers, one per active lane.
  Value V = Value::integer(byLane(std::move(Table)));
  V.LaneVarying = Varying;
  V.MixedVarying = Mixed;
  return V;
}

KernelEvaluator::LaneTruth KernelEvaluator::noTruth() const {
  unsigned N = unsigned(Lanes.size());
  return {LaneMask(N), LaneMask(N), LaneMask(N)};
}

KernelEvaluator::LaneTruth KernelEvaluator::truths(const Value &V) {
  LaneTruth R = noTruth();
  if (!varies(V)) {
    Truth T = truth(V);
    (T == Truth::True ? R.T : T == Truth::False ? R.F : R.U) = Active;
    R.Uniform = !V.LaneVarying;
    if (V.K == Value::Unknown)
      R.Undecided = V.Reason;
    return R;
  }
  if (std::optional<std::vector<int64_t>> Ints = laneInts(V)) {
    for (unsigned L : SetLanes(Active))
      ((*Ints)[L] != 0 ? R.T : R.F).set(L);
    return R;
  }
  for (unsigned L : SetLanes(Active)) {
    Truth T = truth(at(V, L));
    (T == Truth::True ? R.T : T == Truth::False ? R.F : R.U).set(L);
  }
  return R;
}

KernelEvaluator::LaneTruth KernelEvaluator::condition(const Expr *E) {
  // Conditions stay per-lane truths through &&, || and !, so lanes that
  // know and lanes that do not can take their own ways.
  E = E->IgnoreParens();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (BO && (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr)) {
    if (!step())
      return truths(Value::unknown(UnknownKind::BudgetExhausted));
    return logical(BO);
  }
  const auto *UO = dyn_cast<UnaryOperator>(E);
  if (UO && UO->getOpcode() == UO_LNot) {
    if (!step())
      return truths(Value::unknown(UnknownKind::BudgetExhausted));
    LaneTruth A = condition(UO->getSubExpr());
    std::swap(A.T, A.F);
    std::swap(A.IfTrue, A.IfFalse);
    std::swap(A.OneTrue, A.OneFalse);
    std::swap(A.SomeTrue, A.SomeFalse);
    return A;
  }
  if (BO && BO->isComparisonOp()) {
    // What eval() does, except that lanes that all know, or all do not,
    // give their truths without a 0/1 lane integer between.
    Nesting In(Depth);
    if (std::optional<Value> V = before(BO))
      return truths(*V);
    Value L = eval(BO->getLHS()), R = eval(BO->getRHS());
    // Lanes that know and lanes that do not take their own ways
    // (execSplitIf), rather than parting the run into single lanes.
    if (varies(L) || varies(R))
      if (std::optional<LaneTruth> LT = compareLanes(BO->getOpcode(), L, R)) {
        LaneTruth Out =
            byGuards(withBounds(std::move(*LT), BO->getOpcode(), L, R),
                     BO->getOpcode(), L, R);
        // Lanes equal to a value read from memory (`threadIdx.x == buf[1]`:
        // one lane at most) are the data's pick. A bound is not (`i < n`,
        // `i < tsum`: the whole warp but at the edge, as far as the
        // analyzer knows), nor a launch value.
        if (BO->getOpcode() == BO_EQ && Out.U.any() && Out.Undecided.empty() &&
            llvm::any_of((L.Offset - R.Offset).symbols(),
                         [&](SymbolId S) { return Syms.fromData(S); }))
          Out.Undecided = at(UnknownKind::ConditionNotKnown, BO);
        // Lanes whose sides differ by a different amount each: one of them
        // at most is equal, whatever the unknown. Lanes in groups that
        // differ alike (a 2-D block's column): one group at most, which
        // one not known. One group: those lanes, all or none.
        if (BO->isEqualityOp() && Out.U.count() > 1) {
          bool Eq = BO->getOpcode() == BO_EQ;
          size_t Apart = differencesInLanes(L, R, Active);
          if (Apart == Active.count())
            (Eq ? Out.OneTrue : Out.OneFalse) = true;
          else if (differencesInLanes(L, R, Out.U) > 1)
            (Eq ? Out.SomeTrue : Out.SomeFalse) = true;
        }
        return Out;
      }
    return byGuards(
        withBounds(truths(comparison(BO, L, R)), BO->getOpcode(), L, R),
        BO->getOpcode(), L, R);
  }
  return truths(eval(E));
}

std::vector<std::optional<int64_t>>
KernelEvaluator::laneMargins(const AffineExpr &D, const AffineExpr &R) const {
  std::vector<std::optional<int64_t>> Out(Lanes.size());
  std::vector<int64_t> AboveIn, RoomIn;
  for (const StrictBound &B : Facts.bounds()) {
    // Constant in a lane where, once its lane symbols are bound, no other
    // symbol is left: D - Below and R - Limit each, as margin() asks.
    auto Above = splitByLane(D - B.Below);
    auto Room = splitByLane(R - B.Limit);
    if (!Above || !Room || !Above->first.terms().empty() ||
        !Room->first.terms().empty())
      continue;
    inLanes(Above->second, AboveIn);
    inLanes(Room->second, RoomIn);
    for (unsigned L : SetLanes(Active)) {
      int64_t W = std::max<int64_t>(0, AboveIn[L] - RoomIn[L]);
      if (!Out[L] || W < *Out[L])
        Out[L] = W;
    }
  }
  return Out;
}

KernelEvaluator::LaneTruth KernelEvaluator::byGuards(LaneTruth LT,
                                                     BinaryOperatorKind Op,
                                                     const Value &L,
                                                     const Value &R) {
  if (LT.U.none() || Facts.size() == 0 || L.K != Value::Int ||
      R.K != Value::Int || !BinaryOperator::isRelationalOp(Op))
    return LT;
  // The comparison as X >= Y (`i > n - 1` under `i < n`: never).
  AffineExpr One = AffineExpr::constant(1), X = L.Offset, Y = R.Offset;
  if (Op == BO_LT || Op == BO_LE)
    std::swap(X, Y);
  if (Op == BO_GT || Op == BO_LT)
    Y = Y + One;
  LaneMask Saved = Active;
  Active = LT.U;
  std::vector<std::optional<int64_t>> Never = laneMargins(X, Y),
                                      Always = laneMargins(Y - One, X);
  Active = Saved;
  LaneMask Undecided = LT.U;
  for (unsigned I : SetLanes(Undecided)) {
    LaneMask *To = Never[I] == 0 ? &LT.F : Always[I] == 0 ? &LT.T : nullptr;
    if (To) {
      To->set(I);
      LT.U.reset(I);
    }
  }
  return LT;
}

KernelEvaluator::LaneTruth KernelEvaluator::withBounds(LaneTruth LT,
                                                       BinaryOperatorKind Op,
                                                       const Value &L,
                                                       const Value &R) {
  // Known operands leave the truth to the launch's values (`i < n`), not
  // to the data.
  LT.Undecided = L.K == Value::Unknown   ? L.Reason
                 : R.K == Value::Unknown ? R.Reason
                                         : WhyUnknown();
  if (L.K != Value::Int || R.K != Value::Int)
    return LT;
  AffineExpr One = AffineExpr::constant(1);
  auto Both = [&](AffineExpr B, AffineExpr Lim, AffineExpr FB,
                  AffineExpr FLim) {
    LT.IfTrue.push_back({std::move(B), std::move(Lim)});
    LT.IfFalse.push_back({std::move(FB), std::move(FLim)});
  };
  const AffineExpr &A = L.Offset, &B = R.Offset;
  switch (Op) {
  case BO_LT: // false: B <= A
    Both(A, B, B, A + One);
    break;
  case BO_LE:
    Both(A, B + One, B, A);
    break;
  case BO_GT:
    Both(B, A, A, B + One);
    break;
  case BO_GE:
    Both(B, A + One, A, B);
    break;
  default:
    break;
  }
  return LT;
}

KernelEvaluator::LaneTruth KernelEvaluator::logical(const BinaryOperator *BO) {
  bool IsAnd = BO->getOpcode() == BO_LAnd;
  LaneTruth A = condition(BO->getLHS());
  LaneMask &Short = IsAnd ? A.F : A.T, &Long = IsAnd ? A.T : A.F;
  LaneMask Need = Long;
  Need |= A.U;
  LaneTruth B = noTruth();
  if (Need.any()) {
    LaneMask Saved = Active;
    Active = Need;
    // Lanes the left side does not decide run the right side or skip it
    // by a value not known (`c == text[i] && c2 == text[i + 1]`): which of
    // them load there is not known. nvcc jumps around it (ss measured the
    // second load in 201 of 26907 warps, one lane each).
    DecidedLanes Outside =
        A.U.any() ? pickLanes(A, /*Predicated=*/false) : LanesDecided;
    B = condition(BO->getRHS());
    LanesDecided = Outside;
    Active = Saved;
  }
  LaneMask &BShort = IsAnd ? B.F : B.T, &BLong = IsAnd ? B.T : B.F;
  // Short-circuited lanes, and unknown lanes that the right side decides,
  // take the short value; known lanes take the right side's; the rest stay
  // unknown.
  LaneTruth R = noTruth();
  LaneMask &RShort = IsAnd ? R.F : R.T, &RLong = IsAnd ? R.T : R.F;
  RShort = Short;
  RShort |= BShort;
  RLong = BLong;
  RLong &= Long;
  R.U = B.U;
  LaneMask UnknownLong = BLong;
  UnknownLong &= A.U;
  R.U |= UnknownLong;
  R.Uniform = A.Uniform && (Need.none() || B.Uniform);
  // Lanes where a conjunction holds passed both sides; where a disjunction
  // fails, both failed.
  R.Undecided = A.Undecided.empty() ? B.Undecided : A.Undecided;
  // One lane at most passes a conjunction one of whose sides one passes.
  R.OneTrue = IsAnd && (A.OneTrue || B.OneTrue);
  R.OneFalse = !IsAnd && (A.OneFalse || B.OneFalse);
  // Lanes a side picks, which not known (one lane, or one group), pass a
  // disjunction with the other side's (`x == 0 || x == w - 1`); where one
  // side's group passes a conjunction, the conjunction passes at most
  // there. The same for failing, the other way round.
  bool FewTrueA = A.SomeTrue || A.OneTrue, FewTrueB = B.SomeTrue || B.OneTrue;
  bool FewFalseA = A.SomeFalse || A.OneFalse,
       FewFalseB = B.SomeFalse || B.OneFalse;
  R.SomeTrue = !R.OneTrue && R.U.any() &&
               (IsAnd ? A.SomeTrue || B.SomeTrue : FewTrueA || FewTrueB);
  R.SomeFalse = !R.OneFalse && R.U.any() &&
                (IsAnd ? FewFalseA || FewFalseB : A.SomeFalse || B.SomeFalse);
  auto &Holds = IsAnd ? R.IfTrue : R.IfFalse;
  Holds = IsAnd ? A.IfTrue : A.IfFalse;
  auto &More = IsAnd ? B.IfTrue : B.IfFalse;
  Holds.append(More.begin(), More.end());
  return R;
}

Value KernelEvaluator::fromTruths(const LaneTruth &LT, const Expr *E) {
  if (LT.T == Active || LT.F == Active)
    return Value::integer(AffineExpr::constant(LT.T == Active));
  if (LT.U.none())
    return perLane(true, [&](unsigned L) {
      return Value::integer(AffineExpr::constant(LT.T.test(L)));
    });
  if (LT.U != Active)
    Diverged = true; // some lanes know and some do not
  return Value::unknown(at(UnknownKind::ConditionNotKnown, E));
}

Value KernelEvaluator::eachWay(const LaneTruth &LT,
                               llvm::function_ref<Value(Truth)> Way) {
  LaneMask Entry = Active;
  std::vector<std::pair<const LaneMask *, Value>> Parts;
  for (auto [M, T] :
       {std::make_pair(&LT.T, Truth::True), std::make_pair(&LT.F, Truth::False),
        std::make_pair(&LT.U, Truth::Unknown)})
    if (M->any()) {
      Active = *M;
      Parts.push_back({M, Way(T)});
    }
  Active = Entry;
  return Parts.size() == 1 ? Parts.front().second : select(Parts);
}

void KernelEvaluator::mergeLocals(
    const std::vector<std::pair<LaneMask, Env>> &Out) {
  // Every lane continues with the locals of the way it took. Only the
  // variables of the enclosing scope matter after the merge.
  Env &Merged = locals();
  llvm::SaveAndRestore<bool> InMerge(Merging, true);
  for (auto &[VD, V] : Merged) {
    std::vector<std::pair<const LaneMask *, Value>> Parts;
    bool Differ = false;
    for (const auto &[M, E] : Out) {
      auto It = E.find(VD);
      Value W = It == E.end() ? Value::unknown({UnknownKind::NotKnown, 0,
                                                VD.Var->getName().str()})
                              : It->second;
      Differ |= !Parts.empty() && !W.identical(Parts.front().second);
      Parts.push_back({&M, std::move(W)});
    }
    if (Parts.empty())
      continue;
    V = Differ ? select(Parts) : Parts.front().second;
  }
}

Value KernelEvaluator::resultOf(const Frame &Done, const FunctionDecl *FD) {
  if (Done.Results.size() == 1 && Done.Results[0].first == Active)
    return Done.Results[0].second;
  Value None = Value::unknown({UnknownKind::ResultOf, 0, nameOf(FD)});
  if (Done.Results.empty())
    return None;
  std::vector<std::pair<const LaneMask *, Value>> Parts;
  for (const auto &[M, V] : Done.Results)
    Parts.push_back({&M, V});
  LaneMask All(unsigned(Lanes.size()), true);
  Parts.push_back({&All, None});
  return select(Parts);
}

} // namespace cal
