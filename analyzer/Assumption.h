//===- Assumption.h - What a report's numbers rest on, typed --------------===//
//
// A kind and its arguments; rules/ phrases them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_ASSUMPTION_H
#define CUDA_ACCESS_LINT_ASSUMPTION_H

#include "analyzer/LaunchShape.h"

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace cal {

enum class AssumptionKind : uint8_t {
  /// The block the kernel was evaluated for: Blocks[0]; Numbers = {its
  /// ShapeSource, the launch's line, whether it was assumed}; Names: the
  /// kernel, and the launch's file where another file's.
  BlockShape,
  /// Blocks sampled, an index not being linear in blockIdx: Blocks, of
  /// the Grid.
  SampledBlocks,
  /// Evaluated for warp Numbers[0] alone, the budget having run out before
  /// the Numbers[1] warps evaluated together reached the access.
  OneWarp,
  /// Evaluated with every loop cut at Numbers[0] trips, the budget having
  /// run out before the full run reached the access.
  FewerTrips,
  /// Names[0], a parameter, is aligned as cudaMalloc returns.
  AlignedParameter,
  /// Names: the parameter, the argument's text; Numbers: the bytes past a
  /// 256-byte boundary, the launch's line.
  OffsetParameter,
  /// Names[0] points to one of the kernel's arrays, each aligned so.
  AlignedEither,
  /// Names[0] comes from cudaMallocPitch: a multiple of Numbers[0] bytes.
  PitchMultiple,
  /// Names[0], a parameter, is Numbers[0]: the launch at line Numbers[2]
  /// gives it as the block's axis Numbers[1] (0 to 2), which is assumed or
  /// given.
  BlockParameter,
  /// The launch's block, grid or arguments are those of the program run
  /// with no command-line arguments (main's argc taken as 1).
  NoArguments,
  /// The launch's values read limits of the device from a cudaDeviceProp,
  /// taken as those of an sm_90 device.
  DeviceLimits,
  /// The kernel's evaluation stopped at its budget.
  StoppedAtBudget,
  /// Calls nested deeper than Numbers[0] levels were not followed.
  CallsCut,
  /// The call through a pointer at line Numbers[0] was not followed.
  IndirectCall,
  /// The loop at line Numbers[0] was evaluated for its first iterations.
  LoopCut,
  /// The symbols Names decide the alignment: Numbers = {best count, worst
  /// count, the multiple the best needs (0: none found)}, and where one
  /// takes known values (a loop's counter at the launch), the first and
  /// last of them; the counts are of wavefronts where Shared, else of
  /// sectors.
  AlignmentDecidedBy,
  /// The divisors Names, runtime sizes, are multiples of 32: a warp's
  /// consecutive indices divided by one share a quotient.
  WarpQuotient,
  /// Past the loop at line Numbers[0], cut short, values its first trips
  /// moved by one step each are taken as moved so on every trip.
  LoopExit,
  /// Divisions by Names at line Numbers[0] taken as the guards give them in
  /// every lane but those at the edge of the index's range, where it wraps
  /// (`(x + 1 + nx) % nx`).
  EdgeWrap,
  /// The side of the `if` at line Numbers[0] that only lanes within
  /// Numbers[1] of the grid's edge run (a guard's bound, or index 0) was
  /// taken as run by no lane: the access is as every other lane makes it.
  EdgeBranch,
  /// The side of the `min` or `max` at line Numbers[0] that only lanes
  /// within Numbers[1] of the grid's edge take (the 0 of `max(x - 1, 0)`)
  /// was taken as taken by none: the access is as every other lane makes it.
  EdgeClamp,
  /// The index clamped to a runtime size at line Numbers[0] (`min(i, n -
  /// 1)`, `i < n ? i : n - 1`) was taken as the index: only lanes past the
  /// size are clamped, as a guard `if (i < n)` is taken as passed.
  SizeClamp,
};

struct Assumption {
  AssumptionKind Kind;
  std::vector<std::string> Names = {};
  std::vector<int64_t> Numbers = {};
  std::vector<Dim3> Blocks = {};
  Dim3 Grid = {};
  bool Shared = false;
};

} // namespace cal

#endif
