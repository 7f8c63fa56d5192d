//===- WhyUnknown.h - The reason a value is not known, shared on copy ----===//
//
// The evaluator copies values at every step, and an unknown value carries
// its reason along: the text is shared, not copied. A value never leaves the
// thread that analyses its kernel (reports take the text as a string), so
// the count need not be atomic.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_WHYUNKNOWN_H
#define CUDA_ACCESS_LINT_WHYUNKNOWN_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"

#include <string>

namespace cal {

class WhyUnknown {
public:
  WhyUnknown() = default;
  WhyUnknown(std::string Text)
      : Shared(Text.empty() ? nullptr : new Held(std::move(Text))) {}
  WhyUnknown(const char *Text) : WhyUnknown(std::string(Text)) {}

  bool empty() const { return !Shared; }
  /// The text; empty where none was given.
  const std::string &str() const { return Shared ? Shared->Text : none(); }
  operator const std::string &() const { return str(); }
  bool operator==(const WhyUnknown &O) const {
    return Shared == O.Shared || str() == O.str();
  }

private:
  struct Held : llvm::RefCountedBase<Held> {
    explicit Held(std::string Text) : Text(std::move(Text)) {}
    std::string Text;
  };
  static const std::string &none() {
    static const std::string Empty;
    return Empty;
  }
  llvm::IntrusiveRefCntPtr<Held> Shared;
};

} // namespace cal

#endif
