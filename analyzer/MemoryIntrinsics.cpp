//===- MemoryIntrinsics.cpp - CUDA functions that are memory accesses -----===//
#include "analyzer/MemoryIntrinsics.h"

#include "llvm/ADT/StringSwitch.h"

namespace cal {
namespace {

/// atomicAdd_block and atomicAdd_system are atomicAdd at another scope.
llvm::StringRef withoutScope(llvm::StringRef Name) {
  Name.consume_back("_block");
  Name.consume_back("_system");
  return Name;
}

} // namespace

std::optional<AccessOp> intrinsicAccess(llvm::StringRef Name) {
  std::optional<AccessOp> Op =
      llvm::StringSwitch<std::optional<AccessOp>>(Name)
          .Cases({"__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv",
                  "__nv_atomic_load", "__nv_atomic_load_n"},
                 AccessOp::Load)
          .Cases({"__stcg", "__stcs", "__stwb", "__stwt", "__nv_atomic_store",
                  "__nv_atomic_store_n"},
                 AccessOp::Store)
          .Default(std::nullopt);
  if (Op)
    return Op;
  // nvcc's other __nv_atomic_* builtins read and write.
  if (Name.starts_with("__nv_atomic_"))
    return AccessOp::Atomic;
  return llvm::StringSwitch<std::optional<AccessOp>>(withoutScope(Name))
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
              "atomicInc", "atomicDec", "atomicCAS", "atomicAnd", "atomicOr",
              "atomicXor"},
             AccessOp::Atomic)
      .Default(std::nullopt);
}

int sharedCasLoopBytes(llvm::StringRef Name, bool Floating, int Bytes) {
  return withoutScope(Name) == "atomicAdd" && (Floating || Bytes == 8)
             ? 2 * Bytes
             : 0;
}

bool deviceRuntimeCall(llvm::StringRef Name) {
  // The function itself, in another module, or the header's wrapper around
  // one (assert's __assert_fail calls __assertfail).
  return llvm::is_contained({"__assert_fail", "__assertfail", "printf",
                             "vprintf", "malloc", "free", "__trap"},
                            Name);
}

} // namespace cal
