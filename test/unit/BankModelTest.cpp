#include "analyzer/BankModel.h"

#include "llvm/ADT/STLExtras.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace cal;

namespace {
std::vector<LaneAddress> lanes(int64_t Stride, int64_t Start = 0) {
  std::vector<LaneAddress> Out;
  for (int L = 0; L < 32; ++L)
    Out.push_back({L, Start + L * Stride});
  return Out;
}

/// The wavefronts of lane T reading element Element(T) of Bytes each.
int wavefronts(int Bytes, int (*Element)(int)) {
  std::vector<LaneAddress> Out;
  for (int T = 0; T < 32; ++T)
    Out.push_back({T, Bytes * int64_t(Element(T))});
  return countWavefronts(Out, Bytes).Wavefronts;
}

/// A random request of Bytes each: most lanes a stride apart from a start,
/// some at a random element, some inactive.
std::vector<LaneAddress> randomRequest(std::mt19937_64 &Rng, int Bytes) {
  int64_t Stride = int64_t(Rng() % 40) * (Rng() % 2 ? Bytes : 4);
  int64_t Start = int64_t(Rng() % 512) - 256;
  std::vector<LaneAddress> Lanes;
  for (int L = 0; L < 32; ++L)
    if (Rng() % 8)
      Lanes.push_back(
          {L, Rng() % 4 ? Start + L * Stride : int64_t(Rng() % 1024) * Bytes});
  return Lanes;
}
} // namespace

// The shared rows of ../shared/hardware-model.md.
TEST(BankModel, RowOfFloatTile) {
  EXPECT_EQ(countWavefronts(lanes(4), 4).Wavefronts, 1);
}

TEST(BankModel, ColumnOfFloatTile) {
  WavefrontCount C = countWavefronts(lanes(128), 4); // tile[32][32] by column
  EXPECT_EQ(C.Wavefronts, 32);
  EXPECT_EQ(C.WorstWays, 32);
  EXPECT_EQ(C.IdealWavefronts, 1);
}

TEST(BankModel, ColumnOfPaddedTile) {
  EXPECT_EQ(countWavefronts(lanes(132), 4).Wavefronts, 1); // [32][33]
}

TEST(BankModel, Doubles) {
  EXPECT_EQ(countWavefronts(lanes(8), 8).Wavefronts, 2);
  EXPECT_EQ(countWavefronts(lanes(8), 8).IdealWavefronts, 2);
  EXPECT_EQ(countWavefronts(lanes(16), 8).Wavefronts, 4);
}

TEST(BankModel, Float4IsFourQuarterWarps) {
  WavefrontCount C = countWavefronts(lanes(16), 16);
  EXPECT_EQ(C.Wavefronts, 4);
  EXPECT_EQ(C.IdealWavefronts, 4);
}

// Two quarter-warps of a half-warp share a wavefront where both are
// conflict-free and use disjoint banks, or where the half reads one address;
// each case as cuda-samples/shared_float4.cu measured it on the H100.
TEST(BankModel, Float4QuarterWarpsSharingAWavefront) {
  auto Float4 = [](int (*Element)(int)) { return wavefronts(16, Element); };
  EXPECT_EQ(Float4([](int) { return 0; }), 2);                // s[0]
  EXPECT_EQ(Float4([](int T) { return T / 16; }), 2);         // s[t / 16]
  EXPECT_EQ(Float4([](int T) { return T / 8; }), 2);          // s[t / 8]
  EXPECT_EQ(Float4([](int T) { return T / 4; }), 2);          // s[t / 4]
  EXPECT_EQ(Float4([](int T) { return (T / 8) * 8; }), 4);    // conflict
  EXPECT_EQ(Float4([](int T) { return T % 4; }), 4);          // same banks
  EXPECT_EQ(Float4([](int T) { return T % 8; }), 4);          // all banks
  EXPECT_EQ(Float4([](int T) { return (2 * T) % 256; }), 8);  // 2-way
  EXPECT_EQ(Float4([](int T) { return (4 * T) % 256; }), 16); // 4-way
}

