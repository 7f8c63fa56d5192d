//===- LaunchShape.h - Block and grid dimensions of a kernel launch -------===//
#ifndef CUDA_ACCESS_LINT_LAUNCHSHAPE_H
#define CUDA_ACCESS_LINT_LAUNCHSHAPE_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace cal {

struct Dim3 {
  int64_t X = 1, Y = 1, Z = 1;
  int64_t count() const { return X * Y * Z; }
  int64_t get(int Axis) const { return Axis == 0 ? X : Axis == 1 ? Y : Z; }
  bool operator<(const Dim3 &O) const {
    return std::tie(X, Y, Z) < std::tie(O.X, O.Y, O.Z);
  }
  bool operator==(const Dim3 &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
  std::string str() const;
  /// Parses "X[,Y[,Z]]" (or with 'x' separators); nullopt when malformed.
  static std::optional<Dim3> parse(const std::string &Text);
};

/// Where a launch shape came from.
enum class ShapeSource : uint8_t {
  None,           ///< no launch found
  Launch,         ///< a launch site, at LaunchShape::Line
  BlockDimOption, ///< the block the user gave for every kernel
  Configuration,  ///< the block configured for the kernel
  OtherFile,      ///< a launch in LaunchShape::File, at LaunchShape::Line
};

/// One way a kernel is launched: the block shape, the grid when known, and
/// the values of the integer parameters the launch site passes as constants.
struct LaunchShape {
  Dim3 Block;
  std::optional<Dim3> Grid;
  std::map<std::string, int64_t> ParamValues;
  /// Parameters the launch passes the same variable as an earlier one
  /// (`k<<<g, b>>>(domain, domain)`): that one's name. Their values, and
  /// their fields', are the same.
  std::map<std::string, std::string> ParamSame;
  /// Known factors of parameters whose value is not known (a pitch from
  /// cudaMallocPitch).
  std::map<std::string, int64_t> ParamDivisors;
  /// Pointer parameters the launch passes a constant number of bytes past
  /// a variable (`d_in + RADIUS`): those bytes, modulo 256, and the
  /// argument's text. The variable holds an allocation's start, 256-byte
  /// aligned, as any parameter is taken to.
  std::map<std::string, std::pair<int64_t, std::string>> ParamOffsets;
  /// The first and last values of parameters the launch passes a loop's
  /// counter (`for (int i = 1; i <= 32; i++) k<<<g, b>>>(a, i)`).
  std::map<std::string, std::pair<int64_t, int64_t>> ParamRanges;
  /// Where the grid is not known as a whole, the axes that are constants
  /// (`dim3(1, d.ny, d.nz)`: x is 1); 0 where an axis is not.
  std::array<int64_t, 3> GridAxes = {0, 0, 0};
  /// Axes of the grid, and of a block not known, that are the value the
  /// launch passes an integer parameter, or a field of a struct parameter:
  /// its name as the kernel reads it (`<<<dim3(1, d.ny, d.nz), d.nx>>>(d)`:
  /// gridDim.z is "d.nz", blockDim.x is "d.nx"). A block's parameter takes
  /// the block's value, assumed or given.
  std::map<int, std::string> GridParams, BlockParams;
  /// Axes of the grid that are such a parameter divided by a constant,
  /// rounded up (`(n + 255) / 256`, `(n - 1) / 64 + 1`): its name and the
  /// divisor. The blocks then cover n, and one block fewer would not.
  std::map<int, std::pair<std::string, int64_t>> GridCeil;
  /// Where set, blockIdx is this block's index, not a symbol: blocks are
  /// sampled where an index is not linear in blockIdx (`i % W`).
  std::optional<Dim3> BlockIndex;
  /// Where the shape came from, for the assumption note.
  ShapeSource Source = ShapeSource::None;
  unsigned Line = 0; ///< of the launch
  /// Where the function that launches passes values of each of its calls
  /// (LaunchSites): the line of the call this shape is.
  unsigned CallLine = 0;
  /// The file of the launch, where another file than the kernel's makes it.
  std::string File;
  /// The block is not known: no launch was found or the launch passes one
  /// that is not a constant; Block is then 256x1x1.
  bool Assumed = false;
  /// Some of the launch's values are those of the program run with no
  /// command-line arguments (HostValues).
  bool NoArguments = false;
  /// Some of the launch's values read a limit of the device from a
  /// cudaDeviceProp (`prop.maxGridSize[0]`), taken as an sm_90 device's.
  bool DeviceLimits = false;
};

} // namespace cal

#endif
