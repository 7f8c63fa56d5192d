#!/usr/bin/env python3
"""Compare cuda-access-lint predictions with measured H100 counters.

  validate.py --analyzer build/bin/cuda-access-lint \\
      --measured cuda-samples/measured/h100.tsv cuda-samples/*.cu
  validate.py --json analyzer-output.json --measured ... FILES

Accesses are matched to measured rows by (file basename, line, op, space);
when the analyzer reports one access for several block shapes (or several
kernels, e.g. template instantiations) and the measured rows carry those, the
match is refined by block (and kernel) too.

Measured per group: global = sum(sectors) / sum(instructions); shared = the
instruction-weighted mean of wavefronts per instruction (sum of the total
"L1 Wavefronts Shared" / sum(instructions) when the TSV has it, else the
printed N-way). Predicted per group: the same average over executed warp
instructions: each known access contributes sectors_avg (or wavefronts_avg)
times its instances (requests with an active lane) over its executions
(warps that execute the instruction, all lanes predicated off included);
any unknown access makes the group unknown. Agree when |pred - meas| <= 0.5 or <= 10% of meas.

Constant reads (--constant, kernel-level counters): per warp, the constant-
cache requests beyond one per LDC (idc__requests.sum minus
smsp__inst_executed_op_ldc.sum, over the warps), against the sum of
(requests_avg - 1) over the kernel's constant accesses. Every LDC makes one
request at least, and the kernel's own (parameters, blockDim) one each; a
read the compiler proves uniform is a ULDC, neither an LDC nor a request,
and its prediction of one request adds nothing beyond one either.

Exit 0, or 1 below --min-percent, or 2 on bad input.
"""

import argparse
import csv
import json
import os
import re
import subprocess
import sys


class BadInput(Exception):
    pass


def norm_kernel(name):
    """'void strided<(int)2>(const float *)' -> 'strided<2>'."""
    s = (name or "").strip()
    depth = 0
    last_space = 0
    for i, ch in enumerate(s):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0:
            last_space = i + 1
        elif ch == "(" and depth == 0 and i > 0:
            s = s[:i]
            break
    s = s[last_space:] if last_space < len(s) else s
    s = re.sub(r"\((?:(?:unsigned|signed|long|short|int|char|bool|"
               r"std::size_t|size_t)\s*)+\)", "", s)
    # A bool template argument: clang's `false`, the profiler's `0`.
    s = re.sub(r"\bfalse\b", "0", re.sub(r"\btrue\b", "1", s))
    # An unsigned or long one: clang's `6U`, the profiler's `(unsigned int)6`.
    s = re.sub(r"\b(\d+)(?:[uU][lL]{0,2}|[lL]{1,2}[uU]?)\b", r"\1", s)
    return s.replace(" ", "")


# Headers whose functions the analyzer reports at the user's call.
CALL_HEADERS = {"cuda_pipeline_helpers.h", "mma.hpp"}


def norm_block(b):
    """'32x8x1', '32x8', [32, 8, 1], (32, 8) -> '32x8x1'."""
    if b is None or b == "":
        return ""
    if isinstance(b, (list, tuple)):
        vals = [int(v) for v in b]
    else:
        vals = [int(v) for v in re.findall(r"\d+", str(b))]
    if not vals:
        return ""
    vals = (vals + [1, 1])[:3]
    return "x".join(str(v) for v in vals)


def num(text):
    try:
        t = str(text).strip().replace(",", "")
        return float(t) if t not in ("", "-") else None
    except ValueError:
        return None


