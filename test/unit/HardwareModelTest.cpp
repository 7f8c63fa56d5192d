// Every pattern of ../shared/hardware-model.md, parsed from CUDA source and
// run through the whole engine: the numbers must be the H100's, exactly.
#include "ParseCuda.h"

using namespace cal;

namespace {

const char *Source = R"cu(
struct S3 { float x, y, z; };
__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void offset1(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
__global__ void stride2(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
__global__ void stride32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}
__global__ void aos3(const S3 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x;
}
__global__ void broadcast(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[blockIdx.x];
}
__global__ void rows16(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
}
__global__ void column(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[x * 1024 + y];
}
__global__ void copyDouble(const double *in, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void copyFloat4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void tile(float *out) {
  __shared__ float t[32][32];
  __shared__ float p[32][33];
  t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  p[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] =
      t[threadIdx.x][threadIdx.y] + p[threadIdx.x][threadIdx.y];
}
__global__ void sharedDouble(double *out) {
  __shared__ double s[1024];
  __shared__ double q[1024];
  int t = threadIdx.x;
  s[t] = out[t];
  q[t] = out[t];
  __syncthreads();
  out[t] = s[t] + q[(2 * t) % 1024];
}
__global__ void wide(float *out) {
  __shared__ float a[8][160];
  a[threadIdx.y][threadIdx.x] = out[threadIdx.x];
}
__global__ void columnLoop(const float *in, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n; ++k)
    sum += in[row * n + k];
  out[row] = sum;
}
int main() {
  float *f = 0; double *d = 0; float4 *v = 0; S3 *s = 0;
  copy<<<4096, 256>>>(f, f);
  offset1<<<4096, 256>>>(f, f);
  stride2<<<4096, 256>>>(f, f);
  stride32<<<4096, 256>>>(f, f);
  aos3<<<4096, 256>>>(s, f);
  broadcast<<<4096, 256>>>(f, f);
  rows16<<<dim3(64, 64), dim3(16, 16)>>>(f, f);
  column<<<dim3(32, 128), dim3(32, 8)>>>(f, f);
  copyDouble<<<4096, 256>>>(d, d);
  copyFloat4<<<4096, 256>>>(v, v);
  tile<<<1, dim3(32, 32)>>>(f);
  sharedDouble<<<1, 1024>>>(d);
  wide<<<1, dim3(16, 4)>>>(f);
  columnLoop<<<32, 256>>>(f, f, 1024);
}
)cu";

class HardwareModel : public AnalyzedSuite<HardwareModel> {
protected:
  static void SetUpTestSuite() { analyze(Source, "hw.cu"); }

  static const AccessReport &get(const std::string &Kernel,
                                 const std::string &Base, AccessOp Op) {
    for (const AccessReport &R : *Reports)
      if (R.KernelName == Kernel && R.BaseName == Base && R.Op == Op)
        return R;
    ADD_FAILURE() << "no " << opName(Op) << " of " << Base << " in " << Kernel;
    static AccessReport None;
    return None;
  }
  static int sectors(const std::string &K, const std::string &B,
                     AccessOp Op = AccessOp::Load) {
    const AccessReport &R = get(K, B, Op);
    EXPECT_TRUE(R.Known) << int(R.Reason.Kind);
    return R.Sectors;
  }
  static int wavefronts(const std::string &K, const std::string &B,
                        AccessOp Op = AccessOp::Load) {
    const AccessReport &R = get(K, B, Op);
    EXPECT_TRUE(R.Known) << int(R.Reason.Kind);
    return R.Wavefronts;
  }
};

TEST_F(HardwareModel, GlobalSectorsPerRequest) {
  EXPECT_EQ(sectors("copy", "in"), 4);
  EXPECT_EQ(sectors("copy", "out", AccessOp::Store), 4);
  EXPECT_EQ(sectors("offset1", "in"), 5);
  EXPECT_EQ(sectors("stride2", "in"), 8);
  EXPECT_EQ(sectors("stride32", "in"), 32);
  EXPECT_EQ(sectors("aos3", "in"), 12);
  EXPECT_EQ(sectors("broadcast", "in"), 1);
  EXPECT_EQ(sectors("rows16", "in"), 4);
  EXPECT_EQ(sectors("rows16", "out", AccessOp::Store), 4);
  EXPECT_EQ(sectors("column", "in"), 32);
  EXPECT_EQ(sectors("copyDouble", "in"), 8);
  EXPECT_EQ(sectors("copyDouble", "out", AccessOp::Store), 8);
  EXPECT_EQ(sectors("copyFloat4", "in"), 16);
  EXPECT_EQ(sectors("columnLoop", "in"), 32);
}

TEST_F(HardwareModel, GlobalIdeal) {
  EXPECT_EQ(get("copy", "in", AccessOp::Load).IdealSectors, 4);
  EXPECT_EQ(get("stride32", "in", AccessOp::Load).IdealSectors, 4);
  EXPECT_EQ(get("broadcast", "in", AccessOp::Load).IdealSectors, 1);
  EXPECT_EQ(get("copyDouble", "in", AccessOp::Load).IdealSectors, 8);
  EXPECT_EQ(get("copyFloat4", "in", AccessOp::Load).IdealSectors, 16);
}

TEST_F(HardwareModel, SharedWavefrontsPerRequest) {
  EXPECT_EQ(wavefronts("tile", "t", AccessOp::Store), 1);
  EXPECT_EQ(wavefronts("tile", "t"), 32);
  EXPECT_EQ(wavefronts("tile", "p"), 1);
  EXPECT_EQ(wavefronts("sharedDouble", "s"), 2);
  EXPECT_EQ(get("sharedDouble", "s", AccessOp::Load).IdealWavefronts, 2);
  EXPECT_EQ(wavefronts("sharedDouble", "q"), 4);
  EXPECT_EQ(wavefronts("wide", "a", AccessOp::Store), 2);
}

TEST_F(HardwareModel, LoopIsEvaluatedPerIteration) {
  const AccessReport &R = get("columnLoop", "in", AccessOp::Load);
  EXPECT_GT(R.Instances, 8);
  EXPECT_DOUBLE_EQ(R.SectorsAvg, 32.0);
}

TEST_F(HardwareModel, AssumptionsAreRecorded) {
  const AccessReport &R = get("copy", "in", AccessOp::Load);
  ASSERT_FALSE(R.Assumptions.empty());
  const Assumption &Shape = R.Assumptions.front();
  EXPECT_EQ(Shape.Kind, AssumptionKind::BlockShape);
  EXPECT_EQ(Shape.Blocks.front(), (Dim3{256, 1, 1}));
}

} // namespace
