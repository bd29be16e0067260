#!/usr/bin/env python3
"""Writes IOSCompatibilityData.swift: when Safari on iOS gained each JavaScript built-in, Web API
and piece of syntax, from MDN's browser-compat-data as Debian packages it.

    python3 Sources/PreprocessingKit/IOSCompatibility/Tables/generate-ios-table.py \
        [/usr/share/nodejs/@mdn/browser-compat-data] > Sources/PreprocessingKit/IOSCompatibility/IOSCompatibilityData.swift

(`make ios-table` installs node-mdn-browser-compat-data and runs this.)

The feature files are read, not the package's data.json: their `safari_ios` statements often say
"mirror", and this resolves them from Safari's desktop statements through the release tables in
browsers/safari.json and browsers/safari_ios.json: a desktop release maps to the first iOS
release with the same engine and an engine version at least as new. data.json (BCD's own build of
the same mirrors) is read only to count where the two disagree; the count goes to stderr.
"""
import json
import os
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/nodejs/@mdn/browser-compat-data"


def key(version):
    return [int(part) for part in version.split(".")]


def load(relative):
    with open(os.path.join(ROOT, relative), encoding="utf-8") as handle:
        return json.load(handle)


package = load("package.json")
safari = load("browsers/safari.json")["browsers"]["safari"]["releases"]
ios_browser = load("browsers/safari_ios.json")["browsers"]["safari_ios"]
ios = ios_browser["releases"]
ios_versions = sorted((v for v, r in ios.items() if r.get("status") in ("retired", "current")), key=key)


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
                   "javascript.classes", "javascript.functions.")
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

# BCD's own build of the mirrors, for the record.
built = load("data.json")
disagreements = []
for path, version in kept.items():
    node = built
    for part in path.split("."):
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
print(f"{len(kept)} entries; {len(disagreements)} differ from data.json's mirrors, all before iOS 8;"
      f" {len(late)} from iOS 8 on", file=sys.stderr)
for path, mine, theirs in late:
    print(f"  {path}: {mine} (data.json {theirs})", file=sys.stderr)
if late:
    sys.exit(1)

lines = "\n".join(f"{path}\t{version}" for path, version in sorted(kept.items()))
releases = "\n".join(ios_versions)
engines = "\n".join(f"{v}\t{ios[v]['engine_version']}" for v in ios_versions)
print(f"""// Generated by Tables/generate-ios-table.py from @mdn/browser-compat-data {package['version']}
// (Debian's node-mdn-browser-compat-data), data of {built['__meta']['timestamp'][:10]}. Do not edit.
enum IOSCompatibilityData {{
    /// The browser-compat-data release the table was made from.
    static let release = "{package['version']}"
    /// The date of that release's data.
    static let releaseDate = "{built['__meta']['timestamp'][:10]}"
    /// Safari on iOS releases the data knows, oldest first (one a line).
    static let iOSReleases = \"\"\"
{releases}
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
