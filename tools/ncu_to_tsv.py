#!/usr/bin/env python3
"""Turn Nsight Compute CSV exports into the measured-access table.

Usage:
  ncu_to_tsv.py --out TSV [--meta "key: value" ...] CSVDIR_OR_FILES...

Inputs, per profiled program NAME (from tools/measure-on-gpu.sh):
  NAME.source.csv  ncu -i REP --page source --csv --print-source cuda,sass
  NAME.raw.csv     ncu -i REP --page raw --csv            (optional)

Source page layout (per profiled kernel): rows "File Path",... and
"Function Name",..., then a header row whose first cell is "Line No"; each
CUDA source line row (first cell = line number) is followed by its SASS rows
(first cell empty). Columns are found by header name, never by position.

Output: a '#' comment block (the --meta lines), then one header row and one
row per memory SASS instruction (Global, Shared, Generic):
  file line kernel block grid space op bytes instructions threads sectors
  ideal_sectors wavefronts duration_ns
"""

import argparse
import csv
import os
import re
import sys

COLUMNS = [
    "file", "line", "kernel", "block", "grid", "space", "op", "bytes",
    "instructions", "threads", "sectors", "ideal_sectors", "wavefronts",
    "duration_ns",
    # Extra columns (after the agreed ones), straight from the source page:
    # L1 Tag Requests Global, L1 Wavefronts Shared (total), L1 Wavefronts
    # Shared Ideal, Predicated-On Thread Instructions Executed.
    "tag_requests", "wavefronts_total", "wavefronts_ideal",
    "predicated_on_thread_instructions",
]

KEEP_SPACES = {"global": "global", "shared": "shared", "generic": "generic"}


def norm(name):
    return re.sub(r"\s+", " ", (name or "").strip().strip('"')).lower()


def find_col(header, *names, prefix=False):
    """Index of the first header cell equal to one of names (normalized)."""
    cells = [norm(h) for h in header]
    for name in names:
        n = norm(name)
        if n in cells:
            return cells.index(n)
    if prefix:
        for name in names:
            n = norm(name)
            for i, c in enumerate(cells):
                if c.startswith(n):
                    return i
    return None


def cell(row, idx):
    if idx is None or idx >= len(row):
        return ""
    return row[idx].strip()


def number(text):
    """Parse '1,024' / '3.5' / '' into a float or None."""
    t = (text or "").strip().replace(",", "")
    if t in ("", "-", "n/a", "N/A"):
        return None
    try:
        return float(t)
    except ValueError:
        return None


def fmt(x):
    if x is None:
        return ""
    if isinstance(x, str):
        return x
    if float(x).is_integer():
        return str(int(x))
    return ("%.6f" % x).rstrip("0").rstrip(".")


def kernel_name(demangled):
    """'void strided<2>(const float *, int)' -> 'strided<2>'."""
    s = (demangled or "").strip()
    angle = paren = 0
    cut = None
    for i, ch in enumerate(s):
        if ch == "<":
            angle += 1
        elif ch == ">":
            angle = max(0, angle - 1)
        elif ch == "(":
            if angle == 0 and paren == 0 and i > 0 and \
                    not s.startswith("(anonymous", i):
                cut = i
                break
            paren += 1
        elif ch == ")":
            paren = max(0, paren - 1)
    if cut is not None:
        s = s[:cut]
    # Drop a leading return type ("void "): last top-level space-separated
    # token.
    angle = 0
    last = 0
    for i, ch in enumerate(s):
        if ch == "<":
            angle += 1
        elif ch == ">":
            angle = max(0, angle - 1)
        elif ch == " " and angle == 0 and not s.startswith("namespace)", i + 1):
            last = i + 1
    return s[last:].strip()


def opcode_op(sass):
    """Operation from the SASS text when ncu prints '-' (e.g. REDG)."""
    text = (sass or "").strip()
    if text.startswith("@"):
        text = text.split(None, 1)[1] if " " in text else ""
    opcode = text.split(".")[0].split(" ")[0].upper()
    if opcode.startswith(("ATOM", "RED")):
        return "atomic"
    if opcode.startswith("LD"):
        return "load"
    if opcode.startswith("ST"):
        return "store"
    return opcode.lower() or "-"


def read_csv(path):
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        return list(csv.reader(f))


def source_file(path, program):
    """The file a row names: its base name, or, with --program-paths, the
    path below the program's own folder prefixed with that folder
    ('adjacent-cuda/main.cu'), so that programs with equal file names stay
    apart; a file outside the folder (a system header) keeps its base name."""
    if program:
        marker = "/" + program + "/"
        if marker in path:
            return program + "/" + path.split(marker, 1)[1]
    return os.path.basename(path)


