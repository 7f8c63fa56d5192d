#include "analyzer/WarpRequests.h"

#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <tuple>

namespace cal {

int64_t termOf(const AffineExpr &E, const Monomial &M) {
  for (const auto &[N, K] : E.terms())
    if (N == M)
      return K;
  return 0;
}

AffineExpr laneShape(const Chunk &C, size_t K) {
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

bool sameLaneShape(const Chunk &A, size_t I, const Chunk &B, size_t J) {
  if (!A.Rows && !B.Rows)
    return A.Shape->Offset == B.Shape->Offset;
  if (A.Rows && B.Rows && A.Monomials == B.Monomials) {
    size_t W = A.Monomials.size();
    return std::equal(A.Rows + I * W, A.Rows + I * W + W, B.Rows + J * W);
  }
  return laneShape(A, I) == laneShape(B, J);
}

bool alignedTo(const Chunk &C, int64_t Size) {
  if (C.Rows)
    return false;
  for (const auto &[Mono, Coefficient] : C.Shape->Offset.terms())
    if (!Mono.empty() && Coefficient % Size != 0)
      return false;
  if (C.Shape->Offset.constantTerm() % Size != 0)
    return false;
  for (size_t K = 0; K < C.Lanes.size(); ++K)
    if (constantOf(C, K) % Size != 0)
      return false;
  return true;
}

bool nextTo(const Chunk &A, const Chunk &B, int64_t Bytes) {
  if (A.Rows || B.Rows || A.Shape->Offset != B.Shape->Offset ||
      A.Lanes.size() != B.Lanes.size())
    return false;
  for (size_t K = 0; K < A.Lanes.size(); ++K)
    if (B.Lanes[K].Lane != A.Lanes[K].Lane ||
        constantOf(B, K) != constantOf(A, K) + Bytes)
      return false;
  return true;
}

std::optional<std::vector<int64_t>> requestKey(llvm::ArrayRef<Chunk> Chunks,
                                               int64_t Period) {
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

bool moved(llvm::ArrayRef<Chunk> Before, llvm::ArrayRef<Chunk> Request,
           int64_t Period) {
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

bool sameRequests(const SiteEvents &A, const Requests &RA, const SiteEvents &B,
                  const Requests &RB) {
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

namespace {

// A chunk's lanes are one range of the site's lanes, or, where groups
// recorded apart join (lanes run one at a time), ranges of its own.
struct PendingChunk : Group {
  int Apart = -1; ///< index into Ranges
};
struct PendingRequest {
  const Group *First;
  size_t Begin, End; ///< its chunks
};

/// The groups of S by (warp, instance), in the order recorded where those
/// are equal.
template <typename LessT>
std::vector<const Group *> orderedGroups(const SiteEvents &S, LessT Less) {
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
  return Order;
}

/// The requests, their chunks' views into S's storage (or into Joined).
Requests assemble(const SiteEvents &S, const std::vector<PendingChunk> &Chunks,
                  const std::vector<std::vector<Group>> &Ranges,
                  const std::vector<PendingRequest> &Pending) {
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

} // namespace

Requests requestsOf(const SiteEvents &S) {
  // Groups by (warp, instance), in the order recorded where those are
  // equal; a run of equal ones is a request, and its groups of alike shapes
  // in a row are one chunk.
  auto Less = [&](const Group &X, const Group &Y) {
    if (X.Warp != Y.Warp)
      return X.Warp < Y.Warp;
    return X.Instance != Y.Instance &&
           S.Instances[X.Instance] < S.Instances[Y.Instance];
  };
  std::vector<const Group *> Order = orderedGroups(S, Less);
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
  return assemble(S, Chunks, Ranges, Pending);
}

/// Rs's requests again, each of its first Chunks (all where 0), as Edit
/// makes them: views into Rs's storage.
static Requests rebuilt(const Requests &Rs, size_t Chunks,
                        llvm::function_ref<void(Chunk &)> Edit) {
  Requests Out;
  size_t N = 0;
  for (const Request &Req : Rs.All)
    N += Chunks ? std::min(Chunks, Req.Chunks.size()) : Req.Chunks.size();
  Out.Chunks.reserve(N); // All views into it
  for (const Request &Req : Rs.All) {
    size_t At = Out.Chunks.size();
    for (Chunk C : Chunks ? Req.Chunks.take_front(Chunks) : Req.Chunks) {
      Edit(C);
      Out.Chunks.push_back(C);
    }
    Out.All.push_back(
        {Req.Warp, Req.Instance, llvm::ArrayRef(Out.Chunks).slice(At)});
  }
  return Out;
}

Requests firstLanes(const Requests &Rs) {
  return rebuilt(Rs, 1, [](Chunk &C) {
    C.Lanes = C.Lanes.take_front(1);
    C.Least = C.Most = C.Lanes.front().Constant;
  });
}

Requests movedBy(const Requests &Rs, int64_t Bytes) {
  return rebuilt(Rs, 0, [&](Chunk &C) { C.Shift = wrapAdd(C.Shift, Bytes); });
}

std::vector<LaneView> lanesOf(llvm::ArrayRef<Chunk> Request) {
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

} // namespace cal
