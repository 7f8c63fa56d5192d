#include "analyzer/Value.h"

namespace cal {

const char *spaceName(MemSpace S) {
  switch (S) {
  case MemSpace::Global:
    return "global";
  case MemSpace::Shared:
    return "shared";
  case MemSpace::Constant:
    return "constant";
  case MemSpace::Local:
    return "local";
  case MemSpace::Unknown:
    break;
  }
  return "unknown";
}

const char *opName(AccessOp O) {
  switch (O) {
  case AccessOp::Load:
    return "load";
  case AccessOp::Store:
    return "store";
  case AccessOp::Atomic:
    break;
  }
  return "atomic";
}

} // namespace cal
