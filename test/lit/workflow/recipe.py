"""Prints a recipe of docs/workflows.md, so that recipes.test runs the
commands the page shows and the page cannot drift from the test.

  recipe.py DOC NAME           the fenced block after `<!-- recipe: NAME -->`
  recipe.py DOC NAME --steps   that block is a GitHub Actions workflow: its
                               `run:` steps (all jobs, in order) but the one
                               with `id: install`, as one sh script that runs
                               each in $GITHUB_WORKSPACE with `bash -e`, as
                               Actions does, and stops at the first failure
                               with its exit code

Exits 2 when the marker or its block is missing."""
import re
import sys

import yaml


def fail(message):
    print("recipe.py: " + message, file=sys.stderr)
    sys.exit(2)


def block(doc, name):
    text = open(doc, encoding="utf-8").read()
    m = re.search(r"<!-- recipe: %s -->\n```[a-z]*\n(.*?)^```" % re.escape(name),
                  text, re.S | re.M)
    if not m:
        fail("no block after '<!-- recipe: %s -->' in %s" % (name, doc))
    return m.group(1)


def steps(workflow):
    script = ["set -e"]
    for job in yaml.safe_load(workflow)["jobs"].values():
        for step in job["steps"]:
            if "run" not in step or step.get("id") == "install":
                continue
            script.append("# %s" % step.get("name", ""))
            script.append('(cd "$GITHUB_WORKSPACE" && bash -e <<\'STEP\'\n%sSTEP\n)'
                          % (step["run"] if step["run"].endswith("\n")
                             else step["run"] + "\n"))
    if len(script) == 1:
        fail("the workflow has no run: step to run")
    return "\n".join(script) + "\n"


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[3:] not in ([], ["--steps"]):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    text = block(sys.argv[1], sys.argv[2])
    sys.stdout.write(steps(text) if sys.argv[3:] else text)
