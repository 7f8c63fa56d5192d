//===- AccessReport.h - The engine's answer for one memory access ---------===//
//
// Numbers and assumptions, no wording: rules/ phrases the warnings.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_ACCESSREPORT_H
#define CUDA_ACCESS_LINT_ACCESSREPORT_H

#include "analyzer/Assumption.h"
#include "analyzer/BankModel.h"
#include "analyzer/LaunchShape.h"
#include "analyzer/Value.h"
#include "analyzer/WarpLayout.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class FieldDecl;
class RecordDecl;
class FunctionDecl;
class ValueDecl;
} // namespace clang

namespace cal {

/// One lane of the worst warp request: its thread and its byte offset from
/// the first active lane's address.
struct LaneNote {
  int Lane;
  ThreadIndex Thread;
  int64_t Delta;
};

struct AccessReport {
  const clang::Expr *Site = nullptr;
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  const clang::ValueDecl *Base = nullptr;
  std::string File;
  unsigned Line = 0, Column = 0;
  /// The access's last line, where its expression (a store's, its whole
  /// assignment) spans several: the compiler may place the instruction on
  /// any of them.
  unsigned EndLine = 0;
  std::string KernelName, FunctionName, BaseName;

  MemSpace Space = MemSpace::Unknown;
  AccessOp Op = AccessOp::Load;
  int Bytes = 0;
  /// Instructions that move one lane's value: a float3 is 3 of 4 bytes,
  /// each counted in Instances and Executions, the numbers per piece.
  int Pieces = 1;
  /// Consecutive elements one instruction moves: an unrolled loop's copies
  /// that ptxas merges (2 doubles in an LDS.128), the numbers per merged
  /// instruction.
  int Width = 1;
  /// Where another access's instruction moves this one's element too (a
  /// merged pair of shared stores): that access's line. The numbers are
  /// that instruction's, and its own report states them.
  unsigned VectorLine = 0;
  /// The lines (file, line) of the calls through which kernels reached
  /// the access: nvcc inlines them, and Nsight Compute counts an inlined
  /// call's instructions on the call's line too.
  std::vector<std::pair<std::string, unsigned>> InlinedAt;
  /// A load reused on every later trip of a loop (file, line of the loop;
  /// line 0: none): nvcc hoists it before the loop, and Nsight Compute
  /// counts it on the loop's line.
  std::pair<std::string, unsigned> HoistedTo;
  LaunchShape Shape; ///< the launch this report was evaluated for

  bool Known = false;
  UnknownReason Reason; ///< why unknown
  /// Clang could not compile the kernel's code: the report is unknown, and
  /// the checks that read unknown reports (readonly) skip its kernel.
  bool NotCompiled = false;

  // Global memory: sectors per warp request.
  int Sectors = 0;     ///< worst over the requests evaluated
  int SectorsBest = 0; ///< best, where an unknown symbol decides alignment
  /// A value read from memory decides the alignment: nothing makes it a
  /// multiple of anything, so the data decide the count, not SectorsBest.
  bool AlignmentFromData = false;
  int IdealSectors = 0;
  int Lines128 = 0;
  double SectorsAvg = 0;
  /// The ideal (sectors or wavefronts) per request, on average: below the
  /// worst request's where some requests have fewer lanes (a row's edge).
  double IdealAvg = 0;
  /// Sectors or wavefronts per request where a launch's loop passes the
  /// values that decide them (the average above is over all of them), at
  /// their first values: the first launch's.
  std::optional<double> FirstLaunchAvg;
  // Shared memory: wavefronts per warp request.
  int Wavefronts = 0;     ///< worst over the requests evaluated
  int WavefrontsBest = 0; ///< best, where an unknown symbol decides banks
  int IdealWavefronts = 0;
  double WavefrontsAvg = 0;
  int WorstBank = 0;
  int WorstWays = 0;
  PhasesApart Apart = PhasesApart::No; ///< worst request's, no bank conflict
  /// A cp.async's shared write: counted as its global read's data arrive
  /// (RequestCost's countArrivals), WorstBank and WorstWays of its
  /// destination's own addresses.
  bool AsyncCopy = false;

  // Constant memory (a __constant__ variable's read): constant-cache
  // requests per warp request, one per distinct address, served in turn.
  int ConstantRequests = 0;     ///< worst over the requests evaluated
  int ConstantRequestsBest = 0; ///< best, where an unknown moves the lanes
  double ConstantRequestsAvg = 0;

  int Instances = 0; ///< warp requests evaluated (some lane active)
  /// Warp-level executions of the instruction, counting warps whose lanes
  /// are all predicated off under an enclosing `if`: the profiler's
  /// "instructions executed" counts those too.
  int Executions = 0;
  /// The warps the numbers were evaluated for: the block's representative
  /// warps, of each sampled block. Instances / EvaluatedWarps is the
  /// requests of an average warp.
  int EvaluatedWarps = 0;
  /// Where a value not known here decides which lanes run the access (`if
  /// (flag[i])` around it), its reason: the numbers are then those of
  /// requests whose lanes all run it, and the average is not known.
  UnknownReason LanesDecidedBy;
  /// Where LanesDecidedBy: whether the numbers hold whichever lanes run it,
  /// as each request needs one sector or wavefront, which any one lane
  /// needs too, and a warp none of whose lanes run it skips the access. The
  /// requests' count is still not known.
  bool CountHoldsForAnyLanes = false;
  /// Where LanesDecidedBy: one lane of a warp at most runs it (`if (x ==
  /// n)`), and the requests are each one lane's, the first that may.
  bool OneLane = false;

