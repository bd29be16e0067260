/// A WHATWG HTML parser that builds the tree WebKit builds: the tokenizer and tree
/// construction of https://html.spec.whatwg.org/multipage/parsing.html with scripting on, and
/// WebKit's limits (no element deeper than `maximumDepth`). It writes a `FlatTree` as it goes.
///
///     let tree = HTMLParser.parseDocument("<!DOCTYPE html><p>Hi")
///     print(HTML5LibTreeFormat.document(tree))
///
/// prints
///
///     | <!DOCTYPE html>
///     | <html>
///     |   <head>
///     |   <body>
///     |     <p>
///     |       "Hi"
public enum HTMLParser {
    /// WebKit's `maximumHTMLParserDOMTreeDepth`.
    public static let webKitMaximumDepth = 512

    /// The element a fragment is parsed in (`innerHTML`, `insertAdjacentHTML`, …).
    public struct FragmentContext: Sendable {
        public var localName: String
        public var namespace: FlatTree.Namespace
        /// For an `annotation-xml` context: its `encoding` attribute.
        public var encoding: String?
        /// The context element or an ancestor is a `form` (such a fragment's `<form>` tags are
        /// ignored, as they are inside a form).
        public var hasFormAncestor: Bool
        /// The context's document is in quirks mode.
        public var quirksMode: FlatTree.QuirksMode

        public init(localName: String, namespace: FlatTree.Namespace = .html, encoding: String? = nil,
                    hasFormAncestor: Bool = false, quirksMode: FlatTree.QuirksMode = .noQuirks) {
            self.localName = localName
            self.namespace = namespace
            self.encoding = encoding
            self.hasFormAncestor = hasFormAncestor
            self.quirksMode = quirksMode
        }
    }

    /// `name` as the parser names an element of `namespace` it creates: ASCII lower case, and
    /// for SVG the case the standard's "adjust SVG tag name" table gives back
    /// (`foreignobject` → `foreignObject`), so a context named in any case is the element
    /// the DOM would hold (an SVG `foreignObject` context is an HTML integration point, a
    /// `foreignobject` one is not).
    public static func elementName(_ name: String, namespace: FlatTree.Namespace) -> String {
        let lowered = name.lowercased()
        guard namespace == .svg else { return lowered }
        return ForeignNames.svgElementNames.first { $0.lowercased() == lowered } ?? lowered
    }

    /// Parses a whole document. `modeLocked`: the standard's "parser cannot change the mode"
    /// flag, for a document whose maker fixed its mode to no-quirks (WebKit's text, image and
    /// media documents): a missing or old DOCTYPE then leaves the mode alone.
    public static func parseDocument(_ html: String, maximumDepth: Int = webKitMaximumDepth, modeLocked: Bool = false) -> FlatTree {
        HTMLInput.preprocessed(html).withUnsafeBufferPointer { parseDocument($0, maximumDepth: maximumDepth, modeLocked: modeLocked) }
    }

    /// Parses a whole document from preprocessed UTF-16 input (no CR: see `HTMLInput`).
    public static func parseDocument(_ input: UnsafeBufferPointer<UInt16>, maximumDepth: Int = webKitMaximumDepth,
                                     modeLocked: Bool = false) -> FlatTree {
        let tokenizer = Tokenizer(input: input, names: NameTable.base)
        var builder = TreeBuilder(tokenizer: tokenizer, fragmentContext: nil, maximumDepth: maximumDepth,
                                  expectedNodes: max(64, input.count / 24))
        builder.modeLocked = modeLocked
        builder.run()
        return builder.tree
    }

    /// Parses `html` as the children of `context`: the HTML fragment parsing algorithm. The
    /// fragment's nodes are the children of the tree's `resultRoot`.
    public static func parseFragment(_ html: String, context: FragmentContext, maximumDepth: Int = webKitMaximumDepth) -> FlatTree {
        HTMLInput.preprocessed(html).withUnsafeBufferPointer { parseFragment($0, context: context, maximumDepth: maximumDepth) }
    }

