#!/usr/bin/env python3
"""Runs cuda-access-lint on each file on its own and checks that it behaves.

usage: check_corpus.py ANALYZER TIMEOUT_SECONDS FILE...

For every file: the exit code is 0 or 1 (never 2 for a file that exists,
never a signal), the run ends within the timeout, stdout is one JSON
document with version, accesses and diagnostics. A file named partial_*.cu
stops parsing part way: its kernels named before_* must still have
accesses. One line per file; the last line says how many passed. Exit 1
when any failed.
"""
import json
import os
import subprocess
import sys


def check(analyzer, timeout, path):
    name = os.path.basename(path)
    cmd = [analyzer, "--format=json", "-j=1", path, "--"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"FAIL {name}: no answer within {timeout} s (a hang?)"
    if p.returncode < 0:
        return f"FAIL {name}: killed by signal {-p.returncode}\n{p.stderr[-3000:]}"
    if p.returncode not in (0, 1):
        return f"FAIL {name}: exit code {p.returncode}\n{p.stderr[-3000:]}"
    try:
        doc = json.loads(p.stdout)
    except ValueError as e:
        return f"FAIL {name}: stdout is not JSON: {e}"
    for key in ("version", "accesses", "diagnostics"):
        if key not in doc:
            return f"FAIL {name}: JSON without '{key}'"
    if not isinstance(doc["accesses"], list) or not isinstance(doc["diagnostics"], list):
        return f"FAIL {name}: accesses or diagnostics is not a list"
    if name.startswith("partial_"):
        kernels = {a.get("kernel") for a in doc["accesses"]}
        with open(path) as f:
            wanted = {w.split("(")[0] for w in f.read().split()
                      if w.startswith("before_") and "(" in w}
        missing = sorted(k for k in wanted if k not in kernels)
        if not wanted or missing:
            return f"FAIL {name}: no accesses for {missing or 'before_* kernels'}"
    return f"ok {name}: exit {p.returncode}, {len(doc['accesses'])} accesses"


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    analyzer, timeout, files = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    failed = 0
    for path in files:
        line = check(analyzer, timeout, path)
        failed += line.startswith("FAIL")
        print(line, flush=True)
    print(f"{len(files) - failed} of {len(files)} files passed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
