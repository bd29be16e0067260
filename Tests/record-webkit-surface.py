#!/usr/bin/env python3
"""Records WebKit's platform surface into Tests/PreprocessingKitTests/Fixtures/surface/webkit.json.

Runs Fixtures/surface/walk.js (the same walk SurfaceTests runs in the simulator) in WebKit through
the oracle (../shared/oracle/webkit_oracle.py, page scripts blocked) on a small page at
https://example.com/page.html, twice, and fails if the two recordings differ. The walk gives every
global of the window, each interface's prototype chain, statics and prototype members (descriptor
kind, writable/enumerable/configurable, typeof, function length, constants, Symbol.toStringTag)
and the objects a page reaches (document, navigator, location, history, screen, visualViewport,
performance, crypto, CSS, a style declaration…), in WebKit's order.

WebKitGTK is desktop WebKit. Where browser-compat-data says Safari on iOS never had an interface
or member (the "-" entries of Sources/PreprocessingKit/IOSCompatibility/IOSCompatibilityData.swift,
generated from it), the entry gets "ios": "never" (an interface) or a seventh item "never" (a
member): the iPhone has no such name, and SurfaceTests does not expect it.

  Tests/record-webkit-surface.py            # record and write the table
  Tests/record-webkit-surface.py --check    # record and report whether the table is current

Tests never call the oracle.
"""
import argparse, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(os.path.dirname(ROOT), "shared", "oracle", "webkit_oracle.py")
FOLDER = os.path.join(ROOT, "Tests", "PreprocessingKitTests", "Fixtures", "surface")
TABLE = os.path.join(FOLDER, "webkit.json")
BCD = os.path.join(ROOT, "Sources", "PreprocessingKit", "IOSCompatibility", "IOSCompatibilityData.swift")
PAGE = "<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>"
URL = "https://example.com/page.html"


def record_once():
    walk = open(os.path.join(FOLDER, "walk.js"), encoding="utf-8").read()
    script = "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ surface: (\n" + walk + "\n) }); } };\n"
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "page.html")
        path = os.path.join(folder, "walk.js")
        open(page, "w", encoding="utf-8").write(PAGE)
        open(path, "w", encoding="utf-8").write(script)
        process = subprocess.run([sys.executable, ORACLE, "--block-page-scripts", "--timeout", "60", "--page", page,
                                  "--url", URL, "--script", path], capture_output=True, text=True)
    try:
        output = json.loads(process.stdout)
        surface = json.loads(output["results"]["surface"])
    except (ValueError, KeyError, TypeError):
        sys.exit("the oracle gave no surface: " + process.stdout[-2000:] + process.stderr[-2000:])
    # The oracle's own global and the walk's script are not the platform's.
    surface["globals"] = [g for g in surface["globals"] if not g[0].startswith("__webkit_oracle") and g[0] != "ExtensionPreprocessingJS"]
    return surface


def never_on_ios():
    """The browser-compat-data paths Safari on iOS never had."""
    never = set()
    pattern = re.compile(r"^(api\.[^\t]+)\t-$")
    for line in open(BCD, encoding="utf-8"):
        match = pattern.match(line.rstrip("\n"))
        if match:
            never.add(match.group(1))
    return never


def mark_ios(surface, never):
    for entry in surface["globals"]:
        if "api." + entry[0] in never or "api.Window." + entry[0] in never:
            entry.append("never")
    for interface in surface["interfaces"]:
        name = interface["name"]
        if "api." + name in never:
            interface["ios"] = "never"
        for entry in interface["statics"]:
            if "api.%s.%s_static" % (name, entry[0]) in never or "api.%s.%s" % (name, entry[0]) in never:
                entry.append("never")
        for entry in interface["prototype"]:
            if "api.%s.%s" % (name, entry[0]) in never:
                entry.append("never")


def dump(surface):
    """One global, interface or object per line, so a new recording diffs by line."""
    lines = ["{", '"recordedWith": "WebKitGTK through ../shared/oracle/webkit_oracle.py --block-page-scripts, by Tests/record-webkit-surface.py",',
             '"page": %s,' % json.dumps(PAGE), '"url": %s,' % json.dumps(URL), '"globals": [']
    lines.append(",\n".join(json.dumps(g, ensure_ascii=False) for g in surface["globals"]))
    lines.append("],")
    lines.append('"interfaces": [')
    lines.append(",\n".join(json.dumps(i, ensure_ascii=False) for i in surface["interfaces"]))
    lines.append("],")
    lines.append('"objects": [')
    lines.append(",\n".join(json.dumps(o, ensure_ascii=False) for o in surface["objects"]))
    lines.append("]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    options = parser.parse_args()
    first, second = record_once(), record_once()
    if first != second:
        sys.exit("WebKit gave two different surfaces; nothing written")
    mark_ios(first, never_on_ios())
    text = dump(first)
    if options.check:
        current = open(TABLE, encoding="utf-8").read() if os.path.exists(TABLE) else ""
        print("current" if current == text else "the table differs from WebKit's surface now")
        return 0 if current == text else 1
    open(TABLE, "w", encoding="utf-8").write(text)
    members = sum(len(i["statics"]) + len(i["prototype"]) for i in first["interfaces"])
    print("%d globals, %d interfaces, %d interface members, %d objects" % (len(first["globals"]), len(first["interfaces"]), members, len(first["objects"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
