//===- UncoalescedCheck.cpp - cuda-access-uncoalesced ---------------------===//
//
// A global access whose lanes stride or scatter over more sectors than
// their bytes need. See docs/rules/cuda-access-uncoalesced.md.
//
//===----------------------------------------------------------------------===//
#include "rules/Check.h"
#include "rules/Describe.h"
#include "rules/GlobalWasteCheck.h"

namespace cal {
namespace {

/// Fewer active lanes than this in the worst request: a tile's edge or
/// halo, whose fix is another mapping of threads to the halo.
constexpr size_t FewLanes = 8;

class UncoalescedCheck : public Check {
public:
  llvm::StringRef name() const override { return "cuda-access-uncoalesced"; }
  std::vector<llvm::StringRef> optionNames() const override {
    return {WarnOnUnknownAlignment};
  }
  llvm::StringRef summary() const override {
    return "global access whose lanes stride or scatter across more 32-byte "
           "sectors than their bytes need";
  }
  void find(const CheckContext &C, std::vector<Finding> &Out) override {
    for (const AccessReport &R : C.Reports) {
      if (!warnsOn(C, name(), GlobalWaste::Uncoalesced, R))
        continue;
      Finding F;
      F.Report = &R;
      F.Message = accessSubject(R) + " " + isOrMayBe(R, "uncoalesced") + ": " +
                  sectorNumbers(R);
      // Lanes adjacent in x read adjacent elements, but in several runs
      // that leave their sectors part empty (a group of lanes a row).
      std::vector<int64_t> Runs;
      if (R.StrideX && *R.StrideX == R.Bytes)
        Runs = contiguousRuns(R);
      if (Runs.size() > 1)
        F.Notes.push_back(
            {{},
             "the warp reads " + std::to_string(Runs.size()) +
                 " separate runs of contiguous elements, the longest " +
                 std::to_string(*llvm::max_element(Runs)) + " bytes"});
      else if (R.StrideX)
        F.Notes.push_back(
            {{},
             "threads adjacent in threadIdx.x are " +
                 std::to_string(*R.StrideX) + " bytes apart" +
                 (*R.StrideX % R.Bytes == 0 && *R.StrideX != 0
                      ? " (a stride of " +
                            std::to_string(*R.StrideX / R.Bytes) + " elements)"
                      : "")});
      else
        F.Notes.push_back(
            {{}, "the lanes' addresses do not follow threadIdx.x"});
      F.Notes.push_back({{}, laneLayout(R)});
      if (R.WorstLanes.size() < FewLanes)
        F.Notes.push_back(
            {{},
             "only " + std::to_string(R.WorstLanes.size()) +
                 " lanes of the warp run it (a tile's edge or halo): load "
                 "the halo with lanes adjacent in threadIdx.x, or accept it "
                 "where the halo is a small part of the tile's traffic"});
      else if (Runs.size() > 1)
        F.Notes.push_back(
            {{},
             "let each lane move more of its run (a vector type such as "
             "float4 or uint4) so that each run fills whole 32-byte "
             "sectors, or give each run more lanes"});
      else if (R.StrideY && (*R.StrideY == R.Bytes || *R.StrideY == -R.Bytes))
        F.Notes.push_back(
            {{},
             "threadIdx.y walks the contiguous dimension: swap the roles "
             "of threadIdx.x and threadIdx.y, or stage the tile through "
             "shared memory (the transpose pattern)"});
      else
        F.Notes.push_back(
            {{},
             "make threadIdx.x the fastest-varying index of the address; "
             "if a loop walks the contiguous dimension, swap the loop and "
             "thread roles, or stage through shared memory"});
      Out.push_back(std::move(F));
    }
  }
};

} // namespace

std::unique_ptr<Check> createUncoalescedCheck() {
  return std::make_unique<UncoalescedCheck>();
}

} // namespace cal
