//===- NvccCompat.cpp - What nvcc has built in and Clang's headers lack ---===//
#include "tools/driver/NvccCompat.h"

#include "llvm/Support/MemoryBuffer.h"

namespace cal {
namespace {

// Force-included after Clang's CUDA wrapper. Templates rather than nvcc's
// overload lists: they only need to parse, and a non-template overload in
// cuda_fp16.h or a later Clang still wins. The value parameters are not
// deduced, so `__stcs(p, 0)` on a float pointer parses as nvcc's does.
constexpr const char *Header = R"(#pragma once
template <class T> struct __cal_same { typedef T type; };
#define __CAL_DEV __attribute__((device))
template <class T> __CAL_DEV T __ldca(const T *);
template <class T> __CAL_DEV T __ldlu(const T *);
template <class T>
__CAL_DEV void __stcs(T *, typename __cal_same<T>::type);
template <class T>
__CAL_DEV void __stcg(T *, typename __cal_same<T>::type);
template <class T>
__CAL_DEV void __stwb(T *, typename __cal_same<T>::type);
#ifndef __NV_ATOMIC_RELAXED
#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#define __NV_THREAD_SCOPE_SYSTEM 0
#define __NV_THREAD_SCOPE_DEVICE 1
#define __NV_THREAD_SCOPE_BLOCK 2
#define __NV_THREAD_SCOPE_CLUSTER 3
#define __NV_THREAD_SCOPE_THREAD 4
template <class T> __CAL_DEV T __nv_atomic_load_n(const T *, int, int = 0);
template <class T>
__CAL_DEV void __nv_atomic_load(const T *, T *, int, int = 0);
template <class T>
__CAL_DEV void __nv_atomic_store_n(T *, typename __cal_same<T>::type, int,
                                   int = 0);
template <class T> __CAL_DEV void __nv_atomic_store(T *, T *, int, int = 0);
#define __CAL_RMW(name)                                                        \
  template <class T>                                                           \
  __CAL_DEV T name(T *, typename __cal_same<T>::type, int, int = 0);
__CAL_RMW(__nv_atomic_fetch_add)
__CAL_RMW(__nv_atomic_fetch_sub)
__CAL_RMW(__nv_atomic_fetch_and)
__CAL_RMW(__nv_atomic_fetch_or)
__CAL_RMW(__nv_atomic_fetch_xor)
__CAL_RMW(__nv_atomic_fetch_min)
__CAL_RMW(__nv_atomic_fetch_max)
__CAL_RMW(__nv_atomic_exchange_n)
#undef __CAL_RMW
template <class T>
__CAL_DEV void __nv_atomic_exchange(T *, T *, T *, int, int = 0);
template <class T>
__CAL_DEV bool __nv_atomic_compare_exchange_n(T *, T *,
                                              typename __cal_same<T>::type,
                                              bool, int, int, int = 0);
template <class T>
__CAL_DEV bool __nv_atomic_compare_exchange(T *, T *, T *, bool, int, int,
                                            int = 0);
#endif
#undef __CAL_DEV
)";

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withNvccCompat(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Mem->addFile(NvccCompatPath, 0, llvm::MemoryBuffer::getMemBuffer(Header));
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(std::move(Base));
  Overlay->pushOverlay(std::move(Mem));
  return Overlay;
}

} // namespace cal
