//===- SetLanes.h - The set or clear bits of a lane mask, in order -------===//
//
// BitVector::set_bits() and find_next_unset() search the mask again from
// each bit they return, which costs more than the evaluator's loops over the
// lanes do: this walks each word once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_SETLANES_H
#define CUDA_ACCESS_LINT_SETLANES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/bit.h"

#include <cstdint>

namespace cal {

class SetLanes {
public:
  using Word = uintptr_t; // BitVector::BitWord, which is private
  explicit SetLanes(const llvm::BitVector &Mask)
      : Words(Mask.getData()), Size(Mask.size()) {}
  /// The lanes whose bits are clear.
  static SetLanes clearIn(const llvm::BitVector &Mask) {
    SetLanes S(Mask);
    S.Clear = true;
    return S;
  }

  class iterator {
  public:
    iterator(const Word *At, const Word *End, bool Clear, unsigned Size)
        : At(At), End(End), Clear(Clear), Size(Size) {
      Rest = load();
      skipEmpty();
    }
    unsigned operator*() const {
      return Base + unsigned(llvm::countr_zero(Rest));
    }
    iterator &operator++() {
      Rest &= Rest - 1;
      skipEmpty();
      return *this;
    }
    bool operator!=(const iterator &O) const {
      return At != O.At || Rest != O.Rest;
    }

  private:
    static constexpr unsigned Bits = sizeof(Word) * 8;
    /// The word at At, flipped for clear bits, without the bits past Size.
    Word load() const {
      if (At == End)
        return 0;
      if (!Clear) // a BitVector keeps the bits past its size clear
        return *At;
      Word W = ~*At;
      return Size - Base < Bits ? W & ((Word(1) << (Size - Base)) - 1) : W;
    }
    void skipEmpty() {
      while (!Rest && At != End && ++At != End) {
        Base += Bits;
        Rest = load();
      }
    }
    const Word *At, *End;
    bool Clear;
    unsigned Size;
    Word Rest;
    unsigned Base = 0;
  };

  iterator begin() const { return {Words.begin(), Words.end(), Clear, Size}; }
  iterator end() const { return {Words.end(), Words.end(), Clear, Size}; }

private:
  llvm::ArrayRef<Word> Words;
  bool Clear = false;
  unsigned Size;
};

} // namespace cal

#endif
