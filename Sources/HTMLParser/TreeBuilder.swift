/// Tree construction: https://html.spec.whatwg.org/multipage/parsing.html#tree-construction,
/// with the scripting flag set (as Safari parses) and WebKit's own limits.
///
/// It pulls tokens from the tokenizer and writes the `FlatTree` through a small set of calls
/// (make a node, insert it, remove it, move children, add attributes). A mode's handler returns
/// `.reprocess` after switching modes instead of calling the next handler, and a loop drives
/// it; the stacks are arrays, so nothing recurses however deep the page nests.
///
/// This file holds the state and the dispatcher; the rest is in extensions named for their
/// part: TreeBuilder+OpenElements (the stack and its scopes), +FormattingElements (the list of
/// active formatting elements, the adoption agency), +Inserting (creating and inserting nodes),
/// +Modes, +InBody, +Tables and +Select (the insertion modes), +Characters (character tokens)
/// and +Foreign (foreign content).
struct TreeBuilder {
    enum InsertionMode {
        case initial, beforeHTML, beforeHead, inHead, afterHead, inBody, text, inTable, inTableText
        case inCaption, inColumnGroup, inTableBody, inRow, inCell, inSelect, inSelectInTable, inTemplate
        case afterBody, inFrameset, afterFrameset, afterAfterBody, afterAfterFrameset
        // "in head noscript" is only reached with scripting disabled, which this parser never is.
    }

    enum Step { case done, reprocess }

    /// The element a fragment is parsed in (`innerHTML`'s element).
    struct FragmentContext {
        var name: NameID
        var namespace: FlatTree.Namespace
        /// An `annotation-xml` context whose `encoding` is text/html or application/xhtml+xml.
        var isHTMLIntegrationPoint = false
    }

    /// The current tag token as tree construction sees it: its name may be changed (`image`
    /// → `img`) and synthesized tags ("insert an HTML element for a `tbody` start tag") have
    /// no attributes.
    struct Tag {
        var name: NameID
        var selfClosing: Bool
        var hasAttributes: Bool
    }

    var tokenizer: Tokenizer
    var tree: FlatTree
    var mode: InsertionMode = .initial
    var originalMode: InsertionMode = .initial
    var templateModes: [InsertionMode] = []

    // The stack of open elements, as parallel arrays (the current node is last).
    var openNodes: [Int32] = []
    var openNames: [NameID] = []
    var openNamespaces: [FlatTree.Namespace] = []
    /// Per entry: an HTML integration point (foreign elements only).
    var openIntegrationPoints: [Bool] = []
    /// How many HTML elements of each known name are open, so scope checks for an element
    /// that is not open cost nothing (pages nest 100,000 deep).
    var openCounts: [Int32]

    var formatting = FormattingList()

    var headElement: Int32 = -1
    /// The form element pointer: -1 when null.
    var formElement: Int32 = -1
    /// The form pointer of a fragment whose context is in a form: set, but to no node of the
    /// tree being built (so never open, never in scope).
    static let formOutsideTheTree = Int32.max
    var framesetOK = true
    /// "The parser cannot change the mode" flag: the initial mode leaves `tree.quirksMode` alone.
    var modeLocked = false
    var fosterParenting = false
    /// A newline right after `<pre>`, `<listing>` or `<textarea>` is dropped.
    var skipNextNewline = false
    var pendingTableText: [UInt16] = []
    var pendingTableTextIsWhitespace = true
    var tag = Tag(name: NameID(0), selfClosing: false, hasAttributes: false)
    /// The index the first node made for the current token gets (nodes are numbered in
    /// creation order).
    var firstNodeOfToken: Int32 = 0
    let fragmentContext: FragmentContext?
    var parsingFinished = false

    /// WebKit attaches a new element to its intended parent's parent once the stack of open
    /// elements is this deep, so the tree never gets deeper (`maximumHTMLParserDOMTreeDepth`).
    let maximumDepth: Int

    init(tokenizer: Tokenizer, fragmentContext: FragmentContext?, maximumDepth: Int, expectedNodes: Int) {
        self.tokenizer = tokenizer
        self.tree = FlatTree(names: tokenizer.names, expectedNodes: expectedNodes)
        self.fragmentContext = fragmentContext
        self.maximumDepth = maximumDepth
        openCounts = Array(repeating: 0, count: Int(KnownName.count))
        openNodes.reserveCapacity(64)
        openNames.reserveCapacity(64)
        openNamespaces.reserveCapacity(64)
        openIntegrationPoints.reserveCapacity(64)
    }

    // MARK: Running

