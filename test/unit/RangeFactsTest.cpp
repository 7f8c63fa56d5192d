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
