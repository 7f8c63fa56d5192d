#include "analyzer/RequestCost.h"
#include "analyzer/BankModel.h"
#include "analyzer/ConstantCacheModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <map>
#include <memory>
#include <numeric>

namespace cal {

namespace {

/// A request's ideal: its active lanes' bytes packed, best aligned; one
/// constant-cache request where the lanes read one address.
int idealOf(const std::vector<LaneAddress> &Addrs, const CostQuestion &Q) {
  switch (Q.What) {
  case Counting::Sectors:
    return countSectors(Addrs, Q.Bytes).IdealSectors;
  case Counting::Wavefronts:
    return countWavefronts(Addrs, Q.Bytes, Q.LaneBytes, Q.Store)
        .IdealWavefronts;
  case Counting::ConstantRequests:
    return Addrs.empty() ? 0 : 1;
  }
  return 0;
}

/// Symbol Sym's value in trial K: large, in the residue class K of its
/// divisor, or where its values are known, the K-th of them (round again
/// past the last).
int64_t candidateValue(int K, SymbolId Sym, const SymbolTable &Syms) {
  if (std::optional<std::pair<int64_t, int64_t>> R = Syms.range(Sym))
    return R->first + K % (R->second - R->first + 1);
  return Syms.divisor(Sym) * (1024 + K);
}

/// An AffineExpr's terms with their symbols at hand, for the trials that
/// evaluate it again and again.
struct FlatExpr {
  llvm::SmallVector<std::pair<int64_t, llvm::ArrayRef<SymbolId>>, 4> Terms;
  explicit FlatExpr(const AffineExpr &E) {
    for (const auto &[M, K] : E.terms())
      Terms.push_back({K, M.symbols()});
  }
  int64_t at(const std::vector<int64_t> &Vals) const {
    int64_t Total = 0;
    for (const auto &[K, Symbols] : Terms) {
      int64_t P = K;
      for (SymbolId S : Symbols)
        P = wrapMul(P, Vals[S]);
      Total = wrapAdd(Total, P);
    }
    return Total;
  }
};

/// Each lane's terms (its constant apart): a chunk's shape, or a lane's row
/// but its zeros.
template <typename Fn> void eachTerm(const Chunk &C, size_t K, Fn F) {
  if (!C.Rows) {
    for (const auto &[M, V] : C.Shape->Offset.terms())
      F(M, V);
    return;
  }
  size_t W = C.Monomials.size();
  for (size_t J = 0; J < W; ++J)
    if (int64_t V = C.Rows[K * W + J])
      F(C.Monomials[J], V);
}

/// The lanes whose terms to look at: a chunk without rows has one shape.
size_t shapeCount(const Chunk &C) { return C.Rows ? C.Lanes.size() : 1; }

/// Counts shared by requests whose lanes lie alike relative to their first
/// lane in every trial (each the one before it moved by some amount): by
/// trial and the first lane's address mod Period, all that differs between
/// them.
using Family = llvm::DenseMap<uint64_t, int>;
/// Counts by the shift of Common mod Period, among trials that give every
/// lane's own terms the same values.
using Memo = std::array<int, size_t(SectorsRepeatBytes)>;
Memo newMemo() {
  Memo M;
  M.fill(-1);
  return M;
}

/// One request's addresses in each trial. Every lane's address is Common,
/// the terms all lanes share, plus terms of its own and its constant. The
/// counts repeat every Period bytes, so where only symbols of Common change,
/// the lanes shift together and the count depends on the shift of Common
/// mod Period.
class TrialCounter {
public:
  TrialCounter(llvm::ArrayRef<Chunk> Chunks, const SymbolTable &Syms,
               const CostQuestion &Q, int64_t Period,
               std::vector<int64_t> &Vals, std::vector<LaneAddress> &Addrs);

