#include "analyzer/WarpLayout.h"

#include <algorithm>

namespace cal {

std::vector<ThreadIndex> WarpLayout::lanes(int W) const {
  std::vector<ThreadIndex> Out;
  int64_t First = int64_t(W) * WarpSize;
  int64_t N = std::min<int64_t>(WarpSize, Block.count() - First);
  if (N <= 0)
    return Out;
  Out.reserve(size_t(N));
  // Divisions for the first lane only: the others step through x, then y.
  ThreadIndex T = thread(First);
  for (int64_t L = 0; L < N; ++L) {
    Out.push_back(T);
    if (++T.X == Block.X) {
      T.X = 0;
      if (++T.Y == Block.Y) {
        T.Y = 0;
        ++T.Z;
      }
    }
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
