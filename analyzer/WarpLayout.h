//===- WarpLayout.h - Which thread of a block each lane of a warp is ------===//
#ifndef CUDA_ACCESS_LINT_WARPLAYOUT_H
#define CUDA_ACCESS_LINT_WARPLAYOUT_H

#include "analyzer/LaunchShape.h"

#include <vector>

namespace cal {

constexpr int WarpSize = 32;

/// A block has at most 1024 threads (Dim3::parse and launch sites hold to
/// that): 32 bits keep the lanes that every access records small.
struct ThreadIndex {
  int32_t X, Y, Z;
};

/// Threads are numbered x fastest, then y, then z, and cut into warps of 32
/// consecutive numbers: a 16x16 block puts two rows in one warp.
class WarpLayout {
public:
  explicit WarpLayout(Dim3 Block) : Block(Block) {}
  const Dim3 &block() const { return Block; }
  int warpCount() const { return (Block.count() + WarpSize - 1) / WarpSize; }
  /// Thread number T of the block (x fastest).
  ThreadIndex thread(int64_t T) const {
    // A row of threads needs no division, which costs more than the rest of
    // laying out a lane.
    if (T >= 0 && T < Block.X)
      return {int32_t(T), 0, 0};
    return {int32_t(T % Block.X), int32_t(T / Block.X % Block.Y),
            int32_t(T / (Block.X * Block.Y))};
  }
  /// The lanes of warp W that exist (a partial last warp has fewer).
  std::vector<ThreadIndex> lanes(int W) const;
  /// Warps to evaluate: all of them when few, else an even spread that keeps
  /// the first and the last.
  std::vector<int> representativeWarps(int Max) const;

private:
  Dim3 Block;
};

} // namespace cal

#endif
