#include "analyzer/BankModel.h"

#include <map>
#include <set>

namespace cal {

WavefrontCount countWavefronts(const std::vector<LaneAddress> &Lanes,
                               int Bytes) {
  int Phases = Bytes > 8 ? 4 : Bytes > 4 ? 2 : 1;
  int LanesPerPhase = 32 / Phases;
  WavefrontCount R;
  R.IdealWavefronts = Phases;
  std::vector<std::map<int, std::set<int64_t>>> Banks(Phases);
  for (const LaneAddress &L : Lanes)
    for (int64_t W = floorDiv(L.Address, 4),
                 E = floorDiv(L.Address + Bytes - 1, 4);
         W <= E; ++W)
      Banks[L.Lane / LanesPerPhase][int(((W % 32) + 32) % 32)].insert(W);
  for (auto &Phase : Banks) {
    int Worst = 0;
    for (auto &[Bank, Words] : Phase)
      if (int(Words.size()) > Worst) {
        Worst = int(Words.size());
        if (Worst > R.WorstWays) {
          R.WorstWays = Worst;
          R.WorstBank = Bank;
        }
      }
    R.Wavefronts += Worst;
  }
  return R;
}

} // namespace cal
