#!/usr/bin/env python3
"""Write the input files that seven HeCBench benchmarks read and the corpus
copy lacks (upstream keeps them in DVC or in the SYCL folders), so they run.

  make-inputs.py SRC    # SRC: the folder holding the NAME-cuda copies

Every file is made here, from a fixed seed, in the format the benchmark's
own host code parses; nothing is downloaded. The kernels and their launches
are the benchmarks' own; only the data differ from upstream's, which the
analyzer does not read either.
"""

import os
import random
import struct
import sys


def bmp(path, width, height, rng):
    """An uncompressed 24-bit BMP: a gradient with noise."""
    stride = (width * 3 + 3) & ~3
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            base = (x * 255 // width + y * 255 // height) // 2
            row += bytes(min(255, max(0, base + rng.randint(-20, 20)))
                         for _ in range(3))
        rows.append(bytes(row) + bytes(stride - len(row)))
    pixels = b"".join(rows)
    header = struct.pack("<2sIHHI", b"BM", 54 + len(pixels), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0,
                       len(pixels), 2835, 2835, 0, 0)
    write(path, header + info + pixels)


def floats(count, rng, scale=1.0):
    return "\n".join("%.6f" % (rng.uniform(-1, 1) * scale)
                     for _ in range(count)) + "\n"


def words(rng, count, vocabulary):
    """Words of a Zipf-like vocabulary, as a plain-text corpus."""
    vocab = ["w%d" % i for i in range(vocabulary)]
    weights = [1.0 / (i + 1) for i in range(vocabulary)]
    return rng.choices(vocab, weights=weights, k=count)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: make-inputs.py SRC (the folder of NAME-cuda copies)")
    src = sys.argv[1]
    rng = random.Random(2026)
    # Only for the benchmarks SRC holds: another corpus laid out by the same
    # measurement script gets none.
    here = {n[:-len("-cuda")] for n in os.listdir(src) if n.endswith("-cuda")}

    # sobel and urng read a BMP from their SYCL sibling's folder.
    if "sobel" in here:
        bmp(os.path.join(src, "sobel-sycl", "SobelFilter_Input.bmp"), 512,
            512, rng)
    if "urng" in here:
        bmp(os.path.join(src, "urng-sycl", "URNG_Input.bmp"), 512, 512, rng)

    # clink: SAMPLE_TEST_LEN (20000) inputs; per LSTM 20 + 100 + 20 + 5 + 1
    # weights.
    if "clink" in here:
        write(os.path.join(src, "clink-cuda", "input.hpp"),
              floats(20000, rng))
        for n in (1, 2):
            write(os.path.join(src, "clink-cuda", "weight_%d.hpp" % n),
                  floats(146, rng, 0.5))

    # henry: a cubic cell's edge, a line, the atom count, a line, then
    # "number element x y z" in fractional coordinates (IRMOF-1: 424 atoms).
    if "henry" in here:
        lines = ["25.832 25.832 25.832", "90 90 90 SPGR = 1 P 1", "424 0",
                 "0 synthetic"]
        for i in range(424):
            lines.append("%d %s %.5f %.5f %.5f" % (
                i + 1, rng.choice(["Zn", "O", "C", "H"]), rng.random(),
                rng.random(), rng.random()))
        write(os.path.join(src, "henry-cuda", "IRMOF-1.cssr"),
              "\n".join(lines) + "\n")

    # columnarSolver: "ab score" for every bigram.
    if "columnarSolver" in here:
        alphabet = "abcdefghijklmnopqrstuvwxyz"
        write(os.path.join(src, "columnarSolver-cuda", "data"),
              "".join("%s%s %.4f\n" % (a, b, rng.uniform(-8, -1))
                      for a in alphabet for b in alphabet))

    # ss: a text in which the searched word occurs now and then.
    if "ss" in here:
        text = words(rng, 200000, 5000)
        for i in range(0, len(text), 997):
            text[i] = "clEnqueueNDRangeKernel"
        write(os.path.join(src, "ss-sycl", "StringSearch_Input.txt"),
              " ".join(text) + "\n")

    # word2vec: text8 is one line of lower-case words.
    if "word2vec" in here:
        write(os.path.join(src, "word2vec-cuda", "text8"),
              " ".join(words(rng, 1000000, 20000)))


if __name__ == "__main__":
    main()
