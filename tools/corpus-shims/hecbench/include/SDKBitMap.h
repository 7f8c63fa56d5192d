// The BMP reader that HeCBench's sobel and urng include from the suite's
// shared include/ folder, which the corpus copy does not hold. Written
// here from their use of it (load, isLoaded, getWidth, getHeight,
// getPixels, write, SDK_SUCCESS): host code only, so their kernels are the
// suite's. Uncompressed 24- and 32-bit BMPs; pixels as uchar4, rows bottom-up
// as the file stores them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <vector>
#include <vector_types.h>

// The exit codes sobel's main returns, as the suite's header gives them.
#define SDK_SUCCESS 0
#define SDK_FAILURE 1

class SDKBitMap {
public:
  bool load(const char *Path) {
    Loaded = false;
    FILE *F = std::fopen(Path, "rb");
    if (!F)
      return false;
    unsigned char Header[54];
    bool Ok = std::fread(Header, 1, sizeof Header, F) == sizeof Header &&
              Header[0] == 'B' && Header[1] == 'M';
    uint32_t Offset = read32(Header + 10);
    int32_t W = (int32_t)read32(Header + 18), H = (int32_t)read32(Header + 22);
    unsigned Bits = Header[28] | Header[29] << 8;
    Ok = Ok && W > 0 && H > 0 && (Bits == 24 || Bits == 32) &&
         read32(Header + 30) == 0 && std::fseek(F, Offset, SEEK_SET) == 0;
    if (Ok) {
      Width = W;
      Height = H;
      Pixels.assign((size_t)W * H, uchar4{0, 0, 0, 0});
      size_t Stride = ((size_t)W * (Bits / 8) + 3) & ~(size_t)3;
      std::vector<unsigned char> Row(Stride);
      for (int Y = 0; Ok && Y < H; ++Y) {
        Ok = std::fread(Row.data(), 1, Stride, F) == Stride;
        for (int X = 0; Ok && X < W; ++X) {
          const unsigned char *P = &Row[(size_t)X * (Bits / 8)];
          Pixels[(size_t)Y * W + X] =
              uchar4{P[0], P[1], P[2], (unsigned char)(Bits == 32 ? P[3] : 0)};
        }
      }
    }
    std::fclose(F);
    Loaded = Ok;
    return Ok;
  }

  bool write(const char *Path) const {
    if (!Loaded)
      return false;
    FILE *F = std::fopen(Path, "wb");
    if (!F)
      return false;
    uint32_t Bytes = (uint32_t)Pixels.size() * 4;
    unsigned char Header[54] = {'B', 'M'};
    write32(Header + 2, 54 + Bytes);
    write32(Header + 10, 54);
    write32(Header + 14, 40);
    write32(Header + 18, (uint32_t)Width);
    write32(Header + 22, (uint32_t)Height);
    Header[26] = 1;
    Header[28] = 32;
    write32(Header + 34, Bytes);
    bool Ok = std::fwrite(Header, 1, sizeof Header, F) == sizeof Header &&
              std::fwrite(Pixels.data(), 4, Pixels.size(), F) == Pixels.size();
    return std::fclose(F) == 0 && Ok;
  }

  bool isLoaded() const { return Loaded; }
  int getWidth() const { return Width; }
  int getHeight() const { return Height; }
  uchar4 *getPixels() { return Loaded ? Pixels.data() : nullptr; }

private:
  static uint32_t read32(const unsigned char *P) {
    return P[0] | P[1] << 8 | P[2] << 16 | (uint32_t)P[3] << 24;
  }
  static void write32(unsigned char *P, uint32_t V) {
    for (int I = 0; I < 4; ++I)
      P[I] = (unsigned char)(V >> (8 * I));
  }

  std::vector<uchar4> Pixels;
  int Width = 0, Height = 0;
  bool Loaded = false;
};
