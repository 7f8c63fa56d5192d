#include "analyzer/AffineExpr.h"
#include "analyzer/DeviceArith.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {
std::string str(const AffineExpr &E) {
  return E.print([](SymbolId S) { return "s" + std::to_string(S); });
}
} // namespace

TEST(AffineExpr, FoldsAsItBuilds) {
  AffineExpr X = AffineExpr::symbol(0);
  EXPECT_EQ(str(X + AffineExpr::constant(0)), "s0");
  EXPECT_TRUE((X - X).isConstant());
  EXPECT_EQ((X - X).constantTerm(), 0);
  EXPECT_EQ(X * 2 + X, X * 3);
  EXPECT_EQ(str(X * AffineExpr::symbol(1) * 4 + AffineExpr::constant(7)),
            "4*s0*s1 + 7");
}

TEST(AffineExpr, PrintsTheLeastCoefficient) {
  // Index arithmetic wraps to INT64_MIN; its magnitude does not fit int64_t.
  EXPECT_EQ(str(AffineExpr::constant(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(str(AffineExpr::symbol(0) * INT64_MIN + AffineExpr::constant(1)),
            "-9223372036854775808*s0 + 1");
}

TEST(AffineExpr, DividesOnlyWhenExact) {
  AffineExpr E = AffineExpr::symbol(0) * 256 + AffineExpr::constant(37);
  ASSERT_TRUE(E.divideBy(32).has_value());
  EXPECT_EQ(*E.divideBy(32),
            AffineExpr::symbol(0) * 8 + AffineExpr::constant(1));
  EXPECT_EQ(E.remainder(32), std::optional<int64_t>(5));
  EXPECT_FALSE(E.divideBy(3).has_value());
  EXPECT_FALSE(E.remainder(512).has_value());
  // A negative constant term with symbols: floor and truncation differ.
  EXPECT_FALSE((AffineExpr::symbol(0) * 32 - AffineExpr::constant(1))
                   .divideBy(32)
                   .has_value());
}

TEST(AffineExpr, Evaluates) {
  AffineExpr E = AffineExpr::symbol(0) * AffineExpr::symbol(1) * 3 +
                 AffineExpr::constant(-2);
  EXPECT_EQ(E.evaluate([](SymbolId S) { return S == 0 ? 5 : 7; }), 103);
  EXPECT_EQ(E.symbols().size(), 2u);
}

TEST(AffineExpr, PrintsOperandsUnambiguously) {
  auto Name = [](SymbolId S) { return "s" + std::to_string(S); };
  AffineExpr S0 = AffineExpr::symbol(0), S1 = AffineExpr::symbol(1);
  // A sum needs parentheses on either side of `/`; a product only on the
  // right (`a / (b*c)`, not `a / b*c`).
  EXPECT_EQ((S0 + AffineExpr::constant(1)).printOperand(Name), "(s0 + 1)");
  EXPECT_EQ((S0 * 256).printOperand(Name), "256*s0");
  EXPECT_EQ((S0 * 256).printOperand(Name, true), "(256*s0)");
  EXPECT_EQ((S0 * S1).printOperand(Name, true), "(s0*s1)");
  EXPECT_EQ(S1.printOperand(Name, true), "s1");
  EXPECT_EQ(AffineExpr::constant(-3).printOperand(Name, true), "-3");
}

// Bits below what a symbol's known divisor leaves clear: a 16 KB-aligned
// window address (s0) 20488 bytes on, its double buffer switched.
TEST(AffineExpr, BitwiseBelowAlignment) {
  auto Aligned = [](SymbolId) { return int64_t(16384); };
  AffineExpr A = AffineExpr::symbol(0) + AffineExpr::constant(20488);
  auto Op = [&](clang::BinaryOperatorKind K, int64_t B) {
    return exactArith(K, A, B, Aligned);
  };
  // 20488 is 16384 + 4104, and 4104 ^ 0x1000 is 8.
  EXPECT_EQ(Op(clang::BO_Xor, 0x1000),
            AffineExpr::symbol(0) + AffineExpr::constant(16392));
  EXPECT_EQ(Op(clang::BO_Or, 0x2000),
            AffineExpr::symbol(0) + AffineExpr::constant(16384 + 12296));
  EXPECT_EQ(Op(clang::BO_And, 0xff), AffineExpr::constant(8));
  // At or above the alignment, or with no divisor known: not exact.
  EXPECT_FALSE(Op(clang::BO_Xor, 0x4000).has_value());
  EXPECT_FALSE(exactArith(clang::BO_Xor, A, 0x1000).has_value());
  EXPECT_FALSE(exactArith(clang::BO_Xor, A, 0x1000, [](SymbolId) {
                 return int64_t(1);
               }).has_value());
}
