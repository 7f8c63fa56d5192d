// The stages between the evaluator and a report: a site's events
// (SiteEvents), its warp requests (WarpRequests) and what they cost
// (RequestCost), fed by hand as the evaluator would record them. Numbers
// from ../shared/hardware-model.md: 32 lanes reading consecutive floats
// touch 4 sectors; 32 floats 8 bytes apart, 8 sectors.
#include "analyzer/RequestCost.h"
#include "analyzer/SiteEvents.h"
#include "analyzer/WarpRequests.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {

// The base array: compared by address only.
const char BaseStorage = 0;
const auto *Base = reinterpret_cast<const clang::ValueDecl *>(&BaseStorage);

AccessEvent eventAt(int Bytes) {
  AccessEvent E;
  E.Bytes = Bytes;
  E.Address = Value::pointer(Base, MemSpace::Global, AffineExpr::constant(0));
  E.Instance = {0, 0, 0}; // one trip, site, operation; the occurrence
  return E;
}

std::vector<LaneAccess> lanes(int64_t Stride, int First = 0, int N = 32) {
  std::vector<LaneAccess> Out;
  for (int L = First; L < First + N; ++L)
    Out.push_back({L, L * Stride});
  return Out;
}

/// The start of another array than Base.
Value otherArray() {
  static const char Other = 0;
  return Value::pointer(reinterpret_cast<const clang::ValueDecl *>(&Other),
                        MemSpace::Global, AffineExpr::constant(0));
}

RequestCosts costOfSite(const SiteEvents &S, const SymbolTable &Syms) {
  Requests Rs = requestsOf(S);
  return costOf(Rs, {Counting::Sectors, S.First.Bytes, 0}, Syms);
}

/// One request of 32 lanes 4 bytes apart, every lane Offset further.
RequestCosts costOfAllLanesAt(const AffineExpr &Offset,
                              const SymbolTable &Syms) {
  AccessEvent E = eventAt(4);
  Value Shape = E.Address;
  Shape.Offset = Offset;
  SiteEvents S(E);
  std::vector<LaneAccess> All = lanes(4);
  LaneSpan Span{0, 0, 0, 32};
  S.add(E, Shape, All, Span, nullptr);
  return costOfSite(S, Syms);
}

TEST(WarpStages, RecordsThatGoOnAreOneChunk) {
  // Lanes 0-15 and then 16-31 of warp 0, recorded apart: one request of
  // one chunk of 32 lanes.
  AccessEvent E = eventAt(4);
  SiteEvents S(E);
  std::vector<LaneAccess> All = lanes(4);
  Value Shape = E.Address;
  LaneSpan Low{0, 0, 0, 16}, High{0, 0, 0, 16};
  S.add(E, Shape, llvm::ArrayRef(All).take_front(16), Low, nullptr);
  S.add(E, Shape, llvm::ArrayRef(All).drop_front(16), High, nullptr);
  EXPECT_EQ(S.Groups.size(), 1u);
  Requests Rs = requestsOf(S);
  ASSERT_EQ(Rs.All.size(), 1u);
  ASSERT_EQ(Rs.All[0].Chunks.size(), 1u);
  EXPECT_EQ(Rs.All[0].Chunks[0].Lanes.size(), 32u);
}

TEST(WarpStages, WarpsThatShareLanesAreRequestsApart) {
  // Warp 1's lanes are warp 0's moved by 128 bytes (the next 32 floats):
  // two requests, the second alike to the first, 4 sectors each.
  AccessEvent E = eventAt(4);
  SiteEvents S(E);
  std::vector<LaneAccess> All = lanes(4);
  LaneSpan Spans[] = {{0, 0, 0, 32, 0}, {1, 0, 0, 32, 128}};
  S.add(E, E.Address, All, Spans, nullptr);
  Requests Rs = requestsOf(S);
  ASSERT_EQ(Rs.All.size(), 2u);
  EXPECT_TRUE(moved(Rs.All[0].Chunks, Rs.All[1].Chunks, 32));
  SymbolTable Syms;
  RequestCosts C = costOfSite(S, Syms);
  EXPECT_TRUE(C.Reason.empty());
  EXPECT_EQ(C.Instances, 2);
  EXPECT_EQ(C.WorstCount, 4);
  EXPECT_EQ(C.BestCount, 4);
  EXPECT_DOUBLE_EQ(C.Sum, 8.0);
  EXPECT_TRUE(C.Deciding.empty());
}

