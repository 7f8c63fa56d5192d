#pragma once
// A header of the user's own, reached through -I.
__device__ inline int user_index(int i) { return i * 4; }
__global__ void from_headers(float *a, float *b);
inline void launch_from_header(float *a, float *b) {
  from_headers<<<1, 64>>>(a, b);
}