def load_measured(path, need=(), keep_path=False):
    """The measured rows; need: columns wanted beside the usual ones;
    keep_path: files as the table names them, not their base names."""
    if not os.path.isfile(path):
        raise BadInput("measured file not found: %s" % path)
    rows = []
    with open(path, newline="") as f:
        lines = [l for l in f if not l.startswith("#") and l.strip()]
    if not lines:
        raise BadInput("measured file has no header row: %s" % path)
    reader = csv.DictReader(lines, delimiter="\t")
    need = {"file", "line", "space", "op", "instructions"} | set(need)
    missing = need - set(reader.fieldnames or [])
    if missing:
        raise BadInput("measured file %s lacks columns: %s"
                       % (path, ", ".join(sorted(missing))))
    for r in reader:
        try:
            line = int(r["line"])
        except (TypeError, ValueError):
            continue
        rows.append({
            "file": r["file"] if keep_path else os.path.basename(r["file"]),
            "line": line,
            "space": (r.get("space") or "").lower(),
            "op": (r.get("op") or "").lower(),
            "kernel": norm_kernel(r.get("kernel")),
            "block": norm_block(r.get("block")),
            "instructions": num(r.get("instructions")) or 0.0,
            "sectors": num(r.get("sectors")),
            "ideal_sectors": num(r.get("ideal_sectors")),
            "wavefronts": num(r.get("wavefronts")),
            "wavefronts_total": num(r.get("wavefronts_total")),
            "wavefronts_ideal": num(r.get("wavefronts_ideal")),
        })
    return rows


def load_constant_requests(path):
    """Kernel-level counters as `ncu --csv --metrics idc__requests.sum,
    smsp__inst_executed_op_ldc.sum` prints them, its preamble kept:
    {kernel: {"requests", "ldc", "warps"}}."""
    if not os.path.isfile(path):
        raise BadInput("constant-requests file not found: %s" % path)
    with open(path, newline="") as f:
        lines = f.readlines()
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')),
                 None)
    if start is None:
        raise BadInput("constant-requests file has no header row: %s" % path)
    names = {"idc__requests.sum": "requests",
             "smsp__inst_executed_op_ldc.sum": "ldc"}
    out = {}
    for r in csv.DictReader(lines[start:]):
        kernel = norm_kernel(r.get("Kernel Name"))
        name = names.get(r.get("Metric Name"))
        if not kernel or not name:
            continue
        block = [int(v) for v in re.findall(r"\d+", r.get("Block Size", ""))]
        grid = [int(v) for v in re.findall(r"\d+", r.get("Grid Size", ""))]
        if len(block) != 3 or len(grid) != 3:
            raise BadInput("%s: no block or grid size for %s" % (path, kernel))
        m = out.setdefault(kernel, {})
        m[name] = num(r.get("Metric Value"))
        m["warps"] = ((block[0] * block[1] * block[2] + 31) // 32 *
                      grid[0] * grid[1] * grid[2])
    return out


def constant_results(tables, accesses, names):
    """(label, pred, meas, verdict) per kernel of the tables: the requests
    beyond one per LDC, per warp (the module's docstring)."""
    results = []
    for kernel, m in sorted(tables.items()):
        if m.get("requests") is None or m.get("ldc") is None:
            continue
        meas = (m["requests"] - m["ldc"]) / m["warps"]
        mine = [a for a in accesses if a.get("space") == "constant"
                and os.path.basename(a.get("file", "")) in names
                and norm_kernel(a.get("kernel")) == kernel]
        lines = sorted({"%s:%d" % (os.path.basename(a["file"]), a["line"])
                        for a in mine})
        label = "%s constant load %s" % (",".join(lines) or "-", kernel)
        if not mine:
            results.append((label, None, meas, "missing"))
        elif any(a.get("status") != "known" or a.get("lanes_decided_by")
                 for a in mine):
            results.append((label, None, meas, "unknown"))
        else:
            pred = sum((float(a["requests_avg"]) - 1) *
                       float(a["instances"]) / float(a["evaluated_warps"])
                       for a in mine)
            results.append((label, pred, meas,
                            "yes" if agree(pred, meas) else "NO"))
    return results


