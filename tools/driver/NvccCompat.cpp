//===- NvccCompat.cpp - What nvcc has built in and Clang's headers lack ---===//
#include "tools/driver/NvccCompat.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <string>
#include <vector>

namespace cal {
namespace {

// Force-included after Clang's CUDA wrapper. Templates rather than nvcc's
// overload lists: they only need to parse, and a non-template overload in
// cuda_fp16.h or a later Clang still wins. The value parameters are not
// deduced, so `__stcs(p, 0)` on a float pointer parses as nvcc's does.
constexpr const char *Header = R"(#pragma once
template <class T> struct __cal_same { typedef T type; };
#define __CAL_DEV __attribute__((device))
// nvcc's __managed__ variable is a __device__ one too. Clang takes the
// managed attribute for HIP alone, so a kernel that reads one would not
// compile.
#undef __managed__
#define __managed__ __attribute__((device))
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

bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// Text with nvcc's spaced launch chevrons joined (`k<< <g, b>> >(...)`,
/// as Visual Studio formats them; Clang takes only `<<<` and `>>>`), the
/// spaces moved after each: every other character keeps its column.
/// std::nullopt where there are none.
std::optional<std::string> joinSpacedChevrons(llvm::StringRef Text) {
  std::optional<std::string> Out;
  size_t From = 0;
  while ((From = Text.find("<<", From)) != llvm::StringRef::npos) {
    size_t Open = From, I = From + 2;
    From = I;
    while (I < Text.size() && isBlank(Text[I]))
      ++I;
    if (I == Open + 2 || I == Text.size() || Text[I] != '<' ||
        (Open && Text[Open - 1] == '<'))
      continue;
    // Its closing `>> >` or `> >>`, before the launch's statement ends.
    size_t End = Text.find(';', I);
    for (size_t J = I + 1; J < End && J < Text.size(); ++J) {
      if (Text[J] != '>')
        continue;
      size_t K = J, Angles = 0;
      for (; K < Text.size() && (Text[K] == '>' || isBlank(Text[K])); ++K)
        Angles += Text[K] == '>';
      while (isBlank(Text[K - 1]))
        --K;
      if (Angles != 3) {
        J = K;
        continue;
      }
      if (!Out)
        Out = Text.str();
      Out->replace(Open, I + 1 - Open,
                   "<<<" + std::string(I + 1 - Open - 3, ' '));
      Out->replace(J, K - J, ">>>" + std::string(K - J - 3, ' '));
      From = K;
      break;
    }
  }
  return Out;
}

/// Text with each launch's braced grid or block typed (`<<<g, {32, 32,
/// 1}>>>` read as `<<<g, dim3{32, 32, 1}>>>`): nvcc takes a braced list
/// there, Clang's parser an expression alone. The columns after it on its
/// line move by four. std::nullopt where there is none.
std::optional<std::string> typeBracedConfigs(llvm::StringRef Text) {
  std::vector<size_t> At; // where a braced grid or block begins
  size_t From = 0;
  while ((From = Text.find("<<<", From)) != llvm::StringRef::npos) {
    size_t I = From + 3;
    From = I;
    int Depth = 0, Argument = 0;
    bool Start = true; // at an argument's first character
    for (; I < Text.size() && Text[I] != ';'; ++I) {
      char C = Text[I];
      if (Depth == 0 && Text.substr(I).starts_with(">>>"))
        break;
      if (Start && (isBlank(C) || C == '\n' || C == '\r'))
        continue;
      if (Start && C == '{' && Argument < 2)
        At.push_back(I);
      Start = false;
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if (C == ')' || C == ']' || C == '}')
        --Depth;
      else if (C == ',' && Depth == 0) {
        ++Argument;
        Start = true;
      }
    }
  }
  if (At.empty())
    return std::nullopt;
  std::string Out = Text.str();
  for (size_t K = At.size(); K-- > 0;)
    Out.insert(At[K], "dim3");
  return Out;
}

/// A file whose text is already read.
class ReadFile : public llvm::vfs::File {
public:
  ReadFile(llvm::vfs::Status S, std::unique_ptr<llvm::MemoryBuffer> Text)
      : S(std::move(S)), Text(std::move(Text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t, bool, bool) override {
    // A copy: the buffer outlives the file.
    return llvm::MemoryBuffer::getMemBufferCopy(Text->getBuffer(), Name);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
  std::unique_ptr<llvm::MemoryBuffer> Text;
};

/// CUDA sources (.cu, .cuh) read with their spaced launch chevrons joined
/// and their braced launch shapes typed.
class SpacedChevrons : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    std::string Name = Path.str();
    llvm::StringRef Ext = llvm::sys::path::extension(Name);
    if (!F || (Ext != ".cu" && Ext != ".cuh"))
      return F;
    auto S = (*F)->status();
    auto Text = (*F)->getBuffer(Name);
    if (!S || !Text)
      return F;
    std::optional<std::string> Joined =
        joinSpacedChevrons((*Text)->getBuffer());
    if (Joined)
      *Text = llvm::MemoryBuffer::getMemBufferCopy(*Joined, Name);
    if (std::optional<std::string> Typed =
            typeBracedConfigs((*Text)->getBuffer())) {
      *Text = llvm::MemoryBuffer::getMemBufferCopy(*Typed, Name);
      *S = llvm::vfs::Status::copyWithNewSize(*S, Typed->size());
    }
    return std::make_unique<ReadFile>(std::move(*S), std::move(*Text));
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withNvccCompat(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  Base = llvm::makeIntrusiveRefCnt<SpacedChevrons>(std::move(Base));
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Mem->addFile(NvccCompatPath, 0, llvm::MemoryBuffer::getMemBuffer(Header));
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(std::move(Base));
  Overlay->pushOverlay(std::move(Mem));
  return Overlay;
}

} // namespace cal
