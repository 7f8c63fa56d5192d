#!/usr/bin/env python3
"""Applies --fix to copies of the samples, compiles what changed with nvcc
and re-runs the analyzer: every warning that carried a fix-it must be gone
and no new warning may appear.

usage: check_fixits.py ANALYZER NVCC SAMPLES_DIR WORK_DIR
"""
import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys


def diagnostics(analyzer, files):
    out = subprocess.run([analyzer, "--format=json"] + files + ["--"],
                         stdout=subprocess.PIPE, check=False).stdout
    doc = json.loads(out)
    # Keyed without the column: a fix-it on a line shifts what follows it.
    return {(os.path.basename(d["file"]), d["line"], d["check"], d["message"]):
            bool(d["fixits"]) for d in doc["diagnostics"]}


def main():
    analyzer, nvcc, samples, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for f in glob.glob(os.path.join(samples, "*.cu")):
        shutil.copy(f, work)
    files = sorted(glob.glob(os.path.join(work, "*.cu")))
    original = {f: open(f).read() for f in files}
    before = diagnostics(analyzer, files)
    fixable = {k for k, has_fix in before.items() if has_fix}
    subprocess.run([analyzer, "--fix"] + files + ["--"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    changed = [f for f in files if open(f).read() != original[f]]
    def compile(f):
        return f, subprocess.run([nvcc, "-arch=sm_90", "-c", "-o", os.devnull, f],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for f, r in pool.map(compile, changed):
            if r.returncode != 0:
                failed += 1
                print("does not compile after --fix: %s\n%s"
                      % (os.path.basename(f), r.stdout.decode(errors="replace")))
    after = diagnostics(analyzer, files)
    remaining = sorted(fixable & set(after))
    new = sorted(set(after) - set(before))
    for k in remaining:
        print("still warned after its fix-it: %s:%d [%s] %s" % k)
    for k in new:
        print("new warning after --fix: %s:%d [%s] %s" % k)
    print("fixed %d warnings in %d files; %d of them compile; %d remain; %d new"
          % (len(fixable), len(changed), len(changed) - failed,
             len(remaining), len(new)))
    return 1 if failed or remaining or new or not fixable else 0


if __name__ == "__main__":
    sys.exit(main())
