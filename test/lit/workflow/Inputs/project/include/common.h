#pragma once
// Defined only with the project's flags (-Iinclude -DSTRIDE=2): without the
// database the kernels do not parse.
#ifndef STRIDE
#error "STRIDE is not defined: the build's -D did not reach clang"
#endif
constexpr int kStride = STRIDE;
constexpr int kBlock = 256;

void scale(const float *in, float *out, int n);
void copy(const float *in, float *out, int n);
