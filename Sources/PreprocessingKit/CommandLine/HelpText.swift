/// `--help` of every command.
enum HelpText {
    static func text(for topic: String?) -> String? {
        switch topic {
        case nil: return overview
        case "run": return run
        case "dump-tree": return dumpTree
        default: return nil
        }
    }

    static let overview = """
    preprocess-sim — run an iOS Action/Share extension's JavaScript preprocessing file the way
    Safari does, on a saved page, and see what the extension receives and what finalize does.

    USAGE: preprocess-sim <command> [options]

    COMMANDS:
      run         Run a preprocessing script on a page, through a request handler, into finalize
      dump-tree   Print the parsed tree of an HTML file in the DOM's flat format (for debugging)
      help        Show help for a command (preprocess-sim help run)
      version     Print the version

    EXIT CODES: 0 completed, 1 the script/handler/configuration failed (an error diagnostic),
                2 bad usage or an unreadable input.

    """

    static let run = """
    USAGE: preprocess-sim run --script FILE.js --page PAGE [options]

    Loads PAGE (HTML, any encoding), injects the script, calls
    ExtensionPreprocessingJS.run({completionFunction}), hands the result to a request handler as
    an NSExtensionItem, and calls finalize with what the handler returns.

    OPTIONS:
      --script FILE          The preprocessing file (Action.js, ShareScript.js, …)
      --page FILE            The saved page
      --url URL              The page's URL (default: the "saved from url" comment, else
                             <link rel=canonical>, else the file's file:// URL)
      --encoding LABEL       Decode the page with this encoding (as an HTTP charset would)
      --content-type TYPE    The page's Content-Type header, e.g. "text/html; charset=gbk"
      --select TEXT          Select the first occurrence of TEXT before running (white space in
                             TEXT matches any run of white space)
      --occurrence N         With --select: select the N-th occurrence (default 1)
      --select-css SELECTOR  Select the contents of the first element matching SELECTOR
      --handler NAME         The request handler: none (default; completes with no items, so
                             finalize is not called), echo (returns the results to finalize),
                             example-notes (seed 000's handler)
      --finalize-args JSON   The handler returns this dictionary to finalize: inline JSON,
                             @file.json or @file.plist
      --format FORMAT        text (default), json (the transcript), plist (the NSExtensionItem
                             payload the extension receives, as an XML property list)
      --timeout SECONDS      CPU time run or finalize may take before it is stopped (default 5)
      --handler-timeout S    Time the handler may take to complete the request (default 10)
      --confirm yes|no       What confirm() answers (default no, as the oracle's WebKit)
      --prompt TEXT          What prompt() answers (default null)
      --cookie "a=1; b=2"    document.cookie
      -h, --help             Show this help

    """

    static let dumpTree = """
    USAGE: preprocess-sim dump-tree [--fragment CONTEXT] FILE.html

    Prints the page parsed by gumbo, corrected as WebKit parses it, in the flat array format the
    JavaScript DOM builds from (Sources/PreprocessingKit/DOM/js/CONTRACT.md).

    """
}
