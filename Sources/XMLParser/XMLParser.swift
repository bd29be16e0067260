import CLibXML2
import HTMLParser

/// An XML document parser: libxml2's push parser, driven through SAX2 callbacks as WebKit's
/// XMLDocumentParserLibxml2 drives it, writing the flat tree the HTML parser writes
/// (`FlatTree+XML.swift`).
///
/// What it takes from WebKit:
/// - the input is text already decoded (WebKit decodes a document's bytes itself and hands
///   libxml2 UTF-16), so the XML declaration's encoding names what the bytes were, not how
///   libxml2 reads them;
/// - entities are replaced; a reference resolves to a predefined entity, one the internal
///   subset declares, or, in a document whose DOCTYPE names an XHTML DTD, an HTML named
///   character; an external entity is never loaded (it resolves to nothing), nor is an
///   external DTD;
/// - namespace declarations become `xmlns` / `xmlns:p` attributes before the element's others;
/// - warnings and errors are collected as WebKit's error list ("error on line L at column C:
///   message"); a fatal error stops the parse, and any error makes WebKit's error document
///   (`XMLErrorDocument`).
///
/// Never a file or the network: no DTD loading, no external entity, `XML_PARSE_NONET`, and an
/// entity loader that refuses everything. libxml2's own limits (entity amplification, depth)
/// stay on, and `Limits` caps what the tree may grow to, so an expansion bomb ends with an error
/// document instead of exhausting memory.
public enum XMLParser {
    public struct Limits: Sendable {
        /// Characters of text, attribute values and names the tree may hold.
        public var maxCharacters: Int
        /// Nodes the tree may hold.
        public var maxNodes: Int

        public init(maxCharacters: Int, maxNodes: Int) {
            self.maxCharacters = maxCharacters
            self.maxNodes = maxNodes
        }

        /// For a text of `length` UTF-16 units: four times its length, or 8 M characters and
        /// 1 M nodes for a small text. A document's own markup never comes near (its tree holds
        /// less than its text); only entities that expand many times over do.
        public static func forText(length: Int) -> Limits {
            Limits(maxCharacters: max(8 << 20, 4 * length), maxNodes: max(1 << 20, length / 2))
        }
    }

    /// A parse: the tree (with WebKit's error block when `errors` is not empty) and the errors.
    public struct Result: Sendable {
        public var tree: FlatTree
        /// WebKit's messages, in order ("error on line 1 at column 5: …\n").
        public var messages: String
        /// Whether an error (not only a warning) made the error document.
        public var hasErrors: Bool
        /// Whether `Limits` stopped the parse.
        public var exceededLimits: Bool
    }

    /// The message a parse stopped by `Limits` reports (libxml2 has none for it).
    public static func limitMessage(_ limits: Limits) -> String {
        "Document exceeds the simulator's limit of \(limits.maxCharacters) characters or \(limits.maxNodes) nodes (an entity expansion?)\n"
    }

    /// Parses `text` (UTF-16, as JavaScript or the page decoder has it).
    /// `asPage`: the text is a page's document, whose XSLT stylesheet instruction before the
    /// first element ends the parse as in WebKit (DOMParser's documents do not transform).
    public static func parse(_ text: UnsafeBufferPointer<UInt16>, limits: Limits? = nil, asPage: Bool = false) -> Result {
        let limits = limits ?? .forText(length: text.count)
        XMLParserSetUp.once
        let sink = XMLTreeSink(limits: limits)
        var handler = XMLTreeSink.handler
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else {
            return Result(tree: sink.tree, messages: "", hasErrors: false, exceededLimits: false)
        }
        defer { xmlFreeParserCtxt(context) }
        // IGNORE_ENC: the text is decoded already; the declaration's encoding must not switch
        // libxml2's decoder. Not HUGE: libxml2's entity amplification check stays on (a billion
        // laughs ends at once with "Detected an entity reference loop", where WebKit spins).
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue))
        context.pointee._private = box.toOpaque()
        // WebKit's "substitute entities": set on the context, not as XML_PARSE_NOENT, which would
        // also make libxml2 load external parsed entities.
        context.pointee.replaceEntities = 1
        sink.context = context
        sink.stopsAtXSLStylesheet = asPage
        sink.hasDeclaration = XMLDeclaration.opens(text)
        if sink.hasDeclaration { sink.declaredEncoding = XMLDeclaration.encoding(text) }
        if !text.isEmpty {
            _ = xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF16LE)
            // libxml2 reads UTF-16LE bytes; the platforms Swift runs on are little-endian.
            let bytes = UnsafeRawBufferPointer(text)
            // In chunks, so a stop (a fatal error, a limit) is seen between them.
            var offset = 0
            let chunk = 1 << 16
            while offset < bytes.count, !sink.stopped {
                let count = min(chunk, bytes.count - offset)
                let base = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
                _ = xmlParseChunk(context, base, Int32(count), 0)
                offset += count
            }
        }
        if !sink.stopped { _ = xmlParseChunk(context, nil, 0, 1) }
        sink.flushText()
        var tree = sink.tree
        if sink.sawError {
            XMLErrorDocument.insert(into: &tree, messages: sink.messages)
            tree.markNotWellFormed()
        }
        return Result(tree: tree, messages: sink.messages, hasErrors: sink.sawError, exceededLimits: sink.exceededLimits)
    }

    public static func parse(_ text: String, limits: Limits? = nil, asPage: Bool = false) -> Result {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { parse($0, limits: limits, asPage: asPage) }
    }
}

/// libxml2's process-wide settings, made once: no external entity is ever loaded.
enum XMLParserSetUp {
    static let once: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        // WebKit's own depth limit (`XMLTreeSink.maxDepth`) applies, not libxml2's 256.
        xmlParserMaxDepth = UInt32(XMLTreeSink.maxDepth * 2)
    }()
}

enum XMLDeclaration {
    /// Whether `text` starts with `<?xml` and white space (https://www.w3.org/TR/xml/#NT-XMLDecl).
    static func opens(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        let start: [UInt16] = Array("<?xml".utf16)
        guard text.count > start.count, Array(text[0..<start.count]) == start else { return false }
        let next = text[start.count]
        return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D
    }

    /// The value of the declaration's `encoding` pseudo-attribute, if it has one.
    static func encoding(_ text: UnsafeBufferPointer<UInt16>) -> String? {
        let head = Array(text.prefix(200))
        let key = Array("encoding".utf16)
        func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D }
        var i = 5
        while i + key.count <= head.count {
            if head[i] == UInt16(UInt8(ascii: "?")) { return nil }
            if Array(head[i..<(i + key.count)]) == key { break }
            i += 1
        }
        i += key.count
        while i < head.count, isSpace(head[i]) { i += 1 }
        guard i < head.count, head[i] == UInt16(UInt8(ascii: "=")) else { return nil }
        i += 1
        while i < head.count, isSpace(head[i]) { i += 1 }
        guard i < head.count, head[i] == 0x22 || head[i] == 0x27 else { return nil }
        let quote = head[i]
        guard let end = head[(i + 1)...].firstIndex(of: quote) else { return nil }
        return String(decoding: head[(i + 1)..<end], as: UTF16.self)
    }
}
