//===- AsmAccesses.h - Loads and stores written in inline PTX -------------===//
//
// Real kernels move data with inline PTX (`ld.global.nc.f32 %0, [%1];`,
// `st.shared.v4.f32 [%0], {...};`, a tensor-core GEMM's `ldmatrix` and
// `cp.async`): each such instruction is an access of its width, at the
// address of the operand in brackets.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_ASMACCESSES_H
#define CUDA_ACCESS_LINT_ASMACCESSES_H

#include "analyzer/Value.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cal {

/// One memory instruction of an asm string: its operation, the space its
/// state space names (Unknown for a generic address), the bytes a lane
/// moves, and the operand (numbered as the asm numbers them, outputs
/// first) and byte offset of its address.
struct AsmAccess {
  AccessOp Op;
  MemSpace Space;
  int Bytes;
  unsigned Operand;
  int64_t Offset = 0;
  /// The lanes, from lane 0, that give an address: `ldmatrix` and
  /// `stmatrix` take the 8 rows of each 8x8 matrix from 8 lanes, and move
  /// each row's 16 bytes as the lane's (.x1: lanes 0-7, .x2: 0-15).
  int AddressLanes = 32;
  /// `cp.async`: the global operand it reads, at SourceOffset; Operand is
  /// the shared one it writes. Where an operand gives the size (an "n"
  /// constant), Bytes is 0 and SizeOperand numbers it.
  std::optional<unsigned> Source;
  int64_t SourceOffset = 0;
  std::optional<unsigned> SizeOperand;
  /// An instruction that moves memory in a way the analyzer does not model
  /// (`cp.async.bulk`, `wgmma`'s shared operands, an address it cannot
  /// read): its opcode, as an access whose address is not known.
  std::string NotModelled;
};

/// The memory instructions of Asm, in order. Those of spaces the analyzer
/// does not count (local, param, const) are left out.
std::vector<AsmAccess> asmAccesses(llvm::StringRef Asm);

} // namespace cal

#endif
