#!/bin/bash
# Records ground truth from real WebKit (WebKitGTK, ../shared/oracle/webkit_oracle.py) into
# Tests/PreprocessingKitTests/Fixtures/oracle/<probe>/{cases.jsonl,output.jsonl}.
#
# Documents how the fixtures were made; CI never runs it (it needs WebKitGTK + Xvfb).
# Usage, from anywhere (it changes to the repo root, so case files hold paths such as
# ../shared/corpus/pages/002/source.html, relative to the repo root; CI clones the repo next
# to shared/):
#
#   Tests/record-oracle.sh                  # every probe, one after the other
#   Tests/record-oracle.sh text edge        # only these probes
#   Tests/record-oracle.sh --cases-only     # regenerate cases.jsonl, do not run the oracle
#
# Every batch runs with --block-page-scripts: the page is parsed with scripting on (as in
# Safari) but none of its own code runs, which is what the simulator does by default.
# Run at most two of these at a time on a 2-core machine.
set -euo pipefail

cd "$(dirname "$0")/.."
ORACLE=../shared/oracle/webkit_oracle.py
FIXTURES=Tests/PreprocessingKitTests/Fixtures/oracle
PYTHON=/usr/bin/python3

CASES_ONLY=0
PROBES=()
for argument in "$@"; do
    case "$argument" in
        --cases-only) CASES_ONLY=1 ;;
        *) PROBES+=("$argument") ;;
    esac
