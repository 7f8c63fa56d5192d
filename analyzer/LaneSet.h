//===- LaneSet.h - Lanes run together, laid out once ----------------------===//
#ifndef CUDA_ACCESS_LINT_LANESET_H
#define CUDA_ACCESS_LINT_LANESET_H

#include "analyzer/WarpLayout.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace cal {

/// A lane evaluated: its warp, its index in the warp, its thread.
struct LaneInfo {
  int Warp;
  int Lane;
  ThreadIndex Thread;
};

/// Lanes that a kernel runs, with what every run reads of them worked out
/// once: the kernels of a file mostly share a block, and so its lanes.
struct LaneSet {
  /// Lanes in warp order, the lanes of a warp in a row.
  explicit LaneSet(std::vector<LaneInfo> Lanes);

  std::vector<LaneInfo> Lanes;
  /// The first lane of each warp, and the lanes past the last: warps of one
  /// size, their lanes numbered alike, only (else empty: a partial warp is
  /// no other warp moved).
  llvm::SmallVector<uint32_t, 9> WarpBegins;
  /// Each axis' thread index (x, y, z), lane by lane; empty where every lane
  /// has the same one, Alike.
  std::vector<int64_t> Index[3];
  int64_t Alike[3] = {0, 0, 0};
};

} // namespace cal

#endif