def parse_source(path, program=None):
    """List of kernel results: dict(name, files, rows=[...])."""
    results = []
    cur = None
    file_path = ""
    header = None
    cols = {}
    pending_name = None
    line = None
    for row in read_csv(path):
        if not row or all(not c.strip() for c in row):
            continue
        first = norm(row[0])
        if first == "file path":
            file_path = cell(row, 1)
            header = None
            continue
        if first in ("function name", "kernel name", "function"):
            name = cell(row, 1)
            fbase = source_file(file_path, program)
            if cur is not None and cur["raw_name"] == name and \
                    fbase not in cur["files"]:
                # Same kernel continuing in another source file.
                cur["files"].add(fbase)
            else:
                cur = {"raw_name": name, "name": kernel_name(name),
                       "files": {fbase}, "rows": [], "seen": set()}
                results.append(cur)
            header = None
            continue
        if first in ("line no", "line no.", "line", "#"):
            header = row
            srcs = [i for i, h in enumerate(header) if norm(h) == "source"]
            cols = {
                "addr": find_col(header, "Address"),
                "sass": srcs[1] if len(srcs) > 1 else None,
                "space": find_col(header, "Address Space"),
                "op": find_col(header, "Access Operation"),
                "size": find_col(header, "Access Size"),
                "inst": find_col(header, "Instructions Executed",
                                 "Warp Instructions Executed"),
                "threads": find_col(header, "Avg. Threads Executed",
                                    "Avg Threads Executed"),
                "sectors": find_col(header, "L2 Theoretical Sectors Global"),
                "ideal": find_col(header,
                                  "L2 Theoretical Sectors Global Ideal"),
                "nway": find_col(header, "L1 Conflicts Shared N-Way",
                                 prefix=True),
                "tags": find_col(header, "L1 Tag Requests Global"),
                "wf_total": find_col(header, "L1 Wavefronts Shared"),
                "wf_ideal": find_col(header, "L1 Wavefronts Shared Ideal"),
                "pred_on": find_col(header, "Predicated-On Thread "
                                    "Instructions Executed"),
            }
            if cols["space"] is None:
                sys.stderr.write("ncu_to_tsv: %s: no 'Address Space' column "
                                 "in header %r\n" % (path, header[:6]))
            if cur is None:  # header without a Function Name row
                cur = {"raw_name": "", "name": "", "files": set(),
                       "rows": [], "seen": set()}
                results.append(cur)
            cur["files"].add(source_file(file_path, program))
            line = None
            continue
        if header is None:
            continue  # preamble rows we do not know
        if row[0].strip():
            n = number(row[0])
            line = int(n) if n is not None else None
            continue
        # SASS row.
        space = norm(cell(row, cols["space"]))
        # cp.async (LDGSTS) is one row of both spaces: its global read's
        # sectors and its shared write's wavefronts.
        copy = space == "global,shared"
        if (space not in KEEP_SPACES and not copy) or line is None:
            continue
        addr = cell(row, cols["addr"])
        if addr and addr not in ("-", "..."):
            # ncu repeats a line's SASS block once per address range; count
            # each instruction once per (file, line).
            key = (source_file(file_path, program), line, addr)
            if key in cur["seen"]:
                continue
            cur["seen"].add(key)
        op = norm(cell(row, cols["op"]))
        if op in ("", "-"):
            op = opcode_op(cell(row, cols["sass"]))
        if op.startswith("atom") or op.startswith("red"):
            op = "atomic"
        elif op.startswith("load") or op == "ld":
            op = "load"
        elif op.startswith("store") or op == "st":
            op = "store"
        bits = number(cell(row, cols["size"]))
        base = {
            "file": source_file(file_path, program),
            "line": line,
            "space": "global" if copy else KEEP_SPACES[space],
            "op": "load" if copy else op.replace(" ", "_"),
            "bytes": None if bits is None else bits / 8.0,
            "instructions": number(cell(row, cols["inst"])),
            "threads": number(cell(row, cols["threads"])),
            "sectors": number(cell(row, cols["sectors"])),
            "ideal_sectors": number(cell(row, cols["ideal"])),
            "wavefronts": cell(row, cols["nway"]).replace(",", ""),
            "tag_requests": number(cell(row, cols["tags"])),
            "wavefronts_total": number(cell(row, cols["wf_total"])),
            "wavefronts_ideal": number(cell(row, cols["wf_ideal"])),
            "predicated_on_thread_instructions":
                number(cell(row, cols["pred_on"])),
        }
        if not copy:
            cur["rows"].append(base)
            continue
        read = dict(base, wavefronts="0", wavefronts_total=0,
                    wavefronts_ideal=0)
        write = dict(base, space="shared", op="store", sectors=0,
                     ideal_sectors=0, tag_requests=0)
        cur["rows"].extend([read, write])
    return results


TIME_UNITS = {"nsecond": 1.0, "ns": 1.0, "usecond": 1e3, "us": 1e3,
              "msecond": 1e6, "ms": 1e6, "second": 1e9, "s": 1e9,
              "cycle": None}


