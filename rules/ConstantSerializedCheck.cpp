//===- ConstantSerializedCheck.cpp - cuda-access-constant-serialized ------===//
//
// A __constant__ read whose lanes read more than one address: the constant
// cache serves one address at a time. See
// docs/rules/cuda-access-constant-serialized.md.
//
//===----------------------------------------------------------------------===//
#include "rules/Check.h"
#include "rules/Describe.h"

namespace cal {
namespace {

class ConstantSerializedCheck : public Check {
public:
  llvm::StringRef name() const override {
    return "cuda-access-constant-serialized";
  }
  llvm::StringRef summary() const override {
    return "__constant__ read whose lanes read several addresses, served "
           "one constant-cache request after another";
  }
  void find(const CheckContext &C, std::vector<Finding> &Out) override {
    for (const AccessReport &R : C.Reports) {
      // What holds: more than one address at the best an unknown allows,
      // over the lanes that run it.
      if (R.Space != MemSpace::Constant || !R.Known || R.VectorLine ||
          !R.LanesDecidedBy.empty() || R.ConstantRequestsBest <= 1)
        continue;
      Finding F;
      F.Report = &R;
      F.Message =
          accessSubject(R) + " is serialized: " + constantRequestNumbers(R);
      F.Notes.push_back(
          {{},
           "lanes that read one address share a request and each other "
           "address waits for the one before; read '" +
               R.BaseName +
               "' from global memory instead (a 'const __restrict__' "
               "pointer or __ldg), where a warp's lanes are served "
               "together, or stage it in shared memory"});
      F.Notes.push_back({{}, laneLayout(R)});
      Out.push_back(std::move(F));
    }
  }
};

} // namespace

std::unique_ptr<Check> createConstantSerializedCheck() {
  return std::make_unique<ConstantSerializedCheck>();
}

} // namespace cal
