#!/usr/bin/python3
"""Records real WebKit's answers for the html5lib tree-construction suite.

Writes Tests/HTMLParserTests/Fixtures/webkit-html5lib/{results.jsonl,README.md}: for every
test of ../shared/html5lib-tests/tree-construction/*.dat that applies to a parser with
scripting on (every test not marked #script-off), whether WebKit builds the expected tree,
and WebKit's tree when it does not. Documents how the fixtures were made; CI never runs it
(it needs WebKitGTK + Xvfb through ../shared/oracle/webkit_oracle.py). Standard library only.

Usage, from anywhere (paths default relative to the repository root):

    Tests/record-webkit-html5lib.py                      # record everything (~2 minutes)
    Tests/record-webkit-html5lib.py --page-scripts run --out /tmp/unblocked
                                                         # same without --block-page-scripts,
                                                         # to check the oracle's CSP trick
    Tests/record-webkit-html5lib.py --files tests1.dat,template.dat --out /tmp/x

How a test becomes an oracle case (batch mode, one browser, batches of --batch-size cases,
one oracle process at a time, always --block-page-scripts unless --page-scripts run):

- document test: the page is the test's #data, sent as UTF-8 bytes with the charset given
  as "utf-8" (like an HTTP header), so non-ASCII data decodes right and a <meta charset>
  in the data cannot change it; the script serialises `document`.
- fragment test: the page is `<!DOCTYPE html><body>` (no-quirks); the script creates the
  context element (createElement, or createElementNS for `svg x` / `math x`), sets its
  innerHTML to the data (a JSON string literal, every non-ASCII character escaped) and
  serialises the context element's children (for a `template` context, its content).

The serialiser (TREE_JS) writes html5lib's #document format: `| ` plus two spaces per
depth; `<name>` with `svg ` / `math ` for those namespaces; attributes one level deeper,
sorted by printed name (UTF-16 code units), `xlink href`, `xml lang`, `xmlns xlink` for
namespaced ones; `"text"`; `<!-- comment -->`; `<!DOCTYPE name>` or
`<!DOCTYPE name "public" "system">` when either id is non-empty; a template's contents
under a `content` line one level deeper than the template.

Differing tests are grouped in the README by the causes in CAUSES below (maintained by
hand after looking at WebKit's trees); a differing test not listed there is reported as
"not classified" and makes the script exit with status 1, so a new difference is noticed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TESTS = os.path.join(REPO, "..", "shared", "html5lib-tests")
DEFAULT_ORACLE = os.path.join(REPO, "..", "shared", "oracle", "webkit_oracle.py")
DEFAULT_OUT = os.path.join(REPO, "Tests", "HTMLParserTests", "Fixtures", "webkit-html5lib")
PYTHON = "/usr/bin/python3"
URL = "https://example.com/html5lib"
FRAGMENT_PAGE = "<!DOCTYPE html><body>"
SECTIONS = {"#data", "#errors", "#new-errors", "#document-fragment", "#script-off",
            "#script-on", "#document"}

# Why WebKit's tree differs from the expected one, by cause; filled in by hand.
CAUSES = {}
CAUSE_TESTS = {}


def cause(key, description, *test_ids):
    CAUSES[key] = description
    for test_id in test_ids:
        CAUSE_TESTS[test_id] = key


cause("relaxed-select-content",
      "Relaxed `<select>` parsing (the suite follows the newer customizable-select rules, where a "
      "`<select>` may hold most content). WebKitGTK 2.50 still has the legacy \"in select\" / "
      "\"in select in table\" insertion modes: every start tag other than `option`, `optgroup`, "
      "`hr`, `select`, `input`, `keygen`, `textarea`, `script`, `template` is ignored (`svg`, `math`, "
      "`div`, `button`, `datalist`, `b`, `i`, `img`, `menuitem`, `plaintext`, unknown elements; "
      "their text is kept), so the elements go missing and text merges.",
      "menuitem-element.dat#14", "tests1.dat#30", "tests1.dat#100",
      "tests10.dat#4", "tests10.dat#5", "tests10.dat#17", "tests10.dat#18",
      "tests18.dat#14", "tests18.dat#15",
      "tests9.dat#5", "tests9.dat#6", "tests9.dat#18", "tests9.dat#19",
      "webkit02.dat#19", "webkit02.dat#36", "webkit02.dat#38", "webkit02.dat#39",
      "webkit02.dat#40", "webkit02.dat#41", "webkit02.dat#42", "webkit02.dat#43")
cause("select-closed-by-keygen-textarea",
      "Relaxed `<select>` parsing: under the new rules `<keygen>` and `<textarea>` are ordinary "
      "content of a `<select>`; WebKit's legacy \"in select\" mode treats them like `<input>`: "
      "they close the `<select>` (`<keygen>` then goes after it) or, in a `select` fragment, are "
      "ignored (a `<textarea>` start tag is dropped and `<option>` is parsed as a tag, not as "
      "textarea text).",
      "tests7.dat#34", "tests_innerHTML_1.dat#77", "tests_innerHTML_1.dat#78")
cause("selectedcontent",
      "Customizable `<select>` with `<button><selectedcontent>`: the suite expects the `<button>` "
      "and `<selectedcontent>` to be kept and `<selectedcontent>` to receive a clone of the "
      "selected `<option>`'s content. WebKit's legacy \"in select\" mode drops `<button>` and "
      "`<selectedcontent>` (and the formatting elements inside the `<option>`, so its text "
      "merges), so there is nothing to clone into.",
      "webkit02.dat#45", "webkit02.dat#46", "webkit02.dat#47", "webkit02.dat#48")

# ---------------------------------------------------------------------------------------
# Reading the .dat files


def parse_dat(path):
    """The tests of one .dat file, in order: dicts with index (1-based), data, errors count,
    fragment (context string or None), script ("on", "off" or None) and document."""
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")  # strict: a lone surrogate cannot be in UTF-8
    lines = text.split("\n")  # only LF separates lines; CRs in the data are kept
    tests, current, section = [], None, None
    for line in lines:
        if line == "#data" and (current is None or section == "#document"):
            current = {"sections": {"#data": []}}
            tests.append(current)
            section = "#data"
            continue
        if current is None:
            if line == "":
                continue
            raise ValueError("%s: text before the first #data: %r" % (path, line))
        # In #data only #errors ends the section; elsewhere any section line does.
        if line in SECTIONS and (section != "#data" or line == "#errors"):
            if line in current["sections"]:
                raise ValueError("%s: test %d has two %s" % (path, len(tests), line))
            section = line
            current["sections"][section] = []
            continue
        current["sections"][section].append(line)
    result = []
    for index, t in enumerate(tests, 1):
        s = t["sections"]
        for needed in ("#errors", "#document"):
            if needed not in s:
                raise ValueError("%s: test %d has no %s" % (path, index, needed))
        document = list(s["#document"])
        while document and document[-1] == "":  # the blank line between tests
            document.pop()
        fragment = None
        if "#document-fragment" in s:
            context = [l for l in s["#document-fragment"] if l != ""]
            if len(context) != 1:
                raise ValueError("%s: test %d: bad #document-fragment" % (path, index))
            fragment = context[0]
        script = "off" if "#script-off" in s else "on" if "#script-on" in s else None
        result.append({"index": index, "data": "\n".join(s["#data"]),  # final LF removed
                       "fragment": fragment, "script": script,
                       "document": "\n".join(document)})
    return result


# ---------------------------------------------------------------------------------------
# The oracle cases

TREE_JS = r"""
var NS = {html: "http://www.w3.org/1999/xhtml", svg: "http://www.w3.org/2000/svg",
          math: "http://www.w3.org/1998/Math/MathML", xlink: "http://www.w3.org/1999/xlink",
          xml: "http://www.w3.org/XML/1998/namespace", xmlns: "http://www.w3.org/2000/xmlns/"};
