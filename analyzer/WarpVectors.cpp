//===- WarpVectors.cpp - Consecutive copies of an unrolled access, merged -===//
//
// ptxas merges the shared loads or stores that an unrolled loop's copies
// make at consecutive addresses into one instruction of up to 16 bytes
// (LDS.64, LDS.128) where the first copy's address is a multiple of the
// merged size: adv's s_U[j][a] over a < 8 is 4 LDS.128 of two doubles each,
// measured on the H100 at 2 wavefronts each, not 8 loads of 1.
//
//===----------------------------------------------------------------------===//
#include "analyzer/WarpAnalysis.h"

#include "clang/AST/Expr.h"

#include <map>

using namespace clang;

namespace cal {

std::optional<WarpAnalysis::Merged>
WarpAnalysis::merged(const SiteEvents &S, const Requests &Rs,
                     bool StoppedAtBudget) const {
  const AccessEvent &E = S.First;
  if (E.Address.Space != MemSpace::Shared || E.Op == AccessOp::Atomic ||
      E.Pieces > 1 || E.LaneBytes || E.Bytes < 2 || E.Bytes > 8 ||
      !E.InnermostUnrolled || !E.Ifs.empty() || Rs.All.empty())
    return std::nullopt;
  // A 2-byte integer is loaded widened to a register of its own (LDS.U16,
  // LDS.S16), never merged; halves stay packed and merge (LDS.64 of four
  // __half, as SASS for sm_90 shows).
  if (E.Bytes == 2 && E.Site->getType()->isIntegerType())
    return std::nullopt;
  for (const Request &R : Rs.All)
    if (R.Instance->size() != E.Loops.size() + 3 || R.Chunks.size() != 1 ||
        R.Chunks.front().Rows)
      return std::nullopt;
  // Each copy is found by its warp and instance: a helper inlined twice in
  // a trip interleaves its two calls' copies (SGEMM_CUDA's kernel 11).
  std::map<std::pair<int, llvm::ArrayRef<int64_t>>, size_t> At;
  for (size_t I = 0; I < Rs.All.size(); ++I)
    At.emplace(std::make_pair(Rs.All[I].Warp,
                              llvm::ArrayRef<int64_t>(*Rs.All[I].Instance)),
               I);
  // Copies of the innermost loop's trips, else of a loop unrolled around
  // it (leimao's GEMM: A's tile read a row a trip of the inner loop, the
  // next column a trip of the outer one). The loop's trip, in each
  // instance: the loops' trips, then the site, the operation and the
  // occurrence.
  for (int Level = 0; Level <= E.UnrolledAround; ++Level)
    if (auto M = mergedAcross(E.Loops.size() - 1 - Level, E, Rs, At,
                              StoppedAtBudget))
      return M;
  return std::nullopt;
}

std::optional<WarpAnalysis::Merged> WarpAnalysis::mergedAcross(
    size_t Trip, const AccessEvent &E, const Requests &Rs,
    const std::map<std::pair<int, llvm::ArrayRef<int64_t>>, size_t> &At,
    bool StoppedAtBudget) const {
  // PTX vectors: up to 4 elements (8 bytes of halves), 16 bytes at most.
  for (int Width = std::min<int>(4, 16 / E.Bytes); Width >= 2; Width /= 2) {
    int64_t Size = int64_t(E.Bytes) * Width;
    Merged M{Width, {}};
    std::vector<bool> Taken(Rs.All.size());
    bool Fits = true;
    for (size_t I = 0; Fits && I < Rs.All.size(); ++I) {
      if (Taken[I])
        continue;
      const Request &First = Rs.All[I];
      const Chunk &C0 = First.Chunks.front();
      Fits = (*First.Instance)[Trip] % Width == 0 && alignedTo(C0, Size);
      // The next copies: the same warp and trips but this one, each lane
      // one element further. Where the budget stopped the evaluation, a
      // warp's last instruction has the copies that ran.
      for (int64_t J = 1; Fits && J < Width; ++J) {
        InstanceKey Expect = *First.Instance;
        Expect[Trip] += J;
        auto It = At.find({First.Warp, llvm::ArrayRef<int64_t>(Expect)});
        if (It == At.end()) {
          Fits = StoppedAtBudget;
          break;
        }
        Taken[It->second] = true;
        Fits = nextTo(C0, Rs.All[It->second].Chunks.front(), J * E.Bytes);
      }
      M.Firsts.All.push_back(First);
    }
    if (Fits)
      return M;
  }
  return std::nullopt;
}

} // namespace cal