def dims(row, header, base):
    """'32x8x1' from launch__BASE_dim_x/y/z, or a '(32, 8, 1)' column."""
    xyz = [find_col(header, "launch__%s_dim_%s" % (base, a)) for a in "xyz"]
    if all(i is not None for i in xyz):
        vals = [number(cell(row, i)) for i in xyz]
        if all(v is not None for v in vals):
            return "x".join(str(int(v)) for v in vals)
    i = find_col(header, "Block Size" if base == "block" else "Grid Size")
    if i is not None:
        nums = re.findall(r"\d+", cell(row, i).replace(",", " "))
        if nums:
            nums = (nums + ["1", "1"])[:3]
            return "x".join(nums)
    return ""


def parse_raw(path):
    """List of dict(name, block, grid, duration_ns) in report order."""
    rows = read_csv(path)
    header = None
    out = []
    units = None
    for row in rows:
        if header is None:
            if find_col(row, "Kernel Name", "Function Name") is not None:
                header = row
            continue
        id_col = find_col(header, "ID")
        name_col = find_col(header, "Kernel Name", "Function Name")
        if id_col is not None and number(cell(row, id_col)) is None:
            units = row  # the units row right after the header
            continue
        dcol = find_col(header, "gpu__time_duration.sum")
        dur = number(cell(row, dcol))
        if dur is not None and units is not None and dcol < len(units):
            scale = TIME_UNITS.get(units[dcol].strip().lower(), 1.0)
            dur = None if scale is None else dur * scale
        out.append({"name": kernel_name(cell(row, name_col)),
                    "block": dims(row, header, "block"),
                    "grid": dims(row, header, "grid"),
                    "duration_ns": dur})
    return out


def collect(paths):
    """(source_csv, raw_csv or None) pairs from directories and files."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += [os.path.join(p, f) for f in sorted(os.listdir(p))]
        else:
            files.append(p)
    pairs = []
    for f in files:
        if f.endswith(".source.csv"):
            raw = f[:-len(".source.csv")] + ".raw.csv"
            pairs.append((f, raw if os.path.exists(raw) else None))
        elif f.endswith(".csv") and not f.endswith(".raw.csv"):
            pairs.append((f, None))
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="TSV to write ('-': stdout)")
    ap.add_argument("--meta", action="append", default=[],
                    help="header comment line, e.g. 'gpu: NVIDIA H100'")
    ap.add_argument("--program-paths", action="store_true",
                    help="name files by their path below the folder named "
                    "as the program (NAME.source.csv -> NAME/...)")
    ap.add_argument("inputs", nargs="+",
                    help="directories or NAME.source.csv files")
    args = ap.parse_args()

    pairs = collect(args.inputs)
    if not pairs:
        sys.stderr.write("ncu_to_tsv: no *.source.csv inputs\n")
        return 2
    out_rows = []
    kernels = 0
    for src, raw in pairs:
        program = None
        if args.program_paths:
            program = os.path.basename(src)[:-len(".source.csv")]
        results = parse_source(src, program)
        launches = parse_raw(raw) if raw else []
        if launches and len(launches) != len(results):
            sys.stderr.write(
                "ncu_to_tsv: %s: %d kernels in the source page, %d in the "
                "raw page; matching by name\n"
                % (os.path.basename(src), len(results), len(launches)))
        used = set()
        for k, res in enumerate(results):
            launch = None
            if launches and len(launches) == len(results):
                launch = launches[k]
            else:
                for j, l in enumerate(launches):
                    if j not in used and l["name"] == res["name"]:
                        launch = l
                        used.add(j)
                        break
            launch = launch or {"name": "", "block": "", "grid": "",
                                "duration_ns": None}
            name = res["name"] or launch["name"]
            kernels += 1
            for r in res["rows"]:
                out_rows.append({**r, "kernel": name,
                                 "block": launch["block"],
                                 "grid": launch["grid"],
                                 "duration_ns": launch["duration_ns"]})
        if not results:
            sys.stderr.write("ncu_to_tsv: %s: no kernel found\n" % src)

    fh = sys.stdout if args.out == "-" else open(args.out, "w")
    try:
        for m in args.meta:
            fh.write("# %s\n" % m.replace("\n", " ").strip())
        fh.write("# rows: %d memory SASS instructions from %d kernel launches "
                 "in %d programs\n" % (len(out_rows), kernels, len(pairs)))
        fh.write("\t".join(COLUMNS) + "\n")
        for r in out_rows:
            fh.write("\t".join(fmt(r.get(c)) for c in COLUMNS) + "\n")
    finally:
        if fh is not sys.stdout:
            fh.close()
    sys.stderr.write("ncu_to_tsv: %d rows, %d kernel launches, %d programs\n"
                     % (len(out_rows), kernels, len(pairs)))
    return 0 if out_rows else 1


if __name__ == "__main__":
    sys.exit(main())