function treeLines(parent, depth, out) {
  for (var node = parent.firstChild; node; node = node.nextSibling) nodeLines(node, depth, out);
  return out;
}
function nsPrefix(ns, forAttribute) {
  if (ns === null || ns === "") return forAttribute ? "" : "{no namespace} ";
  if (ns === NS.html && !forAttribute) return "";
  if (ns === NS.svg && !forAttribute) return "svg ";
  if (ns === NS.math && !forAttribute) return "math ";
  if (ns === NS.xlink && forAttribute) return "xlink ";
  if (ns === NS.xml && forAttribute) return "xml ";
  if (ns === NS.xmlns && forAttribute) return "xmlns ";
  return "{" + ns + "} ";
}
function nodeLines(node, depth, out) {
  var indent = "| " + "  ".repeat(depth);
  switch (node.nodeType) {
  case Node.ELEMENT_NODE:
    out.push(indent + "<" + nsPrefix(node.namespaceURI, false) + node.localName + ">");
    var attributes = [];
    for (var i = 0; i < node.attributes.length; i++) {
      var a = node.attributes[i];
      attributes.push([nsPrefix(a.namespaceURI, true) + a.localName, a.value]);
    }
    attributes.sort(function (x, y) { return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0; });
    attributes.forEach(function (a) { out.push(indent + "  " + a[0] + "=\"" + a[1] + "\""); });
    if (node.namespaceURI === NS.html && node.localName === "template" && node.content) {
      out.push(indent + "  content");
      treeLines(node.content, depth + 2, out);
    }
    treeLines(node, depth + 1, out);
    break;
  case Node.TEXT_NODE:
    out.push(indent + "\"" + node.data + "\"");
    break;
  case Node.CDATA_SECTION_NODE:
    out.push(indent + "<![CDATA[" + node.data + "]]>");
    break;
  case Node.COMMENT_NODE:
    out.push(indent + "<!-- " + node.data + " -->");
    break;
  case Node.PROCESSING_INSTRUCTION_NODE:
    out.push(indent + "<?" + node.target + " " + node.data + ">");
    break;
  case Node.DOCUMENT_TYPE_NODE:
    var ids = node.publicId || node.systemId
        ? " \"" + node.publicId + "\" \"" + node.systemId + "\"" : "";
    out.push(indent + "<!DOCTYPE " + node.name + ids + ">");
    break;
  default:
    out.push(indent + "{node type " + node.nodeType + "}");
  }
}
"""

RUN_JS = r"""
var ExtensionPreprocessingJS = {run: function (arguments_) {
  var result = {};
  try {
%s
    result.tree = treeLines(root, 0, []).join("\n");
  } catch (e) {
    result.error = String(e);
  }
  arguments_.completionFunction(result);
}};
"""

DOCUMENT_JS = "    var root = document;"

FRAGMENT_JS = r"""    var context = %(create)s;
    context.innerHTML = %(data)s;
    var root = context.localName === "template" && context.namespaceURI === NS.html
        ? context.content : context;"""


def js_string(value):
    # ensure_ascii escapes NUL, U+2028/U+2029 and everything else outside ASCII.
    return json.dumps(value, ensure_ascii=True)


def case_for(file_name, test):
    test_id = "%s#%d" % (file_name, test["index"])
    if test["fragment"] is None:
        return {"id": test_id, "page_html": test["data"], "encoding": "utf-8", "url": URL,
                "script_js": TREE_JS + RUN_JS % DOCUMENT_JS}
    context = test["fragment"]
    if context.startswith("svg "):
        create = "document.createElementNS(NS.svg, %s)" % js_string(context[4:])
    elif context.startswith("math "):
        create = "document.createElementNS(NS.math, %s)" % js_string(context[5:])
    else:
        create = "document.createElement(%s)" % js_string(context)
    body = FRAGMENT_JS % {"create": create, "data": js_string(test["data"])}
    return {"id": test_id, "page_html": FRAGMENT_PAGE, "encoding": "utf-8", "url": URL,
            "script_js": TREE_JS + RUN_JS % body}


# ---------------------------------------------------------------------------------------
# Running the oracle


def run_batches(oracle, cases, batch_size, block, log):
    """Runs the cases, batch_size per oracle process, one process at a time. Returns
    {id: output line} and the first output line (it carries the oracle's version)."""
    outputs, first = {}, None
    for start in range(0, len(cases), batch_size):
        batch = cases[start:start + batch_size]
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", encoding="utf-8",
                                         delete=False) as f:
            for case in batch:
                f.write(json.dumps(case, ensure_ascii=True) + "\n")
            path = f.name
        command = [PYTHON, oracle, "--batch", path] + (["--block-page-scripts"] if block else [])
        t0 = time.time()
        try:
            proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        finally:
            os.unlink(path)
        got = 0
        for line in proc.stdout.decode("utf-8").splitlines():
            if not line.strip():
                continue
            out = json.loads(line)
            if first is None:
                first = out
            if out.get("id") is not None:
                outputs[out["id"]] = out
                got += 1
        log("cases %d-%d: %d outputs, exit %d, %.1f s"
            % (start + 1, start + len(batch), got, proc.returncode, time.time() - t0))
        if got != len(batch):
            log(proc.stderr.decode("utf-8", "replace")[-2000:])
    return outputs, first


