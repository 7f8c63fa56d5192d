//===- Checks.cpp - The list of checks, by name ---------------------------===//
#include "rules/Check.h"

namespace cal {

std::unique_ptr<Check> createUncoalescedCheck();
std::unique_ptr<Check> createMisalignedCheck();
std::unique_ptr<Check> createAosCheck();
std::unique_ptr<Check> createBankConflictCheck();
std::unique_ptr<Check> createConstantSerializedCheck();
std::unique_ptr<Check> createReadonlyCheck();

std::vector<std::unique_ptr<Check>> createChecks() {
  std::vector<std::unique_ptr<Check>> Checks;
  Checks.push_back(createAosCheck());
  Checks.push_back(createBankConflictCheck());
  Checks.push_back(createConstantSerializedCheck());
  Checks.push_back(createMisalignedCheck());
  Checks.push_back(createReadonlyCheck());
  Checks.push_back(createUncoalescedCheck());
  return Checks;
}

} // namespace cal