// The same for the two half-warps of an 8-byte access, as
// cuda-samples/shared_double_patterns.cu measured it.
TEST(BankModel, DoubleHalfWarpsSharingAWavefront) {
  auto Double = [](int (*Element)(int)) { return wavefronts(8, Element); };
  EXPECT_EQ(Double([](int) { return 0; }), 1);               // d[0]
  EXPECT_EQ(Double([](int T) { return T / 16; }), 1);        // d[t / 16]
  EXPECT_EQ(Double([](int T) { return T / 4; }), 1);         // d[t / 4]
  EXPECT_EQ(Double([](int T) { return T % 8; }), 2);         // same banks
  EXPECT_EQ(Double([](int T) { return (T / 16) * 16; }), 2); // conflict
  EXPECT_EQ(Double([](int T) { return T; }), 2);             // d[t]
  EXPECT_EQ(Double([](int T) { return (4 * T) % 256; }), 8); // 4-way
}

// The ideal each request measured on the H100 (Nsight Compute's ideal
// wavefronts per instruction): cuda-samples/shared_double_patterns.cu and
// shared_float4.cu with every lane active, and adv's 8- and 16-byte reads by
// half the lanes of a 16x16 block (lanes 0-7 and 16-23).
static int ideal(int Bytes, int (*Element)(int), bool HalfActive = false) {
  std::vector<LaneAddress> Out;
  for (int T = 0; T < 32; ++T)
    if (!HalfActive || T % 16 < 8)
      Out.push_back({T, Bytes * int64_t(Element(T))});
  return countWavefronts(Out, Bytes).IdealWavefronts;
}

TEST(BankModel, IdealAsMeasured) {
  EXPECT_EQ(ideal(8, [](int T) { return T; }), 2);              // d[t]
  EXPECT_EQ(ideal(8, [](int T) { return (4 * T) % 256; }), 2);  // 32B stride
  EXPECT_EQ(ideal(8, [](int) { return 0; }), 1);                // d[0]
  EXPECT_EQ(ideal(8, [](int T) { return T / 4; }), 1);          // d[t / 4]
  EXPECT_EQ(ideal(8, [](int T) { return T % 8; }), 2);          // same banks
  EXPECT_EQ(ideal(8, [](int T) { return (T / 16) * 16; }), 2);  // conflict
  EXPECT_EQ(ideal(16, [](int T) { return T; }), 4);             // s[t]
  EXPECT_EQ(ideal(16, [](int T) { return (2 * T) % 256; }), 4); // 32B stride
  EXPECT_EQ(ideal(16, [](int) { return 0; }), 2);               // s[0]
  EXPECT_EQ(ideal(16, [](int T) { return T / 8; }), 2);         // s[t / 8]
  EXPECT_EQ(ideal(16, [](int T) { return T / 4; }), 2);         // s[t / 4]
  EXPECT_EQ(ideal(16, [](int T) { return (T / 8) * 8; }), 4);   // conflict
  EXPECT_EQ(ideal(16, [](int T) { return T % 4; }), 4);         // same banks
  EXPECT_EQ(ideal(16, [](int T) { return T % 5; }), 4);
  // adv.h:162, s_cubInterpT[j][k] (rows 128 bytes apart), and adv.h:164,
  // s_U[k][i] (both rows read the same 64 bytes): 1 where 2 are needed.
  EXPECT_EQ(ideal(8, [](int T) { return (T / 16) * 16; }, true), 1);
  EXPECT_EQ(ideal(8, [](int T) { return T % 8; }, true), 1);
  // adv.h:180 as ptxas merged it: 16 bytes, the two rows 128 bytes apart.
  EXPECT_EQ(ideal(16, [](int T) { return (T / 16) * 8; }, true), 2);
}

