#!/usr/bin/env python3
"""`make extension-targets DIR=…`: every Xcode extension target folder under DIR through
`init-handler --from`, one shared scratch build, and a run on a shipped page. One line per
target: "received results" when its Swift code loaded the preprocessing results, else the one
diagnostic that says why not (init-handler's first error, the compiler's first error, or the
run's outcome).

  python3 Tests/extension-targets.py --sim .build/release/preprocess-sim --kit . --dir DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

PAGE = "Pages/mozilla-hacks-fetch.html"
URL = "https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/"
SELECT = "of concerns. The input, output"


def identifier(name):
    text = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return "_" + text if not text or text[0].isdigit() else text


def target_folders(root):
    """Folders under root that hold an Info.plist, shallowest first; a target's subfolders are
    its own (not other targets)."""
    found = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d not in ("Pods", ".build"))
        if any(f == "Info.plist" or f.endswith("-Info.plist") for f in files):
            found.append(folder)
            subfolders[:] = []
    return sorted(found)


def first_error(text):
    # The compiler's own error (file:line:column) before the driver's summary of it.
    for line in text.splitlines():
        if re.search(r":\d+:\d+: error: ", line):
            return line.strip()
    for line in text.splitlines():
        if ": error: " in line or line.startswith("error: "):
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


def run(command, cwd, timeout):
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout


def measure(folder, args):
    name = identifier(os.path.basename(folder.rstrip("/")))
    packages = os.path.join(args.kit, ".build", "extension-targets")
    os.makedirs(packages, exist_ok=True)
    shutil.rmtree(os.path.join(packages, name), ignore_errors=True)
    code, out, err = run([args.sim, "init-handler", name, "--from", folder, "--output", packages, "--kit", args.kit], args.kit, 60)
    if code != 0:
        return "init-handler: " + first_error(err + out)
    # init-handler's one list of the imports the package cannot build says more than the
    # compiler's first error.
    unavailable = next((l.strip() for l in err.splitlines() if "[module-unavailable]" in l), None)
    package = os.path.join(packages, name)
    command = next((l.strip() for l in out.splitlines() if l.strip().startswith("swift run ")), "")
    code, out, err = run(["swift", "build", "--scratch-path", args.scratch, "--product", name + "-sim"], package, 1800)
    if code != 0:
        return "build: " + (unavailable or first_error(out + err))
    binary = os.path.join(args.scratch, "debug", name + "-sim")
    words = command.split()
    # The run line init-handler printed, after `swift run NAME-sim`, with a shipped page.
    run_args = words[3:]
    run_args = [w for w in run_args if w not in ("--page", "PAGE.html", "--select", "TEXT")]
    page = os.path.join(args.kit, PAGE)
    code, out, err = run([binary] + run_args + ["--page", page, "--url", URL, "--select", SELECT, "--format", "json"], package, 120)
    if code is None:
        return "run: " + err
    try:
        transcript = json.loads(out)
    except ValueError:
        return "run (exit %s): %s" % (code, first_error(err + out))
    calls = transcript.get("handler", {}).get("calls", [])
    loaded = any('loadItem(forTypeIdentifier: "com.apple.property-list")' in c for c in calls)
    if loaded and transcript.get("results") is not None:
        ended = "completed" if transcript.get("handler", {}).get("completed") else "not completed"
        return "received results (%s)" % ended
    problems = [d for d in transcript.get("diagnostics", []) if d.get("severity") in ("error", "warning")]
    if problems:
        d = problems[0]
        return "run: %s [%s]" % (d.get("message", ""), d.get("code", ""))
    return "run: the handler never loaded the results (calls: %s)" % "; ".join(calls[:4])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sim", required=True)
    parser.add_argument("--kit", required=True)
    parser.add_argument("--scratch", required=True)
    parser.add_argument("--dir", required=True)
    args = parser.parse_args()
    args.kit = os.path.abspath(args.kit)
    args.sim = os.path.abspath(args.sim)
    args.scratch = os.path.abspath(args.scratch)
    folders = target_folders(os.path.abspath(args.dir))
    if not folders:
        print("%s: error: no extension target folder (one holding an Info.plist) under it" % args.dir, file=sys.stderr)
        return 2
    received = 0
    for folder in folders:
        verdict = measure(folder, args)
        received += verdict.startswith("received results")
        print("%s: %s" % (os.path.relpath(folder, os.path.abspath(args.dir)), verdict), flush=True)
    print("%d of %d targets received the results" % (received, len(folders)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
