"""Opens the HTML report in headless Chromium (Debian's chromium and
chromium-driver, through python3-selenium) and prints what a reader would
check: console errors; the legend; a unit for every column of numbers;
each warning's check linked to its page; for each warning's drawing
whether the sectors (global) or, phase by phase, the banks' distinct words
(shared) equal what the JSON's lanes for the same access give, and whether
the phases' worst banks allow the JSON's wavefronts; that no axis label
runs into the boxes; then sorts the accesses by wasted bytes with a click
and says whether the order holds.

usage: check_html.py REPORT.html REPORT.json DOCS_DIR
"""
import json
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

# What the page shows, read in one script: a call per element is slow.
READ_WARNINGS = """
return Array.from(document.querySelectorAll('div.warning')).map(function (w) {
  var svg = w.querySelector('svg.warp');
  return {
    key: [w.dataset.file, +w.dataset.line, +w.dataset.column, w.dataset.kernel],
    check: w.dataset.check || '',
    links: Array.from(w.querySelectorAll('a.check')).map(function (a) {
      return [a.getAttribute('href'), a.textContent]; }),
    kind: svg ? svg.dataset.kind : null,
    sectors: svg ? svg.querySelectorAll('rect.sector').length : 0,
    phases: svg ? Array.from(svg.querySelectorAll('g.phase')).map(function (g) {
      return {first: +g.dataset.firstLane, last: +g.dataset.lastLane,
              ways: Array.from(g.querySelectorAll('rect.bank')).map(
                  function (r) { return +r.dataset.ways; })}; }) : [],
    // The axis labels' right edges against the first box's left edge.
    labels: svg ? Array.from(svg.querySelectorAll('text')).filter(function (t) {
      return ['lane', 'sector', 'bank'].indexOf(t.textContent) >= 0; }).map(
        function (t) { var b = t.getBBox(); return b.x + b.width; }) : [],
    boxes: svg ? Math.min.apply(null, Array.from(svg.querySelectorAll(
        'rect.sector, rect.bank')).map(function (r) {
          return r.x.baseVal.value; })) : 0
  };
});
"""
READ_TABLE = """
var t = document.querySelector('table.sortable');
return {
  headers: Array.from(t.tHead.rows[0].cells).map(function (th) {
    return [th.textContent, th.dataset.unit || '']; }),
  rows: Array.from(t.tBodies[0].rows).map(function (r) {
    return Array.from(r.cells).map(function (c) {
      return [c.textContent, c.dataset.v, c.classList.contains('n')]; }); })
};
"""


