#!/usr/bin/python3
"""Records what real WebKit builds for markup that meets the HTML parser's depth cap (512 open
elements), for Tests/HTMLParserTests/Fixtures/webkit-depth-cap/cases.jsonl.

Each case is markup nested to the cap followed by one of the shapes the depth cap fuzz family
(ParserFuzzTests+DepthCap.swift) found crashing the parser: a table inside a select inside a
table, text and formatting foster-parented out of a table, a breakout from SVG or MathML back
to HTML; plus, for each, the same shape where WebKit does build a tree. The page is loaded with
the oracle's `--block-page-scripts` (`../shared/oracle/webkit_oracle.py`, batch mode) and
serialised by record-webkit-html5lib.py's TREE_JS; a case whose web process crashes or hangs
is recorded as such (`"webkit": null`, `"outcome"` says what happened: the web process
crashed, or stopped answering and the oracle killed it). Tests never call the
oracle. Standard library only.

    Tests/record-webkit-depth-cap.py              # writes the fixture (about a minute)
    Tests/record-webkit-depth-cap.py --check      # prints cases whose recording changed

The tree format is html5lib's `#document` format with each line's indentation written as its
depth (`| ` + 2n spaces becomes `n `): a tree 512 deep stays a few kilobytes. Lines of a text
node after its first are kept as they are.
"""

import argparse
import importlib.util
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "Tests", "HTMLParserTests", "Fixtures", "webkit-depth-cap", "cases.jsonl")

spec = importlib.util.spec_from_file_location("html5lib_recorder", os.path.join(REPO, "Tests", "record-webkit-html5lib.py"))
html5lib_recorder = importlib.util.module_from_spec(spec)
spec.loader.exec_module(html5lib_recorder)

TABLES = "<table><tr><td>"
# (name, shape, markup); the markup is written out in the fixture.
CASES = [
    ("select-table-minimal", "a table inside a select inside a table",
     TABLES * 171 + "<select><option><table>"),
    ("select-table-reported", "a table inside a select inside a table",
     TABLES * 171 + "<form><select><option><optgroup><table><caption><frameset>"),
    ("select-table-html5lib", "a table inside a select inside a table",
     "<div>" * 510 + "<table><select><option>A<tr><td>B</td></tr></table>"),
    ("select-no-table", "a select inside a table, closed by its end tag",
     TABLES * 171 + "<select><option>X</select>Y"),
    ("select-table-below-cap", "a table inside a select inside a table",
     "<div>" * 500 + "<table><tr><td><select><option><table>Z"),
    ("foster-html5lib", "text and formatting foster-parented out of a table",
     "<div>" * 510 + "<!-----><font><div>hello<table>excite!<b>me!<th><i>please!</tr><!--X-->"),
    ("foster-below-cap", "text and formatting foster-parented out of a table",
     "<div>" * 500 + "<!-----><font><div>hello<table>excite!<b>me!<th><i>please!</tr><!--X-->"),
    ("foster-text-at-cap", "text and formatting foster-parented out of a table",
     "<div>" * 509 + "<b><table>x<i>y</i>z</table>T"),
]


def numbered(tree):
    lines = []
    for line in tree.split("\n"):
        if line.startswith("| "):
            body = line[2:]
            content = body.lstrip(" ")
            lines.append("%d %s" % ((len(body) - len(content)) // 2, content))
        else:
            lines.append(line)
    return "\n".join(lines)


def record():
    cases = [{"id": name, "page_html": html, "encoding": "utf-8", "url": html5lib_recorder.URL,
              "script_js": html5lib_recorder.TREE_JS + html5lib_recorder.RUN_JS % html5lib_recorder.DOCUMENT_JS}
             for name, _, html in CASES]
    log = lambda message: print(message, file=sys.stderr, flush=True)
    outputs, first = html5lib_recorder.run_batches(html5lib_recorder.DEFAULT_ORACLE, cases, 50, True, log)
    version = (first or {}).get("oracle", {}).get("webkitgtk")
    records = []
    for name, shape, html in CASES:
        output = outputs.get(name) or {}
        record = {"name": name, "shape": shape, "webkitgtk": version, "html": html}
        try:
            record["webkit"] = numbered(html5lib_recorder.tree_of(output, True))
            record["outcome"] = "tree"
        except RuntimeError:
            crashed = any(t.get("reason") == "crashed" for t in output.get("webProcessTerminations") or [])
            record["webkit"] = None
            record["outcome"] = "no tree: the web process crashed" if crashed else "no tree: %s" % output.get("error")
        records.append(record)
    return records


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the fixture instead of writing it")
    options = parser.parse_args()
    records = record()
    if options.check:
        old = {r["name"]: r for r in map(json.loads, open(OUT, encoding="utf-8"))}
        changed = [r["name"] for r in records if old.get(r["name"], {}).get("webkit") != r["webkit"]]
        print("%d of %d as recorded" % (len(records) - len(changed), len(records)))
        for name in changed:
            print("CHANGED", name)
        return 1 if changed else 0
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as out:
        for r in records:
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
    for r in records:
        print(r["name"], r["outcome"], file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