done
if [ ${#PROBES[@]} -eq 0 ]; then
    PROBES=(page-basics text encoding seeds edge tree urls-forms selectors select-text
            tree-shape tree-shape-wide
            page-basics-wide text-wide select-text-wide tree-wide urls-forms-wide selectors-wide
            serialization frames geometry scripts-typical
            serialization-wide frames-wide geometry-wide scripts-typical-wide documents)
fi

# Writes <probe>/cases.jsonl. One Python program for all probes so the phrase picker and
# URL rules are shared.
make_cases() {
    "$PYTHON" - "$FIXTURES" "$1" <<'PY'
import csv, glob, gzip, html.parser, json, os, re, sys

fixtures, probe = sys.argv[1], sys.argv[2]
folder = os.path.join(fixtures, probe)
corpus_pages = sorted(glob.glob("../shared/corpus/pages/*/source.html"))

def corpus_name(path):
    return os.path.basename(os.path.dirname(path))

def corpus_url(path):
    return "https://example.com/corpus/%s/index.html" % corpus_name(path)

def wide_pages():
    """(name, path, url) of the wide pages (gzip), at their original URLs."""
    with open("../shared/corpus/wide-pages/index.tsv", newline="", encoding="utf-8") as index:
        return [(row["name"], "../shared/corpus/wide-pages/%s.html.gz" % row["name"], row["url"])
                for row in csv.DictReader(index, delimiter="\t")]

def page_bytes(path):
    """The page's bytes; a .gz page decompressed (what the oracle is given)."""
    if path.endswith(".gz"):
        with gzip.open(path, "rb") as source:
            return source.read()
    with open(path, "rb") as source:
        return source.read()

def extra_urls():
    urls = {}
    with open("../shared/corpus/extra-pages/index.tsv", newline="", encoding="utf-8") as index:
        for row in csv.DictReader(index, delimiter="\t"):
            urls[row["name"]] = row.get("url") or ""
    return urls

class LongParagraphs(html.parser.HTMLParser):
    """Collects, per <p> with more than 40 characters of text, its text chunks (text nodes),
    ignoring text inside script/style/noscript/template/textarea."""
    hidden = {"script", "style", "noscript", "template", "textarea", "title"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hidden_depth = 0
        self.in_paragraph = False
        self.chunks = []
        self.paragraphs = []

    def handle_starttag(self, tag, attrs):
        if tag in self.hidden:
            self.hidden_depth += 1
        if tag == "p":
            self.finish_paragraph()
            self.in_paragraph = True
            self.chunks = []

    def handle_endtag(self, tag):
        if tag in self.hidden and self.hidden_depth:
            self.hidden_depth -= 1
        if tag == "p":
            self.finish_paragraph()

    def finish_paragraph(self):
        if self.in_paragraph and len("".join(self.chunks).strip()) > 40:
            self.paragraphs.append(list(self.chunks))
        self.in_paragraph = False

    def handle_data(self, data):
        if self.in_paragraph and not self.hidden_depth:
            self.chunks.append(data)

def pick_phrase(path):
    """5 words from the middle of the longest text node of the first long <p> that has a text
    node of at least 6 words (one text node, so the phrase never spans elements)."""
    text = page_bytes(path).decode("utf-8", errors="replace")
    parser = LongParagraphs()
    try:
        parser.feed(text)
        parser.close()
    except Exception:
        return None
    for chunks in parser.paragraphs:
        chunk = max(chunks, key=lambda c: len(c.split()))
        words = chunk.split()
        if len(words) < 6 or re.search("[\ufffd\ufeff\u200b-\u200d\u00ad]", chunk):
            continue
        start = (len(words) - 5) // 2
        return " ".join(words[start:start + 5])
    # Pages in scripts without spaces (Chinese, Japanese): 8 characters from the middle of a
    # text node without whitespace inside the picked part.
    for chunks in parser.paragraphs:
        chunk = max(chunks, key=lambda c: len(c.strip())).strip()
        middle = len(chunk) // 2
        piece = chunk[middle - 4:middle + 4]
        if len(chunk) >= 16 and not re.search("[\\s\ufffd\ufeff\u200b-\u200d\u00ad]", piece):
            return piece
    return None

class ViewportMeta(html.parser.HTMLParser):
    """Whether a page has a <meta name="viewport"> with a content attribute (the tag Safari on
    iOS lays the page out by; DOM/js/viewport.js documentViewportContent)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "meta" and (values.get("name") or "").strip().lower() == "viewport" and values.get("content") is not None:
            self.found = True

def has_viewport_tag(path):
    parser = ViewportMeta()
    try:
        parser.feed(page_bytes(path).decode("utf-8", errors="replace"))
        parser.close()
    except Exception:
        pass
    return parser.found

# The probes whose values depend on the layout viewport (sizes, and the text the style sheets
# width queries show). A page without a viewport tag is laid out 980 CSS pixels wide on an
# iPhone (980 × 2121 for its 390 × 844 screen), so WebKit records it in a window of that size;
# a page with one keeps the 390 × 844 window.
VIEWPORT_PROBES = ("geometry", "geometry-wide", "text", "text-wide", "scripts-typical", "scripts-typical-wide")
NO_TAG_VIEWPORT = "980x2121"

def case(case_id, page, url, script, **extra):
    line = {"id": case_id, "page": page, "url": url, "script": script}
    line.update(extra)
    if probe in VIEWPORT_PROBES and not has_viewport_tag(page):
        line["viewport"] = NO_TAG_VIEWPORT
    return line

script = os.path.join(folder, "probe.js")
cases = []
# Probes that run one probe.js on every corpus page, and whose "-wide" twin runs the same
# probe.js (in the base probe's folder) on every wide page.
page_probes = ("page-basics", "text", "select-text", "tree", "selectors", "urls-forms",
               "serialization", "frames", "geometry", "scripts-typical")
if probe.endswith("-wide") and probe[:-len("-wide")] in page_probes:
    # The wide pages (gzip) at their original URLs. The oracle is given decompressed copies
    # (see oracle_batch), the simulator reads the .gz itself; the phrase picker reads the
    # decompressed bytes.
    base = probe[:-len("-wide")]
    script = os.path.join(fixtures, base, "probe.js")
    for name, p, url in wide_pages():
        extra = {}
        if base == "select-text":
            phrase = pick_phrase(p)
            if phrase:
                extra["select_text"] = phrase
        cases.append(case(name, p, url, script, **extra))
elif probe in ("page-basics", "text", "selectors", "urls-forms",
               "serialization", "frames", "geometry", "scripts-typical"):
    cases = [case(corpus_name(p), p, corpus_url(p), script) for p in corpus_pages]
elif probe == "select-text":
    for p in corpus_pages:
        phrase = pick_phrase(p)
        extra = {"select_text": phrase} if phrase else {}
        cases.append(case(corpus_name(p), p, corpus_url(p), script, **extra))
elif probe == "tree":
    cases = [case(corpus_name(p), p, corpus_url(p), script) for p in corpus_pages]
    for p in sorted(glob.glob("../shared/corpus/extra-pages/html5lib-tests/*.html")):
        name = os.path.basename(p)
        cases.append(case("html5lib-tests/" + name, p,
                          "https://example.com/html5lib-tests/" + name, script))
elif probe == "tree-shape":
    cases = [case(corpus_name(p), p, corpus_url(p), script) for p in corpus_pages]
elif probe == "tree-shape-wide":
    # The wide pages (gzip) at their original URLs; the probe is tree-shape's. The oracle is
    # given decompressed copies (see oracle_batch), the simulator reads the .gz itself.
    script = os.path.join(fixtures, "tree-shape", "probe.js")
    for name, p, url in wide_pages():
        cases.append(case(name, p, url, script))
elif probe == "encoding":
    urls = extra_urls()
    for sub in ("chardet", "trafilatura"):
        for p in sorted(glob.glob("../shared/corpus/extra-pages/%s/*" % sub)):
            name = sub + "/" + os.path.basename(p)
            url = urls.get(name) or "https://example.com/extra-pages/" + name
            cases.append(case(name, p, url, script))
elif probe == "documents":
    # Text and image documents: the corpus's (../shared/corpus/documents, with the MIME type
    # its SOURCES.tsv says Safari would use) and small edge cases (Fixtures/documents), each
    # loaded with a MIME type ("mime", as the simulator's --mime) at a URL ending in its name.
    with open("../shared/corpus/documents/SOURCES.tsv", newline="", encoding="utf-8") as sources:
        for row in csv.DictReader(sources, delimiter="\t"):
            if row["file"].split("/")[0] in ("text", "image"):
                name = os.path.basename(row["file"])
                cases.append(case(row["file"], "../shared/corpus/documents/" + row["file"],
                                  "https://example.com/documents/" + name, script,
                                  mime=row["mime_type_safari_would_use"]))
    edge_folder = "Tests/PreprocessingKitTests/Fixtures/documents/"
    for name, mime, url_name, extra in [
            ("markup.txt", "text/plain", "markup.txt", {}),
            ("markup.txt", "text/css", "markup.css", {}),
            ("markup.txt", "text/javascript", "markup.js", {}),
            ("markup.txt", "text/csv", "markup.csv", {}),
            ("data.json", "application/json", "data.json", {}),
            ("leading-newline.txt", "text/plain", "leading-newline.txt", {}),
            ("bom.txt", "text/plain", "bom.txt", {}),
            ("utf8-no-bom.txt", "text/plain", "utf8-no-bom.txt", {}),
            ("utf8-no-bom.txt", "text/plain", "utf8-charset.txt", {"encoding": "utf-8"}),
            ("red.png", "image/png", "red.png", {}),
            ("red.png", "image/png", "red%20%26%20blue.png?size=large#top", {}),
            ("red.png", "image/png", "folder/", {}),
            ("tall.png", "image/png", "tall.png", {}),
            ("small.bmp", "image/bmp", "small.bmp", {}),
            ("icon.ico", "image/x-icon", "icon.ico", {}),
            ("small.jpg", "image/jpeg", "small.jpg", {}),
            ("truncated.png", "image/png", "truncated.png", {}),
            ("clip.mp4", "video/mp4", "clip.mp4", {})]:
        cases.append(case("edge/" + url_name, edge_folder + name, "https://example.com/documents/" + url_name,
                          script, mime=mime, **extra))
elif probe == "seeds":
    # The shipped example scripts (Scripts/): the seeds' flows as the simulator runs them.
    share = "Scripts/ShareScript.js"
    action = "Scripts/Action.js"
    for name in ("002", "wikipedia-2", "nytimes-2"):
        p = "../shared/corpus/pages/%s/source.html" % name
        cases.append(case("003-share/" + name, p, corpus_url(p), share,
                          select_text=pick_phrase(p)))
    cases.append(case("003-share/002-no-selection", "../shared/corpus/pages/002/source.html",
                      corpus_url("../shared/corpus/pages/002/source.html"), share))
    for name in ("002", "wikipedia-2"):
        p = "../shared/corpus/pages/%s/source.html" % name
        cases.append(case("000-action/" + name, p, corpus_url(p), action,
                          select_text=pick_phrase(p),
                          finalize_json={"message": "已成功添加到筆記應用"}))
elif probe == "edge":
    page = os.path.join(folder, "page.html")
    url = "https://example.com/edge/page.html"
    def edge(name, **extra):
        cases.append(case(name, page, url, os.path.join(folder, name + ".js"), **extra))
    for name in ("types", "types-no-functions", "cycle", "undefined-argument",
                 "function-argument", "array-argument", "string-argument", "called-twice",
                 "async-completion", "throws-in-run", "throws-error-object", "rejects-in-run",
                 "syntax-error", "missing-global", "missing-run", "let-declaration",
                 "no-selection", "console-formats", "environment", "dom-objects"):
        edge(name)
    edge("never-completes", timeout=3)
    edge("never-completes-unreachable", timeout=3)
    edge("class-declaration", finalize_json={"value": "yes"})
    edge("finalize-throws", finalize_json={"message": "hello"})
    edge("finalize-dom", finalize_json={"bgColor": "red", "message": "Saved!"})
    edge("finalize-missing", finalize_json={"message": "nobody listens"})
else:
    sys.exit("unknown probe " + probe)

os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "cases.jsonl"), "w", encoding="utf-8") as out:
    for line in cases:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
print("%s: %d cases" % (probe, len(cases)), file=sys.stderr)
PY
}

# Drops bulky fields that tests do not compare (the WebKit version goes into README.md).
# resultsNativeBridge repeats results, so it is kept only where conversions are the subject.
strip_output() {
    "$PYTHON" -c '
import json, sys
keep_bridge = sys.argv[1] in ("edge", "seeds")
for raw in sys.stdin:
    line = json.loads(raw)
    for key in ("consoleDetailed", "timing", "oracle"):
        line.pop(key, None)
    if not keep_bridge:
        line.pop("resultsNativeBridge", None)
    if isinstance(line.get("finalize"), dict):
        line["finalize"].pop("consoleDetailed", None)
    text = json.dumps(line, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escape, as the oracle itself does
        text = json.dumps(line, ensure_ascii=True)
    sys.stdout.write(text + "\n")
' "$1"
}

# Prints the batch file to give the oracle for <probe>/cases.jsonl, for the cases of one window
# size ($3: a case's "viewport", or "default" for the cases without one): the cases file
# itself when that is all of them, or a copy in $2 with only those cases, whose .gz pages
# point at decompressed copies in $2 (the oracle loads bytes as they are; cases.jsonl keeps
# the .gz path the simulator reads).
oracle_batch() {
    "$PYTHON" - "$1" "$2" "$3" <<'PY'
import gzip, json, os, sys

cases_path, scratch, viewport = sys.argv[1], sys.argv[2], sys.argv[3]
every = [json.loads(raw) for raw in open(cases_path, encoding="utf-8") if raw.strip()]
lines = [line for line in every if line.get("viewport", "default") == viewport]
if len(lines) == len(every) and not any(line.get("page", "").endswith(".gz") for line in lines):
    print(cases_path)
    sys.exit()
for number, line in enumerate(lines):
    page = line.get("page", "")
    if page.endswith(".gz"):
        plain = os.path.join(scratch, "%04d-%s" % (number, os.path.basename(page)[:-3]))
        with gzip.open(page, "rb") as source, open(plain, "wb") as target:
            target.write(source.read())
        line["page"] = os.path.abspath(plain)
batch = os.path.join(scratch, "cases-%s.jsonl" % viewport)
with open(batch, "w", encoding="utf-8") as out:
    for line in lines:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
print(batch)
PY
}

scratch=
trap 'rm -rf "$scratch"' EXIT
for probe in "${PROBES[@]}"; do
    make_cases "$probe"
    [ "$CASES_ONLY" = 1 ] && continue
    echo "recording $probe ..." >&2
    scratch=$(mktemp -d)
    # One oracle run per window size the cases ask for, merged back into the cases' order.
    viewports=$("$PYTHON" -c '
import json, sys
seen = []
for raw in open(sys.argv[1], encoding="utf-8"):
    if raw.strip():
        size = json.loads(raw).get("viewport", "default")
        if size not in seen:
            seen.append(size)
print(" ".join(seen))' "$FIXTURES/$probe/cases.jsonl")
    for viewport in $viewports; do
        batch=$(oracle_batch "$FIXTURES/$probe/cases.jsonl" "$scratch" "$viewport")
        size=()
        [ "$viewport" != default ] && size=(--viewport "$viewport")
        "$PYTHON" "$ORACLE" --block-page-scripts --timeout 15 "${size[@]}" \
            --batch "$batch" > "$scratch/output-$viewport.jsonl"
    done
    "$PYTHON" -c '
import glob, json, os, sys
cases_path, scratch = sys.argv[1], sys.argv[2]
outputs = {}
for path in sorted(glob.glob(os.path.join(scratch, "output-*.jsonl"))):
    lines = [raw for raw in open(path, encoding="utf-8") if raw.strip()]
    outputs[os.path.basename(path)[len("output-"):-len(".jsonl")]] = iter(lines)
for raw in open(cases_path, encoding="utf-8"):
    if raw.strip():
        sys.stdout.write(next(outputs[json.loads(raw).get("viewport", "default")]))
' "$FIXTURES/$probe/cases.jsonl" "$scratch" > "$FIXTURES/$probe/output.raw.jsonl"
    rm -rf "$scratch"
    # The first line's "oracle" field names the WebKitGTK version and mode used.
    head -1 "$FIXTURES/$probe/output.raw.jsonl" | "$PYTHON" -c \
        'import json,sys; print(json.dumps(json.loads(sys.stdin.read()).get("oracle")))' \
        > "$FIXTURES/$probe/oracle-version.json"
    strip_output "$probe" < "$FIXTURES/$probe/output.raw.jsonl" > "$FIXTURES/$probe/output.jsonl"
    rm "$FIXTURES/$probe/output.raw.jsonl"
    echo "$probe: $(wc -l < "$FIXTURES/$probe/output.jsonl") lines" >&2
done
