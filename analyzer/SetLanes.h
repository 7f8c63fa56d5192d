//===- SetLanes.h - The set bits of a lane mask, in order -----------------===//
//
// BitVector::set_bits() searches the mask again from each bit it returns,
// which costs more than the evaluator's loops over the lanes do: this walks
// each word once.
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
  explicit SetLanes(const llvm::BitVector &Mask) : Words(Mask.getData()) {}

  class iterator {
  public:
    iterator(const Word *At, const Word *End) : At(At), End(End) {
      Rest = At != End ? *At : 0;
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
    void skipEmpty() {
      while (!Rest && At != End && ++At != End) {
        Rest = *At;
        Base += unsigned(sizeof(Word) * 8);
      }
    }
    const Word *At, *End;
    Word Rest;
    unsigned Base = 0;
  };

  iterator begin() const { return {Words.begin(), Words.end()}; }
  iterator end() const { return {Words.end(), Words.end()}; }

private:
  llvm::ArrayRef<Word> Words;
};

} // namespace cal

#endif