    /// Parses the whole input.
    mutating func run() {
        while !parsingFinished {
            let kind = tokenizer.next()
            dispatch(kind)
            if kind == .endOfFile { break }
            tokenizer.cdataAllowed = adjustedCurrentNamespace.map { $0 != .html } ?? false
        }
        tree.names = tokenizer.names
    }

    /// The tree construction dispatcher: the current insertion mode, or the rules for foreign
    /// content.
    mutating func dispatch(_ kind: TokenKind) {
        firstNodeOfToken = Int32(tree.nodeCount)
        if kind == .characters {
            // The run is read from the input, or from a copy of the scratch buffer, not through
            // `tokenizer.withText`: a closure that changes the builder while the tokenizer (part
            // of the builder) is being read made Swift copy the whole tokenizer for every run of
            // text, retaining and releasing each of its buffers.
            if tokenizer.textInInput {
                processCharacters(UnsafeBufferPointer(rebasing: tokenizer.input[tokenizer.textStart..<tokenizer.textEnd]))
            } else {
                let scratch = tokenizer.textScratch
                scratch.withUnsafeBufferPointer { processCharacters($0) }
            }
            return
        }
        skipNextNewline = false
        if kind == .startTag || kind == .endTag {
            tag = Tag(name: tokenizer.tagName, selfClosing: tokenizer.selfClosing, hasAttributes: !tokenizer.attributes.isEmpty)
        }
        if processesInForeignContent(kind) {
            if foreignContent(kind) == .done { return }
        }
        while process(kind, in: mode) == .reprocess {}
    }

    /// A run of character tokens.
    private mutating func processCharacters(_ run: UnsafeBufferPointer<UInt16>) {
        var text = run
        // WebKit drops U+0000 in the data state before tokenizing, except where
        // foreign content would replace it; so it is no token at all for the modes
        // (the standard's NUL token ends "in head", sets quirks mode in "initial", …).
        if Self.isNull(text), !processesInForeignContent(.characters) { return }
        if skipNextNewline {
            skipNextNewline = false
            if text.first == 0x0A {
                text = UnsafeBufferPointer(rebasing: text.dropFirst())
                if text.isEmpty { return }
            }
        }
        if processesInForeignContent(.characters) {
            foreignCharacters(text)
        } else {
            var rest: UnsafeBufferPointer<UInt16>? = text
            while let current = rest, !current.isEmpty { rest = characters(current, in: mode) }
        }
    }

    /// Whether the token goes to the rules for foreign content.
    private func processesInForeignContent(_ kind: TokenKind) -> Bool {
        guard let namespace = adjustedCurrentNamespace, namespace != .html else { return false }
        if kind == .endOfFile { return false }
        let name = adjustedCurrentName
        if namespace == .mathml, ElementCategories.mathMLTextIntegrationPoints.contains(name) {
            if kind == .characters { return false }
            if kind == .startTag, tokenizer.tagName != .mglyph, tokenizer.tagName != .malignmark { return false }
        }
        if namespace == .mathml, name == .annotationXML, kind == .startTag, tokenizer.tagName == .svg { return false }
        if adjustedCurrentIsHTMLIntegrationPoint, kind == .startTag || kind == .characters { return false }
        return true
    }

    // MARK: Resetting the insertion mode

    /// https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately
    mutating func resetInsertionMode() {
        var i = openNodes.count - 1
        while i >= 0 {
            let last = i == 0
            var name = openNames[i]
            var namespace = openNamespaces[i]
            if last, let context = fragmentContext {
                name = context.name
                namespace = context.namespace
            }
            if namespace == .html, let known = name.known {
                switch known {
                case .select:
                    if !last {
                        var ancestor = i - 1
                        while ancestor > 0 {
                            if isHTML(ancestor, .template) { break }
                            if isHTML(ancestor, .table) { mode = .inSelectInTable; return }
                            ancestor -= 1
                        }
                    }
                    mode = .inSelect
                    return
                case .td, .th:
                    if !last { mode = .inCell; return }
                case .tr: mode = .inRow; return
                case .tbody, .thead, .tfoot: mode = .inTableBody; return
                case .caption: mode = .inCaption; return
                case .colgroup: mode = .inColumnGroup; return
                case .table: mode = .inTable; return
                case .template: mode = templateModes.last ?? .inTemplate; return
                case .head:
                    if !last { mode = .inHead; return }
                case .body: mode = .inBody; return
                case .frameset: mode = .inFrameset; return
                case .html:
                    mode = headElement < 0 ? .beforeHead : .afterHead
                    return
                default: break
                }
            }
            if last { mode = .inBody; return }
            i -= 1
        }
        mode = .inBody
    }
}
