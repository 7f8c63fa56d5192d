#include "analyzer/WarpAnalysis.h"
#include "analyzer/BankModel.h"
#include "analyzer/IfConversion.h"
#include "analyzer/NameOf.h"
#include "analyzer/SectorModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <array>
#include <memory>

using namespace clang;

namespace cal {

namespace {
/// Symbols left in an address take these values, one residue class per
/// candidate, so alignment that depends on them shows as a best and a worst
/// case. Large, so a symbol that scales a lane index strides as a row does.
constexpr int Candidates = 32;
int64_t candidateValue(int K, int64_t Divisor) { return Divisor * (1024 + K); }

/// The coefficient of M in E (0 when absent).
int64_t termOf(const AffineExpr &E, const Monomial &M) {
  for (const auto &[N, K] : E.terms())
    if (N == M)
      return K;
  return 0;
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
} // namespace

AffineExpr WarpAnalysis::laneShape(const Chunk &C, size_t K) {
  if (!C.Rows)
    return C.Shape->Offset;
  // The monomials are sorted: the row's terms but its zeros, in order.
  Terms T;
  size_t W = C.Monomials.size();
  for (size_t J = 0; J < W; ++J)
    if (int64_t V = C.Rows[K * W + J])
      T.push_back({C.Monomials[J], V});
  return AffineExpr::fromTerms(std::move(T));
}

bool WarpAnalysis::sameLaneShape(const Chunk &A, size_t I, const Chunk &B,
                                 size_t J) {
  if (!A.Rows && !B.Rows)
    return A.Shape->Offset == B.Shape->Offset;
  if (A.Rows && B.Rows && A.Monomials == B.Monomials) {
    size_t W = A.Monomials.size();
    return std::equal(A.Rows + I * W, A.Rows + I * W + W, B.Rows + J * W);
  }
  return laneShape(A, I) == laneShape(B, J);
}

std::optional<std::vector<int64_t>>
WarpAnalysis::requestKey(llvm::ArrayRef<Chunk> Chunks, int64_t Period) {
  // Monomials by id: a key is compared only with keys of the same thread.
  constexpr int64_t Safe = int64_t(1) << 60;
  // A chunk with rows: -1 less its monomial count, its monomials, and each
  // lane's row after its constant.
  int64_t First = constantOf(Chunks.front(), 0);
  size_t Size = 1;
  for (const Chunk &C : Chunks)
    Size += 2 + 2 * C.Shape->Offset.terms().size() + C.Monomials.size() +
            (2 + C.Monomials.size()) * C.Lanes.size();
  std::vector<int64_t> Key(Size);
  int64_t *Out = Key.data();
  *Out++ = First & (Period - 1);
  for (const Chunk &C : Chunks) {
    size_t W = C.Monomials.size();
    if (C.Rows) {
      *Out++ = -1 - int64_t(W);
      for (Monomial M : C.Monomials)
        *Out++ = M.id();
    } else {
      *Out++ = int64_t(C.Shape->Offset.terms().size());
      for (const auto &[M, K] : C.Shape->Offset.terms()) {
        *Out++ = K;
        *Out++ = M.id();
      }
    }
    *Out++ = int64_t(C.Lanes.size());
    for (size_t L = 0; L < C.Lanes.size(); ++L) {
      int64_t Constant = constantOf(C, L);
      if (Constant > Safe || Constant < -Safe)
        return std::nullopt;
      *Out++ = C.Lanes[L].Lane;
      *Out++ = Constant - First;
      if (C.Rows)
        Out = std::copy_n(C.Rows + L * W, W, Out);
    }
  }
  return Key;
}

namespace {
/// The least and the greatest constant of Lanes.
std::pair<int64_t, int64_t> boundsOf(llvm::ArrayRef<LaneAccess> Lanes) {
  if (Lanes.empty())
    return {0, 0};
  auto [Lo, Hi] = std::minmax_element(
      Lanes.begin(), Lanes.end(), [](const LaneAccess &X, const LaneAccess &Y) {
        return X.Constant < Y.Constant;
      });
  return {Lo->Constant, Hi->Constant};
}

/// Whether To - From == D, merged term by term without building the
/// difference: moved() asks this of every chunk of a warp's request.
bool differsBy(const AffineExpr &To, const AffineExpr &From,
               const AffineExpr &D) {
  const Terms &B = To.terms(), &A = From.terms(), &M = D.terms();
  size_t I = 0, J = 0, K = 0;
  while (I < B.size() || J < A.size() || K < M.size()) {
    const Monomial *Least = nullptr;
    for (const auto &[T, At] :
         {std::make_pair(&B, I), std::make_pair(&A, J), std::make_pair(&M, K)})
      if (At < T->size() && (!Least || (*T)[At].first < *Least))
        Least = &(*T)[At].first;
    bool InB = I < B.size() && B[I].first == *Least,
         InA = J < A.size() && A[J].first == *Least,
         InM = K < M.size() && M[K].first == *Least;
    int64_t Diff = wrapSub(InB ? B[I++].second : 0, InA ? A[J++].second : 0);
    if (Diff != (InM ? M[K++].second : 0))
      return false;
  }
  return true;
}
} // namespace

bool WarpAnalysis::moved(llvm::ArrayRef<Chunk> Before,
                         llvm::ArrayRef<Chunk> Request, int64_t Period) {
  // The same lanes, each address moved by one amount: a multiple of Period
  // whatever the symbols' values, its constant and each symbolic
  // coefficient a multiple of Period (wrapping keeps that, 2^64 being one).
  // Equal requestKeys say this for a move by a constant alone.
  constexpr int64_t Safe = int64_t(1) << 60;
  if (Before.size() != Request.size())
    return false;
  int64_t Shift =
      wrapSub(constantOf(Request.front(), 0), constantOf(Before.front(), 0));
  if (Shift & (Period - 1))
    return false;
  // The first lanes' offsets: a shape's, or built from rows.
  AffineExpr FromRow, ToRow;
  const AffineExpr &From = Before.front().Rows
                               ? (FromRow = laneShape(Before.front(), 0))
                               : Before.front().Shape->Offset;
  const AffineExpr &To = Request.front().Rows
                             ? (ToRow = laneShape(Request.front(), 0))
                             : Request.front().Shape->Offset;
  const AffineExpr *Moved = nullptr; // To - From, where the shapes differ
  AffineExpr Difference;
  if (!(From == To)) {
    Difference = To - From;
    Moved = &Difference;
    for (const auto &[M, K] : Moved->terms())
      if (K & (Period - 1))
        return false;
  }
  llvm::SmallVector<int64_t, 2> MovedRow; // Moved, as a chunk's row
  for (size_t I = 0; I < Request.size(); ++I) {
    const Chunk &A = Before[I], &B = Request[I];
    if (A.Lanes.size() != B.Lanes.size() || !A.Rows != !B.Rows)
      return false;
    if (A.Rows) {
      // Each lane's row moved by Moved, which has no other monomial.
      if (A.Monomials != B.Monomials)
        return false;
      MovedRow.clear();
      size_t Matched = 0;
      for (Monomial M : A.Monomials) {
        MovedRow.push_back(Moved ? termOf(*Moved, M) : 0);
        Matched += MovedRow.back() != 0;
      }
      if (Moved && Matched != Moved->terms().size())
        return false;
      size_t W = A.Monomials.size();
      for (size_t K = 0; K < A.Lanes.size() * W; ++K)
        if (wrapSub(B.Rows[K], A.Rows[K]) != MovedRow[K % W])
          return false;
    } else if (I > 0 &&
               (Moved ? !differsBy(B.Shape->Offset, A.Shape->Offset, *Moved)
                      : !(A.Shape->Offset == B.Shape->Offset)))
      return false;
    // Lanes shared (warps moved alike) differ by the shifts alone.
    bool Shared = A.Lanes.data() == B.Lanes.data();
    if (Shared && wrapSub(B.Shift, A.Shift) != Shift)
      return false;
    // Shared lanes far from wrapping are within Safe by their bounds.
    constexpr int64_t Small = Safe / 2;
    auto IsSmall = [](int64_t V) { return V >= -Small && V <= Small; };
    if (Shared && IsSmall(B.Least) && IsSmall(B.Most) && IsSmall(B.Shift)) {
      if (B.Least + B.Shift < -Safe || B.Most + B.Shift > Safe)
        return false;
      continue;
    }
    for (size_t L = 0; L < A.Lanes.size(); ++L) {
      int64_t Q = constantOf(B, L);
      if (Q > Safe || Q < -Safe ||
          (!Shared && (A.Lanes[L].Lane != B.Lanes[L].Lane ||
                       wrapSub(Q, constantOf(A, L)) != Shift)))
        return false;
    }
  }
  return true;
}

bool WarpAnalysis::sameRequests(const Site &A, const Requests &RA,
                                const Site &B, const Requests &RB) {
  // Instances differ in the operation alone (the second to last entry).
  const AccessEvent &P = A.First, &Q = B.First;
  if (P.Bytes != Q.Bytes || P.LaneBytes != Q.LaneBytes ||
      P.Address.Space != Q.Address.Space || P.Address.Base != Q.Address.Base ||
      RA.All.size() != RB.All.size())
    return false;
  for (size_t R = 0; R < RA.All.size(); ++R) {
    const Request &I = RA.All[R], &J = RB.All[R];
    const InstanceKey &X = *I.Instance, &Y = *J.Instance;
    if (I.Warp != J.Warp || X.size() != Y.size() || X.size() < 2 ||
        !std::equal(X.begin(), X.end() - 2, Y.begin()) ||
        X.back() != Y.back() || I.Chunks.size() != J.Chunks.size())
      return false;
    for (size_t C = 0; C < I.Chunks.size(); ++C) {
      const Chunk &CA = I.Chunks[C], &CB = J.Chunks[C];
      if (!CA.Shape->identical(*CB.Shape) ||
          CA.Lanes.size() != CB.Lanes.size() ||
          !llvm::all_of(llvm::seq(CA.Lanes.size()),
                        [&](size_t L) {
                          return CA.Lanes[L].Lane == CB.Lanes[L].Lane &&
                                 constantOf(CA, L) == constantOf(CB, L);
                        }) ||
          !CA.Rows != !CB.Rows || CA.Monomials != CB.Monomials ||
          (CA.Rows &&
           !std::equal(CA.Rows, CA.Rows + CA.Lanes.size() * CA.Monomials.size(),
                       CB.Rows)))
        return false;
    }
  }
  return true;
}

bool WarpAnalysis::goesOn(const Group &Before, const Group &G, size_t Width) {
  if (Before.End != G.Begin || Before.Shift != G.Shift ||
      (Before.Rows == NoRows) != (G.Rows == NoRows))
    return false;
  return G.Rows == NoRows ||
         (Before.Own == G.Own &&
          Before.Rows + (Before.End - Before.Begin) * Width == G.Rows);
}

void WarpAnalysis::record(const AccessEvent &E, const Value &Shape,
                          llvm::ArrayRef<LaneAccess> Lanes,
                          llvm::ArrayRef<LaneSpan> Spans, const OwnRows *Own) {
  // Records come one after another, mostly of the site, instance and shape
  // of the record before.
  if (!LastSite || LastSite->First.Site != E.Site ||
      LastSite->First.Op != E.Op) {
    auto Key = std::make_pair(E.Site, E.Op);
    auto It = Sites.find(Key);
    if (It == Sites.end())
      It = Sites.emplace(Key, Site{E, {}, {}, {}, {}, {}, {}}).first;
    LastSite = &It->second;
  }
  Site &S = *LastSite;
  if (S.First.LanesDecidedBy.empty())
    S.First.LanesDecidedBy = E.LanesDecidedBy;
  if (S.Shapes.empty() || !S.Shapes.back().identical(Shape))
    S.Shapes.push_back(Shape);
  uint32_t ShapeAt = uint32_t(S.Shapes.size() - 1);
  uint32_t Base = uint32_t(S.Lanes.size());
  S.Lanes.insert(S.Lanes.end(), Lanes.begin(), Lanes.end());
  uint32_t OwnAt = 0, RowsAt = NoRows;
  size_t W = 0;
  if (Own) {
    if (S.Owns.empty() ||
        llvm::ArrayRef<Monomial>(S.Owns.back()) != Own->Monomials)
      S.Owns.emplace_back(Own->Monomials.begin(), Own->Monomials.end());
    OwnAt = uint32_t(S.Owns.size() - 1);
    W = Own->Monomials.size();
    RowsAt = uint32_t(S.Rows.size());
    S.Rows.insert(S.Rows.end(), Own->Coefficients.begin(),
                  Own->Coefficients.end());
  }
  // E.Instance but for its last entry, the occurrence, which is the span's.
  auto SameInstance = [&](const InstanceKey &K, int64_t Occurrence) {
    return K.back() == Occurrence &&
           std::equal(K.begin(), K.end() - 1, E.Instance.begin(),
                      E.Instance.end() - 1);
  };
  std::pair<int64_t, int64_t> Bounds;
  for (const LaneSpan &Span : Spans) {
    // Spans of warps that share lanes (the span before's) share bounds too.
    const LaneSpan *Before = &Span == Spans.begin() ? nullptr : &Span - 1;
    if (!Before || Before->Begin != Span.Begin || Before->End != Span.End)
      Bounds = boundsOf(Lanes.slice(Span.Begin, Span.End - Span.Begin));
    if (S.Instances.empty() ||
        !SameInstance(S.Instances.back(), Span.Occurrence)) {
      S.Instances.push_back(E.Instance);
      S.Instances.back().back() = Span.Occurrence;
    }
    Group G{Span.Warp,       uint32_t(S.Instances.size() - 1),
            ShapeAt,         Base + Span.Begin,
            Base + Span.End, Own ? RowsAt + Span.Begin * uint32_t(W) : NoRows,
            OwnAt,           Span.Shift,
            Bounds.first,    Bounds.second};
    if (!S.Groups.empty()) {
      // Joined with the group before where its lanes (and rows) go on.
      Group &Before = S.Groups.back();
      if (Before.Warp == G.Warp && Before.Instance == G.Instance &&
          Before.Shape == G.Shape && goesOn(Before, G, W)) {
        Before.End = G.End;
        Before.Least = std::min(Before.Least, G.Least);
        Before.Most = std::max(Before.Most, G.Most);
        continue;
      }
    }
    S.Groups.push_back(G);
  }
}

WarpAnalysis::Requests WarpAnalysis::requestsOf(const Site &S) {
  // Groups by (warp, instance), in the order recorded where those are
  // equal; a run of equal ones is a request, and its groups of alike shapes
  // in a row are one chunk.
  auto Less = [&](const Group &X, const Group &Y) {
    if (X.Warp != Y.Warp)
      return X.Warp < Y.Warp;
    return X.Instance != Y.Instance &&
           S.Instances[X.Instance] < S.Instances[Y.Instance];
  };
  std::vector<const Group *> Order;
  Order.reserve(S.Groups.size());
  for (const Group &G : S.Groups)
    Order.push_back(&G);
  // Groups that compare equal keep the order recorded: where they sit in
  // the site's storage.
  auto Before = [&](const Group *X, const Group *Y) {
    return Less(*X, *Y) || (!Less(*Y, *X) && X < Y);
  };
  auto Sorted = [&] {
    return std::is_sorted(
        Order.begin(), Order.end(),
        [&](const Group *X, const Group *Y) { return Less(*X, *Y); });
  };
  if (!Sorted()) {
    // Lanes together record trip by trip, each with every warp's lanes: in
    // the order of warp, and as recorded within one, they are most often
    // sorted, without comparing instances.
    std::sort(Order.begin(), Order.end(), [](const Group *X, const Group *Y) {
      return X->Warp != Y->Warp ? X->Warp < Y->Warp : X < Y;
    });
    if (!Sorted())
      std::sort(Order.begin(), Order.end(), Before);
  }
  // A chunk's lanes are one range of the site's lanes, or, where groups
  // recorded apart join (lanes run one at a time), ranges of its own.
  struct PendingChunk : Group {
    int Apart = -1; ///< index into Ranges
  };
  struct PendingRequest {
    const Group *First;
    size_t Begin, End; ///< its chunks
  };
  std::vector<PendingChunk> Chunks;
  std::vector<std::vector<Group>> Ranges;
  std::vector<PendingRequest> Pending;
  Chunks.reserve(S.Groups.size());
  Pending.reserve(S.Groups.size());
  for (size_t I = 0; I < Order.size(); ++I) {
    const Group &G = *Order[I];
    if (I == 0 || Less(*Order[I - 1], G))
      Pending.push_back({&G, Chunks.size(), Chunks.size()});
    PendingChunk *Back =
        Pending.back().End > Pending.back().Begin ? &Chunks.back() : nullptr;
    bool SameShape =
        Back && (Back->Shape == G.Shape ||
                 S.Shapes[Back->Shape].identical(S.Shapes[G.Shape]));
    bool GoesOn = SameShape && Back->Apart < 0 &&
                  goesOn(*Back, G, G.Rows == NoRows ? 0 : S.Owns[G.Own].size());
    // Lanes with rows join only the lanes (and rows) right before them.
    if (!SameShape || (!GoesOn && (G.Rows != NoRows || Back->Rows != NoRows))) {
      Chunks.push_back({G});
      ++Pending.back().End;
    } else if (GoesOn) {
      Back->End = G.End;
      Back->Least = std::min(Back->Least, G.Least);
      Back->Most = std::max(Back->Most, G.Most);
    } else {
      if (Back->Apart < 0) {
        Back->Apart = int(Ranges.size());
        Ranges.push_back({*Back});
      }
      Ranges[size_t(Back->Apart)].push_back(G);
    }
  }
  Requests R;
  size_t JoinedLanes = 0;
  for (const auto &List : Ranges)
    for (const Group &Rg : List)
      JoinedLanes += Rg.End - Rg.Begin;
  // Reserved, so the views taken as they fill stay valid.
  R.Joined.reserve(JoinedLanes);
  R.Chunks.reserve(Chunks.size());
  R.All.reserve(Pending.size());
  llvm::ArrayRef<LaneAccess> Lanes(S.Lanes);
  for (const PendingChunk &C : Chunks) {
    llvm::ArrayRef<LaneAccess> View = Lanes.slice(C.Begin, C.End - C.Begin);
    int64_t Shift = C.Shift;
    if (C.Apart >= 0) { // joined with their shifts added
      size_t At = R.Joined.size();
      for (const Group &Rg : Ranges[size_t(C.Apart)])
        for (LaneAccess A : Lanes.slice(Rg.Begin, Rg.End - Rg.Begin)) {
          A.Constant = wrapAdd(A.Constant, Rg.Shift);
          R.Joined.push_back(A);
        }
      View = llvm::ArrayRef(R.Joined).slice(At);
      Shift = 0;
    }
    int64_t Least = C.Least, Most = C.Most;
    if (C.Apart >= 0)
      std::tie(Least, Most) = boundsOf(View);
    bool Rows = C.Rows != NoRows;
    R.Chunks.push_back({&S.Shapes[C.Shape], View,
                        Rows ? S.Rows.data() + C.Rows : nullptr,
                        Rows ? llvm::ArrayRef<Monomial>(S.Owns[C.Own])
                             : llvm::ArrayRef<Monomial>(),
                        Shift, Least, Most});
  }
  for (const PendingRequest &P : Pending)
    R.All.push_back({P.First->Warp, &S.Instances[P.First->Instance],
                     llvm::ArrayRef(R.Chunks).slice(P.Begin, P.End - P.Begin)});
  return R;
}

std::vector<WarpAnalysis::LaneView>
WarpAnalysis::lanesOf(llvm::ArrayRef<Chunk> Request) {
  std::vector<LaneView> Out;
  size_t Count = 0;
  for (const Chunk &C : Request)
    Count += C.Lanes.size();
  Out.reserve(Count);
  for (const Chunk &C : Request)
    for (size_t K = 0; K < C.Lanes.size(); ++K)
      Out.push_back({&C, K});
  return Out;
}

std::optional<int64_t>
WarpAnalysis::strideAcrossWarps(const Requests &Rs,
                                int64_t (*Axis)(const ThreadIndex &)) const {
  // A warp holds one row of a wide block: compare the same request in two
  // warps, at lanes with the same threadIdx.x. The requests are grouped by
  // instance first, so the pairs come in the order of a walk over all pairs
  // of requests, without its quadratic cost (minutes for a 64x64 loop nest).
  // A block one thread deep along Axis has no such pair.
  if (Rs.All.empty())
    return std::nullopt;
  // The block's first and last threads span every value of Axis.
  if (Axis(Layout.thread(0)) == Axis(Layout.thread(Layout.block().count() - 1)))
    return std::nullopt;
  const Request &R0 = Rs.All.front();
  int64_t A0 = Axis(threadOf(R0.Warp, R0.Chunks.front().Lanes.front().Lane));
  bool Deep = false;
  for (const Request &R : Rs.All)
    for (const Chunk &C : R.Chunks)
      for (const LaneAccess &L : C.Lanes)
        Deep |= Axis(threadOf(R.Warp, L.Lane)) != A0;
  if (!Deep)
    return std::nullopt;
  // Requests by instance, each list in the order of (warp, instance).
  auto Less = [](const InstanceKey *X, const InstanceKey *Y) {
    return *X < *Y;
  };
  std::map<const InstanceKey *, std::vector<size_t>, decltype(Less)> ByInstance(
      Less);
  for (size_t I = 0; I < Rs.All.size(); ++I)
    ByInstance[Rs.All[I].Instance].push_back(I);
  for (size_t A = 0; A < Rs.All.size(); ++A) {
    const std::vector<size_t> &Same = ByInstance[Rs.All[A].Instance];
    for (auto BI = std::upper_bound(Same.begin(), Same.end(), A);
         BI != Same.end(); ++BI) {
      int WA = Rs.All[A].Warp, WB = Rs.All[*BI].Warp;
      for (const LaneView &P : lanesOf(Rs.All[A].Chunks))
        for (const LaneView &Q : lanesOf(Rs.All[*BI].Chunks)) {
          ThreadIndex TP = threadOf(WA, P.lane()), TQ = threadOf(WB, Q.lane());
          int64_t D = Axis(TQ) - Axis(TP);
          if (D == 0 || TQ.X != TP.X || P.C->Shape->K != Value::Pointer ||
              Q.C->Shape->K != Value::Pointer)
            continue;
          int64_t Diff = wrapSub(Q.constant(), P.constant());
          if (!sameLaneShape(*Q.C, Q.K, *P.C, P.K) || Diff % D != 0)
            return std::nullopt;
          return Diff / D;
        }
    }
  }
  return std::nullopt;
}

void WarpAnalysis::evaluate(const Site &S, const Requests &Rs,
                            AccessReport &R) const {
  int Bytes = S.First.Bytes, LaneBytes = S.First.LaneBytes;
  R.Known = Bytes > 0;
  if (!R.Known)
    R.Reason = {UnknownKind::NoSize};
  double Sum = 0;
  int Worst = -1;
  bool Global = R.Space == MemSpace::Global;
  // The counts repeat when every lane moves by this many bytes.
  const int64_t Period = Global ? SectorsRepeatBytes : WavefrontsRepeatBytes;
  // Powers of two, so that a remainder by a period is its low bits (no
  // division, which costs more than the rest of comparing two requests).
  static_assert(llvm::isPowerOf2_64(SectorsRepeatBytes) &&
                    llvm::isPowerOf2_64(WavefrontsRepeatBytes),
                "periods are powers of two");
  static_assert(WavefrontsRepeatBytes <= SectorsRepeatBytes,
                "a memo below has a slot per byte of the longer period");
  std::set<SymbolId> Deciding;
  std::vector<int> BestKs;
  // The value of each symbol in the trial at hand, by SymbolId, and the
  // buffer its addresses are computed in: reused across the requests.
  std::vector<int64_t> Vals(Syms.size(), 0);
  std::vector<LaneAddress> Addrs;
  /// What a request added, kept to be added again for one alike to it.
  struct Outcome {
    double Mean = 0;
    std::vector<SymbolId> Deciding;
    std::optional<std::vector<int>> BestKs;
  };
  std::map<std::vector<int64_t>, Outcome> Seen;
  /// Counts shared by requests whose lanes lie alike relative to their
  /// first lane in every trial (each the one before it moved by some
  /// amount): by trial and the first lane's address mod Period, all that
  /// differs between them.
  using Family = llvm::DenseMap<uint64_t, int>;
  std::vector<std::unique_ptr<Family>> Families; // made where needed
  // Requests with a key, as the candidates moved() compares first: the one
  // just before, and the one at the same place in the warp before (the
  // requests come by warp, then by trip). Last is the request just before,
  // with a key or not, as a candidate for its family.
  struct Memoized {
    llvm::ArrayRef<Chunk> Chunks;
    const Outcome *O = nullptr;
    Family *F = nullptr;
  };
  Memoized Previous, Last;
  std::vector<Memoized> WarpBefore, ThisWarp;
  int Warp = -1;
  for (const Request &Req : Rs.All) {
    llvm::ArrayRef<Chunk> Chunks = Req.Chunks; // lambdas capture it
    if (!R.Known)
      break;
    for (const Chunk &C : Chunks)
      if (C.Shape->K != Value::Pointer ||
          C.Shape->Base != S.First.Address.Base) {
        R.Known = false;
        R.Reason = C.Shape->K == Value::Pointer
                       ? UnknownReason{UnknownKind::DifferentArrays}
                       : C.Shape->Reason.get();
        break;
      }
    if (!R.Known)
      break;
    if (Req.Warp != Warp) {
      Warp = Req.Warp;
      std::swap(WarpBefore, ThisWarp); // each keeps its storage
      ThisWarp.clear();
    }
    ThisWarp.emplace_back();
    Memoized &Here = ThisWarp.back();
    // A request alike to one before (the same warp pattern in another warp
    // or trip, moved by a multiple of Period) counts the same in every
    // trial: it adds its counts again and cannot be a new worst.
    const Outcome *Alike = nullptr;
    std::optional<std::vector<int64_t>> Key;
    const Memoized *Above = ThisWarp.size() <= WarpBefore.size()
                                ? &WarpBefore[ThisWarp.size() - 1]
                                : nullptr;
    // The warp before first where it shares this request's lanes (moved
    // alike as a whole warp), as the cheaper comparison.
    bool AboveShares = Above && Above->Chunks.front().Lanes.data() ==
                                    Chunks.front().Lanes.data();
    for (const Memoized *C :
         {AboveShares ? Above : &Previous, AboveShares ? &Previous : Above})
      if (C && C->O && moved(C->Chunks, Chunks, Period)) {
        Alike = C->O;
        break;
      }
    if (!Alike && (Key = requestKey(Chunks, Period)))
      if (auto It = Seen.find(*Key); It != Seen.end())
        Alike = &It->second;
    if (Alike) {
      Sum += Alike->Mean;
      ++R.Instances;
      Deciding.insert(Alike->Deciding.begin(), Alike->Deciding.end());
      if (Alike->BestKs)
        BestKs = *Alike->BestKs;
      Previous = Here = {Chunks, Alike};
      Last = {};
      continue;
    }
    Previous = {};
    // Each lane's terms (its constant apart): a chunk's shape, or a lane's
    // row but its zeros.
    auto EachTerm = [](const Chunk &C, size_t K, auto Fn) {
      if (!C.Rows) {
        for (const auto &[M, V] : C.Shape->Offset.terms())
          Fn(M, V);
        return;
      }
      size_t W = C.Monomials.size();
      for (size_t J = 0; J < W; ++J)
        if (int64_t V = C.Rows[K * W + J])
          Fn(C.Monomials[J], V);
    };
    // The lanes whose terms to look at: a chunk without rows has one shape.
    auto ShapeCount = [](const Chunk &C) {
      return C.Rows ? C.Lanes.size() : 1;
    };
    llvm::SmallVector<SymbolId, 4> Symbols;
    for (const Chunk &C : Chunks)
      for (size_t K = 0; K < ShapeCount(C); ++K)
        EachTerm(C, K, [&](Monomial M, int64_t) {
          for (SymbolId Sym : M)
            if (!llvm::is_contained(Symbols, Sym)) // a few, in many chunks
              Symbols.push_back(Sym);
        });
    Outcome This;
    std::sort(Symbols.begin(), Symbols.end());
    llvm::SmallVector<int64_t, 4> Divisors;
    for (SymbolId Sym : Symbols)
      Divisors.push_back(Syms.divisor(Sym));
    // Trial K: every symbol takes its K-th candidate value, or only Alone
    // does and the others their second.
    auto Trial = [&](int K, std::optional<SymbolId> Alone = std::nullopt) {
      for (size_t I = 0; I < Symbols.size(); ++I)
        Vals[Symbols[I]] =
            candidateValue(!Alone || Symbols[I] == *Alone ? K : 1, Divisors[I]);
    };
    // Every lane's address is Common, the terms all lanes share, plus terms
    // of its own and its constant. The counts repeat every Period bytes, so
    // where only symbols of Common change, the lanes shift together and the
    // count depends on the shift of Common mod Period.
    const AffineExpr Front = laneShape(Chunks.front(), 0);
    llvm::SmallVector<const Monomial *, 2> NotCommon;
    for (const Chunk &C : Chunks)
      for (size_t K = 0; K < ShapeCount(C); ++K) {
        if (!C.Rows && C.Shape->Offset == Front)
          continue;
        for (const auto &Term : Front.terms()) {
          int64_t Here = 0;
          EachTerm(C, K, [&](Monomial N, int64_t U) {
            if (N == Term.first)
              Here = U;
          });
          if (Here != Term.second &&
              !llvm::is_contained(NotCommon, &Term.first))
            NotCommon.push_back(&Term.first);
        }
      }
    AffineExpr Common =
        NotCommon.empty() ? Front : Front.filter([&](const Monomial &M) {
          return !llvm::is_contained(NotCommon, &M);
        });
    // Each lane's terms beyond Common, as coefficients of the monomials
    // that some lane has beyond it: its offset is Common plus these, in
    // wrapping arithmetic as in every trial, so Common and each monomial
    // are evaluated once per trial.
    llvm::SmallVector<Monomial, 2> OwnMonomials;
    for (const Chunk &C : Chunks)
      for (size_t K = 0; K < ShapeCount(C); ++K)
        EachTerm(C, K, [&](Monomial M, int64_t) {
          if (termOf(Common, M) == 0 && !llvm::is_contained(OwnMonomials, M))
            OwnMonomials.push_back(M);
        });
    llvm::SmallVector<SymbolId, 4> OwnSymbols; // in some lane's own terms
    for (Monomial M : OwnMonomials)
      OwnSymbols.append(M.begin(), M.end());
    size_t Width = OwnMonomials.size();
    size_t LaneCount = 0;
    for (const Chunk &C : Chunks)
      LaneCount += C.Lanes.size();
    std::vector<int64_t> OwnCoefficients; // lane by lane, a row each
    if (Width) {
      OwnCoefficients.assign(LaneCount * Width, 0);
      int64_t *Row = OwnCoefficients.data();
      for (const Chunk &C : Chunks)
        for (size_t K = 0; K < C.Lanes.size(); ++K, Row += Width)
          EachTerm(C, K, [&](Monomial M, int64_t V) {
            if (const Monomial *At = llvm::find(OwnMonomials, M);
                At != OwnMonomials.end())
              Row[At - OwnMonomials.begin()] = V;
          });
    }
    FlatExpr CommonAt(Common);
    llvm::SmallVector<int64_t, 2> OwnValues(Width);
    auto OwnAt = [&] { // OwnValues in this trial
      for (size_t J = 0; J < Width; ++J) {
        int64_t P = 1;
        for (SymbolId Sym : OwnMonomials[J])
          P = wrapMul(P, Vals[Sym]);
        OwnValues[J] = P;
      }
    };
    auto ShiftOf = [&](size_t L, int64_t CommonShift) { // of lane L
      int64_t Shift = CommonShift;
      for (size_t J = 0; J < Width; ++J)
        Shift = wrapAdd(Shift,
                        wrapMul(OwnCoefficients[L * Width + J], OwnValues[J]));
      return Shift;
    };
    auto AddressesAt = [&] { // into Addrs, sized once per trial
      Addrs.resize(LaneCount);
      LaneAddress *Out = Addrs.data();
      int64_t CommonShift = CommonAt.at(Vals);
      if (!Width) { // most requests: every lane shifts alike
        for (const Chunk &C : Chunks) {
          int64_t Shift = wrapAdd(C.Shift, CommonShift);
          for (const LaneAccess &A : C.Lanes)
            *Out++ = {A.Lane, wrapAdd(A.Constant, Shift)};
        }
        return;
      }
      OwnAt();
      size_t L = 0;
      for (const Chunk &C : Chunks)
        for (const LaneAccess &A : C.Lanes)
          *Out++ = {A.Lane, wrapAdd(wrapAdd(A.Constant, C.Shift),
                                    ShiftOf(L++, CommonShift))};
    };
    // Lanes with terms of their own are counted trial by trial, shared with
    // the requests of their family.
    Family *F = nullptr;
    if (!OwnSymbols.empty()) {
      const Memoized *Near[] = {&Last, Above};
      for (const Memoized *C : Near)
        if (C && C->F && moved(C->Chunks, Chunks, 1)) {
          F = C->F;
          break;
        }
      if (!F)
        F = Families.emplace_back(std::make_unique<Family>()).get();
    }
    /// Counts by the shift of Common mod Period, among trials that give every
    /// lane's own terms the same values.
    using Memo = std::array<int, size_t(SectorsRepeatBytes)>;
    auto NewMemo = [] {
      Memo M;
      M.fill(-1);
      return M;
    };
    Memo Shared = NewMemo(); // for trials that vary only symbols of Common
    /// Trial is K, or K with one symbol varied alone: (symbol + 1) * 32 + K.
    auto Count = [&](Memo *M, uint64_t Trial) {
      int *Slot = nullptr;
      if (M) {
        int64_t Shift = CommonAt.at(Vals);
        Slot = &(*M)[size_t(Shift & (Period - 1))];
        if (*Slot >= 0)
          return *Slot;
      } else if (F) {
        OwnAt();
        int64_t First = wrapAdd(constantOf(Chunks.front(), 0),
                                ShiftOf(0, CommonAt.at(Vals)));
        auto [It, New] =
            F->try_emplace((Trial << 7) | uint64_t(First & (Period - 1)));
        if (!New)
          return It->second;
        Slot = &It->second;
      }
      AddressesAt();
      int N = Global ? countSectorsOnly(Addrs, Bytes)
                     : countWavefronts(Addrs, Bytes, LaneBytes).Wavefronts;
      if (Slot)
        *Slot = N;
      return N;
    };
    int Ks = Symbols.empty() ? 1 : Candidates;
    llvm::SmallVector<int, Candidates> PerK(Ks);
    for (int K = 0; K < Ks; ++K) {
      Trial(K);
      PerK[K] = Count(OwnSymbols.empty() ? &Shared : nullptr, uint64_t(K));
    }
    int KWorst = int(std::max_element(PerK.begin(), PerK.end()) - PerK.begin());
    int Best = *std::min_element(PerK.begin(), PerK.end());
    double Mean = 0;
    for (int V : PerK)
      Mean += V;
    This.Mean = Mean / Ks;
    Sum += This.Mean;
    ++R.Instances;
    if (Best != PerK[KWorst]) {
      // Which symbols decide: vary each alone.
      for (SymbolId Sym : Symbols) {
        llvm::SmallVector<int, Candidates> Alone(Candidates);
        Memo ThisSymbol = NewMemo();
        Memo *M = OwnSymbols.empty()                    ? &Shared
                  : llvm::is_contained(OwnSymbols, Sym) ? nullptr
                                                        : &ThisSymbol;
        for (int K = 0; K < Candidates; ++K) {
          Trial(K, Sym);
          Alone[K] = Count(M, (uint64_t(Sym) + 1) * Candidates + uint64_t(K));
        }
        if (*std::min_element(Alone.begin(), Alone.end()) ==
            *std::max_element(Alone.begin(), Alone.end()))
          continue;
        Deciding.insert(Sym);
        This.Deciding.push_back(Sym);
        BestKs.clear();
        int AloneBest = *std::min_element(Alone.begin(), Alone.end());
        for (int K = 0; K < Candidates; ++K)
          if (Alone[K] == AloneBest)
            BestKs.push_back(K);
        This.BestKs = BestKs;
      }
    }
    const Outcome *Kept =
        Key ? &Seen.emplace(std::move(*Key), std::move(This)).first->second
            : nullptr;
    Here = Last = {Chunks, Kept, F};
    if (Kept)
      Previous = Here;
    if (PerK[KWorst] <= Worst)
      continue;
    Worst = PerK[KWorst];
    std::vector<LaneView> Lanes = lanesOf(Chunks);
    Trial(KWorst);
    AddressesAt();
    const std::vector<LaneAddress> &A = Addrs;
    if (Global) {
      SectorCount C = countSectors(A, Bytes);
      R.Sectors = C.Sectors;
      R.SectorsBest = Best;
      R.IdealSectors = C.IdealSectors;
      R.Lines128 = C.Lines128;
    } else {
      WavefrontCount C = countWavefronts(A, Bytes, LaneBytes);
      R.Wavefronts = C.Wavefronts;
      R.IdealWavefronts = C.IdealWavefronts;
      R.WorstBank = C.WorstBank;
      R.WorstWays = C.WorstWays;
    }
    // The lane layout of the worst request, relative to its first lane.
    R.WorstLanes.clear();
    R.StrideX.reset();
    R.StrideY.reset();
    int64_t First = A.front().Address;
    R.FirstLaneMod128 = ((First % 128) + 128) % 128;
    R.FirstLaneAddress =
        (laneShape(*Lanes.front().C, Lanes.front().K) +
         AffineExpr::constant(Lanes.front().constant()))
            .print([&](SymbolId Sym) { return Syms.name(Sym); });
    std::vector<ThreadIndex> Threads;
    Threads.reserve(Lanes.size());
    for (const LaneView &L : Lanes)
      Threads.push_back(threadOf(Req.Warp, L.lane()));
    R.WorstLanes.reserve(Lanes.size());
    for (size_t I = 0; I < Lanes.size(); ++I)
      R.WorstLanes.push_back(
          {Lanes[I].lane(), Threads[I], wrapSub(A[I].Address, First)});
    // The first pair, in the order of (I, J < I), of lanes adjacent in x
    // (in y) with an offset that does not depend on a symbol's trial value.
    // Lanes of a warp are its threads in order: the lane before a thread in
    // x is the lane before it, in y the lane a row of the block before.
    std::array<int, WarpSize> At;
    At.fill(-1);
    bool Once = true;
    for (size_t I = 0; I < Lanes.size() && Once; ++I) {
      int L = Lanes[I].lane();
      Once = L >= 0 && L < WarpSize && At[size_t(L)] < 0;
      if (Once)
        At[size_t(L)] = int(I);
    }
    auto SameLane = [&](size_t I, size_t J) { // but for their constants
      return sameLaneShape(*Lanes[I].C, Lanes[I].K, *Lanes[J].C, Lanes[J].K);
    };
    auto Stride = [&](size_t I, int64_t Back) -> std::optional<int64_t> {
      int L = Lanes[I].lane() - int(Back);
      if (L < 0 || At[size_t(L)] < 0 || size_t(At[size_t(L)]) >= I)
        return std::nullopt;
      size_t J = size_t(At[size_t(L)]);
      if (!SameLane(I, J))
        return std::nullopt;
      return wrapSub(Lanes[I].constant(), Lanes[J].constant());
    };
    for (size_t I = 0; I < Lanes.size(); ++I) {
      if (!Once) { // a lane twice: every pair, as the order asks
        for (size_t J = 0; J < I; ++J) {
          const ThreadIndex &P = Threads[J], &Q = Threads[I];
          bool X = !R.StrideX && Q.X == P.X + 1 && Q.Y == P.Y && Q.Z == P.Z;
          bool Y = !R.StrideY && Q.Y == P.Y + 1 && Q.X == P.X && Q.Z == P.Z;
          if ((!X && !Y) || !SameLane(I, J))
            continue;
          int64_t D = wrapSub(Lanes[I].constant(), Lanes[J].constant());
          if (X)
            R.StrideX = D;
          if (Y)
            R.StrideY = D;
        }
        continue;
      }
      const ThreadIndex &Q = Threads[I];
      if (!R.StrideX && Q.X > 0)
        R.StrideX = Stride(I, 1);
      if (!R.StrideY && Q.Y > 0)
        R.StrideY = Stride(I, Layout.block().X);
    }
  }
  if (R.Known && !R.StrideY)
    R.StrideY = strideAcrossWarps(
        Rs, [](const ThreadIndex &T) -> int64_t { return T.Y; });
  if (!R.Known || R.Instances == 0) {
    if (R.Known) {
      R.Known = false;
      R.Reason = {UnknownKind::NoRequest};
    }
    return;
  }
  (Global ? R.SectorsAvg : R.WavefrontsAvg) = Sum / R.Instances;
  if (!Deciding.empty()) {
    Assumption A{AssumptionKind::AlignmentDecidedBy};
    for (SymbolId Sym : Deciding)
      A.Names.push_back(Syms.name(Sym));
    int WorstV = Global ? R.Sectors : R.Wavefronts;
    int BestV = Global ? R.SectorsBest : WorstV;
    int Multiple = 0;
    for (int M : {2, 4, 8, 16, 32}) {
      bool Fits = true;
      for (int K = 0; K < Candidates && Fits; ++K)
        Fits = (std::find(BestKs.begin(), BestKs.end(), K) != BestKs.end()) ==
               (K % M == 0);
      if (Fits) {
        Multiple = M;
        break;
      }
    }
    A.Numbers = {BestV, WorstV, Multiple};
    A.Shared = !Global;
    R.Assumptions.push_back(std::move(A));
  }
}

int WarpAnalysis::executions(const Site &S, const Requests &Rs) const {
  // The outermost predicated `if` around the site within its loop body or
  // function, below any real branch. Where no lane reached an if, none
  // counts.
  const IfStmt *Anchor = nullptr;
  for (const IfStmt *If : S.First.Ifs) {
    if (Reached.empty())
      break;
    auto [It, New] = Predicated.try_emplace(If, false);
    if (New) // once per if: the sites under it ask again
      It->second = isIfConverted(If, S.First.Function);
    if (!It->second)
      break;
    Anchor = If;
  }
  // Distinct (warp, trips): an instance is its trips, then the site, the
  // operation and the occurrence. Compared in place, not copied.
  using WarpTrips = std::pair<int, llvm::ArrayRef<int64_t>>;
  std::vector<WarpTrips> All;
  All.reserve(Rs.All.size());
  for (const Request &R : Rs.All)
    All.push_back({R.Warp, llvm::ArrayRef(*R.Instance).drop_back(3)});
  auto TripsLess = [](const WarpTrips &A, const WarpTrips &B) {
    return std::lexicographical_compare(A.second.begin(), A.second.end(),
                                        B.second.begin(), B.second.end());
  };
  auto WarpFirst = [&](const WarpTrips &A, const WarpTrips &B) {
    return A.first != B.first ? A.first < B.first : TripsLess(A, B);
  };
  auto TripsFirst = [&](const WarpTrips &A, const WarpTrips &B) {
    return TripsLess(A, B) || (!TripsLess(B, A) && A.first < B.first);
  };
  auto Distinct = [&](std::vector<WarpTrips> &V) {
    // Requests come sorted already, by warp, then by instance (trips
    // first); the ifs that lanes together reached, by trips, then by warp.
    // Sorted either way, equal ones are adjacent.
    auto Count = [&](auto Less) {
      int N = 0;
      for (size_t I = 0; I < V.size(); ++I)
        N += I == 0 || Less(V[I - 1], V[I]);
      return N;
    };
    if (std::is_sorted(V.begin(), V.end(), WarpFirst))
      return Count(WarpFirst);
    if (std::is_sorted(V.begin(), V.end(), TripsFirst))
      return Count(TripsFirst);
    llvm::sort(V, WarpFirst);
    return Count(WarpFirst);
  };
  int Warps = Distinct(All);
  if (!Anchor)
    return Warps;
  std::vector<WarpTrips> AtAnchor;
  for (const auto &[If, Warp, Trips] : Reached)
    if (If == Anchor)
      AtAnchor.push_back({Warp, Trips});
  return std::max(Distinct(AtAnchor), Warps);
}

std::vector<AccessReport>
WarpAnalysis::finish(const std::set<const Stmt *> &Cut, ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<AccessReport> Out;
  // The site's requests and report as evaluate() left it, where another
  // operation of the same expression follows (the load and store of
  // `a[i] += v`).
  struct Evaluated {
    const Site *S;
    Requests Rs;
    AccessReport R;
  };
  std::optional<Evaluated> Twin;
  for (auto It = Sites.begin(); It != Sites.end(); ++It) {
    const Site &S = It->second;
    AccessReport R;
    const AccessEvent &E = S.First;
    R.Site = E.Site;
    R.Function = E.Function;
    R.Op = E.Op;
    R.Bytes = E.Bytes;
    R.Space = E.Address.Space;
    R.Base = E.Address.Base;
    R.BaseName = R.Base ? nameOf(R.Base) : "<unknown>";
    SourceLocation Loc = SM.getExpansionLoc(E.Site->getBeginLoc());
    PresumedLoc P = SM.getPresumedLoc(Loc);
    if (P.isValid()) {
      R.File = P.getFilename();
      R.Line = P.getLine();
      R.Column = P.getColumn();
      PresumedLoc End =
          SM.getPresumedLoc(SM.getExpansionLoc(E.Site->getEndLoc()));
      R.EndLine = End.isValid() && End.getFileID() == P.getFileID()
                      ? std::max(End.getLine(), R.Line)
                      : R.Line;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E.Site->IgnoreParenImpCasts()))
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        // In `p[i].pos.x` the struct that strides the lanes is p's.
        const MemberExpr *Outer = ME;
        while (const auto *Up = dyn_cast<MemberExpr>(
                   Outer->getBase()->IgnoreParenImpCasts()))
          if (!Outer->isArrow())
            Outer = Up;
          else
            break;
        R.Field = FD;
        if (const auto *OF = dyn_cast<FieldDecl>(Outer->getMemberDecl())) {
          R.Record = OF->getParent();
          R.RecordBytes =
              Ctx.getASTRecordLayout(R.Record).getSize().getQuantity();
        }
      }
    Requests Rs = requestsOf(S);
    int Executions = executions(S, Rs);
    if (R.Space == MemSpace::Unknown) {
      R.Known = false;
      R.Reason = E.Address.Reason.empty()
                     ? UnknownReason{UnknownKind::UnknownOrigin}
                     : E.Address.Reason.get();
    } else if (Twin && Twin->S->First.Site == E.Site &&
               sameRequests(*Twin->S, Twin->Rs, S, Rs)) {
      // The same requests count the same: evaluated once.
      AccessOp Op = R.Op;
      R = Twin->R;
      R.Op = Op;
    } else {
      evaluate(S, Rs, R);
      auto Next = std::next(It);
      Twin.reset();
      if (Next != Sites.end() && Next->first.first == E.Site)
        Twin = Evaluated{&S, std::move(Rs), R};
    }
    R.Executions = Executions;
    R.LanesDecidedBy = E.LanesDecidedBy.get();
    for (const Stmt *Loop : E.Loops)
      if (Cut.count(Loop))
        R.Assumptions.push_back(
            {AssumptionKind::LoopCut,
             {},
             {SM.getExpansionLineNumber(Loop->getBeginLoc())}});
    Out.push_back(std::move(R));
  }
  std::sort(Out.begin(), Out.end(),
            [](const AccessReport &A, const AccessReport &B) {
              return std::tie(A.Line, A.Column, A.Op) <
                     std::tie(B.Line, B.Column, B.Op);
            });
  return Out;
}

} // namespace cal