  llvm::ArrayRef<SymbolId> symbols() const { return Symbols; }
  bool hasOwnSymbols() const { return !OwnSymbols.empty(); }
  bool ownSymbol(SymbolId Sym) const {
    return llvm::is_contained(OwnSymbols, Sym);
  }
  /// Trial K: every symbol takes its K-th candidate value, or only Alone
  /// does and the others their second.
  void trial(int K, std::optional<SymbolId> Alone = std::nullopt);
  /// Aligned trial K: block indices and symbols of known values take their
  /// K-th candidate, sizes (the others) their first, a multiple of 1024
  /// times their divisor.
  void alignedTrial(int K);
  /// Whether some symbol is a size: neither a block index nor of known
  /// values.
  bool hasSizes() const {
    return llvm::any_of(Symbols, [&](SymbolId S) { return isSize(S); });
  }
  /// The lanes' addresses in the trial at hand, into Addrs.
  void addresses();
  /// The count in the trial at hand, numbered Trial (K, or K with one
  /// symbol varied alone: (symbol + 1) * Candidates + K), kept in M or, with
  /// own symbols, in the family F.
  int count(Memo *M, Family *F, uint64_t Trial);
  /// A cp.async write's request: its read's addresses (CostQuestion's
  /// Arrivals).
  const CopySources *Sources = nullptr;

private:
  bool isSize(SymbolId S) const {
    return !Syms.range(S) && !Syms.everyValue(S);
  }
  void commonTerms();
  void ownTerms();
  void ownValues();
  int64_t shiftOf(size_t L, int64_t CommonShift) const;
  void naturalAlignment();
  /// Common's value in the trial at hand (after ownValues()), moved down to
  /// put the first lane's element at a multiple of its size where that
  /// holds.
  int64_t commonShift() const {
    int64_t S = CommonAt.at(Vals);
    if (Align == 1)
      return S;
    int64_t First = wrapAdd(shiftOf(0, S), Residue);
    return S - (First & (Align - 1));
  }

