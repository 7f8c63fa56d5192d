//===- RequestCost.h - Sectors or wavefronts of each warp request ---------===//
//
// The third stage: counts what each of a site's warp requests costs, the
// symbols left in its addresses tried at Candidates values each, so that
// alignment that depends on them shows as a best and a worst case. A request
// alike to one before (the same lanes moved by a multiple of the counts'
// period) is counted once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_REQUESTCOST_H
#define CUDA_ACCESS_LINT_REQUESTCOST_H

#include "analyzer/BankModel.h"
#include "analyzer/SectorModel.h"
#include "analyzer/SymbolTable.h"
#include "analyzer/WarpRequests.h"

#include <array>
#include <climits>
#include <optional>
#include <set>
#include <vector>

namespace cal {

/// Symbols left in an address take these values, one residue class per
/// candidate. Large, so a symbol that scales a lane index strides as a row
/// does.
constexpr int Candidates = 32;

/// Each lane's address of a cp.async's global read, by lane of the warp
/// (NoSource where the lane reads nothing), for one request.
using CopySources = std::array<int64_t, 32>;
constexpr int64_t NoSource = INT64_MIN;

/// What a request costs: sectors of a global access, wavefronts of a shared
/// one, constant-cache requests of a __constant__ read.
enum class Counting { Sectors, Wavefronts, ConstantRequests };

/// What to count, and of what.
struct CostQuestion {
  Counting What;
  int Bytes, LaneBytes;
  bool Store = false; ///< a shared store's phases never share a wavefront
  /// A cp.async's shared write: its read's addresses, request by request
  /// (countArrivals).
  const std::vector<CopySources> *Arrivals = nullptr;
};

struct RequestCosts {
  UnknownReason Reason; ///< where the requests cannot be counted
  double Sum = 0;       ///< of each request's mean over the trials
  /// Of each request's mean over the trials where every unknown but those
  /// of known values (block indices) is a multiple of 1024 times its
  /// divisor: what the access costs where sizes are round, as real row
  /// widths and pitches almost always are.
  double AlignedSum = 0;
  /// Of each request's count in the first trial: where a launch's loop
  /// passes the values that decide it, at their first values, the launch
  /// a profiler sees first.
  double FirstSum = 0;
  /// Of each request's ideal count: its active lanes' bytes packed, at the
  /// best alignment (countSectors, countWavefronts), in its first trial.
  double IdealSum = 0;
  int Instances = 0; ///< requests counted
  /// The symbols whose value changes some request's count, and the trials
  /// that give the best count (of the last request they decide).
  std::set<SymbolId> Deciding;
  std::vector<int> BestKs;
  /// The worst request (the first where several are as bad), its count at
  /// its worst and at its best, and its lanes' addresses in the worst trial.
  const Request *Worst = nullptr;
  int WorstCount = -1, BestCount = 0;
  /// Whether only the block moves the worst request's count: the blocks
  /// take its counts in turn, and their average is the access's figure.
  bool WorstByBlock = false;
  std::vector<LaneAddress> WorstAddresses;
  /// Where some requests are of one lane at an address not known, counted
  /// 1 each (one lane's naturally aligned element is one sector and one
  /// wavefront): why the first of them is not known.
  std::optional<UnknownReason> LoneLaneAddress;
};

RequestCosts costOf(const Requests &Rs, const CostQuestion &Q,
                    const SymbolTable &Syms);

/// The addresses of each of a cp.async's read requests Read (Bytes a
/// lane), its symbols at round sizes as RequestCosts::AlignedSum takes
/// them; std::nullopt where some address is not known.
std::optional<std::vector<CopySources>>
copySources(const Requests &Read, int Bytes, const SymbolTable &Syms);

/// The wavefronts of a cp.async's shared write at Lanes, whose data come
/// from Sources: the data are written as each 128-byte line of the read
/// arrives, and one wavefront writes only lanes whose destinations lie as
/// their sources do (one distance between them). Lanes of one line and
/// distance are counted as a store (countWavefronts), each group apart, and
/// summed. Measured on the H100 (cuda-samples/cp_async.cu): 16 bytes a
/// lane, contiguous on both sides, 4 wavefronts; sources 64 or 128 bytes
/// apart into a contiguous destination, 32; 4 and 8 bytes contiguous, 1
/// and 2.
WavefrontCount countArrivals(const std::vector<LaneAddress> &Lanes,
                             const CopySources &Sources, int Bytes);

} // namespace cal

#endif
