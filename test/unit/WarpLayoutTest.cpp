#include "analyzer/WarpLayout.h"

#include <gtest/gtest.h>

using namespace cal;

TEST(WarpLayout, SixteenBySixteenPutsTwoRowsInAWarp) {
  WarpLayout W(Dim3{16, 16, 1});
  auto L = W.lanes(0);
  ASSERT_EQ(L.size(), 32u);
  EXPECT_EQ(L[15].X, 15);
  EXPECT_EQ(L[15].Y, 0);
  EXPECT_EQ(L[16].X, 0);
  EXPECT_EQ(L[16].Y, 1);
  EXPECT_EQ(W.warpCount(), 8);
}

TEST(WarpLayout, PartialLastWarp) {
  WarpLayout W(Dim3{48, 1, 1});
  EXPECT_EQ(W.warpCount(), 2);
  EXPECT_EQ(W.lanes(1).size(), 16u);
}

TEST(WarpLayout, ThreeDimensions) {
  WarpLayout W(Dim3{4, 4, 4});
  auto L = W.lanes(1);
  EXPECT_EQ(L[0].Z, 2);
  EXPECT_EQ(L[0].Y, 0);
}

TEST(WarpLayout, RepresentativeWarpsKeepFirstAndLast) {
  WarpLayout W(Dim3{1024, 1, 1});
  auto R = W.representativeWarps(8);
  ASSERT_EQ(R.size(), 8u);
  EXPECT_EQ(R.front(), 0);
  EXPECT_EQ(R.back(), 31);
}

TEST(Dim3, Parse) {
  EXPECT_TRUE(Dim3::parse("32,8").has_value());
  EXPECT_EQ(Dim3::parse("32x8x2")->Z, 2);
  EXPECT_FALSE(Dim3::parse("32,").has_value());
  EXPECT_FALSE(Dim3::parse("abc").has_value());
  EXPECT_FALSE(Dim3::parse("2048").has_value());
  EXPECT_FALSE(Dim3::parse("0").has_value());
}