  llvm::ArrayRef<Chunk> Chunks;
  const SymbolTable &Syms;
  const CostQuestion &Q;
  int64_t Period;
  std::vector<int64_t> &Vals;
  std::vector<LaneAddress> &Addrs;
  llvm::SmallVector<SymbolId, 4> Symbols;
  AffineExpr Common;
  FlatExpr CommonAt{AffineExpr()};
  llvm::SmallVector<Monomial, 2> OwnMonomials;
  llvm::SmallVector<SymbolId, 4> OwnSymbols; ///< in some lane's own terms
  size_t LaneCount = 0;
  std::vector<int64_t> OwnCoefficients; ///< lane by lane, a row each
  llvm::SmallVector<int64_t, 2> OwnValues;
  /// An element sits at a multiple of its size (a float at 4 bytes, a
  /// float4 at 16), whatever an unknown offset is. Where every lane's
  /// constant is Residue mod Align, each own monomial's value is taken at a
  /// multiple of OwnSteps (what makes the lanes' differences multiples of
  /// Align), and Common where the first lane's element is aligned.
  int64_t Align = 1, Residue = 0;
  llvm::SmallVector<int64_t, 2> OwnSteps;
};

TrialCounter::TrialCounter(llvm::ArrayRef<Chunk> Chunks,
                           const SymbolTable &Syms, const CostQuestion &Q,
                           int64_t Period, std::vector<int64_t> &Vals,
                           std::vector<LaneAddress> &Addrs)
    : Chunks(Chunks), Syms(Syms), Q(Q), Period(Period), Vals(Vals),
      Addrs(Addrs) {
  for (const Chunk &C : Chunks)
    for (size_t K = 0; K < shapeCount(C); ++K)
      eachTerm(C, K, [&](Monomial M, int64_t) {
        for (SymbolId Sym : M)
          if (!llvm::is_contained(Symbols, Sym)) // a few, in many chunks
            Symbols.push_back(Sym);
      });
  std::sort(Symbols.begin(), Symbols.end());
  commonTerms();
  CommonAt = FlatExpr(Common);
  ownTerms();
  naturalAlignment();
}

void TrialCounter::naturalAlignment() {
  int64_t Size = Q.Bytes;
  if (Size < 2 || Size > 16 || !llvm::isPowerOf2_64(uint64_t(Size)))
    return;
  bool First = true;
  for (const Chunk &C : Chunks)
    for (const LaneAccess &A : C.Lanes) {
      int64_t R = wrapAdd(A.Constant, C.Shift) & (Size - 1);
      if (First)
        Residue = R;
      else if (R != Residue)
        return; // elements not all aligned alike: no such fact
      First = false;
    }
  Align = Size;
  size_t Width = OwnMonomials.size();
  for (size_t J = 0; J < Width; ++J) {
    uint64_t G = 0; // of the lanes' coefficients less the first's
    for (size_t L = 1; L < LaneCount; ++L) {
      int64_t D = wrapSub(OwnCoefficients[L * Width + J], OwnCoefficients[J]);
      G = std::gcd(G, D < 0 ? 0 - uint64_t(D) : uint64_t(D));
    }
    OwnSteps.push_back(G ? Size / int64_t(std::gcd(uint64_t(Size), G)) : 1);
  }
}

void TrialCounter::commonTerms() {
  const AffineExpr Front = laneShape(Chunks.front(), 0);
  llvm::SmallVector<const Monomial *, 2> NotCommon;
  for (const Chunk &C : Chunks)
    for (size_t K = 0; K < shapeCount(C); ++K) {
      if (!C.Rows && C.Shape->Offset == Front)
        continue;
      for (const auto &Term : Front.terms()) {
        int64_t Here = 0;
        eachTerm(C, K, [&](Monomial N, int64_t U) {
          if (N == Term.first)
            Here = U;
        });
        if (Here != Term.second && !llvm::is_contained(NotCommon, &Term.first))
          NotCommon.push_back(&Term.first);
      }
    }
  Common = NotCommon.empty() ? Front : Front.filter([&](const Monomial &M) {
    return !llvm::is_contained(NotCommon, &M);
  });
}

void TrialCounter::ownTerms() {
  // Each lane's terms beyond Common, as coefficients of the monomials that
  // some lane has beyond it: its offset is Common plus these, in wrapping
  // arithmetic as in every trial, so Common and each monomial are evaluated
  // once per trial.
  for (const Chunk &C : Chunks)
    for (size_t K = 0; K < shapeCount(C); ++K)
      eachTerm(C, K, [&](Monomial M, int64_t) {
        if (termOf(Common, M) == 0 && !llvm::is_contained(OwnMonomials, M))
          OwnMonomials.push_back(M);
      });
  for (Monomial M : OwnMonomials)
    OwnSymbols.append(M.begin(), M.end());
  size_t Width = OwnMonomials.size();
  for (const Chunk &C : Chunks)
    LaneCount += C.Lanes.size();
  OwnValues.resize(Width);
  if (!Width)
    return;
  OwnCoefficients.assign(LaneCount * Width, 0);
  int64_t *Row = OwnCoefficients.data();
  for (const Chunk &C : Chunks)
    for (size_t K = 0; K < C.Lanes.size(); ++K, Row += Width)
      eachTerm(C, K, [&](Monomial M, int64_t V) {
        if (const Monomial *At = llvm::find(OwnMonomials, M);
            At != OwnMonomials.end())
          Row[At - OwnMonomials.begin()] = V;
      });
}

void TrialCounter::trial(int K, std::optional<SymbolId> Alone) {
  for (size_t I = 0; I < Symbols.size(); ++I)
    Vals[Symbols[I]] = candidateValue(!Alone || Symbols[I] == *Alone ? K : 1,
                                      Symbols[I], Syms);
}

void TrialCounter::alignedTrial(int K) {
  for (SymbolId Sym : Symbols)
    Vals[Sym] = candidateValue(isSize(Sym) ? 0 : K, Sym, Syms);
}

void TrialCounter::ownValues() {
  for (size_t J = 0; J < OwnMonomials.size(); ++J) {
    int64_t P = 1;
    for (SymbolId Sym : OwnMonomials[J])
      P = wrapMul(P, Vals[Sym]);
    OwnValues[J] = Align > 1 ? P - (P & (OwnSteps[J] - 1)) : P;
  }
}

int64_t TrialCounter::shiftOf(size_t L, int64_t CommonShift) const {
  size_t Width = OwnMonomials.size();
  int64_t Shift = CommonShift;
  for (size_t J = 0; J < Width; ++J)
    Shift =
        wrapAdd(Shift, wrapMul(OwnCoefficients[L * Width + J], OwnValues[J]));
  return Shift;
}

void TrialCounter::addresses() {
  Addrs.resize(LaneCount); // sized once per trial
  LaneAddress *Out = Addrs.data();
  if (!OwnMonomials.empty())
    ownValues();
  int64_t CommonShift = commonShift();
  if (OwnMonomials.empty()) { // most requests: every lane shifts alike
    for (const Chunk &C : Chunks) {
      int64_t Shift = wrapAdd(C.Shift, CommonShift);
      for (const LaneAccess &A : C.Lanes)
        *Out++ = {A.Lane, wrapAdd(A.Constant, Shift)};
    }
    return;
  }
  size_t L = 0;
  for (const Chunk &C : Chunks)
    for (const LaneAccess &A : C.Lanes)
      *Out++ = {A.Lane, wrapAdd(wrapAdd(A.Constant, C.Shift),
                                shiftOf(L++, CommonShift))};
}

int TrialCounter::count(Memo *M, Family *F, uint64_t Trial) {
  int *Slot = nullptr;
  if (M) {
    int64_t Shift = commonShift();
    Slot = &(*M)[size_t(Shift & (Period - 1))];
    if (*Slot >= 0)
      return *Slot;
  } else if (F) {
    ownValues();
    int64_t First =
        wrapAdd(constantOf(Chunks.front(), 0), shiftOf(0, commonShift()));
    auto [It, New] =
        F->try_emplace((Trial << 7) | uint64_t(First & (Period - 1)));
    if (!New)
      return It->second;
    Slot = &It->second;
  }
  addresses();
  int N =
      Q.What == Counting::Sectors            ? countSectorsOnly(Addrs, Q.Bytes)
      : Q.What == Counting::ConstantRequests ? countConstantRequests(Addrs)
      : Sources
          ? countArrivals(Addrs, *Sources, Q.Bytes).Wavefronts
          : countWavefronts(Addrs, Q.Bytes, Q.LaneBytes, Q.Store).Wavefronts;
  if (Slot)
    *Slot = N;
  return N;
}

/// What a request added, kept to be added again for one alike to it.
struct Outcome {
  double Mean = 0;
  int Ideal = 0;
  double AlignedMean = 0; ///< over the aligned trials (RequestCosts)
  int First = 0;          ///< in the first trial (RequestCosts::FirstSum)
  std::vector<SymbolId> Deciding;
  std::optional<std::vector<int>> BestKs;
  /// Whether a symbol that takes every value (blockIdx) moved the count.
  bool BlocksMove = false;
};

/// A request counted before, as a candidate for alike ones: its outcome
/// where it has a key, and its family where it has own symbols.
struct Memoized {
  llvm::ArrayRef<Chunk> Chunks;
  const Outcome *O = nullptr;
  Family *F = nullptr;
};

/// The walk over a site's requests, with what it keeps from one to the
/// next.
class CostWalk {
public:
  CostWalk(const CostQuestion &Q, const SymbolTable &Syms)
      : Q(Q), Syms(Syms), Vals(Syms.size(), 0) {}
  RequestCosts run(const Requests &Rs);

private:
  /// Where Req is one lane at an address not known (it costs 1), why
  /// that address is not known.
  std::optional<UnknownReason> loneLaneUnknown(const Request &Req) const;
  const Outcome *alike(llvm::ArrayRef<Chunk> Chunks, const Memoized *Above,
                       std::optional<std::vector<int64_t>> &Key);
  Family *familyOf(llvm::ArrayRef<Chunk> Chunks, const Memoized *Above);
  void count(const Request &Req, const Memoized *Above,
             std::optional<std::vector<int64_t>> Key, Memoized &Here,
             const CopySources *Sources);
  /// The trial that varied one symbol alone to its worst count: the
  /// symbol, its candidate, that count and the best of the symbol's.
  struct Trial {
    SymbolId Sym;
    int K, Worst, Best;
  };
  /// The symbols that decide This, each varied alone; the worst such trial.
  std::optional<Trial> decidingSymbols(TrialCounter &T, Memo &Shared, Family *F,
                                       Outcome &This);

