#!/usr/bin/env python3
"""Hold cuda-access-lint to what an H100 measured on public code.

  validate_real.py --analyzer build/bin/cuda-access-lint \\
      --corpus ../shared/realworld/hecbench --measured test/realworld/h100.tsv \\
      --measured test/realworld/h100-inputs.tsv

Each benchmark folder NAME is analyzed as a user would analyze it: its .cu
files (those another .cu file of the folder includes are compiled through
that file, as the Makefile does) with `-- -std=c++17 -I NAME` and the -D
and -I options of the Makefile's compile line (`make -n`), nothing per
file. The measured rows (tools/measure-realworld.sh, tools/ncu_to_tsv.py
--program-paths) name files as NAME/path; rows on lines of the CUDA headers
(an intrinsic's body inlined) name no line of the benchmark and are left out.

An access is a measured (file, line, op, space, kernel); template
instantiations are apart. It is compared with the analyzer's accesses at the
same file, line, op and space (or, where the line has none of its own,
whose inlined call is on that line, as Nsight Compute may count an inlined
call's instructions on the call's line, or the loop's line for a load
hoisted before a loop), of the same kernel (by its name without
template arguments when no instantiation matches), and of the measured block
shape when the analyzer reports several (and of the first call, in the
source, of a function that launches with each call's values). Values per
executed warp instruction, as tools/validate.py computes them; they agree
within 0.5 or 10%.

Figures, on the last line:
  coverage   accesses with a known prediction / measured accesses
  agreement  agreeing / known predictions
  precision  warned lines that measured waste / warned lines measured
  recall     warned lines that measured waste / lines that measured waste
A line measured waste when the sectors of one of its instructions exceed
the ideal by more than 10%, or its shared wavefronts exceed the ideal: a
warned 5-sector load beside ideal loads and stores on one line
(`vmem[tid] += vmem[tid + 4]`) is waste. A line is warned when a measured
kernel, matched as accesses are, has a warning there: a warning on an
instantiation that was not measured is not judged. Warnings are those of
the checks that claim waste (uncoalesced, misaligned, aos, bank-conflict).
An access whose alignment a value read from memory decides is unknown.

Exit 0; 1 when a figure is under its --min-*; 2 on bad input.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import validate  # noqa: E402
from validate import (BadInput, agree, fmt, measured_value,  # noqa: E402
                      norm_block, norm_kernel, parse_json, predicted_value)

WASTE_CHECKS = {"cuda-access-uncoalesced", "cuda-access-misaligned",
                "cuda-access-aos", "cuda-access-bank-conflict"}


def load_measured(path):
    """The rows on lines of the benchmarks (a CUDA header's line names no
    folder) in the spaces the analyzer models."""
    rows = validate.load_measured(
        path, need=("kernel", "block", "sectors", "ideal_sectors",
                    "wavefronts_total", "wavefronts_ideal"), keep_path=True)
    return [r for r in rows
            if "/" in r["file"] and r["space"] in ("global", "shared")]


def wastes(rows):
    """Whether a line's measured rows moved more than the ideal."""
    g = [r for r in rows if r["space"] == "global" and r["sectors"] is not None
         and r["ideal_sectors"] is not None]
    s = [r for r in rows if r["space"] == "shared"
         and r["wavefronts_total"] is not None
         and r["wavefronts_ideal"] is not None]
    # One instruction over: a line's total over 10% has one such, too.
    if any(r["sectors"] > 1.1 * r["ideal_sectors"] for r in g):
        return True
    return bool(s) and sum(r["wavefronts_total"] for r in s) > \
        sum(r["wavefronts_ideal"] for r in s)


def sources(folder):
    """The .cu files of a folder, less those another one includes."""
    cus = sorted(f for f in os.listdir(folder) if f.endswith(".cu"))
    included = set()
    for f in cus:
        with open(os.path.join(folder, f), errors="replace") as fh:
            for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', fh.read(),
                                 re.M):
                included.add(os.path.basename(m.group(1)))
    return [os.path.join(folder, f) for f in cus if f not in included]


SHIMS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     "corpus-shims", "hecbench", "include")