def tree_of(output, block):
    """WebKit's tree from an oracle output line, or raises with what went wrong."""
    results = output.get("results")
    if not output.get("completed") or not isinstance(results, dict):
        raise RuntimeError("no result: error=%r stage=%r timedOut=%r"
                           % (output.get("error"), output.get("errorStage"), output.get("timedOut")))
    if "error" in results:
        raise RuntimeError("serialiser error: %s" % results["error"])
    if block and output.get("pageScriptsBlocked") is not True:
        raise RuntimeError("page scripts not confirmed blocked: %r" % output.get("notes"))
    return results["tree"]


# ---------------------------------------------------------------------------------------
# Writing the fixtures

README_HEAD = """\
# WebKit's answers for the html5lib tree-construction tests

What real WebKit builds for every test of the html5lib tree-construction suite that applies
to a parser with scripting on (every test not marked `#script-off`; Safari parses with
scripting on). Recorded once with the WebKit oracle (`../shared/oracle/webkit_oracle.py`, real
WebKitGTK under Xvfb) by `Tests/record-webkit-html5lib.py`; tests never call the oracle.

- WebKitGTK: {webkit}
- html5lib-tests: commit {commit} (`../shared/html5lib-tests/COMMIT`)
- recorded with: `{command}` (oracle in batch mode, `--block-page-scripts`: the page is
  parsed with scripting on and none of its scripts runs); a full recording took {seconds:.0f} s
  on a 2-core machine.

`results.jsonl` has one line per applicable test, in file order then test order:
`{{"id": "tests1.dat#12", "file": "tests1.dat", "index": 12, "matchesExpected": true}}`,
plus `"fragment": "<context>"` for fragment tests, and `"webkit": "<tree>"` (WebKit's tree in
the suite's `#document` format) when WebKit's tree differs from the test's `#document`.
`index` is the 1-based position of the test in its file, counting every test (script-off ones
too), so ids are stable.

How a test is run: a document test's `#data` is the page (UTF-8 bytes, charset given as
`utf-8` like an HTTP header, so a `<meta charset>` in the data cannot change it) and the
script serialises `document`; a fragment test loads `<!DOCTYPE html><body>`, creates the
context element (`createElementNS` with the SVG / MathML namespace for `svg x` / `math x`),
sets its `innerHTML` to the data and serialises its children (a `template` context: its
content).

## Totals

| | tests |
| --- | --- |
| in the suite | {total} |
| `#script-off` (skipped) | {skipped} |
| applicable | {applicable} |
| WebKit matches the expected tree | {matches} |
| WebKit differs | {differs} |

Checked at the first recording (WebKitGTK 2.50.6): a second full recording gave identical
results (no test is unstable between runs), and a full run without `--block-page-scripts`
(`--page-scripts run`) also gave identical results, so the oracle's temporary `<head>` (its CSP
trick) does not disturb the head/body handling tests. Every difference below is `<select>`
content under the suite's newer relaxed-select rules, which WebKitGTK 2.50 does not implement.
"""