// Quarter-warps that read at most two addresses each, and the same word
// wherever they use one bank, share a wavefront too; three addresses, or a
// conflict, and they do not (cuda-samples/shared_pair_words.cu, measured on
// the H200).
TEST(BankModel, QuarterWarpsReadingTheSameFewWords) {
  auto Float4 = [](int (*Element)(int)) { return wavefronts(16, Element); };
  EXPECT_EQ(Float4([](int T) { return T % 2; }), 2);
  EXPECT_EQ(Float4([](int T) { return (T / 2) % 2; }), 2);
  EXPECT_EQ(Float4([](int T) { return (T / 16) * 2 + T % 2; }), 2); // GEMM
  EXPECT_EQ(Float4([](int T) { return T % 3; }), 4);
  EXPECT_EQ(Float4([](int T) { return T % 2 + (T / 8) % 2; }), 2); // partly
  EXPECT_EQ(Float4([](int T) { return (T % 2) * 8; }), 8);         // 2-way
  EXPECT_EQ(ideal(16, [](int T) { return T % 2; }), 2);
  EXPECT_EQ(ideal(16, [](int T) { return T % 3; }), 4);
  EXPECT_EQ(ideal(16, [](int T) { return (T % 2) * 8; }), 4);
  auto Double = [](int (*Element)(int)) { return wavefronts(8, Element); };
  EXPECT_EQ(Double([](int T) { return T % 2; }), 1);
  EXPECT_EQ(Double([](int T) { return (T / 2) % 2; }), 1);
  EXPECT_EQ(Double([](int T) { return T % 3; }), 2);
  EXPECT_EQ(ideal(8, [](int T) { return T % 2; }), 1);
  EXPECT_EQ(ideal(8, [](int T) { return T % 3; }), 2);
}

// cuda-samples/shared_double_halves.cu: half-warps that use disjoint banks
// share a load's wavefront only where no double is read by one lane alone,
// and never a store's. Lanes 0-7 and 16-23 of Element(T), or all 32.
static WavefrontCount halves(int (*Element)(int), bool Store,
                             bool HalfActive = true, int Bytes = 8) {
  std::vector<LaneAddress> Out;
  for (int T = 0; T < 32; ++T)
    if (!HalfActive || T % 16 < 8)
      Out.push_back({T, Bytes * int64_t(Element(T))});
  return countWavefronts(Out, Bytes, 0, Store);
}

TEST(BankModel, HalfWarpsAsMeasured) {
  auto Own = [](int T) { return (T >> 4) * 8 + (T & 7); };       // sa
  auto Pairs = [](int T) { return (T >> 4) * 8 + (T & 7) / 2; }; // sa again
  auto Half = [](int T) { return T / 2; };                       // sb, sd
  EXPECT_EQ(halves(Own, false).Wavefronts, 2);
  EXPECT_EQ(halves(Own, false).IdealWavefronts, 1);
  EXPECT_EQ(halves(Own, false).Apart, PhasesApart::LoneLane);
  EXPECT_EQ(halves(Own, true).Wavefronts, 2);
  EXPECT_EQ(halves(Own, true).IdealWavefronts, 1);
  EXPECT_EQ(halves(Own, true).Apart, PhasesApart::Store);
  EXPECT_EQ(halves(Pairs, false).Wavefronts, 1);
  EXPECT_EQ(halves(Half, false, false).Wavefronts, 1);
  EXPECT_EQ(halves(Half, true, false).Wavefronts, 2);
  EXPECT_EQ(halves(Half, true, false).IdealWavefronts, 2);
  // quicksort's 16-byte store of one address by every lane: 4, ideal 4.
  WavefrontCount One = halves([](int) { return 0; }, true, false, 16);
  EXPECT_EQ(One.Wavefronts, 4);
  EXPECT_EQ(One.IdealWavefronts, 4);
}

TEST(BankModel, SameWordIsABroadcast) {
  EXPECT_EQ(countWavefronts(lanes(0, 12), 4).Wavefronts, 1);
}

TEST(BankModel, TwoRowsOfOneFortyEightyFloatArray) {
  // A 16-wide block over float a[][160]: two rows 640 bytes apart per warp.
  std::vector<LaneAddress> L;
  for (int I = 0; I < 32; ++I)
    L.push_back({I, (I / 16) * 640 + (I % 16) * 4});
  EXPECT_EQ(countWavefronts(L, 4).Wavefronts, 2);
}