def suite_include(path):
    """The suite's shared include/ folder (`-I../include`: SDKBitMap.h),
    which the corpus copy lacks, is served by the shim the measurement
    built with (tools/corpus-shims/hecbench)."""
    if os.path.basename(os.path.normpath(path)) == "include" \
            and not os.path.isdir(path):
        return SHIMS
    return path


def build_flags(folder):
    """The -D, -I and -include options the benchmark's Makefile compiles with (read
    from `make -n`, as the measurement built it), as a compilation database
    would give them to a user."""
    proc = subprocess.run(["make", "-s", "-n", "ARCH=sm_90"], cwd=folder,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    flags = []
    for line in proc.stdout.decode("utf-8", errors="replace").splitlines():
        words = line.split()
        if not words or os.path.basename(words[0]) != "nvcc" \
                or "-c" not in words:
            continue
        for i, w in enumerate(words):
            if w == "-include" and i + 1 < len(words) \
                    and words[i + 1] not in flags:
                flags += [w, words[i + 1]]
            if w in ("-D", "-I") and i + 1 < len(words):
                w += words[i + 1]
            if w[:2] == "-I" and len(w) > 2:
                w = "-I" + suite_include(os.path.join(folder, w[2:]))
            if w[:2] in ("-D", "-I") and len(w) > 2 and w not in flags:
                flags.append(w)
    return flags


def analyze(analyzer, corpus, name):
    folder = os.path.join(corpus, name)
    cmd = [analyzer, "--format=json", "-j=1"] + sources(folder) + \
        ["--", "-std=c++17", "-I", folder] + build_flags(folder)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    text = proc.stdout.decode("utf-8", errors="replace")
    try:
        doc = parse_json(text, "analyzer output for %s (exit %d)"
                         % (name, proc.returncode))
    except BadInput as e:
        return name, {"accesses": [], "diagnostics": []}, str(e)
    return name, doc, None


def relative(corpus, path):
    path = os.path.abspath(path)
    root = os.path.abspath(corpus) + os.sep
    return path[len(root):] if path.startswith(root) else path


def base_name(kernel):
    return kernel.split("<", 1)[0]


def choose(accs, kernel, block):
    """The analyzer's accesses for one measured kernel and block."""
    same = [a for a in accs if a["_kernel"] == kernel]
    if not same:
        same = [a for a in accs if base_name(a["_kernel"]) == base_name(kernel)]
    blocks = {a["_block"] for a in same}
    if len(blocks) > 1 and block in blocks:
        same = [a for a in same if a["_block"] == block]
    # A function that launches, called from several places with values of
    # its own: the profiler measured the first launch, the first call in
    # the source (main's order).
    calls = {a["launch_call_line"] for a in same if "launch_call_line" in a}
    if len(calls) > 1:
        first = min(calls)
        same = [a for a in same if a.get("launch_call_line", first) == first]
    return same


def warns(warned_kernels, reported_kernels, kernel):
    """Whether a measured kernel was warned on, matched as choose() matches
    accesses: an instantiation that was not measured is not judged."""
    if kernel in reported_kernels:
        return kernel in warned_kernels
    return any(base_name(k) == base_name(kernel) for k in warned_kernels)


def print_table(results):
    """Per benchmark: measured accesses and what became of them."""
    verdicts = ("agrees", "differs", "unknown", "no access reported")
    counts = {}
    for label, verdict, _, _, _ in results:
        name = label.split("/", 1)[0]
        counts.setdefault(name, dict.fromkeys(verdicts, 0))[verdict] += 1
    print("| benchmark | measured | agree | differ | unknown | not reported |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in sorted(counts):
        c = counts[name]
        print("| %s | %d | %s |" % (name, sum(c.values()), " | ".join(
            str(c[v]) for v in verdicts)))


def print_misses(results, false_warnings, missed_waste):
    """Every access that did not agree, and every line warned wrongly."""
    for label, verdict, pred, meas, reason in results:
        if verdict == "differs":
            print("%s: differs: predicted %s, measured %s"
                  % (label, fmt(pred), fmt(meas)))
        elif verdict == "unknown":
            print("%s: unknown: %s" % (label, reason))
        elif verdict != "agrees":
            print("%s: %s (measured %s)" % (label, verdict, fmt(meas)))
    for k in sorted(false_warnings):
        print("%s:%d: warning where the H100 measured no waste" % k)
    for k in sorted(missed_waste):
        print("%s:%d: no warning where the H100 measured waste" % k)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--analyzer", required=True)
    ap.add_argument("--corpus", required=True, help="the hecbench folder")
    ap.add_argument("--measured", required=True, action="append",
                    help="a measured table (several: their rows together)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--table", action="store_true",
                    help="print a Markdown table per benchmark instead of "
                    "the misses")
    for fig in ("coverage", "agreement", "precision", "recall"):
        ap.add_argument("--min-" + fig, type=float, default=None,
                        help="fail under this figure (0..1)")
    args = ap.parse_args()

    try:
        if not os.path.isdir(args.corpus):
            raise BadInput("corpus folder not found: %s" % args.corpus)
        if not os.path.isfile(args.analyzer):
            raise BadInput("analyzer not found: %s" % args.analyzer)
        measured = [r for t in args.measured for r in load_measured(t)]
    except BadInput as e:
        print("validate-real: %s" % e)
        return 2

    names = sorted({r["file"].split("/", 1)[0] for r in measured})
    missing_dirs = [n for n in names
                    if not os.path.isdir(os.path.join(args.corpus, n))]
    if missing_dirs:
        print("validate-real: benchmarks not in the corpus: %s"
              % ", ".join(missing_dirs))
        return 2

    accs_by_key = {}
    direct = {}  # the same, by the accesses' own lines alone
    reported = {}  # (file, line): the kernels with accesses there
    warned = {}  # (file, line): the kernels warned there
    also = {}  # (file, first line): every line of an access there
    inlined = {}  # (file, first line): its calls' (file, line, op, space)
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, doc, err in pool.map(
                lambda n: analyze(args.analyzer, args.corpus, n), names):
            if err:
                failures.append(err)
            for a in doc["accesses"]:
                a["_kernel"] = norm_kernel(a.get("kernel"))
                a["_block"] = norm_block(a.get("block_dim"))
                # nvcc may place the instruction on any line of an access
                # that spans several, and Nsight Compute also counts an
                # inlined call's instructions on the line of each call.
                file = relative(args.corpus, a["file"])
                first = int(a["line"])
                last = int(a.get("end_line", first))
                lines = {(file, line) for line in range(first, last + 1)}
                op_space = (str(a["op"]).lower(), str(a["space"]).lower())
                also.setdefault((file, first), set()).update(
                    line + op_space for line in lines)
                calls = {(relative(args.corpus, c["file"]), int(c["line"]))
                         for c in a.get("inlined_at", [])}
                inlined.setdefault((file, first), set()).update(
                    c + op_space for c in calls)
                # A load hoisted before a loop: on the loop's line (its
                # warnings are moved there below, not copied).
                hoist = a.get("hoisted_before")
                if hoist:
                    calls.add((relative(args.corpus, hoist["file"]),
                               int(hoist["line"])))
                for where in lines | calls:
                    accs_by_key.setdefault(where + op_space, []).append(a)
                    reported.setdefault(where, set()).add(a["_kernel"])
                for where in lines:
                    direct.setdefault(where + op_space, []).append(a)
            # A load hoisted before a loop is on the loop's line alone.
            hoisted = {(a["file"], int(a["line"]), a.get("column")):
                       (relative(args.corpus, a["hoisted_before"]["file"]),
                        int(a["hoisted_before"]["line"]))
                       for a in doc["accesses"] if "hoisted_before" in a}
            for d in doc.get("diagnostics", []):
                if d.get("check") in WASTE_CHECKS:
                    where = hoisted.get(
                        (d["file"], int(d["line"]), d.get("column")),
                        (relative(args.corpus, d["file"]), int(d["line"])))
                    # Every instantiation the one warning stands for.
                    warned.setdefault(where, set()).update(
                        norm_kernel(k)
                        for k in d.get("kernels") or [d.get("kernel")])
    groups = {}
    lines = {}
    for r in measured:
        groups.setdefault((r["file"], r["line"], r["op"], r["space"],
                           r["kernel"]), []).append(r)
        lines.setdefault((r["file"], r["line"]), []).append(r)
    measured_at = {k[:4] for k in groups}

    # A warning is on each other line of its access, and on the line of a
    # call that inlined it, where that line measured such an access (the
    # instruction may be on any of them; a call not inlined counts nothing
    # there, nor does a line of a two-line store that measured only the
    # load of its value, nor a call's line with an access of its own of the
    # same operation and space, matched to the measured rows alone).
    for where, kernels in list(warned.items()):
        for line in also.get(where, set()) | {
                c for c in inlined.get(where, set()) if c not in direct}:
            if line[:2] == where or line in measured_at:
                warned.setdefault(line[:2], set()).update(kernels)

    results = []  # (label, verdict, predicted, measured, reason)
    for key in sorted(groups):
        file, line, op, space, kernel = key
        rows = groups[key]
        meas = measured_value(rows, space)
        if meas is None:
            continue  # never executed: nothing to compare
        label = "%s:%d %s %s %s" % (file, line, op, space, kernel)
        # A line's own accesses where it has some: an inlined call's
        # instructions are then counted on the callee's lines (quicksort's
        # bitonic_sort, called where the caller loads its array pointer).
        # Else an access whose space the analyzer could not tell: the
        # measured access all the same, unknown.
        accs = [choose(direct.get((file, line, op, sp), []), kernel,
                       rows[0]["block"]) or
                choose(accs_by_key.get((file, line, op, sp), []), kernel,
                       rows[0]["block"]) for sp in (space, "unknown")]
        accs = accs[0] or accs[1]
        if not accs:
            results.append((label, "no access reported", None, meas, ""))
            continue
        pred, unknown = predicted_value(accs, space)
        if unknown:
            reason = next((a.get("reason", "") for a in accs
                           if a.get("status") != "known"), "") or next(
                ("the lanes that run it: " + a["lanes_decided_by"]
                 for a in accs if a.get("lanes_decided_by")), "") or next(
                ("its alignment, read from memory: " + s for a in accs
                 if a.get("alignment_from_data")
                 for s in a.get("assumptions", [])
                 if "decide" in s and "the alignment" in s), "")
            results.append((label, "unknown", None, meas, reason))
        else:
            results.append((label, "agrees" if agree(pred, meas)
                            else "differs", pred, meas, ""))

    executed = {k for k, rows in lines.items()
                if any(r["instructions"] > 0 for r in rows)}
    waste = {k for k in executed if wastes(lines[k])}
    judged = {k for k in executed if k in warned and any(
        warns(warned[k], reported.get(k, set()), r["kernel"])
        for r in lines[k])}
    hits = judged & waste

    for err in failures:
        print("validate-real: %s" % err)
    if args.table:
        print_table(results)
    else:
        print_misses(results, judged - waste, waste - judged)

    n = len(results)
    known = [r for r in results if r[1] in ("agrees", "differs")]
    agreeing = sum(1 for r in known if r[1] == "agrees")
    figs = {
        "coverage": len(known) / n if n else 0.0,
        "agreement": agreeing / len(known) if known else 0.0,
        "precision": len(hits) / len(judged) if judged else 0.0,
        "recall": len(hits) / len(waste) if waste else 0.0,
    }
    print("validate-real: %d benchmarks; coverage %d/%d (%.1f%%), agreement "
          "%d/%d (%.1f%%), precision %.2f (%d/%d lines), recall %.2f "
          "(%d/%d lines)"
          % (len(names), len(known), n, 100 * figs["coverage"], agreeing,
             len(known), 100 * figs["agreement"], figs["precision"],
             len(hits), len(judged), figs["recall"], len(hits), len(waste)))
    low = [f for f in figs if getattr(args, "min_" + f) is not None
           and figs[f] < getattr(args, "min_" + f)]
    if low:
        print("validate-real: under the target: %s" % ", ".join(
            "%s %.3f < %.3f" % (f, figs[f], getattr(args, "min_" + f))
            for f in low))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
