// Which accesses a padded shared tile can move (AccessReport::PaddingMoves):
// the bank-conflict check skips the padded runs for those it cannot.
#include "ParseCuda.h"

using namespace cal;

namespace {

const char *Source = R"cu(
// A column of the tile through its rows: padding moves every row but 0.
__global__ void rows(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = 1.f;
  __syncthreads();
  out[threadIdx.x] = t[0][threadIdx.x];
}
// The same column through a flat pointer to row 0: no padding moves it.
__global__ void flat(float *out) {
  __shared__ float t[32][32];
  float *p = &t[0][0];
  p[threadIdx.x * 32] = 1.f;
  __syncthreads();
  out[threadIdx.x] = p[threadIdx.x];
}
// A flat pointer to row 1 but where a branch sets it to row 0: the row
// moves it.
__global__ void eitherRow(float *out, int n) {
  __shared__ float t[32][32];
  float *p = &t[1][0];
  if (n > 4)
    p = &t[0][0];
  p[threadIdx.x * 32] = 1.f;
  __syncthreads();
  out[threadIdx.x] = t[0][threadIdx.x];
}
// Rows compared: padding would reach the flat store through the count.
__global__ void compared(float *out, int n) {
  __shared__ float t[32][32];
  float *p = &t[0][0];
  int k = 0;
  for (float *r = &t[0][0]; r < &t[n % 4][0]; r += 32)
    ++k;
  p[threadIdx.x * 32 + k] = 1.f;
  __syncthreads();
  out[threadIdx.x] = t[0][threadIdx.x];
}
void launch(float *f, int n) {
  rows<<<8, 32>>>(f);
  flat<<<8, 32>>>(f);
  eitherRow<<<8, 32>>>(f, n);
  compared<<<8, 32>>>(f, n);
}
)cu";

class PaddingMoves : public AnalyzedSuite<PaddingMoves> {
protected:
  static void SetUpTestSuite() { analyze(Source, "pad.cu"); }

  /// The shared store of Kernel: whether padding moves it.
  static bool moves(const std::string &Kernel) {
    for (const AccessReport &R : *Reports)
      if (R.KernelName == Kernel && R.Space == MemSpace::Shared &&
          R.Op == AccessOp::Store) {
        EXPECT_TRUE(R.Known) << Kernel;
        EXPECT_GT(R.Wavefronts, R.IdealWavefronts) << Kernel;
        return R.PaddingMoves;
      }
    ADD_FAILURE() << "no shared store in " << Kernel;
    return false;
  }
};

TEST_F(PaddingMoves, RowsOfTheTile) { EXPECT_TRUE(moves("rows")); }
TEST_F(PaddingMoves, FlatPointerToRowZero) { EXPECT_FALSE(moves("flat")); }
TEST_F(PaddingMoves, EitherRowOfABranch) { EXPECT_TRUE(moves("eitherRow")); }
TEST_F(PaddingMoves, ComparedRows) { EXPECT_TRUE(moves("compared")); }

} // namespace
