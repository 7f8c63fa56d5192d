#include "analyzer/SectorModel.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {
std::vector<LaneAddress> lanes(int64_t Start, int64_t Stride, int N = 32) {
  std::vector<LaneAddress> Out;
  for (int L = 0; L < N; ++L)
    Out.push_back({L, Start + L * Stride});
  return Out;
}
} // namespace

// The global rows of ../shared/hardware-model.md, as byte addresses.
TEST(SectorModel, Coalesced) {
  SectorCount C = countSectors(lanes(0, 4), 4);
  EXPECT_EQ(C.Sectors, 4);
  EXPECT_EQ(C.IdealSectors, 4);
  EXPECT_EQ(C.Lines128, 1);
}

TEST(SectorModel, MisalignedByOneFloat) {
  SectorCount C = countSectors(lanes(4, 4), 4);
  EXPECT_EQ(C.Sectors, 5);
  EXPECT_EQ(C.IdealSectors, 4);
  EXPECT_EQ(C.Lines128, 2);
}

TEST(SectorModel, Strides) {
  EXPECT_EQ(countSectors(lanes(0, 8), 4).Sectors, 8);
  EXPECT_EQ(countSectors(lanes(0, 128), 4).Sectors, 32);
  EXPECT_EQ(countSectors(lanes(0, 12), 4).Sectors, 12); // AoS of 3 floats
  EXPECT_EQ(countSectors(lanes(0, 12), 4).IdealSectors, 4);
}

TEST(SectorModel, Broadcast) {
  SectorCount C = countSectors(lanes(64, 0), 4);
  EXPECT_EQ(C.Sectors, 1);
  EXPECT_EQ(C.IdealSectors, 1);
}

// A 16x16 block reading a[row * n + i]: each half-warp reads one address
// of its own row. The two rows need a sector each however the data lie;
// the H100 measured 2 sectors with 2 ideal (hellinger, minkowski).
TEST(SectorModel, TwoRowsEachBroadcast) {
  std::vector<LaneAddress> L = lanes(0, 0, 16);
  for (LaneAddress A : lanes(6144, 0, 16))
    L.push_back({A.Lane + 16, A.Address});
  SectorCount C = countSectors(L, 4);
  EXPECT_EQ(C.Sectors, 2);
  EXPECT_EQ(C.IdealSectors, 2);
}

// Two adjacent ints read by half a warp each share a sector where aligned:
// the ideal stays 1, so the 2 sectors of a straddling pair are waste.
TEST(SectorModel, AdjacentPairStraddling) {
  std::vector<LaneAddress> L = lanes(28, 0, 16);
  for (LaneAddress A : lanes(32, 0, 16))
    L.push_back({A.Lane + 16, A.Address});
  SectorCount C = countSectors(L, 4);
  EXPECT_EQ(C.Sectors, 2);
  EXPECT_EQ(C.IdealSectors, 1);
}

TEST(SectorModel, WideElements) {
  EXPECT_EQ(countSectors(lanes(0, 8), 8).Sectors, 8);    // double
  EXPECT_EQ(countSectors(lanes(0, 16), 16).Sectors, 16); // float4
  EXPECT_EQ(countSectors(lanes(0, 16), 16).IdealSectors, 16);
}

TEST(SectorModel, MaskedLanesDoNotCount) {
  SectorCount C = countSectors(lanes(0, 4, 20), 4);
  EXPECT_EQ(C.Sectors, 3);
  EXPECT_EQ(C.IdealSectors, 3);
}

// WarpAnalysis counts a request moved by whole sectors as the one before it.
TEST(SectorModel, SectorsRepeatEverySector) {
  for (int64_t Start = -64; Start < 64; ++Start)
    for (int64_t Stride : {1, 2, 3, 4, 8, 12, 33, 100})
      for (int Bytes : {1, 2, 4, 8, 16}) {
        std::vector<LaneAddress> Lanes, Moved;
        for (int L = 0; L < 32; ++L) {
          Lanes.push_back({L, Start + L * Stride});
          Moved.push_back({L, Start + L * Stride + SectorsRepeatBytes * 7});
        }
        ASSERT_EQ(countSectorsOnly(Lanes, Bytes),
                  countSectorsOnly(Moved, Bytes))
            << Start << " " << Stride << " " << Bytes;
      }
}
