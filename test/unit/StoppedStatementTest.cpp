// Where the evaluation stops at its budget within a statement, the rest of
// the statement makes no access: a site the run reached on earlier trips
// keeps the requests it made then, at every budget, rather than turning
// unknown and being taken from a cheaper run (Tongkaio's sgemm_v4 lost its
// `Bs` load, the second operand of its inner product, that way).
#include "ParseCuda.h"

#include "analyzer/Assumption.h"

using namespace cal;

namespace {

const char *Source = R"cu(
__global__ void dot(float *out, const float *a, const float *b) {
  float s = 0;
  for (int k = 0; k < 64; ++k)
    s += a[k * 256 + threadIdx.x] * b[k * 256 + threadIdx.x];
  out[threadIdx.x] = s;
}
)cu";

TEST(StoppedStatement, SitesReachedBeforeTheStopKeepTheirRequests) {
  std::unique_ptr<clang::ASTUnit> Unit = parseCuda(Source, "dot.cu");
  ASSERT_NE(Unit, nullptr);
  int Stopped = 0;
  for (int64_t Steps = 3000; Steps <= 60000; Steps += 211) {
    AnalyzerOptions Opts;
    Opts.Limits.MaxTotalSteps = Steps;
    const AccessReport *A = nullptr, *B = nullptr;
    std::vector<AccessReport> Reports =
        analyzeTranslationUnit(Unit->getASTContext(), Opts);
    for (const AccessReport &R : Reports)
      if (R.Line == 5 && R.Op == AccessOp::Load)
        (R.Column < 30 ? A : B) = &R;
    ASSERT_TRUE(A && B) << "budget " << Steps;
    // The run of all 8 warps reached b on a trip before the last one of a.
    if (!A->Known || !A->assumes(AssumptionKind::StoppedAtBudget) ||
        A->assumes(AssumptionKind::FewerTrips) || A->Instances < 16)
      continue;
    ++Stopped;
    EXPECT_TRUE(B->Known) << "budget " << Steps;
    EXPECT_FALSE(B->assumes(AssumptionKind::FewerTrips)) << "budget " << Steps;
    EXPECT_GE(B->Instances, A->Instances - 8) << "budget " << Steps;
  }
  EXPECT_GT(Stopped, 0);
}

} // namespace