    /// https://html.spec.whatwg.org/multipage/parsing.html#parsing-html-fragments
    public static func parseFragment(_ input: UnsafeBufferPointer<UInt16>, context: FragmentContext,
                                     maximumDepth: Int = webKitMaximumDepth) -> FlatTree {
        var tokenizer = Tokenizer(input: input, names: NameTable.base)
        let contextName = tokenizer.names.intern(context.localName)
        let isIntegrationPoint = context.encoding.map {
            let value = $0.lowercased()
            return value == "text/html" || value == "application/xhtml+xml"
        } ?? false
        // 4: the tokenizer state the context element's content is parsed in.
        if context.namespace == .html, let known = contextName.known {
            switch known {
            case .title, .textarea: tokenizer.state = .rcdata
            case .style, .xmp, .iframe, .noembed, .noframes, .noscript: tokenizer.state = .rawtext
            case .script: tokenizer.state = .scriptData
            case .plaintext: tokenizer.state = .plaintext
            default: break
            }
        }
        // No start tag has been emitted, so nothing ends a script or style context's text.
        let fragmentContext = TreeBuilder.FragmentContext(name: contextName, namespace: context.namespace,
                                                          isHTMLIntegrationPoint: isIntegrationPoint)
        var builder = TreeBuilder(tokenizer: tokenizer, fragmentContext: fragmentContext, maximumDepth: maximumDepth,
                                  expectedNodes: max(16, input.count / 24))
        builder.tree.quirksMode = context.quirksMode
        // 5–12: a root html element, the template mode, the insertion mode, the form pointer.
        let root = builder.tree.makeElement(name: NameID(.html), namespace: .html, attributes: [], namespaces: nil,
                                            values: UnsafeBufferPointer(start: nil, count: 0))
        builder.tree.insert(root, into: 0, before: -1)
        builder.push(root, name: NameID(.html), namespace: .html)
        if context.namespace == .html, contextName == .template { builder.templateModes.append(.inTemplate) }
        builder.resetInsertionMode()
        if context.hasFormAncestor || (context.namespace == .html && contextName == .form) {
            builder.formElement = TreeBuilder.formOutsideTheTree
        }
        builder.tokenizer.cdataAllowed = context.namespace != .html
        builder.run()
        builder.tree.resultRoot = root
        return builder.tree
    }
}

/// Input-stream preprocessing: https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream
/// CR LF and lone CR become LF; everything else is left to the tokenizer.
public enum HTMLInput {
    /// The page's UTF-16 code units with its newlines normalized, in one pass over its UTF-8.
    /// (The standard library's `Array(html.utf16)` first counts the units, building an index
    /// of the string to do so, then decodes scalar by scalar: on a 400 KB page that was a third
    /// of the parse.)
    public static func preprocessed(_ html: String) -> [UInt16] {
        var html = html
        return html.withUTF8 { utf16Normalizing(validUTF8: $0) }
    }

    /// `bytes` (valid UTF-8, as a String's storage is) as UTF-16, CR LF and lone CR as LF.
    static func utf16Normalizing(validUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        // No more units than bytes: one to three bytes make one unit, four make two.
        [UInt16](unsafeUninitializedCapacity: bytes.count) { units, written in
            let count = bytes.count
            var read = 0, write = 0
            while read < count {
                let lead = bytes[read]
                if lead < 0x80 {
                    read += 1
                    if lead == 0x0D {
                        units[write] = 0x0A
                        if read < count, bytes[read] == 0x0A { read += 1 }
                    } else {
                        units[write] = UInt16(lead)
                    }
                    write += 1
                } else if lead < 0xE0 {
                    units[write] = UInt16(lead & 0x1F) << 6 | UInt16(bytes[read + 1] & 0x3F)
                    read += 2
                    write += 1
                } else if lead < 0xF0 {
                    units[write] = UInt16(lead & 0x0F) << 12 | UInt16(bytes[read + 1] & 0x3F) << 6 | UInt16(bytes[read + 2] & 0x3F)
                    read += 3
                    write += 1
                } else {
                    let scalar = UInt32(lead & 0x07) << 18 | UInt32(bytes[read + 1] & 0x3F) << 12
                        | UInt32(bytes[read + 2] & 0x3F) << 6 | UInt32(bytes[read + 3] & 0x3F)
                    let offset = scalar - 0x10000
                    units[write] = UInt16(0xD800 + (offset >> 10))
                    units[write + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                    read += 4
                    write += 2
                }
            }
            written = write
        }
    }

    /// Rewrites CR LF and CR as LF in place.
    public static func normalizeNewlines(_ units: inout [UInt16]) {
        guard let first = units.firstIndex(of: 0x0D) else { return }
        let newCount = units.withUnsafeMutableBufferPointer { buffer -> Int in
            var write = first
            var read = first
            let count = buffer.count
            while read < count {
                let unit = buffer[read]
                read += 1
                if unit == 0x0D {
                    buffer[write] = 0x0A
                    if read < count, buffer[read] == 0x0A { read += 1 }
                } else {
                    buffer[write] = unit
                }
                write += 1
            }
            return write
        }
        units.removeSubrange(newCount...)
    }
}
