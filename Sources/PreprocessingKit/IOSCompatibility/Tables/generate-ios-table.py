#!/usr/bin/env python3
"""Writes IOSCompatibilityData.swift: when Safari on iOS gained each JavaScript built-in, Web API
and piece of syntax, from MDN's browser-compat-data.

    python3 Sources/PreprocessingKit/IOSCompatibility/Tables/generate-ios-table.py \
        [BCD folder] > Sources/PreprocessingKit/IOSCompatibility/IOSCompatibilityData.swift

The folder defaults to ../shared/browser-compat-data next to the repository (BCD's source tree,
8.0.10), else Debian's node-mdn-browser-compat-data (5.2.20, ends at iOS 16.1). `make ios-table`
runs this.

The feature files are read, not the package's data.json: their `safari_ios` statements often say
"mirror", and this resolves them from Safari's desktop statements through the release tables in
browsers/safari.json and browsers/safari_ios.json: a desktop release maps to the first iOS
release with the same engine and an engine version at least as new. data.json (BCD's own build of
the same mirrors) is read only to count where the two disagree, when the folder has one (BCD's
source tree does not); the count goes to stderr.

Releases whose status is retired or current are the ones a device runs; a beta, nightly or
planned release is listed apart with its status (`--ios` refuses it naming that status), and a
feature that only such a release has counts as in no release.
"""
import json
import os
import sys

REPOSITORY = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
SHARED = os.path.join(REPOSITORY, "..", "shared", "browser-compat-data")
DEBIAN = "/usr/share/nodejs/@mdn/browser-compat-data"
ROOT = sys.argv[1] if len(sys.argv) > 1 else (SHARED if os.path.isdir(os.path.join(SHARED, "browsers")) else DEBIAN)
RELEASED = ("retired", "current")


def key(version):
    return [int(part) for part in version.split(".")]


def load(relative):
    with open(os.path.join(ROOT, relative), encoding="utf-8") as handle:
        return json.load(handle)


package = load("package.json")
safari = load("browsers/safari.json")["browsers"]["safari"]["releases"]
ios_browser = load("browsers/safari_ios.json")["browsers"]["safari_ios"]
ios = ios_browser["releases"]
ios_versions = sorted((v for v, r in ios.items() if r.get("status") in RELEASED), key=key)
unreleased = sorted((v for v, r in ios.items() if r.get("status") not in RELEASED and v != "preview"), key=key)


def mirror_version(version):
    """A Safari desktop version as the iOS release that shipped the same engine or a newer one."""
    if version == "preview":
        return None
    if version.lstrip("≤") in ios:
        return version.lstrip("≤")
    source = safari.get(version.lstrip("≤"))
    if source is None or not source.get("engine_version"):
        return None
    for candidate in ios_versions:
        release = ios[candidate]
        if release.get("engine") == source.get("engine") and release.get("engine_version") \
                and key(release["engine_version"]) >= key(source["engine_version"]):
            return candidate
    return None


def first_version(statements, mapped):
    """The earliest version the feature is there unprefixed, without a flag, not removed again."""
    if isinstance(statements, dict):
        statements = [statements]
    best = None
    for statement in statements:
        if statement.get("flags") or statement.get("prefix") or statement.get("alternative_name"):
            continue
        added = statement.get("version_added")
        if added is True or added is None:
            return "?"
        if added is False or statement.get("version_removed"):
            continue
        version = mapped(added) if mapped else added.lstrip("≤")
        if version is None or version == "preview":
            continue
        # Added in a beta: no device has it yet.
        if version in ios and ios[version].get("status") not in RELEASED:
            continue
        if best is None or key(version) < key(best):
            best = version
    return best or "-"


def ios_version(support):
    statement = support.get("safari_ios")
    if statement == "mirror":
        upstream = support.get("safari")
        if upstream is None:
            return "-"
        return first_version(upstream, mirror_version)
    if statement is None:
        return "?"
    return first_version(statement, None)


def walk(node, path, out):
    for name, child in node.items():
        if name == "__compat" or not isinstance(child, dict):
            continue
        child_path = path + "." + name if path else name
        if "__compat" in child:
            out[child_path] = ios_version(child["__compat"]["support"])
        walk(child, child_path, out)


entries = {}
for folder in ("api", "javascript"):
    for directory, _, files in os.walk(os.path.join(ROOT, folder)):
        for file in sorted(files):
            if file.endswith(".json"):
                walk(load(os.path.relpath(os.path.join(directory, file), ROOT)), "", entries)

# Kept: JavaScript built-ins and Web APIs to two levels (an interface or global, and its members),
# the syntax entries the token scanner asks about, and RegExp's syntax features.
SYNTAX_PREFIXES = ("javascript.operators.", "javascript.statements.", "javascript.grammar.",
                   "javascript.classes", "javascript.functions.", "javascript.regular_expressions.")
