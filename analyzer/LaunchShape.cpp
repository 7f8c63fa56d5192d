#include "analyzer/LaunchShape.h"

#include <cstdlib>
#include <tuple>

namespace cal {

std::string Dim3::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

std::optional<Dim3> Dim3::parse(const std::string &Text) {
  int64_t V[3] = {1, 1, 1};
  size_t Pos = 0;
  for (int I = 0; I < 3; ++I) {
    size_t End = Text.find_first_of(",x", Pos);
    std::string Part =
        Text.substr(Pos, End == std::string::npos ? End : End - Pos);
    if (Part.empty() || Part.size() > 5 ||
        Part.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    V[I] = std::atoll(Part.c_str());
    if (V[I] < 1)
      return std::nullopt;
    if (End == std::string::npos) {
      Dim3 D{V[0], V[1], V[2]};
      if (D.count() > 1024)
        return std::nullopt;
      return D;
    }
    Pos = End + 1;
  }
  return std::nullopt;
}

} // namespace cal
