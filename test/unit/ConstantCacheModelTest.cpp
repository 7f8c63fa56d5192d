#include "analyzer/ConstantCacheModel.h"

#include <gtest/gtest.h>

#include <vector>

using namespace cal;

namespace {
/// Lane L reads element Index(L) of 4 bytes.
int requests(int (*Index)(int)) {
  std::vector<LaneAddress> Lanes;
  for (int L = 0; L < 32; ++L)
    Lanes.push_back({L, 4 * int64_t(Index(L))});
  return countConstantRequests(Lanes);
}
} // namespace

// The H100's idc__requests per LDC (cuda-samples/constant_reads.cu, measured
// in cuda-samples/measured/h100-constant-requests.csv).
TEST(ConstantCacheModel, OneRequestPerAddress) {
  EXPECT_EQ(requests([](int) { return 7; }), 1);        // warp-uniform
  EXPECT_EQ(requests([](int L) { return L; }), 32);     // one per lane
  EXPECT_EQ(requests([](int L) { return L / 16; }), 2); // half-warps
}

TEST(ConstantCacheModel, NeighboursInOneLineStillWait) {
  // 8 lanes a word apart share no request for being in one 32-byte line.
  EXPECT_EQ(requests([](int L) { return L % 8; }), 8);
}

TEST(ConstantCacheModel, InactiveLanesAskNothing) {
  EXPECT_EQ(countConstantRequests({}), 0);
  EXPECT_EQ(countConstantRequests({{3, 64}, {9, 64}, {20, 0}}), 2);
}
