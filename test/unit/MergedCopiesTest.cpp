// ptxas merges an unrolled loop's consecutive shared copies into one
// instruction of up to 16 bytes (WarpVectors.cpp). Where the evaluation
// stops at its budget between two copies of one instruction, the copies
// that ran are still that instruction: the report says so at every budget.
#include "ParseCuda.h"

#include "analyzer/Assumption.h"

using namespace cal;

namespace {

const char *Source = R"cu(
__global__ void rows(double *out) {
  __shared__ double s[8][8];
  s[threadIdx.x / 8 % 8][threadIdx.x % 8] = threadIdx.x;
  __syncthreads();
  double sum = 0;
  for (int k = 0; k < 8; ++k)
    sum += s[threadIdx.x / 32][k];
  out[threadIdx.x] = sum;
}
)cu";

TEST(MergedCopies, CopiesCutByTheBudgetAreOneInstruction) {
  std::unique_ptr<clang::ASTUnit> Unit = parseCuda(Source, "rows.cu");
  ASSERT_NE(Unit, nullptr);
  int Stopped = 0;
  for (int64_t Steps = 200; Steps <= 6000; Steps += 97) {
    AnalyzerOptions Opts;
    Opts.Limits.MaxTotalSteps = Steps;
    for (const AccessReport &R :
         analyzeTranslationUnit(Unit->getASTContext(), Opts)) {
      bool Cut = R.assumes(AssumptionKind::StoppedAtBudget);
      if (R.Line != 8 || R.Op != AccessOp::Load || !R.Known || !Cut)
        continue;
      ++Stopped;
      // Two doubles per 16-byte load, every lane of a warp at one address:
      // 2 wavefronts, as shared_float4.cu's s[0] measured.
      EXPECT_EQ(R.Width, 2) << "budget " << Steps;
      EXPECT_EQ(R.Wavefronts, 2) << "budget " << Steps;
    }
  }
  EXPECT_GT(Stopped, 0);
}

} // namespace
