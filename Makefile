# PreprocessingSimulator. `make demo` runs the shipped examples; `make test` runs the tests.
# Both install the Debian packages they need first (as root, or through sudo).

SWIFT ?= swift
PREFIX ?= /usr/local
APT_PACKAGES := pkg-config libjavascriptcoregtk-4.1-dev zlib1g-dev libxml2-dev
BIN = .build/release/preprocess-sim
# The CLI is linked with the Swift runtime and Foundation built in: resolving their symbols at
# every start cost about 5 ms of each `preprocess-sim` process (the start-up figure of `make bench`; a
# suite runs one process per case). `make test` builds the package as `swift test` does.
RELEASE_FLAGS ?= --static-swift-stdlib
SIM = $(BIN)

.PHONY: all deps build test demo demo-extension extension-targets install bench fuzz fidelity ios-table clean

all: build

# Installs what is missing, and nothing when everything is there.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product preprocess-sim $(RELEASE_FLAGS)

# Release build (the tests run real pages through JavaScriptCore; debug is several times slower).
test: deps
	$(SWIFT) build -c release --product preprocess-sim
	$(SWIFT) test -c release -Xswiftc -enable-testing

# The long fuzz run, before each release (README, "Robustness"): 100,000 parser inputs and
# 12,000 pages through the whole pipeline, with the seeds `make test` uses for its short run.
fuzz: deps
	$(SWIFT) build -c release --product preprocess-sim
	PREPROCESS_SIM_PARSER_FUZZ_ROUNDS=100000 PREPROCESS_SIM_FUZZ_ROUNDS=12000 PREPROCESS_SIM_SWEEP=full \
	    $(SWIFT) test -c release -Xswiftc -enable-testing --filter 'ParserFuzzTests|PipelineFuzzTests|PropertySweepTests'

# The differential loop against WebKit's recorded answers; not part of `make test` (whose
# FidelityFloorTests hold the same figures to known-differences.json). Prints identical/total
# per probe and page folder, writes .build/fidelity/differences.jsonl (each difference with its
# path and both values). `make fidelity UPDATE=1` rewrites the known-differences list after a fix.
fidelity: deps
	$(SWIFT) build -c release --product preprocess-fidelity
	.build/release/preprocess-fidelity $(if $(UPDATE),--update-known) $(PROBES)

demo: build
	@echo "== Seed 003: a Share extension sends title, URL and the selected text"
	$(SIM) run --script Scripts/ShareScript.js --page Pages/mozilla-hacks-fetch.html \
	    --url https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/ --select "of concerns. The input, output"
	@echo
	@echo "== Seed 000: an Action extension saves the selection as a note; finalize alerts the handler's answer"
	$(SIM) run --script Scripts/Action.js --page Pages/hukumusume-fable.html --select "欲張りなイヌ" --handler example-notes
	@echo
	@echo "== The same, as the NSExtensionItem payload the extension receives"
	$(SIM) run --script Scripts/Action.js --page Pages/daringfireball-colophon.html --select "Daring Fireball" --format plist
	@echo
	@echo "== Checking the seeds' extension configurations (seed 003 as published has a malformed plist)"
	-$(SIM) check --extension Scripts/seed-003-as-published.plist --resources Scripts
	$(SIM) check --extension Scripts/ShareExtension-Info.plist --resources Scripts
	-$(SIM) check --extension Scripts/ActionExtension-Info.plist --resources Scripts
	@echo
	@echo "== The example regression suite: Scripts x Pages"
	$(SIM) test Suites/examples.suite.json

# Seed 003's Share extension target (Examples/ShareExtension) run as it is: init-handler --from
# writes its package under .build/examples, swift build compiles its view controller unchanged
# (sharing the tests' scratch folder), and the view controller gets the script's results.
EXAMPLE_PACKAGE = .build/examples/ShareExtension
EXAMPLE_SCRATCH = $(CURDIR)/.build/init-handler-template
demo-extension: build
	rm -rf $(EXAMPLE_PACKAGE)
	$(SIM) init-handler --from Examples/ShareExtension --output .build/examples --kit $(CURDIR)
	cd $(EXAMPLE_PACKAGE) && $(SWIFT) build --scratch-path $(EXAMPLE_SCRATCH)
	cd $(EXAMPLE_PACKAGE) && $(EXAMPLE_SCRATCH)/debug/ShareExtension-sim run --extension Extension/Info.plist \
	    --page $(CURDIR)/Pages/mozilla-hacks-fetch.html --select "of concerns. The input, output" --handler ShareExtension

# Every extension target folder under DIR (one holding an Info.plist) through init-handler
# --from, built in the examples' scratch folder, run on a shipped page: one line per target,
# "received results" or the diagnostic that says why not. Not part of `make test`.
extension-targets: build
	@test -n "$(DIR)" || { echo "make extension-targets DIR=folder-of-targets"; exit 2; }
	python3 Tests/extension-targets.py --sim $(BIN) --kit $(CURDIR) --scratch $(EXAMPLE_SCRATCH) --dir "$(DIR)"

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/preprocess-sim

# The benchmark against jsdom; not part of `make test`. Installs node and Debian's
# jsdom for the peer when missing, builds release, writes bench-results.json.
bench: deps
	@missing=""; for p in nodejs node-jsdom; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	$(SWIFT) build -c release --product preprocess-sim $(RELEASE_FLAGS)
	$(SWIFT) build -c release --product preprocess-bench
	.build/release/preprocess-bench --output bench-results.json

# The --ios compatibility table, from MDN's browser-compat-data source tree in ../shared, else
# Debian's package (installed when missing); not part of `make test` (the table is committed).
# With Debian's package the generator prints how its mirrors compare with the package's data.json
# and fails if they differ from iOS 8 on.
ios-table:
	@[ -d ../shared/browser-compat-data/browsers ] || dpkg -s node-mdn-browser-compat-data >/dev/null 2>&1 || { \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends node-mdn-browser-compat-data; }
	python3 Sources/PreprocessingKit/IOSCompatibility/Tables/generate-ios-table.py > Sources/PreprocessingKit/IOSCompatibility/IOSCompatibilityData.swift.new
	mv Sources/PreprocessingKit/IOSCompatibility/IOSCompatibilityData.swift.new Sources/PreprocessingKit/IOSCompatibility/IOSCompatibilityData.swift

clean:
	rm -rf .build
