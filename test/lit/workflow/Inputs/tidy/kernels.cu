__global__ void strided(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}

__global__ void transpose(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

void launch(const float *in, float *out) {
  strided<<<64, 256>>>(in, out);
  transpose<<<1, dim3(32, 32)>>>(in, out);
}
