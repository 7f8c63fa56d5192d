// A stand-in for the error-check helper some programs include (host code
// only), written for the corpus layout.
#pragma once
#include <cstdio>
#include <cstdlib>
#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t Err = (call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(Err),     \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define getLastCudaError(msg) checkCudaErrors(cudaGetLastError())
