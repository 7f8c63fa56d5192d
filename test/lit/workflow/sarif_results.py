"""Prints the results of a SARIF log, one line each, for recipes.test:
`result CHECK URI:LINE BASELINESTATE`, after checking that the file is JSON
valid against the SARIF 2.1.0 schema (../gating/Inputs/sarif-schema-2.1.0.json)."""
import json
import os
import sys

import jsonschema

log = json.load(open(sys.argv[1]))
schema = json.load(open(os.path.join(os.path.dirname(__file__), "..", "gating",
                                     "Inputs", "sarif-schema-2.1.0.json")))
errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
for e in errors:
    print("schema error at %s: %s" % ("/".join(map(str, e.path)), e.message))
print("sarif", log["version"], "valid" if not errors else "invalid")
for run in log["runs"]:
    for r in run.get("results", []):
        loc = r["locations"][0]["physicalLocation"]
        print("result %s %s:%d %s" % (r["ruleId"], loc["artifactLocation"]["uri"],
                                      loc["region"]["startLine"],
                                      r.get("baselineState", "-")))