def write_readme(path, info, records):
    differing = [r for r in records if not r["matchesExpected"]]
    text = README_HEAD.format(**info)
    text += "\n## Differing tests, by cause\n"
    groups = {}
    for r in differing:
        groups.setdefault(CAUSE_TESTS.get(r["id"], None), []).append(r["id"])
    keys = [k for k in CAUSES if k in groups] + ([None] if None in groups else [])
    for key in keys:
        ids = groups[key]
        description = CAUSES[key] if key else "Not classified yet (a new difference)."
        text += "\n### %s (%d)\n\n%s\n\n" % (key or "unclassified", len(ids), description)
        text += "".join("- `%s`\n" % test_id for test_id in ids)
    if not differing:
        text += "\nNone.\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return groups.get(None, [])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tests", default=DEFAULT_TESTS, help="html5lib-tests checkout")
    ap.add_argument("--oracle", default=DEFAULT_ORACLE)
    ap.add_argument("--out", default=DEFAULT_OUT, help="folder for results.jsonl and README.md")
    ap.add_argument("--files", default=None, help="comma-separated .dat names (default: all)")
    ap.add_argument("--batch-size", type=int, default=200)
    ap.add_argument("--page-scripts", choices=["blocked", "run"], default="blocked",
                    help="blocked (default): --block-page-scripts; run: let page scripts run")
    o = ap.parse_args()

    def log(message):
        print(message, file=sys.stderr, flush=True)

    folder = os.path.join(o.tests, "tree-construction")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".dat"))
    if o.files:
        wanted = o.files.split(",")
        names = [n for n in names if n in wanted]
    tests, total, skipped = [], 0, 0
    for name in names:
        for test in parse_dat(os.path.join(folder, name)):
            total += 1
            if test["script"] == "off":
                skipped += 1
                continue
            tests.append((name, test))
    cases = [case_for(name, test) for name, test in tests]
    log("%d tests, %d script-off skipped, %d to run" % (total, skipped, len(cases)))

    t0 = time.time()
    outputs, first = run_batches(o.oracle, cases, o.batch_size, o.page_scripts == "blocked", log)
    seconds = time.time() - t0

    records, failures = [], 0
    for (name, test), case in zip(tests, cases):
        record = {"id": case["id"], "file": name, "index": test["index"]}
        if test["fragment"] is not None:
            record["fragment"] = test["fragment"]
        output = outputs.get(case["id"])
        if output is None:
            log("%s: no output from the oracle" % case["id"])
            failures += 1
            continue
        try:
            tree = tree_of(output, o.page_scripts == "blocked")
        except RuntimeError as e:
            log("%s: %s" % (case["id"], e))
            failures += 1
            continue
        record["matchesExpected"] = tree == test["document"]
        if not record["matchesExpected"]:
            record["webkit"] = tree
        records.append(record)
    if failures:
        log("%d tests without an answer; nothing written" % failures)
        return 2

    os.makedirs(o.out, exist_ok=True)
    with open(os.path.join(o.out, "results.jsonl"), "w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    with open(os.path.join(o.tests, "COMMIT"), encoding="utf-8") as f:
        commit = f.read().strip()
    matches = sum(r["matchesExpected"] for r in records)
    command = "Tests/record-webkit-html5lib.py" + (" " + " ".join(sys.argv[1:]) if sys.argv[1:] else "")
    info = {"webkit": (first or {}).get("oracle", {}).get("webkitgtk", "unknown"),
            "commit": commit, "command": command, "seconds": seconds, "total": total,
            "skipped": skipped, "applicable": len(records), "matches": matches,
            "differs": len(records) - matches}
    unclassified = write_readme(os.path.join(o.out, "README.md"), info, records)
    log("%d applicable, %d match, %d differ (%d unclassified); oracle time %.0f s"
        % (len(records), matches, len(records) - matches, len(unclassified), seconds))
    for test_id in unclassified:
        log("  unclassified: %s" % test_id)
    return 1 if unclassified else 0


if __name__ == "__main__":
    sys.exit(main())
