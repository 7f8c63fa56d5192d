// Each #error below is a flag of the compile database that did not reach
// clang as it should: the test fails on the "clang could not parse" note.
#include <sys_header.h> // -isystem

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ != EXPECT_ARCH
#error "--cuda-gpu-arch is not the arch the nvcc command names"
#endif
#if __cplusplus < EXPECT_CPLUSPLUS
#error "-std did not reach clang"
#endif
#ifdef EXPECT_HOST_FLAGS
#if !defined(FOO) || FOO != 2
#error "-DFOO=2 did not reach clang"
#endif
#ifndef FROM_XCOMPILER_EQ
#error "-Xcompiler=-D... did not reach clang"
#endif
#ifndef FROM_XCOMPILER
#error "-Xcompiler -D... did not reach clang"
#endif
#ifndef FROM_OPTIONS_FILE
#error "--options-file was not read"
#endif
#endif