  /// What the numbers rest on (block shape, base alignment, loops cut
  /// short, symbols that decide alignment).
  std::vector<Assumption> Assumptions;

  /// Where every request is of one lane at an address not known (`p[j]`
  /// under `if (threadIdx.x == 0)`, j from data): why not known. One lane's
  /// element is naturally aligned, so each request costs 1 all the same;
  /// the worst request's layout below is then empty.
  UnknownReason LoneLaneAddress;

  // The worst request, for notes and hints.
  std::string FirstLaneAddress; ///< symbolic byte offset from the base
  std::vector<LaneNote> WorstLanes;
  std::optional<int64_t> StrideX; ///< bytes between threads adjacent in x
  std::optional<int64_t> StrideY; ///< bytes between threads adjacent in y
  /// The first lane's address mod 128 (worst request): its sector offset
  /// (mod 32), and the banks of a shared access.
  int64_t FirstLaneMod128 = 0;

  /// `a[i].f`: the field, and the struct that strides the lanes (in
  /// `a[i].pos.x`, a's element type). A struct moved whole in Pieces has
  /// its Record and no Field.
  const clang::FieldDecl *Field = nullptr;
  const clang::RecordDecl *Record = nullptr;
  int64_t RecordBytes = 0;

  /// Whether padding the rows of Base (a shared array of arrays) may change
  /// this report: some lane's address stepped over a row other than row 0,
  /// or its run compared or subtracted such pointers. Where not, every
  /// padding leaves its numbers as they are.
  bool PaddingMoves = true;

  /// Whether only the block moves the worst count (a tile origin of
  /// 14 * blockIdx.x floats): some blocks need that count and others
  /// less, and the average over them is what the launch costs.
  bool CountByBlock = false;
  /// The share of the ideal that a count varying by block must waste on
  /// average to be waste: as much as the measured tables call waste.
  static constexpr double ByBlockWaste = 1.1;

  /// The worst request's ideal, in sectors, wavefronts or constant-cache
  /// requests by the space.
  int worstIdeal() const {
    return Space == MemSpace::Global     ? IdealSectors
           : Space == MemSpace::Constant ? 1
                                         : IdealWavefronts;
  }
  /// The requests' average ideal, the worst request's where none was
  /// counted.
  double averageIdeal() const { return IdealAvg > 0 ? IdealAvg : worstIdeal(); }
  /// The ideal a count that varies by block is held to.
  double idealByBlock() const {
    return std::min(double(worstIdeal()), averageIdeal());
  }
  bool wasteful() const {
    if (!Known || VectorLine ||
        (Space != MemSpace::Global && Space != MemSpace::Shared))
      return false;
    bool Global = Space == MemSpace::Global;
    int Ideal = worstIdeal();
    // Blocks apart: their average against the average ideal, as the
    // profiler sums them (naive_conv's rows, 3.06 sectors where the worst
    // request needs 3 and the average 2.70).
    if (CountByBlock)
      return (Global ? SectorsAvg : WavefrontsAvg) >
             idealByBlock() * ByBlockWaste;
    return (Global ? Sectors : Wavefronts) > Ideal;
  }
  /// Bytes moved beyond the ideal by one launch (the grid known), or by one
  /// block (PerBlock set): the sectors (32 bytes each) or wavefronts (128
  /// bytes) over the ideal, per request on average, times the requests of
  /// all its warps. std::nullopt where the report is not known.
  std::optional<double> wastedBytes(bool *PerBlock = nullptr) const {
    if (!Known || EvaluatedWarps <= 0 || !LanesDecidedBy.empty() ||
        (Space != MemSpace::Global && Space != MemSpace::Shared))
      return std::nullopt;
    // Against each request's own ideal, as the profiler sums them.
    double Over = Space == MemSpace::Global
                      ? (SectorsAvg - averageIdeal()) * 32
                      : (WavefrontsAvg - averageIdeal()) * 128;
    int64_t WarpsPerBlock = (Shape.Block.count() + 31) / 32;
    int64_t Warps = WarpsPerBlock * (Shape.Grid ? Shape.Grid->count() : 1);
    if (PerBlock)
      *PerBlock = !Shape.Grid;
    return std::max(0.0, Over) * Instances / EvaluatedWarps * double(Warps);
  }
  /// Whether an access wastes sectors or wavefronts only for some values of
  /// an unknown that decides its alignment (or its lanes' banks): at its
  /// best it needs no more than the ideal.
  bool wasteDependsOnUnknown() const {
    if (!wasteful())
      return false;
    if (Space == MemSpace::Global)
      return SectorsBest <= IdealSectors && SectorsBest < Sectors;
    return WavefrontsBest <= IdealWavefronts && WavefrontsBest < Wavefronts;
  }
  /// Whether the counts leave out the lanes at the edge of the grid, where
  /// an index wraps around: how many warps count otherwise depends on the
  /// grid's width, not known here.
  bool leavesOutTheEdge() const { return assumes(AssumptionKind::EdgeWrap); }
  /// Whether the numbers rest on an assumption of kind K.
  bool assumes(AssumptionKind K) const {
    return std::any_of(Assumptions.begin(), Assumptions.end(),
                       [K](const Assumption &A) { return A.Kind == K; });
  }
};

} // namespace cal

#endif
