//===- AsmAccesses.h - Loads and stores written in inline PTX -------------===//
//
// Real kernels move data with inline PTX (`ld.global.nc.f32 %0, [%1];`,
// `st.shared.v4.f32 [%0], {...};`): each such instruction is an access of
// its width, at the address of the operand in brackets.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_ASMACCESSES_H
#define CUDA_ACCESS_LINT_ASMACCESSES_H

#include "analyzer/Value.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace cal {

/// One ld, st, atom or red of an asm string: its operation, the space its
/// state space names (Unknown for a generic address), the bytes a lane
/// moves, and the operand (numbered as the asm numbers them, outputs
/// first) and byte offset of its address.
struct AsmAccess {
  AccessOp Op;
  MemSpace Space;
  int Bytes;
  unsigned Operand;
  int64_t Offset = 0;
};

/// The memory instructions of Asm, in order. Others (and those of spaces
/// the analyzer does not count: local, param, const) are left out.
std::vector<AsmAccess> asmAccesses(llvm::StringRef Asm);

} // namespace cal

#endif
