#include "analyzer/BankModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <optional>

namespace cal {

WavefrontCount countWavefronts(const std::vector<LaneAddress> &Lanes, int Bytes,
                               int LaneBytes, bool Store) {
  int Carried = LaneBytes ? LaneBytes : Bytes;
  int Phases = bankPhases(Carried);
  int LanesPerPhase = 32 / Phases;
  WavefrontCount R;
  R.IdealWavefronts = Phases;
  // Per phase (4 at most), the banks its words use and the word each bank
  // serves first: a bank asked for a second, distinct word is a conflict,
  // which the sort below counts. Most requests have none.
  uint32_t Used[4] = {};
  int64_t WordAt[4][32];
  bool Clash = false;
  // Phases come in pairs (8 bytes: the two half-warps; 16 bytes: the two
  // quarter-warps of each half-warp). Per pair, whether its lanes all read
  // one address.
  int LanesPerPair = 2 * LanesPerPhase;
  int64_t PairAddress[2] = {0, 0};
  int PairLanes[2] = {0, 0};
  bool PairUniform[2] = {true, true};
  auto EachWord = [Bytes](const LaneAddress &L, auto F) {
    for (int64_t W = floorDiv(L.Address, 4),
                 E = floorDiv(lastByte(L.Address, Bytes), 4);
         W <= E; ++W)
      F(W);
  };
  for (const LaneAddress &L : Lanes) {
    int Phase = L.Lane / LanesPerPhase;
    EachWord(L, [&](int64_t W) {
      int Bank = int(W & 31); // W mod 32
      if (Used[Phase] >> Bank & 1) {
        Clash |= WordAt[Phase][Bank] != W;
      } else {
        Used[Phase] |= uint32_t(1) << Bank;
        WordAt[Phase][Bank] = W;
      }
    });
    if (Phases == 1)
      continue;
    int P = L.Lane / LanesPerPair;
    if (PairLanes[P]++ == 0)
      PairAddress[P] = L.Address;
    PairUniform[P] &= L.Address == PairAddress[P];
  }
  // Per phase, the distinct words of its busiest bank, the banks used and
  // the distinct words (one per bank used, where no bank serves two).
  int Cost[4] = {};
  uint32_t Banks[4] = {};
  int64_t Distinct[4] = {};
  if (!Clash) {
    for (int P = 0; P < Phases; ++P)
      if (Used[P]) {
        Cost[P] = 1;
        Distinct[P] = llvm::popcount(Used[P]);
        Banks[P] = Used[P];
        if (R.WorstWays < 1) {
          R.WorstWays = 1;
          R.WorstBank = llvm::countr_zero(Used[P]);
        }
      }
  } else {
    // (bank, word) pairs per phase, sorted and counted by bank. Inline: the
    // trials count a request many times.
    llvm::SmallVector<std::pair<int, int64_t>, 36> Words[4];
    for (const LaneAddress &L : Lanes)
      EachWord(L, [&](int64_t W) {
        Words[L.Lane / LanesPerPhase].push_back({int(W & 31), W});
      });
    for (int P = 0; P < Phases; ++P) {
      auto &Phase = Words[P];
      std::sort(Phase.begin(), Phase.end());
      Phase.erase(std::unique(Phase.begin(), Phase.end()), Phase.end());
      Distinct[P] = int64_t(Phase.size());
      for (size_t I = 0; I < Phase.size();) {
        size_t J = I;
        while (J < Phase.size() && Phase[J].first == Phase[I].first)
          ++J;
        Banks[P] |= uint32_t(1) << Phase[I].first;
        int Ways = int(J - I);
        if (Ways > Cost[P]) {
          Cost[P] = Ways;
          if (Ways > R.WorstWays) {
            R.WorstWays = Ways;
            R.WorstBank = Phase[I].first;
          }
        }
        I = J;
      }
    }
  }
  if (Phases == 1) {
    R.Wavefronts = Cost[0];
    return R;
  }
  // Whether each address the lanes of pair P read is read by two lanes or
  // more (d[t / 2]).
  auto NoneAlone = [&](int P) {
    llvm::SmallVector<int64_t, 32> At;
    for (const LaneAddress &L : Lanes)
      if (L.Lane / LanesPerPair == P)
        At.push_back(L.Address);
    llvm::sort(At);
    for (size_t I = 0; I < At.size(); ++I)
      if ((I == 0 || At[I - 1] != At[I]) &&
          (I + 1 == At.size() || At[I + 1] != At[I]))
        return false;
    return true;
  };
  // Whether the phases of pair P use some bank both and, each
  // conflict-free and reading at most two addresses, read the same word
  // wherever they do: a GEMM's warp-tile fragment s[(t / 16) * 2 + t % 2],
  // s[t % 2] and the partly shared s[t % 2 + (t / 8) % 2] share a
  // wavefront, s[t % 3] and s[t % 4] do not, and neither does
  // s[(t % 2) * 8], conflicting (cuda-samples/shared_pair_words.cu,
  // shared_float4.cu). Asked at most once per pair, where the ideal or the
  // count needs it.
  auto SharesWords = [&](int P) {
    int A = 2 * P, B = A + 1;
    if (!(Banks[A] & Banks[B]) || Cost[A] != 1 || Cost[B] != 1)
      return false;
    for (int Phase : {A, B}) {
      llvm::SmallVector<int64_t, 2> Seen;
      for (const LaneAddress &L : Lanes)
        if (L.Lane / LanesPerPhase == Phase &&
            !llvm::is_contained(Seen, L.Address)) {
          if (Seen.size() == 2)
            return false;
          Seen.push_back(L.Address);
        }
    }
    for (uint32_t Common = Banks[A] & Banks[B]; Common; Common &= Common - 1) {
      int Bank = llvm::countr_zero(Common);
      if (WordAt[A][Bank] != WordAt[B][Bank])
        return false;
    }
    return true;
  };
  std::optional<bool> Known[2];
  auto Shares = [&](int P) {
    if (!Known[P])
      Known[P] = SharesWords(P);
    return *Known[P];
  };
  // The ideal, as Nsight Compute counts it: the pairing below without the
  // conflicts, each phase at its distinct words packed 32 to a wavefront,
  // and a pair whose active lanes carry at most 128 bytes in one. adv's
  // 8-byte reads by 16 of 32 lanes measured an ideal of 1 where the full
  // warp's d[t % 8] (shared_double_patterns.cu) measured 2; a store's
  // disjoint halves, sd[t / 2] (shared_double_halves.cu), measured 2, and
  // quicksort's 16-byte store of one address by all lanes 4.
  if (Carried == Bytes) {
    int Packed[4] = {};
    for (int P = 0; P < Phases; ++P)
      Packed[P] = int((Distinct[P] + 31) / 32);
    R.IdealWavefronts = 0;
    for (int P = 0; P < Phases / 2; ++P) {
      int A = Packed[2 * P], B = Packed[2 * P + 1];
      bool Shared =
          int64_t(PairLanes[P]) * Bytes <= 128 ||
          (!Store && (PairUniform[P] ||
                      (A == 1 && B == 1 &&
                       (!(Used[2 * P] & Used[2 * P + 1]) || Shares(P)))));
      R.IdealWavefronts += A + B == 0 ? 0 : Shared ? 1 : A + B;
    }
    R.IdealWavefronts = std::max(R.IdealWavefronts, 1);
  }
  // The H100 serves both phases of a load's pair in one wavefront where
  // every lane of the pair reads one address, or where each is
  // conflict-free, they use disjoint banks and no address is read by one
  // lane alone (cuda-samples/shared_double_patterns.cu, shared_float4.cu
  // and shared_double_halves.cu: d[t / 2] 1, but 8 lanes of each half-warp
  // reading 8 contiguous doubles 2); otherwise, and for a store, one after
  // the other. A compare-and-swap's phase carries a wavefront's worth alone
  // (atomic_kinds.cu).
  // Why two conflict-free phases of pair P go apart; No where they share.
  auto Apart = [&](int P) {
    if (Carried != Bytes)
      return PhasesApart::TwoValues;
    if (Store)
      return PhasesApart::Store;
    if (PairUniform[P])
      return PhasesApart::No;
    if ((Banks[2 * P] & Banks[2 * P + 1]) && !Shares(P))
      return PhasesApart::SameBanks;
    return NoneAlone(P) ? PhasesApart::No : PhasesApart::LoneLane;
  };
  for (int P = 0; P < Phases / 2; ++P) {
    int A = Cost[2 * P], B = Cost[2 * P + 1];
    PhasesApart Why = A == 1 && B == 1 ? Apart(P) : PhasesApart::No;
    if (R.Apart == PhasesApart::No)
      R.Apart = Why;
    R.Wavefronts += A == 1 && B == 1 && Why == PhasesApart::No ? 1 : A + B;
  }
  return R;
}

} // namespace cal
