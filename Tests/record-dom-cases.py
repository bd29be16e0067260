#!/usr/bin/env python3
"""Records WebKit's answer for DOM behaviour cases (Tests/PreprocessingKitTests/Fixtures/dom-cases/*.json).

Each case is {"name", "html"?, "script", "select"?: {"text", "occurrence"?}, "pageScripts"?}: `script`
is an expression; the recorded `expected` is `String(value)` in a page built from `html` at
https://example.com/page.html, the way DOMCaseTests evaluates it in the simulator. A case with
"pageScripts": true is recorded with the page's own scripts run (the oracle's default; the
simulator's --page-scripts), the others with them blocked. An expression
that throws records "threw <name>: <message>" (the simulator's harness reports its own error
text, so such cases are for rules, not for messages). A case with "async": true is awaited: the
expression's value (a promise, or any value) settles first, and a rejection records
"rejected <name>: <message>"; such cases run as a preprocessing script, as
SimulatorHarness.evaluateAsync runs them.

  Tests/record-dom-cases.py FILE.json                # cases with no "expected" yet
  Tests/record-dom-cases.py FILE.json --all          # every case, twice; fails if WebKit disagrees with itself
  Tests/record-dom-cases.py FILE.json --names a,b    # only these
  Tests/record-dom-cases.py FILE.json --check        # print cases whose recorded value WebKit no longer gives

Writes FILE.json back (2-space JSON, one case per object, other keys kept). Selections with an
`occurrence` other than 1 are not supported by the oracle and are skipped with a note.
The oracle is ../shared/oracle/webkit_oracle.py; tests never call it.
"""
import argparse, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(os.path.dirname(ROOT), "shared", "oracle", "webkit_oracle.py")
DEFAULT_HTML = "<!DOCTYPE html><html><head><title>t</title></head><body></body></html>"
SCRIPT = """var ExtensionPreprocessingJS = { run: function (a) {
  var value;
  try { value = String((function () { return (%s); })()); }
  catch (e) { value = "threw " + (e && e.name) + ": " + (e && e.message); }
  a.completionFunction({ value: value });
} };
"""
ASYNC_SCRIPT = """var ExtensionPreprocessingJS = { run: function (a) {
  var done = function (value) { a.completionFunction({ value: value }); };
  try {
    Promise.resolve((function () { return (%s); })()).then(function (v) { done(String(v)); },
      function (e) { done("rejected " + (e && e.name) + ": " + (e && e.message)); });
  } catch (e) { done("threw " + (e && e.name) + ": " + (e && e.message)); }
} };
"""


def record(cases):
    """Runs cases in one oracle batch per page-script mode; returns {name: value or None}."""
    values = {}
    for run_scripts in (False, True):
        chosen = [c for c in cases if bool(c.get("pageScripts")) == run_scripts]
        if chosen:
            values.update(record_batch(chosen, run_scripts))
    return values


def record_batch(cases, run_page_scripts):
    """Runs cases in one oracle batch; returns {name: value or None}."""
    with tempfile.TemporaryDirectory() as folder:
        batch = os.path.join(folder, "cases.jsonl")
        with open(batch, "w", encoding="utf-8") as out:
            for case in cases:
                line = {"id": case["name"], "page_html": case.get("html", DEFAULT_HTML),
                        "url": "https://example.com/page.html",
                        "script_js": (ASYNC_SCRIPT if case.get("async") else SCRIPT) % case["script"]}
                if case.get("select"):
                    line["select_text"] = case["select"]["text"]
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
        mode = [] if run_page_scripts else ["--block-page-scripts"]
        process = subprocess.run([sys.executable, ORACLE] + mode + ["--timeout", "15", "--batch", batch],
                                 capture_output=True, text=True)
        values = {}
        for line in process.stdout.splitlines():
            try:
                output = json.loads(line)
            except ValueError:
                continue
            results = output.get("results")
            values[output.get("id")] = results.get("value") if isinstance(results, dict) else None
            if values[output.get("id")] is None:
                print("%s: no value (%s)" % (output.get("id"), output.get("errorStage") or output.get("error")), file=sys.stderr)
        if process.returncode != 0 and not values:
            sys.exit("the oracle failed: " + process.stderr[-2000:])
        return values


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--names")
    parser.add_argument("--check", action="store_true")
    options = parser.parse_args()
    cases = json.load(open(options.file, encoding="utf-8"))
    names = set(options.names.split(",")) if options.names else None
    chosen = [c for c in cases
              if (names is None or c["name"] in names)
              and (options.all or options.check or names is not None or "expected" not in c)]
    runnable = [c for c in chosen if (c.get("select") or {}).get("occurrence", 1) == 1]
    for case in chosen:
        if case not in runnable:
            print("%s: skipped (selection occurrence %s)" % (case["name"], case["select"]["occurrence"]), file=sys.stderr)
    if not runnable:
        print("nothing to record")
        return 0
    first = record(runnable)
    if options.check:
        stale = [c["name"] for c in runnable if first.get(c["name"]) != c.get("expected")]
        print("\n".join("%s: WebKit now gives %r" % (n, first.get(n)) for n in stale) or "all %d as recorded" % len(runnable))
        return 1 if stale else 0
    second = record(runnable)
    unstable = [n for n in first if first[n] != second.get(n)]
    if unstable:
        sys.exit("WebKit disagreed with itself on: " + ", ".join(unstable))
    for case in runnable:
        if first.get(case["name"]) is not None:
            case["expected"] = first[case["name"]]
            print("%s → %r" % (case["name"], case["expected"]))
    with open(options.file, "w", encoding="utf-8") as out:
        out.write(json.dumps(cases, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
