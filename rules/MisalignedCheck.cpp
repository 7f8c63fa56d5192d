//===- MisalignedCheck.cpp - cuda-access-misaligned -----------------------===//
//
// Contiguous lanes whose span starts off a 32-byte sector boundary. See
// docs/rules/cuda-access-misaligned.md.
//
//===----------------------------------------------------------------------===//
#include "rules/Check.h"
#include "rules/Describe.h"
#include "rules/GlobalWasteCheck.h"

namespace cal {
namespace {

class MisalignedCheck : public Check {
public:
  llvm::StringRef name() const override { return "cuda-access-misaligned"; }
  std::vector<llvm::StringRef> optionNames() const override {
    return {WarnOnUnknownAlignment};
  }
  llvm::StringRef summary() const override {
    return "contiguous global access that starts off a 32-byte sector "
           "boundary, or rows whose length breaks sector alignment";
  }
  void find(const CheckContext &C, std::vector<Finding> &Out) override {
    for (const AccessReport &R : C.Reports) {
      if (!warnsOn(C, name(), GlobalWaste::Misaligned, R))
        continue;
      Finding F;
      F.Report = &R;
      F.Message = accessSubject(R) + " " + isOrMayBe(R, "misaligned") + ": " +
                  sectorNumbers(R);
      bool Rows =
          R.StrideY && *R.StrideY % 32 != 0 && R.Shape.Block.X * R.Bytes < 128;
      if (Rows)
        F.Notes.push_back(
            {{},
             "one warp spans several rows that are " +
                 std::to_string(*R.StrideY) +
                 " bytes apart, not a multiple of 32: pad each row to a "
                 "multiple of 128 bytes (cudaMallocPitch) and index with "
                 "the pitch"});
      else if (int64_t Residue = R.FirstLaneMod128 % 32)
        F.Notes.push_back(
            {{},
             "the warp's first lane starts " + std::to_string(Residue) +
                 " bytes past a 32-byte boundary: shift the offset to a "
                 "multiple of " +
                 std::to_string(32 / std::max(1, R.Bytes)) +
                 " elements, or pad the rows (cudaMallocPitch)"});
      else
        F.Notes.push_back(
            {{},
             "some warps start off a 32-byte boundary: align the offset "
             "or the row length to 32 bytes"});
      F.Notes.push_back({{}, laneLayout(R)});
      Out.push_back(std::move(F));
    }
  }
};

} // namespace

std::unique_ptr<Check> createMisalignedCheck() {
  return std::make_unique<MisalignedCheck>();
}

} // namespace cal
