"""Validates a SARIF log against the SARIF 2.1.0 JSON schema
(Inputs/sarif-schema-2.1.0.json, OASIS sarif-spec's
sarif-2.1/schema/sarif-schema-2.1.0.json), checks what the schema leaves
to the producer (absolute help and information URIs, relative URIs under a
base the run defines), and prints the parts the tests check."""
import json
import os
import re
import sys
import urllib.parse

import jsonschema

log = json.load(open(sys.argv[1]))
schema = json.load(open(os.path.join(os.path.dirname(__file__), "Inputs",
                                     "sarif-schema-2.1.0.json")))
errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
for e in errors:
    print("schema error at %s: %s" % ("/".join(map(str, e.path)), e.message))
assert not errors


def absolute(uri):
    return bool(urllib.parse.urlparse(uri).scheme)


print("version", log["version"])
run = log["runs"][0]
bases = run.get("originalUriBaseIds", {})
assert all(absolute(b["uri"]) and b["uri"].endswith("/") for b in bases.values())
drv = run["tool"]["driver"]
assert absolute(drv["informationUri"])
assert all(r["shortDescription"]["text"] and r["help"]["text"] and
           absolute(r["helpUri"]) for r in drv["rules"])
print("driver", drv["name"], "rules", ",".join(r["id"] for r in drv["rules"]))
# Each check's page is under the published docs the driver names.
assert all(r["helpUri"] == drv["informationUri"] + "rules/" + r["id"] + ".md"
           for r in drv["rules"])
print("docs", drv["informationUri"])


def where(loc):
    art = loc["physicalLocation"]["artifactLocation"]
    if "uriBaseId" in art:
        assert art["uriBaseId"] in bases and not absolute(art["uri"])
        name = art["uriBaseId"] + "/" + art["uri"]
    else:
        assert absolute(art["uri"])
        name = os.path.basename(art["uri"])
    region = loc["physicalLocation"]["region"]
    return "%s %d:%d" % (name, region["startLine"], region["startColumn"])


for r in run["results"]:
    fp = r["partialFingerprints"]["cudaAccessLint/v1"]
    assert r["message"]["text"]
    print("result", r["ruleId"], r["level"], where(r["locations"][0]),
          "fingerprint", len(fp), "hex" if re.fullmatch("[0-9a-f]+", fp) else "?",
          *(["baseline", r["baselineState"]] if "baselineState" in r else []))
for inv in run["invocations"]:
    print("invocation", "successful" if inv["executionSuccessful"] else "failed")
    for n in inv["toolExecutionNotifications"]:
        print("notification", n["level"], where(n["locations"][0]),
              n["message"]["text"])