# Entries BCD moved after 5.2.20 (Debian's), under the names 8.x gives them and the scanner asks
# for, so either source makes the same keys.
RENAMED = {
    "javascript.operators.logical_nullish_assignment": "javascript.operators.nullish_coalescing_assignment",
    "javascript.classes.static_class_fields": "javascript.classes.static.class_fields",
    "javascript.classes.static_initialization_blocks": "javascript.classes.static.initialization_blocks",
    "javascript.builtins.RegExp.lookbehind_assertion": "javascript.regular_expressions.lookbehind_assertion",
    "javascript.builtins.RegExp.named_capture_groups": "javascript.regular_expressions.named_capturing_group",
    "javascript.builtins.RegExp.property_escapes": "javascript.regular_expressions.unicode_character_class_escape",
}
entries = {RENAMED.get(path, path): version for path, version in entries.items()}
kept = {}
for path, version in entries.items():
    parts = path.split(".")
    if version == "?":
        continue
    if parts[0] == "api" and len(parts) <= 3:
        kept[path] = version
    elif path.startswith("javascript.builtins.") and len(parts) <= 4:
        kept[path] = version
    elif path.startswith(SYNTAX_PREFIXES) and len(parts) <= 4:
        kept[path] = version

# BCD's own build of the mirrors, for the record; the source tree has none to compare with.
built = load("data.json") if os.path.exists(os.path.join(ROOT, "data.json")) else None
disagreements = []
ORIGINAL = {new: old for old, new in RENAMED.items()}
for path, version in (kept.items() if built else ()):
    node = built
    for part in ORIGINAL.get(path, path).split("."):
        node = node.get(part, {})
    support = node.get("__compat", {}).get("support", {})
    built_version = first_version(support["safari_ios"], None) if "safari_ios" in support else "?"
    if built_version not in ("?", version):
        disagreements.append((path, version, built_version))
# Before iOS 8 the two browsers' WebKit versions diverged and BCD maps those releases by a table of
# its own; both ways give "there by iOS 8", the first iOS with app extensions and the oldest
# version the simulator accepts. From iOS 8 on the two must agree.
FLOOR = [8]
late = [d for d in disagreements if "-" in (d[1], d[2]) or max(key(d[1]), FLOOR) != max(key(d[2]), FLOOR)]
if built is None:
    print(f"{len(kept)} entries; no data.json in {ROOT}, mirrors not compared", file=sys.stderr)
else:
    print(f"{len(kept)} entries; {len(disagreements)} differ from data.json's mirrors, all before iOS 8;"
          f" {len(late)} from iOS 8 on", file=sys.stderr)
for path, mine, theirs in late:
    print(f"  {path}: {mine} (data.json {theirs})", file=sys.stderr)
if late:
    sys.exit(1)

# The data's date: the built package stamps one; the source tree has none, so the newest release
# date of a shipped (retired or current) release of any browser stands for it, the data being at
# least that recent. Dates of betas and planned releases lie in the future and are left out.
if built is not None:
    data_date = built["__meta"]["timestamp"][:10]
    date_source = "data.json's timestamp"
else:
    browsers = os.path.join(ROOT, "browsers")
    data_date = max(release["release_date"]
                    for file in sorted(os.listdir(browsers)) if file.endswith(".json")
                    for browser in load(os.path.join("browsers", file))["browsers"].values()
                    for release in browser["releases"].values()
                    if release.get("status") in RELEASED and release.get("release_date"))
    date_source = "the newest release date of a shipped browser release in browsers/"
origin = "Debian's node-mdn-browser-compat-data" if built is not None else "BCD's source tree"

lines = "\n".join(f"{path}\t{version}" for path, version in sorted(kept.items()))
releases = "\n".join(ios_versions)
engines = "\n".join(f"{v}\t{ios[v]['engine_version']}" for v in ios_versions)
others = "\n".join(f"{v}\t{ios[v].get('status', 'unknown')}" for v in unreleased)
print(f"""// Generated by Tables/generate-ios-table.py from @mdn/browser-compat-data {package['version']}
// ({origin}), data of {data_date} ({date_source}). Do not edit.
enum IOSCompatibilityData {{
    /// The browser-compat-data release the table was made from.
    static let release = "{package['version']}"
    /// The date of that release's data.
    static let releaseDate = "{data_date}"
    /// Safari on iOS releases the data knows as shipped (retired or current), oldest first.
    static let iOSReleases = \"\"\"
{releases}
\"\"\"
    /// `version<TAB>status` a line: releases not shipped yet (beta, nightly, planned).
    static let unreleased = \"\"\"
{others}
\"\"\"
    /// `version<TAB>WebKit version` a line, from browsers/safari_ios.json.
    static let engineVersions = \"\"\"
{engines}
\"\"\"
    /// `path<TAB>version` a line: the iOS version whose Safari first has the entry, `-` when no
    /// release in the data has it. Entries whose version the data does not know are left out.
    static let entries = \"\"\"
{lines}
\"\"\"
}}""")
