"""Prints the parts of a SARIF log that the test checks."""
import json
import os
import re
import sys

log = json.load(open(sys.argv[1]))
print("version", log["version"])
run = log["runs"][0]
drv = run["tool"]["driver"]
assert all(r["shortDescription"]["text"] and r["help"]["text"] for r in drv["rules"])
print("driver", drv["name"], "rules", ",".join(r["id"] for r in drv["rules"]))
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    fp = r["partialFingerprints"]["cudaAccessLint/v1"]
    assert r["message"]["text"]
    print("result", r["ruleId"], r["level"],
          os.path.basename(loc["artifactLocation"]["uri"]),
          "%d:%d" % (loc["region"]["startLine"], loc["region"]["startColumn"]),
          "fingerprint", len(fp), "hex" if re.fullmatch("[0-9a-f]+", fp) else "?")
