/// `--help` of every command.
enum HelpText {
    static func text(for topic: String?) -> String? {
        switch topic {
        case nil: return overview
        case "run": return run
        case "dump-tree": return dumpTree
        case "test": return test
        case "check": return check
        case "init-handler": return initHandler
        case "repl": return repl
        case "survey": return survey
        default: return nil
        }
    }

    static let overview = """
    preprocess-sim — run an iOS Action/Share extension's JavaScript preprocessing file the way
    Safari does, on a saved page, and see what the extension receives and what finalize does.

    USAGE: preprocess-sim <command> [options]

    COMMANDS:
      run         Run a preprocessing script on a page, through a request handler, into finalize
      check       Check an extension's Info.plist and preprocessing file for what makes Safari
                  skip or break the preprocessing step
      init-handler  Write a Swift package that runs your own request handler in the simulator
      test        Run regression suites (scripts × pages with expectations and snapshots)
      survey      Run a script on every kind of document Safari can share (article, frameset,
                  empty page, SVG, XHTML, text, image, video…) and say where it fails
      repl        A prompt in a loaded page (with the script): try selectors and expressions,
                  .run, .finalize {json}, .html
      dump-tree   Print the tree Safari builds from a page, in html5lib's format (for debugging)
      help        Show help for a command (preprocess-sim help run)
      version     Print the version

    EXIT CODES: 0 completed, 1 the script/handler/configuration failed (an error diagnostic),
                2 bad usage or an unreadable input.

    """

    static let survey = """
    USAGE: preprocess-sim survey SCRIPT.js [options]

    Runs the script on every kind of document Safari can hand a Share or Action extension,
    shipped with the tool: an article, a page without <title> or <body> tags, a frameset, an
    empty page, a page with cross-origin frames, an SVG, an XHTML page, a text file, an image and
    a video. For each it says whether the script completes, throws (with its place), never calls
    completionFunction, or sends values that do not survive the conversion, and what the
    extension receives.

    OPTIONS:
      --plist FILE           The extension's Info.plist: survey on each iOS major version from its
                             deployment target (MinimumOSVersion or IPHONEOS_DEPLOYMENT_TARGET) on
      --ios VERSION          Survey on each iOS major version from VERSION on (over --plist's)
      --format FORMAT        text (default), json or junit (the reports of `test`)
      --jobs N, -j N         Documents run at once (default: the number of cores)
      --timeout SECONDS      CPU seconds the script may take on each document (default 5)

    EXIT CODES: 0 the script completes on every document, 1 it fails on one,
                2 bad usage or an unreadable script.

    """