// Requests with and without conflicts, against a count of each phase's
// distinct words per bank written out directly (the model takes a shortcut
// where no bank serves two words).
TEST(BankModel, AgreesWithADirectCount) {
  std::mt19937_64 Rng(7);
  const int Sizes[] = {1, 2, 4, 8, 16};
  for (int Trial = 0; Trial < 20000; ++Trial) {
    int Bytes = Sizes[Rng() % 5];
    bool Store = Rng() % 4 == 0;
    std::vector<LaneAddress> Lanes = randomRequest(Rng, Bytes);
    int Phases = Bytes > 8 ? 4 : Bytes > 4 ? 2 : 1;
    std::set<int64_t> Words[4][32];
    for (const LaneAddress &L : Lanes)
      for (int64_t W = floorDiv(L.Address, 4);
           W <= floorDiv(L.Address + Bytes - 1, 4); ++W)
        Words[L.Lane / (32 / Phases)][W - floorDiv(W, 32) * 32].insert(W);
    int Cost[4] = {}, WorstWays = 0, WorstBank = 0;
    uint32_t Banks[4] = {};
    for (int P = 0; P < Phases; ++P)
      for (int B = 0; B < 32; ++B) {
        int Ways = int(Words[P][B].size());
        if (Ways)
          Banks[P] |= uint32_t(1) << B;
        Cost[P] = std::max(Cost[P], Ways);
        if (Ways > WorstWays) {
          WorstWays = Ways;
          WorstBank = B;
        }
      }
    int Wavefronts = Phases == 1 ? Cost[0] : 0;
    for (int P = 0; P < Phases / 2; ++P) {
      bool Uniform = true;
      const LaneAddress *First = nullptr;
      for (const LaneAddress &L : Lanes)
        if (L.Lane / (64 / Phases) == P) {
          if (!First)
            First = &L;
          Uniform &= L.Address == First->Address;
        }
      std::map<int64_t, int> Readers;
      for (const LaneAddress &L : Lanes)
        if (L.Lane / (64 / Phases) == P)
          ++Readers[L.Address];
      bool NoneAlone =
          llvm::all_of(Readers, [](const auto &KV) { return KV.second >= 2; });
      // At most two addresses a phase, the same word in each common bank.
      bool FewWords = true;
      for (int Q : {2 * P, 2 * P + 1}) {
        std::set<int64_t> At;
        for (const LaneAddress &L : Lanes)
          if (L.Lane / (32 / Phases) == Q)
            At.insert(L.Address);
        FewWords &= At.size() <= 2;
      }
      for (int B = 0; B < 32; ++B)
        if (!Words[2 * P][B].empty() && !Words[2 * P + 1][B].empty())
          FewWords &= Words[2 * P][B] == Words[2 * P + 1][B];
      bool Shared =
          !Store && Cost[2 * P] == 1 && Cost[2 * P + 1] == 1 &&
          (Uniform ||
           (((Banks[2 * P] & Banks[2 * P + 1]) == 0 || FewWords) && NoneAlone));
      Wavefronts += Shared ? 1 : Cost[2 * P] + Cost[2 * P + 1];
    }
    WavefrontCount C = countWavefronts(Lanes, Bytes, 0, Store);
    ASSERT_EQ(C.Wavefronts, Wavefronts) << "trial " << Trial;
    ASSERT_EQ(C.WorstWays, WorstWays) << "trial " << Trial;
    ASSERT_EQ(C.WorstBank, WorstBank) << "trial " << Trial;
  }
}

// WarpAnalysis counts a request moved by whole words as the one before it:
// the banks turn round, and each keeps its words.
TEST(BankModel, WavefrontsRepeatEveryWord) {
  std::mt19937_64 Rng(11);
  const int Sizes[] = {1, 2, 4, 8, 16};
  for (int Trial = 0; Trial < 5000; ++Trial) {
    int Bytes = Sizes[Rng() % 5];
    std::vector<LaneAddress> Lanes = randomRequest(Rng, Bytes), Moved = Lanes;
    int64_t Move = WavefrontsRepeatBytes * (int64_t(Rng() % 4096) - 2048);
    for (LaneAddress &L : Moved)
      L.Address += Move;
    WavefrontCount C = countWavefronts(Lanes, Bytes),
                   D = countWavefronts(Moved, Bytes);
    ASSERT_EQ(C.Wavefronts, D.Wavefronts) << "trial " << Trial;
    ASSERT_EQ(C.IdealWavefronts, D.IdealWavefronts) << "trial " << Trial;
    ASSERT_EQ(C.WorstWays, D.WorstWays) << "trial " << Trial;
  }
}