def run_analyzer(analyzer, files):
    if os.sep in analyzer and not os.path.isfile(analyzer):
        raise BadInput("analyzer not found: %s" % analyzer)
    try:
        proc = subprocess.run([analyzer, "--format=json"] + files + ["--"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise BadInput("analyzer not runnable: %s: %s" % (analyzer, e))
    err = proc.stderr.decode("utf-8", errors="replace")
    if err.strip():
        sys.stderr.write(err if err.endswith("\n") else err + "\n")
    return parse_json(proc.stdout.decode("utf-8", errors="replace"),
                      "analyzer output (exit %d)" % proc.returncode)


def parse_json(text, what):
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise BadInput("%s is not parseable JSON: %s" % (what, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("accesses"), list):
        raise BadInput("%s has no 'accesses' list" % what)
    return doc


def measured_value(rows, space):
    inst = sum(r["instructions"] for r in rows)
    if inst <= 0:
        return None
    if space == "global":
        if any(r["sectors"] is None for r in rows):
            return None
        return sum(r["sectors"] for r in rows) / inst
    if all(r["wavefronts_total"] is not None for r in rows):
        return sum(r["wavefronts_total"] for r in rows) / inst
    if any(r["wavefronts"] is None for r in rows):
        return None
    return sum(r["wavefronts"] * r["instructions"] for r in rows) / inst


def predicted_value(accs, space):
    """(value, unknown?)"""
    field = "sectors_avg" if space == "global" else "wavefronts_avg"
    total = weight = 0.0
    # Counts that hold whichever lanes the data run, in requests as many as
    # the data say: they weigh nothing known.
    unweighed = set()
    for a in accs:
        if a.get("status") != "known" or a.get(field) is None:
            return None, True
        value = float(a[field])
        # Where an unknown size decides the alignment (or the banks), the
        # average is the analyzer's at round sizes, the values it assumes.
        # Where a launch's loop passes the values, the average is over all
        # of them, and the profiler measured the first launch alone: its
        # count, at their first values.
        if a.get("count_over_launch_values"):
            value = float(a[field.replace("_avg", "_first_launch")])
        # The data decide which lanes run it, and so the average, unless
        # the count holds whichever lanes they are.
        if a.get("lanes_decided_by"):
            if not a.get("count_holds_for_any_lanes"):
                return None, True
            unweighed.add(value)
            continue
        # Per evaluated warp: an access whose blocks were sampled counts
        # the requests of each sampled block.
        warps = float(a.get("evaluated_warps") or 1)
        requests = float(a.get("instances") or 1) / warps
        executions = float(a.get("executions") or a.get("instances") or 1) / warps
        # A value read from memory decides the alignment: the data decide
        # the count.
        if a.get("alignment_from_data"):
            return None, True
        total += value * requests
        weight += max(executions, requests)
    if unweighed:
        known = {total / weight} if weight > 0 else set()
        if len(unweighed | known) != 1:
            return None, True
        return unweighed.pop(), False
    if weight <= 0:
        return None, True
    return total / weight, False


def agree(pred, meas):
    d = abs(pred - meas)
    return d <= 0.5 or d <= 0.1 * abs(meas)


def refine(meas_rows, accs, attr, acc_attr):
    """Split a group by attr when both sides carry several matching values.

    Returns a list of (label, meas_rows, accs)."""
    mvals = {r[attr] for r in meas_rows if r[attr]}
    avals = {acc_attr(a) for a in accs if acc_attr(a)}
    if len(avals) > 1 and mvals and mvals <= avals:
        return [(v, [r for r in meas_rows if r[attr] == v],
                 [a for a in accs if acc_attr(a) == v]) for v in sorted(mvals)]
    return [("", meas_rows, accs)]


def fmt(x):
    return "-" if x is None else ("%.2f" % x)


def main():
    ap = argparse.ArgumentParser(
        description="Compare cuda-access-lint predictions with measurements.")
    ap.add_argument("--analyzer", help="path of cuda-access-lint")
    ap.add_argument("--json", help="analyzer JSON output to use instead of "
                    "running the analyzer")
    ap.add_argument("--measured", required=True, action="append",
                    help="measured TSV (repeat for several tables, each "
                    "measured at its own date)")
    ap.add_argument("--constant", action="append", default=[],
                    help="kernel-level constant-cache counters (ncu CSV; "
                    "repeat for several)")
    ap.add_argument("--min-percent", type=float, default=None)
    ap.add_argument("--quiet", action="store_true",
                    help="print only disagreements and the summary")
    ap.add_argument("files", nargs="+", help="CUDA sources (.cu)")
    args = ap.parse_args()

    try:
        for f in args.files:
            if not os.path.isfile(f):
                raise BadInput("source file not found: %s" % f)
        measured = [r for path in args.measured for r in load_measured(path)]
        constant = {}
        for path in args.constant:
            constant.update(load_constant_requests(path))
        if args.json:
            if not os.path.isfile(args.json):
                raise BadInput("JSON file not found: %s" % args.json)
            with open(args.json) as fh:
                doc = parse_json(fh.read(), args.json)
        elif args.analyzer:
            doc = run_analyzer(args.analyzer, args.files)
        else:
            raise BadInput("give --analyzer or --json")
    except BadInput as e:
        print("validate: %s" % e)
        return 2

    names = {os.path.basename(f) for f in args.files}
    accs_by_key = {}
    for a in doc["accesses"]:
        try:
            key = (os.path.basename(a["file"]), int(a["line"]),
                   str(a["op"]).lower(), str(a["space"]).lower())
        except (KeyError, TypeError, ValueError):
            continue
        accs_by_key.setdefault(key, []).append(a)
    meas_by_key = {}
    for r in measured:
        if r["file"] in names and r["space"] in ("global", "shared"):
            key = (r["file"], r["line"], r["op"], r["space"])
            meas_by_key.setdefault(key, []).append(r)
    # The profiler counts an inlined toolkit function's instruction on its
    # header's line (cuda_pipeline_helpers.h for __pipeline_memcpy_async);
    # the analyzer reports the user's call. Such a row is the call's where
    # the kernel has one access of its operation and space that no row of
    # the sources measured. (device_atomic_functions.hpp's rows are not:
    # they repeat atomics the user's lines measured.)
    own = set(meas_by_key)
    for r in measured:
        if r["file"] not in CALL_HEADERS or r["space"] not in ("global",
                                                             "shared"):
            continue
        calls = {key for key, accs in accs_by_key.items()
                 if key[0] in names and key not in own
                 and key[2:] == (r["op"], r["space"])
                 and any(norm_kernel(a.get("kernel") or a.get("function"))
                         == norm_kernel(r["kernel"]) for a in accs)}
        if len(calls) == 1:
            meas_by_key.setdefault(calls.pop(), []).append(r)

    results = []  # (label, pred, meas, verdict)
    for key in sorted(meas_by_key):
        file, line, op, space = key
        mrows = meas_by_key[key]
        accs = accs_by_key.get(key, [])
        groups = [("", mrows, accs)]
        if accs:
            groups = refine(mrows, accs, "block",
                            lambda x: norm_block(x.get("block_dim")))
            split = []
            for blabel, m, a in groups:
                for klabel, m2, a2 in refine(
                        m, a, "kernel",
                        lambda x: norm_kernel(x.get("kernel") or
                                              x.get("function"))):
                    split.append((" ".join(s for s in (klabel, blabel) if s),
                                  m2, a2))
            groups = split
        for extra, m, a in groups:
            kernels = sorted({r["kernel"] for r in m if r["kernel"]})
            label = "%s:%d %s %s %s" % (file, line, op, space,
                                        extra or ",".join(kernels))
            meas = measured_value(m, space)
            if meas is None:
                continue  # never executed or no counter: nothing to compare
            if not a:
                results.append((label, None, meas, "missing"))
                continue
            pred, unknown = predicted_value(a, space)
            if unknown:
                results.append((label, None, meas, "unknown"))
            else:
                results.append((label, pred, meas,
                                "yes" if agree(pred, meas) else "NO"))

    results += constant_results(constant, doc["accesses"], names)
    width = max([len(r[0]) for r in results] + [10])
    print("%-*s %9s %9s  %s" % (width, "access", "predicted", "measured",
                                "agree?"))
    for label, pred, meas, verdict in results:
        if args.quiet and verdict == "yes":
            continue
        print("%-*s %9s %9s  %s" % (width, label, fmt(pred), fmt(meas),
                                    verdict))
    # (Constant reads are compared kernel by kernel, above.)
    unmatched = sorted(
        k for k, accs in accs_by_key.items() if k not in meas_by_key
        and k[0] in names and not (k[3] == "constant" and any(
            norm_kernel(a.get("kernel")) in constant for a in accs)))
    if unmatched and not args.quiet:
        print("# %d analyzer accesses with no measured row (not counted):"
              % len(unmatched))
        for k in unmatched:
            print("#   %s:%d %s %s" % k)
    n = len(results)
    k = sum(1 for r in results if r[3] == "yes")
    u = sum(1 for r in results if r[3] == "unknown")
    pct = 100.0 * k / n if n else 0.0
    print("agreement: %d/%d accesses (%.1f%%), %d unknown" % (k, n, pct, u))
    if args.min_percent is not None and pct < args.min_percent:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
