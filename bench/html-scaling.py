#!/usr/bin/env python3
"""Times --format=json against --format=html on one file of N small kernels
(tools/gen-stress.py's mixed shapes: coalesced, strided, transposes, bank
conflicts, structs, atomics, float4) and prints, per N, the seconds and the
peak memory of each and their ratio. The HTML page should cost about what
the JSON does: its time must grow linearly with the findings.

usage: bench/html-scaling.py [--tool=build/bin/cuda-access-lint] [N ...]
       (default N: 2500 5000 10000 20000)
"""
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gen_stress():
    spec = importlib.util.spec_from_file_location(
        "gen_stress", os.path.join(ROOT, "tools", "gen-stress.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def timed(cmd):
    """Wall seconds and peak resident MB of CMD, its output discarded."""
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    last = r.stderr.strip().splitlines()[-1]
    m = re.match(r"([\d.]+) (\d+)$", last)
    if not m:
        sys.exit("cannot time %s: %s" % (cmd, r.stderr[-500:]))
    return float(m.group(1)), int(m.group(2)) / 1024


def main():
    tool = os.path.join(ROOT, "build", "bin", "cuda-access-lint")
    sizes = []
    for a in sys.argv[1:]:
        if a.startswith("--tool="):
            tool = a[len("--tool="):]
        elif a.isdigit():
            sizes.append(int(a))
        else:
            sys.exit(__doc__)
    sizes = sizes or [2500, 5000, 10000, 20000]
    gs = gen_stress()
    print("%8s %8s %8s %8s %8s %6s" %
          ("kernels", "json s", "json MB", "html s", "html MB", "ratio"))
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            src = os.path.join(tmp, "k%d.cu" % n)
            with open(src, "w") as f:
                f.write(gs.many_kernels(random.Random(n), n))
            js, jm = timed([tool, "--format=json", src, "--"])
            hs, hm = timed([tool, "--format=html", src, "--"])
            print("%8d %8.1f %8.0f %8.1f %8.0f %6.2f" %
                  (n, js, jm, hs, hm, hs / js if js else 0), flush=True)


main()
