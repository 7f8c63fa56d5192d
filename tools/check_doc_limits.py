#!/usr/bin/env python3
"""Check that the limits the docs state are the code's.

  check_doc_limits.py [--root DIR] DOC.md...

A doc states limits in a markdown table whose header starts with the
columns `limit`, `value` and `where`:

  | limit | value | where | what it bounds |
  |---|---:|---|---|
  | `EvalLimits::MaxLoopTrips` | 64 | `analyzer/KernelEvaluator.h` | ... |

- limit: the C++ name in backticks. `Struct::Field` is a field's default
  in that struct; a plain name is a constant (`constexpr int Name = 6;`);
  a few names stand for a number written in a function's code (SPECIAL
  below: `runOnLargeStack`, `cheaperForTheRest`, `sampleBlocks`).
- value: an integer (digits, commas allowed), optionally followed by a
  unit: KiB, MiB or GiB.
- where: the file that defines it, in backticks, relative to the root.

Every field of EvalLimits (analyzer/KernelEvaluator.h) must appear in the
tables of the docs given. The code's values are integer literals (with
`u`/`l` suffixes and `'` separators), or products and shifts of them.

Prints one line per mismatch and exits 1; exits 0 when the docs and the
code agree; 2 on bad input (a doc that cannot be read, has no limits
table, or a row that does not parse).
"""

import argparse
import os
import re
import sys

# Numbers written in code without a name of their own: the function that
# holds them, and the pattern whose group is the number.
SPECIAL = {
    # llvm::thread T(std::optional<unsigned>(128u << 20), ...)
    "runOnLargeStack": r"std::optional<unsigned>\(\s*([^()]+?)\s*\)",
    # Run(OneWarp, 1, 2, Alone): one warp, every loop cut at 2 trips
    "cheaperForTheRest": r"Run\(\s*OneWarp\s*,\s*\d+\s*,\s*([^,()]+?)\s*,",
    # spreadBlocks(*Shape.Grid, 4)
    "sampleBlocks": r"spreadBlocks\([^,()]*,\s*([^,()]+?)\s*\)",
}

REQUIRED = ("EvalLimits", "analyzer/KernelEvaluator.h")

UNITS = {"": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


class BadInput(Exception):
    pass


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def int_literal(tok):
    tok = tok.strip().replace("'", "")
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|\d+)[uUlL]*", tok)
    if not m:
        return None
    return int(m.group(1), 0)


def evaluate(expr):
    """An integer literal, or literals joined by `<<` or `*`; else None."""
    expr = expr.strip()
    while expr.startswith("(") and expr.endswith(")"):
        expr = expr[1:-1].strip()
    if "<<" in expr:
        left, _, right = expr.partition("<<")
        a, b = evaluate(left), evaluate(right)
        return None if a is None or b is None else a << b
    if "*" in expr:
        value = 1
        for part in expr.split("*"):
            v = evaluate(part)
            if v is None:
                return None
            value *= v
        return value
    return int_literal(expr)


def body_after(text, start):
    """The text between the brace at or after start and its match."""
    open_at = text.find("{", start)
    if open_at < 0:
        return None
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i]
    return None


def struct_body(code, name):
    m = re.search(r"\b(?:struct|class)\s+" + re.escape(name) + r"\b[^;{]*\{",
                  code)
    return body_after(code, m.start()) if m else None


def function_body(code, name):
    """The body of the definition of function name (not a declaration)."""
    for m in re.finditer(r"\b" + re.escape(name) + r"\s*\(", code):
        depth = 0
        i = m.end() - 1
        for i in range(m.end() - 1, len(code)):
            if code[i] == "(":
                depth += 1
            elif code[i] == ")":
                depth -= 1
                if depth == 0:
                    break
        rest = code[i + 1:]
        after = re.match(r"[^;{}]*", rest).group(0)
        if rest[len(after):len(after) + 1] == "{" and "=" not in after:
            return body_after(code, i + 1 + len(after))
    return None


def field_default(body, field):
    """Field's initializer in a struct body: `int F = 64;`, `F{64}`."""
    m = re.search(r"\b" + re.escape(field) +
                  r"\s*(?:=\s*([^;{}]+?)|\{([^{}]*)\})\s*;", body)
    if not m:
        return None
    return m.group(1) if m.group(1) is not None else m.group(2)


