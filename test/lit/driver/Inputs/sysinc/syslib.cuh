#pragma once
// A library header reached through -isystem.
__device__ inline int sys_index(int i) { return i * 8; }
// An error in a body the analyzer does not parse.
inline void sys_host_only() { undeclared_in_system_header(); }