def phase_ways(access):
    """Per phase of the access's worst request, the distinct 4-byte words
    each of the 32 banks serves, from the JSON's lanes."""
    req, size = access["worst_request"], access["bytes"]
    phases = 4 if size > 8 else 2 if size > 4 else 1
    words = [[set() for _ in range(32)] for _ in range(phases)]
    for lane, offset in req["lanes"]:
        address = req["first_mod128"] + offset
        for w in range(address // 4, (address + size - 1) // 4 + 1):
            words[lane // (32 // phases)][w % 32].add(w)
    return [[len(b) for b in p] for p in words]


def wavefronts_allowed(ways):
    """The fewest and most wavefronts phases with these worst banks need:
    two conflict-free phases of a pair may share one."""
    worst = [max(p) for p in ways]
    if len(worst) == 1:
        return worst[0], worst[0]
    low = high = 0
    for a, b in zip(worst[0::2], worst[1::2]):
        high += a + b
        low += 1 if a == b == 1 else a + b
    return low, high


def main():
    page, doc, docs = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]
    opts = Options()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                              options=opts)
    try:
        driver.get("file://" + page)
        errors = [e for e in driver.get_log("browser")
                  if e["level"] == "SEVERE"]
        print("console errors:", len(errors))
        for e in errors:
            print("  ", e["message"])

        legend = driver.find_elements(By.CSS_SELECTOR, "div.legend")
        swatches = [s for s in ("sector", "bank", "conflict", "unused")
                    if legend and legend[0].find_elements(
                        By.CSS_SELECTOR, "rect.swatch-" + s)]
        print("legend: swatches", " ".join(swatches), "phases",
              bool(legend) and "phase" in legend[0].text)

        # The access each warning is drawn from, as the report picks it:
        # the most wasteful at its place, the first of a tie.
        best, spaces = {}, {}
        for a in doc["accesses"]:
            key = (a["file"], a["line"], a["column"], a["kernel"])
            spaces.setdefault(key, set()).add(a["space"])
            if key not in best or a.get("wasted_bytes", 0) > \
                    best[key].get("wasted_bytes", 0):
                best[key] = a
        warnings = driver.execute_script(READ_WARNINGS)

        paged = linked = 0
        for w in warnings:
            if not os.path.exists(os.path.join(docs, "rules",
                                               w["check"] + ".md")):
                continue
            paged += 1
            good = [h for h, text in w["links"] if text == w["check"] and
                    h.startswith("https://") and
                    h.endswith("/rules/" + w["check"] + ".md")]
            linked += len(good) == 1
        print("check links:", linked, "to rules/<check>.md of", paged,
              "warnings whose check has a page")

        drawn = agree = clear = 0
        phases = {4: [0, 0], 8: [0, 0], 16: [0, 0]}
        for w in warnings:
            if not w["kind"]:
                continue
            key = tuple(w["key"])
            a = best[key]
            drawn += 1
            clear += max(w["labels"]) <= w["boxes"]
            if a["space"] == "global":
                ok = w["sectors"] == a["sectors"]
            else:
                expected = phase_ways(a)
                if a["bytes"] in phases:
                    phases[a["bytes"]][0] += 1
                    phases[a["bytes"]][1] += len(w["phases"]) == len(expected)
                lanes = 32 // len(expected)
                ok = [p["ways"] for p in w["phases"]] == expected and all(
                    p["first"] == i * lanes and p["last"] == i * lanes +
                    lanes - 1 for i, p in enumerate(w["phases"]))
                # Where the phases follow from the size alone: a plain load
                # or store, not in pieces, not the shared side of an
                # instruction that also reads global memory (cp.async).
                if ok and "wavefronts" in a and a["op"] in ("load", "store") \
                        and "pieces" not in a and "width" not in a \
                        and spaces[key] == {"shared"}:
                    low, high = wavefronts_allowed(expected)
                    ok = low <= a["wavefronts"] <= high
            agree += ok
            if not ok:
                print("  differs:", key)
        print("drawings:", drawn, "agree with the JSON:", agree,
              "labels clear of the boxes:", clear)
        for size in (16, 8, 4):
            print("%d-byte shared drawings: %d with %d phases: %d" %
                  (size, phases[size][0], 32 // {16: 8, 8: 16, 4: 32}[size],
                   phases[size][1]))

        table = driver.execute_script(READ_TABLE)
        names = [h for h, _ in table["headers"]]
        unit_of = {"global": "sectors", "shared": "wavefronts",
                   "constant": "requests"}
        space = names.index("space")
        numeric = with_unit = cells = named = 0
        for col, (header, unit) in enumerate(table["headers"]):
            values = [r[col] for r in table["rows"] if r[col][0]]
            if header == "line" or not values or not all(
                    n for _, _, n in values):
                continue
            numeric += 1
            with_unit += bool(unit) and header.endswith("(%s)" % unit)
            if "sectors" in unit:
                # Counts in the row's unit: each cell names it.
                for r in table["rows"]:
                    if r[col][0]:
                        cells += 1
                        named += r[col][0].endswith(" " + unit_of[r[space][0]])
        print("columns of numbers:", numeric, "with a unit:", with_unit,
              "counts naming their row's unit:", named, "of", cells)

        col = [h.startswith("wasted") for h in names].index(True)
        driver.find_elements(By.CSS_SELECTOR, "th")[col].click()
        values = driver.execute_script(
            "return Array.from(document.querySelector('table.sortable')"
            ".tBodies[0].rows).map(function (r) { return r.cells[%d]"
            ".dataset.v; });" % col)
        nums = [int(v) for v in values if v]
        print("rows:", len(values), "sorted by wasted bytes, most first:",
              nums == sorted(nums, reverse=True) and len(nums) > 0)
    finally:
        driver.quit()


main()