  const CostQuestion &Q;
  const SymbolTable &Syms;
  // The counts repeat when every lane moves by this many bytes.
  // (A constant read's count does not move with a shift: any period does.)
  const int64_t Period =
      Q.What == Counting::Sectors ? SectorsRepeatBytes : WavefrontsRepeatBytes;
  RequestCosts Out;
  // The value of each symbol in the trial at hand, by SymbolId, and the
  // buffer its addresses are computed in: reused across the requests.
  std::vector<int64_t> Vals;
  std::vector<LaneAddress> Addrs;
  std::map<std::vector<int64_t>, Outcome> Seen;
  std::vector<std::unique_ptr<Family>> Families; // made where needed
  // Requests with a key, as the candidates moved() compares first: the one
  // just before, and the one at the same place in the warp before (the
  // requests come by warp, then by trip). Last is the request just before,
  // with a key or not, as a candidate for its family.
  Memoized Previous, Last;
};

// Powers of two, so that a remainder by a period is its low bits (no
// division, which costs more than the rest of comparing two requests).
static_assert(llvm::isPowerOf2_64(SectorsRepeatBytes) &&
                  llvm::isPowerOf2_64(WavefrontsRepeatBytes),
              "periods are powers of two");
static_assert(WavefrontsRepeatBytes <= SectorsRepeatBytes,
              "a memo has a slot per byte of the longer period");

RequestCosts CostWalk::run(const Requests &Rs) {
  std::vector<Memoized> WarpBefore, ThisWarp;
  int Warp = -1;
  assert((!Q.Arrivals || Q.Arrivals->size() == Rs.All.size()) &&
         "a cp.async write's sources come request by request");
  for (const Request &Req : Rs.All) {
    // The lanes of one request in one array; a site's requests may each be
    // in another (a helper called with `&lt[i]`, then with `&gt[i]`).
    const clang::ValueDecl *Base = Req.Chunks.front().Shape->Base;
    auto Apart = llvm::find_if(Req.Chunks, [&](const Chunk &C) {
      return C.Shape->K != Value::Pointer || C.Shape->Base != Base;
    });
    if (Apart != Req.Chunks.end()) {
      if (std::optional<UnknownReason> Why = loneLaneUnknown(Req)) {
        if (!Out.LoneLaneAddress)
          Out.LoneLaneAddress = std::move(*Why);
        Out.Sum += 1;
        Out.AlignedSum += 1;
        Out.FirstSum += 1;
        Out.IdealSum += 1;
        ++Out.Instances;
        Previous = Last = {};
        continue;
      }
      Out.Reason = Apart->Shape->K == Value::Pointer
                       ? UnknownReason{UnknownKind::DifferentArrays}
                       : Apart->Shape->Reason.get();
      return std::move(Out);
    }
    if (Req.Warp != Warp) {
      Warp = Req.Warp;
      std::swap(WarpBefore, ThisWarp); // each keeps its storage
      ThisWarp.clear();
    }
    ThisWarp.emplace_back();
    const Memoized *Above = ThisWarp.size() <= WarpBefore.size()
                                ? &WarpBefore[ThisWarp.size() - 1]
                                : nullptr;
    // A request alike to one before (the same warp pattern in another warp
    // or trip, moved by a multiple of Period) counts the same in every
    // trial: it adds its counts again and cannot be a new worst.
    // A cp.async's write counts as its own read's data arrive: requests
    // alike in their writes may be apart in their reads.
    const CopySources *Sources =
        Q.Arrivals ? &(*Q.Arrivals)[&Req - Rs.All.data()] : nullptr;
    std::optional<std::vector<int64_t>> Key;
    if (const Outcome *A = Sources ? nullptr : alike(Req.Chunks, Above, Key)) {
      Out.Sum += A->Mean;
      Out.AlignedSum += A->AlignedMean;
      Out.FirstSum += A->First;
      Out.IdealSum += A->Ideal;
      ++Out.Instances;
      Out.Deciding.insert(A->Deciding.begin(), A->Deciding.end());
      if (A->BestKs)
        Out.BestKs = *A->BestKs;
      Previous = ThisWarp.back() = {Req.Chunks, A};
      Last = {};
      continue;
    }
    Previous = {};
    count(Req, Above, std::move(Key), ThisWarp.back(), Sources);
  }
  return std::move(Out);
}

std::optional<UnknownReason>
CostWalk::loneLaneUnknown(const Request &Req) const {
  // One lane moves one naturally aligned element (the hardware faults on
  // any other), which never straddles a sector or takes two wavefronts.
  // Not where the evaluation stopped short: its lanes are not all there.
  if (Req.Chunks.size() != 1 || Req.Chunks.front().Lanes.size() != 1 ||
      !llvm::isPowerOf2_32(unsigned(Q.Bytes)) || Q.Bytes > 16)
    return std::nullopt;
  const Value &Shape = *Req.Chunks.front().Shape;
  UnknownReason Why = Shape.Reason.get();
  if (Shape.K == Value::Pointer || Why.Kind == UnknownKind::BudgetExhausted ||
      Why.Kind == UnknownKind::CallsTooDeep ||
      Why.Kind == UnknownKind::NotCompiled)
    return std::nullopt;
  return Why;
}

const Outcome *CostWalk::alike(llvm::ArrayRef<Chunk> Chunks,
                               const Memoized *Above,
                               std::optional<std::vector<int64_t>> &Key) {
  // The warp before first where it shares this request's lanes (moved
  // alike as a whole warp), as the cheaper comparison.
  bool AboveShares = Above && Above->Chunks.front().Lanes.data() ==
                                  Chunks.front().Lanes.data();
  for (const Memoized *C :
       {AboveShares ? Above : &Previous, AboveShares ? &Previous : Above})
    if (C && C->O && moved(C->Chunks, Chunks, Period))
      return C->O;
  if ((Key = requestKey(Chunks, Period)))
    if (auto It = Seen.find(*Key); It != Seen.end())
      return &It->second;
  return nullptr;
}

Family *CostWalk::familyOf(llvm::ArrayRef<Chunk> Chunks,
                           const Memoized *Above) {
  const Memoized *Near[] = {&Last, Above};
  for (const Memoized *C : Near)
    if (C && C->F && moved(C->Chunks, Chunks, 1))
      return C->F;
  return Families.emplace_back(std::make_unique<Family>()).get();
}

void CostWalk::count(const Request &Req, const Memoized *Above,
                     std::optional<std::vector<int64_t>> Key, Memoized &Here,
                     const CopySources *Sources) {
  llvm::ArrayRef<Chunk> Chunks = Req.Chunks;
  TrialCounter T(Chunks, Syms, Q, Period, Vals, Addrs);
  T.Sources = Sources;
  // Lanes with terms of their own are counted trial by trial, shared with
  // the requests of their family (not a cp.async write's: each request's
  // sources are its own).
  Family *F = T.hasOwnSymbols() && !Sources ? familyOf(Chunks, Above) : nullptr;
  Memo Shared = newMemo(); // for trials that vary only symbols of Common
  int Ks = T.symbols().empty() ? 1 : Candidates;
  llvm::SmallVector<int, Candidates> PerK(Ks);
  for (int K = 0; K < Ks; ++K) {
    T.trial(K);
    PerK[K] = T.count(T.hasOwnSymbols() ? nullptr : &Shared, F, uint64_t(K));
  }
  int KWorst = int(std::max_element(PerK.begin(), PerK.end()) - PerK.begin());
  int Best = *std::min_element(PerK.begin(), PerK.end());
  Outcome This;
  // The ideal hardly moves with the trials: the lanes' count and their
  // pattern decide it (fewer lanes at a row's edge need fewer sectors).
  T.trial(0);
  T.addresses();
  This.Ideal = idealOf(Addrs, Q);
  for (int V : PerK)
    This.Mean += V;
  This.Mean /= Ks;
  This.AlignedMean = This.Mean;
  if (Best != PerK[KWorst] && T.hasSizes()) {
    // Numbered past the trials that vary one symbol alone.
    uint64_t First = (uint64_t(Syms.size()) + 1) * Candidates;
    This.AlignedMean = 0;
    for (int K = 0; K < Ks; ++K) {
      T.alignedTrial(K);
      This.AlignedMean += T.count(T.hasOwnSymbols() ? nullptr : &Shared, F,
                                  First + uint64_t(K));
    }
    This.AlignedMean /= Ks;
  }
  This.First = PerK[0];
  Out.Sum += This.Mean;
  Out.AlignedSum += This.AlignedMean;
  Out.FirstSum += This.First;
  Out.IdealSum += This.Ideal;
  ++Out.Instances;
  // Together the symbols take one value, so where the code subtracts two
  // (a row's ceilf(end * r) - floorf(start * r)) they cancel in every
  // trial: where two or more gave one count, each alone may still move it.
  // Where the joint trials differ, their worst stands; the symbols that
  // decide are noted all the same (decidingSymbols records them).
  bool Varies = Best != PerK[KWorst];
  std::optional<Trial> Alone;
  if (Varies || T.symbols().size() > 1)
    Alone = decidingSymbols(T, Shared, F, This);
  if (Varies)
    Alone.reset();
  int WorstCount = Alone ? Alone->Worst : PerK[KWorst];
  // Where only blocks move it, each count is some block's: none is best
  // but by a value not known.
  bool OnlyBlocks = This.BlocksMove && This.Deciding.empty();
  const Outcome *Kept =
      Key ? &Seen.emplace(std::move(*Key), std::move(This)).first->second
          : nullptr;
  Here = Last = {Chunks, Kept, F};
  if (Kept)
    Previous = Here;
  if (WorstCount <= Out.WorstCount)
    return;
  Out.Worst = &Req;
  Out.WorstCount = WorstCount;
  Out.WorstByBlock = OnlyBlocks;
  Out.BestCount = OnlyBlocks ? WorstCount
                  : Alone    ? std::min(Best, Alone->Best)
                             : Best;
  if (Alone)
    T.trial(Alone->K, Alone->Sym);
  else
    T.trial(KWorst);
  T.addresses();
  Out.WorstAddresses = Addrs;
}

std::optional<CostWalk::Trial> CostWalk::decidingSymbols(TrialCounter &T,
                                                         Memo &Shared,
                                                         Family *F,
                                                         Outcome &This) {
  // Which symbols decide: vary each alone.
  std::optional<Trial> Moved;
  for (SymbolId Sym : T.symbols()) {
    llvm::SmallVector<int, Candidates> Alone(Candidates);
    Memo ThisSymbol = newMemo();
    Memo *M = !T.hasOwnSymbols() ? &Shared
              : T.ownSymbol(Sym) ? nullptr
                                 : &ThisSymbol;
    for (int K = 0; K < Candidates; ++K) {
      T.trial(K, Sym);
      Alone[K] = T.count(M, F, (uint64_t(Sym) + 1) * Candidates + uint64_t(K));
    }
    int AloneBest = *std::min_element(Alone.begin(), Alone.end());
    auto AloneWorst = std::max_element(Alone.begin(), Alone.end());
    if (AloneBest == *AloneWorst)
      continue;
    if (Syms.everyValue(Sym)) {
      This.BlocksMove = true;
      continue;
    }
    if (!Moved || *AloneWorst > Moved->Worst)
      Moved = {Sym, int(AloneWorst - Alone.begin()), *AloneWorst, AloneBest};
    Out.Deciding.insert(Sym);
    This.Deciding.push_back(Sym);
    Out.BestKs.clear();
    for (int K = 0; K < Candidates; ++K)
      if (Alone[K] == AloneBest)
        Out.BestKs.push_back(K);
    This.BestKs = Out.BestKs;
  }
  return Moved;
}

} // namespace

RequestCosts costOf(const Requests &Rs, const CostQuestion &Q,
                    const SymbolTable &Syms) {
  return CostWalk(Q, Syms).run(Rs);
}

std::optional<std::vector<CopySources>>
copySources(const Requests &Read, int Bytes, const SymbolTable &Syms) {
  CostQuestion Q{Counting::Sectors, Bytes, 0};
  std::vector<int64_t> Vals(Syms.size(), 0);
  std::vector<LaneAddress> Addrs;
  std::vector<CopySources> Out;
  for (const Request &Req : Read.All) {
    if (llvm::any_of(Req.Chunks, [](const Chunk &C) {
          return C.Shape->K != Value::Pointer;
        }))
      return std::nullopt;
    TrialCounter T(Req.Chunks, Syms, Q, SectorsRepeatBytes, Vals, Addrs);
    T.alignedTrial(0);
    T.addresses();
    CopySources &Sources = Out.emplace_back();
    Sources.fill(NoSource);
    for (const LaneAddress &A : Addrs)
      Sources[size_t(A.Lane)] = A.Address;
  }
  return Out;
}

WavefrontCount countArrivals(const std::vector<LaneAddress> &Lanes,
                             const CopySources &Sources, int Bytes) {
  WavefrontCount Total = countWavefronts(Lanes, Bytes, 0, /*Store=*/true);
  Total.Wavefronts = 0;
  auto Key = [&](const LaneAddress &L) {
    int64_t From = Sources[size_t(L.Lane)];
    return std::pair{From >> 7, wrapSub(L.Address, From)};
  };
  // The groups in the order their first lane comes.
  std::vector<LaneAddress> Group;
  std::vector<bool> Done(Lanes.size());
  for (size_t I = 0; I < Lanes.size(); ++I) {
    if (Done[I])
      continue;
    auto K = Key(Lanes[I]);
    Group.clear();
    for (size_t J = I; J < Lanes.size(); ++J)
      if (!Done[J] && Key(Lanes[J]) == K) {
        Group.push_back(Lanes[J]);
        Done[J] = true;
      }
    Total.Wavefronts += countWavefronts(Group, Bytes, 0, true).Wavefronts;
  }
  return Total;
}

} // namespace cal
