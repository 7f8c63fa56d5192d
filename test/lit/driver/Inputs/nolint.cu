__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i]; // NOLINT(cuda-access-uncoalesced)
  out[i] = in[4 * i]; // NOLINT(cuda-access-bank-conflict)
  // NOLINTNEXTLINE
  out[i] = in[8 * i];
  // NOLINTBEGIN(cuda-access-*)
  out[i] = in[16 * i];
  // NOLINTEND(cuda-access-*)
  out[i] = in[32 * i];
}