    static let run = """
    USAGE: preprocess-sim run --script FILE.js --page PAGE [options]
           preprocess-sim run --extension Info.plist --page PAGE [options]

    Loads PAGE (HTML, any encoding), injects the script, calls
    ExtensionPreprocessingJS.run({completionFunction}), hands the result to a request handler as
    an NSExtensionItem, and calls finalize with what the handler returns.

    OPTIONS:
      --script FILE          The preprocessing file (Action.js, ShareScript.js, …)
      --extension PLIST      The extension's Info.plist: the script is the one it names
                             (NSExtensionJavaScriptPreprocessingFile + .js, next to the plist or
                             in --resources); its configuration problems join the diagnostics
      --resources DIR        Another folder to look for the plist's script in
      --page FILE            The saved page
      --url URL              The page's URL (default: the "saved from url" comment, else
                             <link rel=canonical>, else the file's file:// URL)
      --encoding LABEL       Decode the page with this encoding (as an HTTP charset would)
      --content-type TYPE    The page's Content-Type header, e.g. "text/html; charset=gbk"
      --mime TYPE            The page's MIME type, over the content type, the saved container's,
                             the extension and the bytes: text/plain, image/png, video/mp4…
                             make the document WebKit writes for a text, an image, a video
      --select TEXT          Select the first occurrence of TEXT before running (white space in
                             TEXT matches any run of white space)
      --occurrence N         With --select: select the N-th occurrence (default 1)
      --select-css SELECTOR  Select the contents of the first element matching SELECTOR
      --select-range CSS@N..CSS@M
                             Select from character N of the first element matching CSS to
                             character M of another's (offsets into the element's text
                             content; 'p@4..20' stays in the same element)
      --handler NAME         The request handler: none (default; completes with no items, so
                             finalize is not called), echo (returns the results to finalize),
                             example-notes (seed 000's handler), or a handler registered by
                             a runner that init-handler wrote
      --post, --cancel       What the user taps when the extension is a compose sheet
                             (SLComposeServiceViewController, init-handler --from): Post
                             (default; only when isContentValid() is true) or Cancel
      --finalize-args JSON   The handler returns this dictionary to finalize: inline JSON,
                             @file.json or @file.plist
      --format FORMAT        text (default), json (the transcript), plist (the NSExtensionItem
                             payload the extension receives, as an XML property list)
      --timeout SECONDS      CPU time run or finalize may take before it is stopped (default 5)
      --handler-timeout S    Time the handler may take to complete the request (default 10)
      --memory-limit MB      Memory the run may take (default 1024): a larger page is refused, a
                             script allocating past it is stopped, results over a quarter of it
                             are not converted; each ends with its diagnostic
      --confirm yes|no       What confirm() answers (default no, as the oracle's WebKit)
      --prompt TEXT          What prompt() answers (default null)
      --cookie "a=1; b=2"    document.cookie
      --deterministic        A fixed start time and seeded randomness: the same inputs give the
                             same JSON transcript (timings left out)
      --now DATE             Where the clock starts (ISO 8601 or ms since 1970; default
                             2024-01-01T00:00:00Z); implies --deterministic
      --seed N               Seed of Math.random and crypto.getRandomValues (default 0);
                             implies --deterministic
      --virtual-timeout S    Virtual seconds timers may run before waiting for
                             completionFunction gives up (default 60; time is simulated, so
                             this costs no real time)
      --fixture URL=FILE     The offline network answers URL with FILE (repeatable); without a
                             fixture a request fails as Safari fails offline
      --fixtures DIR         Answers listed in DIR/fixtures.json:
                             {"URL": {"file": "a.json", "status": 200, "headers": {…}, "delay": 20}}
      --page-scripts         Run the page's own inline scripts first, as Safari did when it loaded
                             the page (their errors are page errors)
      --ios VERSION          The page as Safari on that iOS version has it (8.0 to the data's
                             newest release, 26.6, whose user agent is the default): built-ins
                             and Web APIs it lacks are hidden, syntax it cannot parse skips the
                             script (ios-syntax), a failure where a hidden API was reached names
                             it (ios-api-missing); docs/ios.md
      --device DEVICE        iphone (default: 390×844 at 3×) or ipad (820×1180 at 2×, with
                             iPadOS Safari's desktop user agent and platform MacIntel);
                             docs/ios.md "Devices"

    DEBUGGING (docs/debugging.md):
      --trace                The timeline of the exchange: each step with virtual and real time
                             and file:line:column (in the JSON transcript too, as "trace")
      --diff                 finalize's DOM mutations, and a unified diff of the page's HTML
                             before and after finalize
      --html-out FILE        Write the page after finalize (open it in a browser)
      --watch                Run again when the script, page, plist or fixtures change, and
                             show what changed in the results
      --inspect              Try WebKit's remote inspector (a bare context cannot be served; it
                             says why), then stop before run and at each debugger; statement
                             with a prompt on stdin (.continue goes on)
      -h, --help             Show this help

    """

    static let check = """
    USAGE: preprocess-sim check --extension Info.plist [--script FILE] [--resources DIR] [--format text|json]
           preprocess-sim check --script FILE

    Reports, as compiler-style diagnostics (file:line:column: severity: message [code]),
    everything that would make Safari skip or break the preprocessing step: the plist's
    extension point, activation rule and NSExtensionJavaScriptPreprocessingFile, and the script
    run on a blank page and on the example page (Pages/mozilla-hacks-fetch.html): syntax-error,
    missing-global, missing-run, run-threw, completion-not-called, timeout, null-selection
    (run throws when getSelection() returns null), finalize-missing (an Action extension whose
    script has no finalize).

    OPTIONS:
      --extension PLIST      The extension's Info.plist (XML, binary, or the NSExtension
                             dictionary alone)
      --script FILE          Check this script instead of the one the plist names
      --resources DIR        Another folder to look for the plist's script in
      --page FILE            Run the script on this page instead of the example page
      --format FORMAT        text (default) or json ({"diagnostics": […], "errors": N, "warnings": N})
      --timeout SECONDS      CPU time run may take on each page (default 5)
      --ios VERSION          Check as Safari on that iOS version (default: the plist's
                             MinimumOSVersion or IPHONEOS_DEPLOYMENT_TARGET, noted as ios-target)
      --ios-report           Print the lowest iOS version the script works on and why, instead
                             (in JSON with --format json; exit 1 when no version in the data
                             runs it); docs/ios.md
      --device DEVICE        Check as Safari on iphone (default) or ipad (desktop user agent,
                             platform MacIntel); docs/ios.md "Devices"

    EXIT CODES: 0 no errors (warnings allowed), 1 an error, 2 bad usage or an unreadable file.

    """

