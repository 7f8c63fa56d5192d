#include "analyzer/SetLanes.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace cal;

namespace {
std::vector<unsigned> walk(const llvm::BitVector &M) {
  std::vector<unsigned> Out;
  for (unsigned L : SetLanes(M))
    Out.push_back(L);
  return Out;
}
std::vector<unsigned> reference(const llvm::BitVector &M) {
  std::vector<unsigned> Out;
  for (unsigned L : M.set_bits())
    Out.push_back(L);
  return Out;
}
} // namespace

TEST(SetLanes, EmptyAndNoBits) {
  EXPECT_TRUE(walk(llvm::BitVector()).empty());
  EXPECT_TRUE(walk(llvm::BitVector(256)).empty());
}

TEST(SetLanes, WordBoundariesAndLastBit) {
  llvm::BitVector M(256);
  for (unsigned L : {0u, 63u, 64u, 127u, 200u, 255u})
    M.set(L);
  EXPECT_EQ(walk(M), (std::vector<unsigned>{0, 63, 64, 127, 200, 255}));
  llvm::BitVector Odd(33);
  Odd.set(32);
  EXPECT_EQ(walk(Odd), std::vector<unsigned>{32});
}

TEST(SetLanes, AgreesWithSetBitsOnRandomMasks) {
  std::mt19937 Rng(7);
  for (int Trial = 0; Trial < 200; ++Trial) {
    unsigned N = 1 + Rng() % 300;
    llvm::BitVector M(N);
    for (unsigned L = 0; L < N; ++L)
      if (Rng() % 4 == 0)
        M.set(L);
    ASSERT_EQ(walk(M), reference(M)) << "mask of " << N << " bits";
  }
}

TEST(SetLanes, ClearBitsUpToTheSize) {
  auto Clear = [](const llvm::BitVector &M) {
    std::vector<unsigned> Out;
    for (unsigned L : SetLanes::clearIn(M))
      Out.push_back(L);
    return Out;
  };
  EXPECT_TRUE(Clear(llvm::BitVector(64, true)).empty());
  EXPECT_EQ(Clear(llvm::BitVector(70, true)), std::vector<unsigned>{});
  EXPECT_EQ(Clear(llvm::BitVector(3)), (std::vector<unsigned>{0, 1, 2}));
  std::mt19937 Rng(11);
  for (int Trial = 0; Trial < 200; ++Trial) {
    unsigned N = 1 + Rng() % 300;
    llvm::BitVector M(N);
    for (unsigned L = 0; L < N; ++L)
      if (Rng() % 4 != 0)
        M.set(L);
    std::vector<unsigned> Expected;
    for (int L = M.find_first_unset(); L >= 0; L = M.find_next_unset(L))
      Expected.push_back(unsigned(L));
    ASSERT_EQ(Clear(M), Expected) << "mask of " << N << " bits";
  }
}
