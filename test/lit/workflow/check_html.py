"""Opens the HTML report in headless Chromium (Debian's chromium and
chromium-driver, through python3-selenium) and prints what a reader would
check: console errors, and for each warning's drawing whether the sectors
or bank ways drawn equal the JSON's numbers for the same access; then sorts
the accesses by wasted bytes with a click and says whether the order holds.

usage: check_html.py REPORT.html REPORT.json
"""
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def main():
    page, doc = sys.argv[1], json.load(open(sys.argv[2]))
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
        best = {}
        for a in doc["accesses"]:
            key = (a["file"], a["line"], a["column"], a["kernel"])
            if key not in best or a.get("wasted_bytes", 0) > \
                    best[key].get("wasted_bytes", 0):
                best[key] = a
        drawn = agree = 0
        for w in driver.find_elements(By.CSS_SELECTOR, "div.warning"):
            svgs = w.find_elements(By.CSS_SELECTOR, "svg.warp")
            if not svgs:
                continue
            key = (w.get_attribute("data-file"),
                   int(w.get_attribute("data-line")),
                   int(w.get_attribute("data-column")),
                   w.get_attribute("data-kernel"))
            a = best[key]
            drawn += 1
            if a["space"] == "global":
                n = len(svgs[0].find_elements(By.CSS_SELECTOR, "rect.sector"))
                ok = n == a["sectors"]
            else:
                ways = [int(r.get_attribute("data-ways")) for r in
                        svgs[0].find_elements(By.CSS_SELECTOR, "rect.bank")]
                # 4-byte words: the wavefronts are the most distinct words
                # a bank serves.
                ok = a["bytes"] != 4 or max(ways) == a["wavefronts"]
            agree += ok
            if not ok:
                print("  differs:", key)
        print("drawings:", drawn, "agree with the JSON:", agree)
        header = [th for th in driver.find_elements(By.CSS_SELECTOR, "th")
                  if th.text == "wasted bytes"][0]
        col = [th.text for th in
               driver.find_elements(By.CSS_SELECTOR, "th")].index(
                   "wasted bytes")
        header.click()
        values = [r.find_elements(By.TAG_NAME, "td")[col].text for r in
                  driver.find_elements(By.CSS_SELECTOR, "tbody tr")]
        nums = [int(v) for v in values if v]
        print("rows:", len(values), "sorted by wasted bytes, most first:",
              nums == sorted(nums, reverse=True) and len(nums) > 0)
    finally:
        driver.quit()


main()