    static let initHandler = """
    USAGE: preprocess-sim init-handler NAME [--output DIR] [--kit PATH]
           preprocess-sim init-handler [NAME] --from EXTENSION_DIR [--output DIR] [--kit PATH]

    Writes DIR/NAME, a Swift package that runs your own request handler in the simulator:
      Package.swift                       depends on PreprocessingKit by path
      Sources/NAME/NAMEHandler.swift      the handler (seed 000's; replace it with yours)
      Sources/NAME-sim/main.swift         preprocess-sim's command line with --handler NAME
      Tests/NAMETests/                    a Swift Testing test through the library API
      Scripts/Action.js                   seed 000's preprocessing file

    With --from, the package runs an Xcode extension target as it is: its .swift files are
    compiled unchanged (through links) against the simulator's UIKit, Social,
    MobileCoreServices and UniformTypeIdentifiers, and its principal class (Info.plist's
    NSExtensionPrincipalClass, or NSExtensionMainStoryboard's initial view controller) is
    created and driven as iOS does. NAME defaults to the folder's name.
      Package.swift                       one executable target, NAME (product NAME-sim)
      Sources/NAME/main.swift             preprocess-sim's command line with --handler NAME
      Sources/NAME/Extension/             links to the extension's .swift files
      Extension                           a link to EXTENSION_DIR (Info.plist, script)
      README.md                           the commands to build and run it, and suites
    Problems with the target (no principal class, a class not in the sources, a storyboard
    without an initial view controller, an @IBOutlet) are printed and exit 1.

    OPTIONS:
      --from DIR             The extension target's folder (Info.plist, .swift, storyboard, .js)
      --output DIR           Where to create the package folder (default: the current directory)
      --kit PATH             The PreprocessingSimulator repository (default: the one around the
                             current directory, else the one the binary was built in)

    """

    static let test = """
    USAGE: preprocess-sim test SUITE.suite.json… [options]

    Runs every case of the suites (a script on a page, through a handler, into finalize), each
    in its own process, and checks its expectations and snapshots. The manifest's schema is in
    docs/suites.md. Exit code 0 only when every case passed; 2 for an unusable suite file.

    OPTIONS:
      --jobs N, -j N         Cases run at once (default: one per core)
      --filter TEXT          Only cases whose id contains TEXT (a glob when it has * or ?)
      --shard K/N            Only the K-th of N slices of the cases (for CI matrices)
      --fail-fast            Stop starting cases after the first failure
      --update-snapshots     Write snapshots that are new or changed (same as --record all)
      --record MODE          all, missing (default), never (default when CI is set), failed
      --junit FILE           Write a JUnit XML report
      --json FILE            Write the run as JSON (every case's status, failures, transcript)
      --html FILE            Write a self-contained HTML report
      -h, --help             Show this help

    Snapshots are stored as __snapshots__/CASE-ID.json beside the suite file.

    """

    static let dumpTree = """
    USAGE: preprocess-sim dump-tree [--fragment CONTEXT] PAGE

    Prints the tree Safari builds from PAGE (any saved-page format and encoding, read as `run`
    reads it), in html5lib's tree format: one node a line, two spaces a level, attributes
    sorted one level in, `svg `/`math ` before foreign element names, a template's contents
    under `content`.

    OPTIONS:
      --fragment CONTEXT  Parse the page's text as the content of a CONTEXT element, as
                          `innerHTML =` does: an HTML name (`td`), or `svg NAME` / `math NAME`

    EXAMPLE: printf '<table><tr><td>x' > t.html && preprocess-sim dump-tree t.html

    """

    static let repl = """
    USAGE: preprocess-sim repl --page PAGE [--script FILE.js] [--url URL] [--select TEXT]

    Loads PAGE (and the preprocessing script) and reads lines from stdin: each is evaluated in
    the page and its value printed, with the console messages and dialogs it caused.

    COMMANDS:
      .run              Call ExtensionPreprocessingJS.run; print what completionFunction received
                        and what the extension receives after the conversion
      .finalize {json}  Call ExtensionPreprocessingJS.finalize with the JSON object
      .html             Print document.documentElement.outerHTML
      .help             List the commands
      .exit             Leave (so does the end of input)

    EXAMPLE: echo 'document.title' | preprocess-sim repl --page Pages/hukumusume-fable.html

    """
}
