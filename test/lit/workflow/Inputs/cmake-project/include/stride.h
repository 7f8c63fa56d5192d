#pragma once
// Only defined with the project's own flags: -DFOO and -Iinclude must reach
// clang, or the kernel does not parse.
#ifndef FOO
#error "FOO is not defined: the compile database's -D did not reach clang"
#endif
constexpr int kStride = FOO;
