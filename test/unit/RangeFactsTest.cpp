#include "analyzer/RangeFacts.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {
struct RangeFactsTest : ::testing::Test {
  SymbolTable Syms;
  AffineExpr Sym(const char *Name) {
    return AffineExpr::symbol(Syms.get(Name));
  }
  AffineExpr C(int64_t V) { return AffineExpr::constant(V); }
};
} // namespace

TEST_F(RangeFactsTest, SignsOfTerms) {
  RangeFacts F(Syms);
  Syms.setNonNegative(Syms.get("blockIdx.x"));
  AffineExpr B = Sym("blockIdx.x"), N = Sym("n");
  EXPECT_TRUE(F.nonNegative(B * 256 + C(3)));
  EXPECT_FALSE(F.nonNegative(B * 256 - C(1)));
  EXPECT_FALSE(F.nonNegative(N)); // an int parameter may be negative
  EXPECT_FALSE(F.nonNegative(B * -1));
  // A lane symbol is as its values are.
  AffineExpr Lane = AffineExpr::symbol(Syms.laneSymbol({0, 1, 2, 3}));
  AffineExpr Below = AffineExpr::symbol(Syms.laneSymbol({-1, 0, 1, 2}));
  EXPECT_TRUE(F.nonNegative(Lane + B));
  EXPECT_FALSE(F.nonNegative(Below));
}

TEST_F(RangeFactsTest, QuotientUnderAGuard) {
  RangeFacts F(Syms);
  Syms.setNonNegative(Syms.get("blockIdx.x"));
  AffineExpr X = Sym("blockIdx.x") * 32, N = Sym("nx");
  EXPECT_EQ(F.quotient(X + N, N), std::nullopt); // no guard yet
  {
    StrictBound XBelowN{X, N};
    RangeFacts::Scope Guard(F, XBelowN);
    EXPECT_EQ(F.quotient(X + N, N), std::optional<int64_t>(1));
    EXPECT_EQ(F.quotient(X, N), std::optional<int64_t>(0));
    EXPECT_EQ(F.quotient(X - C(1), N), std::nullopt); // negative when X is 0
    EXPECT_EQ(F.quotient(X + C(1) + N, N), std::nullopt); // X + 1 may be nx
    EXPECT_EQ(F.quotient(X + N * 2, N), std::nullopt);    // 2 is not looked for
    // x < nx - 1 also gives x + 1 < nx.
    StrictBound Tighter{X, N - C(1)};
    RangeFacts::Scope Inner(F, Tighter);
    EXPECT_EQ(F.quotient(X + C(1), N), std::optional<int64_t>(0));
  }
  EXPECT_EQ(F.quotient(X + N, N), std::nullopt); // the guard's scope ended
}

TEST_F(RangeFactsTest, QuotientButAtTheEdge) {
  RangeFacts F(Syms);
  Syms.setNonNegative(Syms.get("blockIdx.x"));
  AffineExpr X = Sym("blockIdx.x") * 32, N = Sym("nx");
  StrictBound XBelowN{X, N};
  RangeFacts::Scope Guard(F, XBelowN);
  using EQ = RangeFacts::EdgeQuotient;
  auto Is = [](std::optional<EQ> Q, int64_t K, int64_t Edge) {
    return Q && Q->K == K && Q->Edge == Edge;
  };
  // Exact where the guard decides it.
  EXPECT_TRUE(Is(F.quotientButEdge(X + N, N), 1, 0));
  // x + 1 is nx in the last lane of the row, x - 1 is -1 in the first: the
  // quotient of every other lane.
  EXPECT_TRUE(Is(F.quotientButEdge(X + C(1) + N, N), 1, 1));
  EXPECT_TRUE(Is(F.quotientButEdge(X - C(1) + N, N), 1, 1));
  EXPECT_TRUE(Is(F.quotientButEdge(X + C(2), N), 0, 2));
  // Past MaxEdge, or asked for none: no quotient.
  EXPECT_EQ(F.quotientButEdge(X + C(3) + N, N), std::nullopt);
  EXPECT_EQ(F.quotientButEdge(X + C(1) + N, N, 0), std::nullopt);
  EXPECT_EQ(F.quotient(X + C(1) + N, N), std::nullopt);
}