def code_value(root, where, limit):
    """(value, None) or (None, why)."""
    path = os.path.join(root, where)
    try:
        with open(path, errors="replace") as f:
            code = strip_comments(f.read())
    except OSError:
        return None, "no file %s" % where
    if limit in SPECIAL:
        body = function_body(code, limit)
        if body is None:
            return None, "no function %s in %s" % (limit, where)
        m = re.search(SPECIAL[limit], body)
        expr = m.group(1) if m else None
    elif "::" in limit:
        scope, _, field = limit.rpartition("::")
        body = struct_body(code, scope.split("::")[-1])
        if body is None:
            return None, "no struct %s in %s" % (scope, where)
        expr = field_default(body, field)
    else:
        m = re.search(r"\bconstexpr\b[^;=]*\b" + re.escape(limit) +
                      r"\s*=\s*([^;]+);", code)
        expr = m.group(1) if m else None
    if expr is None:
        return None, "no definition of %s in %s" % (limit, where)
    value = evaluate(expr)
    if value is None:
        return None, "%s in %s is '%s', not a number" % (limit, where,
                                                         expr.strip())
    return value, None


def eval_limits_fields(root):
    where = REQUIRED[1]
    try:
        with open(os.path.join(root, where), errors="replace") as f:
            code = strip_comments(f.read())
    except OSError:
        raise BadInput("cannot read %s" % where)
    body = struct_body(code, REQUIRED[0])
    if body is None:
        raise BadInput("no struct %s in %s" % REQUIRED)
    fields = re.findall(r"\b(\w+)\s*(?:=[^;{}]+|\{[^{}]*\})\s*;", body)
    if not fields:
        raise BadInput("no fields in %s of %s" % REQUIRED)
    return fields


def cells(line):
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return None
    return [c.strip() for c in line[1:-1].split("|")]


def doc_rows(path):
    """[(place, limit, value, value as written, file)] of every limits
    table."""
    try:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise BadInput("cannot read %s: %s" % (path, e.strerror))
    rows = []
    tables = 0
    i = 0
    while i < len(lines):
        head = cells(lines[i])
        if head and len(head) >= 3 and [h.lower() for h in head[:3]] == \
                ["limit", "value", "where"]:
            tables += 1
            i += 2  # the separator row
            while i < len(lines) and cells(lines[i]) is not None:
                row = cells(lines[i])
                where = "%s:%d" % (path, i + 1)
                row += [""] * (3 - len(row))
                name = re.fullmatch(r"`([A-Za-z_][\w:]*)`", row[0])
                value = re.fullmatch(r"(\d[\d,]*)\s*(KiB|MiB|GiB)?", row[1])
                file = re.fullmatch(r"`([^`]+)`", row[2])
                if not (name and file and value):
                    raise BadInput("%s: a limits row must be | `Name` | "
                                   "NUMBER [KiB|MiB|GiB] | `path` | ...: %s"
                                   % (where, lines[i].strip()))
                number = int(value.group(1).replace(",", ""))
                number *= UNITS[value.group(2) or ""]
                rows.append((where, name.group(1), number, row[1],
                             file.group(1)))
                i += 1
            continue
        i += 1
    if not tables:
        raise BadInput("%s: no limits table (a header | limit | value | "
                       "where |)" % path)
    return rows


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(here),
                    help="the source tree (default: this script's ../)")
    ap.add_argument("docs", nargs="+",
                    help="markdown pages with limits tables")
    args = ap.parse_args()
    try:
        rows = [r for d in args.docs for r in doc_rows(d)]
        fields = eval_limits_fields(args.root)
    except BadInput as e:
        print("check_doc_limits: %s" % e, file=sys.stderr)
        return 2
    problems = []
    stated = set()
    for where, limit, number, written, file in rows:
        value, why = code_value(args.root, file, limit)
        if why:
            problems.append("%s: %s = %s: %s" % (where, limit, written, why))
        elif value != number:
            problems.append("%s: %s is %s in the doc, %d in %s"
                            % (where, limit, written, value, file))
        if file == REQUIRED[1]:
            stated.add(limit)
    for field in fields:
        if REQUIRED[0] + "::" + field not in stated:
            problems.append("%s::%s (%s) is in no limits table of %s"
                            % (REQUIRED[0], field, REQUIRED[1],
                               ", ".join(args.docs)))
    for p in problems:
        print(p)
    if not problems:
        print("check_doc_limits: %d limits agree with the code" % len(rows))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
