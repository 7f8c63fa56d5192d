#include "analyzer/BankModel.h"

#include <algorithm>

namespace cal {

WavefrontCount countWavefronts(const std::vector<LaneAddress> &Lanes,
                               int Bytes) {
  int Phases = Bytes > 8 ? 4 : Bytes > 4 ? 2 : 1;
  int LanesPerPhase = 32 / Phases;
  WavefrontCount R;
  R.IdealWavefronts = Phases;
  // Per phase, the distinct words each bank serves: (bank, word) pairs,
  // sorted and counted by bank.
  std::vector<std::vector<std::pair<int, int64_t>>> Words(Phases);
  for (const LaneAddress &L : Lanes)
    for (int64_t W = floorDiv(L.Address, 4),
                 E = floorDiv(lastByte(L.Address, Bytes), 4);
         W <= E; ++W)
      Words[L.Lane / LanesPerPhase].push_back({int(((W % 32) + 32) % 32), W});
  for (auto &Phase : Words) {
    std::sort(Phase.begin(), Phase.end());
    Phase.erase(std::unique(Phase.begin(), Phase.end()), Phase.end());
    int Worst = 0;
    for (size_t I = 0; I < Phase.size();) {
      size_t J = I;
      while (J < Phase.size() && Phase[J].first == Phase[I].first)
        ++J;
      int Ways = int(J - I);
      if (Ways > Worst) {
        Worst = Ways;
        if (Worst > R.WorstWays) {
          R.WorstWays = Worst;
          R.WorstBank = Phase[I].first;
        }
      }
      I = J;
    }
    R.Wavefronts += Worst;
  }
  return R;
}

} // namespace cal
