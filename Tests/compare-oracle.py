#!/usr/bin/env python3
"""Runs the simulator binary on every case of oracle probe folders and compares its `results`
with WebKit's recorded ones (Tests/PreprocessingKitTests/Fixtures/oracle/<probe>/output.jsonl).

Whole-object equality; numbers compare by value, booleans only with booleans. Prints
`<probe>  identical/total` per folder and, with --keys, how many cases differ per top-level key.
Documents how docs/fidelity-wide-findings.md was measured; tests do not run it.

  Tests/compare-oracle.py --sim /tmp/preprocess-sim-current serialization frames-wide ...
  Tests/compare-oracle.py --sim BIN --keys --out /tmp/sim-results geometry

Run from anywhere (paths in cases.jsonl are relative to the repository root). Two cases run at
a time. --out DIR writes DIR/<probe>.jsonl: one line per case with the simulator's results and
whether they were identical.
"""
import argparse, collections, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests/PreprocessingKitTests/Fixtures/oracle")


def equal(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def run_case(sim, case):
    command = [sim, "run", "--script", case["script"], "--page", case["page"],
               "--url", case["url"], "--format", "json"]
    if case.get("select_text"):
        command += ["--select", case["select_text"]]
    process = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=300)
    try:
        transcript = json.loads(process.stdout)
    except ValueError:
        return {"id": case["id"], "results": None, "error": "no transcript (exit %d)" % process.returncode}
    return {"id": case["id"], "results": transcript.get("results"), "error": transcript.get("error")}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sim", default="/tmp/preprocess-sim-current")
    parser.add_argument("--keys", action="store_true", help="count differing top-level keys")
    parser.add_argument("--out", help="write the simulator's results per probe into this folder")
    parser.add_argument("probes", nargs="+")
    options = parser.parse_args()
    for probe in options.probes:
        folder = os.path.join(FIXTURES, probe)
        cases = [json.loads(line) for line in open(os.path.join(folder, "cases.jsonl"), encoding="utf-8")]
        oracle = {}
        with open(os.path.join(folder, "output.jsonl"), encoding="utf-8") as output:
            for line in output:
                line = json.loads(line)
                oracle[line["id"]] = line
        with ThreadPoolExecutor(2) as pool:
            runs = list(pool.map(lambda case: run_case(options.sim, case), cases))
        identical = 0
        keys = collections.Counter()
        for run in runs:
            expected = oracle[run["id"]].get("results")
            run["identical"] = equal(run["results"], expected)
            identical += run["identical"]
            if not run["identical"] and isinstance(run["results"], dict) and isinstance(expected, dict):
                for key in set(run["results"]) | set(expected):
                    if not equal(run["results"].get(key), expected.get(key)):
                        keys[key] += 1
        print("%s\t%d/%d" % (probe, identical, len(cases)), flush=True)
        if options.keys:
            for key, count in keys.most_common():
                print("    %-28s %d" % (key, count))
        if options.out:
            os.makedirs(options.out, exist_ok=True)
            with open(os.path.join(options.out, probe + ".jsonl"), "w", encoding="utf-8") as out:
                for run in runs:
                    out.write(json.dumps(run, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main())
