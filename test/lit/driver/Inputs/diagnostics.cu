// Diagnostics printed as clang prints them: see diagnostics.test.
__global__ void tabbed(float *out) {
	out[threadIdx.x * 8] = 0;
}
#line 500 "renamed.cu"
__global__ void renamed(float *out) { out[threadIdx.x * 2] = 0; }