TEST(WarpStages, StridedLanesCostMoreSectors) {
  // Floats 8 bytes apart (one field of an 8-byte struct): 8 sectors.
  AccessEvent E = eventAt(4);
  SiteEvents S(E);
  std::vector<LaneAccess> All = lanes(8);
  LaneSpan Span{0, 0, 0, 32};
  S.add(E, E.Address, All, Span, nullptr);
  SymbolTable Syms;
  RequestCosts C = costOfSite(S, Syms);
  EXPECT_EQ(C.WorstCount, 8);
  ASSERT_EQ(C.WorstAddresses.size(), 32u);
  EXPECT_EQ(C.WorstAddresses[31].Address, 31 * 8);
}

TEST(WarpStages, AnUnknownOffsetDecidesTheAlignment) {
  // Every lane at 4 * n bytes further: 4 sectors when n is a multiple of
  // 8 (a 32-byte boundary), 5 otherwise.
  SymbolTable Syms;
  SymbolId N = Syms.get("n");
  RequestCosts C = costOfAllLanesAt(AffineExpr::symbol(N) * 4, Syms);
  EXPECT_EQ(C.WorstCount, 5);
  EXPECT_EQ(C.BestCount, 4);
  EXPECT_EQ(C.Deciding, std::set<SymbolId>{N});
  std::vector<int> Multiples = {0, 8, 16, 24};
  EXPECT_EQ(C.BestKs, Multiples);
}

TEST(WarpStages, TheBlockIndexDecidesNothing) {
  // A tile 30 floats a block: lanes at 120 * b bytes, 0, 24, 16 or 8 past
  // a sector as b goes round by four. Every block runs: 4 sectors in one
  // of four, 5 in the others, 4.75 on average, and no best case.
  SymbolTable Syms;
  SymbolId B = Syms.get("blockIdx.x");
  Syms.setEveryValue(B);
  RequestCosts C = costOfAllLanesAt(AffineExpr::symbol(B) * 120, Syms);
  EXPECT_EQ(C.WorstCount, 5);
  EXPECT_EQ(C.BestCount, 5);
  EXPECT_TRUE(C.WorstByBlock);
  EXPECT_TRUE(C.Deciding.empty());
  EXPECT_DOUBLE_EQ(C.Sum / C.Instances, 4.75);
}

TEST(WarpStages, LanesOfOneRequestInTwoArraysAreNotCounted) {
  // Lanes 0-15 of warp 0 in the base array, lanes 16-31 in another: no
  // count of sectors holds for two allocations.
  AccessEvent E = eventAt(4);
  SiteEvents S(E);
  Value Elsewhere = otherArray();
  std::vector<LaneAccess> All = lanes(4);
  LaneSpan Low{0, 0, 0, 16}, High{0, 0, 0, 16};
  S.add(E, E.Address, llvm::ArrayRef(All).take_front(16), Low, nullptr);
  S.add(E, Elsewhere, llvm::ArrayRef(All).drop_front(16), High, nullptr);
  SymbolTable Syms;
  EXPECT_EQ(costOfSite(S, Syms).Reason.Kind, UnknownKind::DifferentArrays);
}

TEST(WarpStages, RequestsInAnotherArrayAreCounted) {
  // A helper called with `&lt[i]`, then with `&gt[i]`: its site's second
  // request is in another array, 32 consecutive floats, 4 sectors.
  AccessEvent E = eventAt(4);
  SiteEvents S(E);
  Value Elsewhere = otherArray();
  std::vector<LaneAccess> All = lanes(4);
  LaneSpan First{0, 0, 0, 32}, Second{0, 1, 0, 32};
  S.add(E, E.Address, All, First, nullptr);
  S.add(E, Elsewhere, All, Second, nullptr);
  SymbolTable Syms;
  RequestCosts C = costOfSite(S, Syms);
  EXPECT_TRUE(C.Reason.empty());
  EXPECT_EQ(C.Instances, 2);
  EXPECT_EQ(C.WorstCount, 4);
}

} // namespace
