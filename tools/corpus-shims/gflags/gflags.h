// The few gflags names a measured program's main uses (cuda_hgemv), so it
// builds where gflags is not installed: DEFINE_uint32, DEFINE_bool, and
// flags given as -NAME=VALUE.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace gflags_shim {
struct Flag {
  const char *Name;
  void *Value;
  bool IsBool;
};
inline std::vector<Flag> &flags() {
  static std::vector<Flag> All;
  return All;
}
struct Registered {
  Registered(const char *Name, void *Value, bool IsBool) {
    flags().push_back({Name, Value, IsBool});
  }
};
inline void ParseCommandLineFlags(int *Argc, char ***Argv, bool) {
  for (int I = 1; I < *Argc; ++I) {
    const char *A = (*Argv)[I];
    while (*A == '-')
      ++A;
    const char *Eq = strchr(A, '=');
    if (!Eq)
      continue;
    std::string Name(A, Eq - A);
    for (Flag &F : flags())
      if (Name == F.Name) {
        if (F.IsBool)
          *static_cast<bool *>(F.Value) = !strcmp(Eq + 1, "true");
        else
          *static_cast<uint32_t *>(F.Value) = strtoul(Eq + 1, nullptr, 10);
      }
  }
}
inline void ShutDownCommandLineFlags() {}
} // namespace gflags_shim

#define GFLAGS_NAMESPACE gflags_shim
#define DEFINE_uint32(Name, Default, Doc)                                      \
  uint32_t FLAGS_##Name = (Default);                                           \
  static gflags_shim::Registered Registered_##Name(#Name, &FLAGS_##Name, false)
#define DEFINE_bool(Name, Default, Doc)                                        \
  bool FLAGS_##Name = (Default);                                               \
  static gflags_shim::Registered Registered_##Name(#Name, &FLAGS_##Name, true)
