#include "analyzer/WarpLayout.h"

namespace cal {

std::vector<ThreadIndex> WarpLayout::lanes(int W) const {
  std::vector<ThreadIndex> Out;
  for (int L = 0; L < WarpSize; ++L) {
    int64_t T = int64_t(W) * WarpSize + L;
    if (T >= Block.count())
      break;
    Out.push_back(
        {T % Block.X, (T / Block.X) % Block.Y, T / (Block.X * Block.Y)});
  }
  return Out;
}

std::vector<int> WarpLayout::representativeWarps(int Max) const {
  int N = warpCount();
  std::vector<int> Out;
  if (N <= Max) {
    for (int W = 0; W < N; ++W)
      Out.push_back(W);
    return Out;
  }
  for (int I = 0; I < Max; ++I)
    Out.push_back(int(int64_t(I) * (N - 1) / (Max - 1)));
  return Out;
}

} // namespace cal
