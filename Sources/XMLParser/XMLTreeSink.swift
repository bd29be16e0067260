import CLibXML2
import HTMLParser

/// Receives libxml2's SAX2 callbacks for one parse and writes the flat tree. The parser
/// context's `_private` holds it; every callback finds it there.
final class XMLTreeSink {
    var tree = FlatTree.xmlDocument()
    let limits: XMLParser.Limits
    var context: xmlParserCtxtPtr?
    /// The node new children go to: the document, then the open element.
    var current: Int32 = 0
    /// Text not yet in the tree: as WebKit buffers it, its node is made when the text starts
    /// and gets its data when the next markup (or the end) comes, so a fatal error leaves the
    /// node empty.
    var pendingText: [UInt16] = []
    var pendingTextNode: Int32 = -1
    var stopped = false
    var sawError = false
    var exceededLimits = false
    /// WebKit's error list (XMLErrors): at most `maxErrors` besides a fatal one, and not two at
    /// the same line and column.
    var messages = ""
    var errorCount = 0
    var lastErrorPosition: (line: Int32, column: Int32)?
    static let maxErrors = 25
    /// How deep elements may nest: WebKit reports "Excessive node nesting." at the start tag of
    /// an element 5001 deep (recorded: 5000 parse, 5001 give the error document).
    static let maxDepth = 5000
    var depth = 0
    var sawElement = false
    /// Whether an XSLT stylesheet instruction ends the parse (a page's document, not DOMParser's).
    var stopsAtXSLStylesheet = false
    /// The types that make an `xml-stylesheet` instruction XSLT (WebKit's ProcessingInstruction).
    static let xslTypes: Set<String> = ["text/xsl", "text/xml", "application/xml", "application/xhtml+xml",
                                        "application/rss+xml", "application/atom+xml"]

    /// The value of pseudo-attribute `name` in a processing instruction's data.
    static func pseudoAttribute(_ name: String, in data: String) -> String? {
        var rest = Substring(data)
        while let range = rest.firstRange(of: name + "=") {
            let after = rest[range.upperBound...]
            let before = rest[..<range.lowerBound].last
            if let quote = after.first, quote == "\"" || quote == "'", before == nil || before == " " || before == "\t" || before == "\n" {
                return String(after.dropFirst().prefix { $0 != quote })
            }
            rest = after
        }
        return nil
    }
    /// Whether the DOCTYPE names an XHTML DTD: HTML's named characters resolve then.
    var isXHTML = false
    /// The entity handed back for an HTML named character (WebKit reuses one the same way).
    private var sharedEntity: UnsafeMutablePointer<xmlEntity>?
    private var sharedName: UnsafeMutablePointer<xmlChar>?
    private var sharedContent: UnsafeMutablePointer<xmlChar>?

    init(limits: XMLParser.Limits) { self.limits = limits }

    deinit {
        if let sharedEntity { sharedEntity.deallocate() }
        if let sharedName { xmlFree(sharedName) }
        if let sharedContent { xmlFree(sharedContent) }
    }

    static func from(_ ctx: UnsafeMutableRawPointer?) -> XMLTreeSink {
        let context = ctx!.assumingMemoryBound(to: xmlParserCtxt.self)
        return Unmanaged<XMLTreeSink>.fromOpaque(context.pointee._private!).takeUnretainedValue()
    }

    // MARK: Budget

    /// False (and the parse stopped, with an error) once the tree is past `limits`.
    func withinLimits() -> Bool {
        if stopped { return false }
        if tree.characterCount <= limits.maxCharacters && tree.nodeCount <= limits.maxNodes { return true }
        exceededLimits = true
        report(level: XML_ERR_FATAL, message: XMLParser.limitMessage(limits))
        return false
    }

    // MARK: Errors

    func report(level: xmlErrorLevel, message: String) {
        guard !stopped else { return }
        let input = context?.pointee.input
        let line = input?.pointee.line ?? 0, column = input?.pointee.col ?? 0
        // WebKit lists no warnings (an `xmlns` URI that is not absolute…): only errors.
        guard level != XML_ERR_WARNING else { return }
        let isFatal = level == XML_ERR_FATAL
        let samePlace = lastErrorPosition.map { $0.line == line || $0.column == column } ?? false
        if isFatal || (errorCount < Self.maxErrors && !samePlace) {
            messages += "error on line \(line) at column \(column): " + message
            lastErrorPosition = (line, column)
            errorCount += 1
        }
        sawError = true
        if isFatal {
            pendingText.removeAll()
            stopped = true
            if let context {
                xmlStopParser(context)
                // Not well-formed: libxml2 then looks no entity up on its own, and `getEntity`
                // answers nil from now on, so an expansion in progress ends at its next reference.
                context.pointee.wellFormed = 0
            }
        }
    }

    /// Puts the pending text into the tree.
    func flushText() {
        guard pendingTextNode >= 0 else { return }
        pendingText.withUnsafeBufferPointer { tree.extendXMLText(pendingTextNode, $0) }
        pendingText.removeAll(keepingCapacity: true)
        pendingTextNode = -1
    }

    // MARK: Strings

    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    static func units(_ pointer: UnsafePointer<xmlChar>, count: Int) -> [UInt16] {
        Array(String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self).utf16)
    }

    // MARK: The callbacks

    static let handler: xmlSAXHandler = {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        handler.startElementNs = { ctx, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            let sink = XMLTreeSink.from(ctx)
            sink.flushText()
            guard sink.withinLimits(), let localName else { return }
            sink.sawElement = true
            if sink.depth == maxDepth {
                sink.report(level: XML_ERR_FATAL, message: "Excessive node nesting.")
                return
            }
            sink.depth += 1
            var list: [(name: String, namespace: Int32, value: [UInt16])] = []
            // Declarations first, as WebKit adds them: `xmlns` or `xmlns:p`, in the XMLNS namespace.
            for i in 0..<Int(namespaceCount) {
                let declaredPrefix = string(namespaces?[2 * i])
                let declaredURI = string(namespaces?[2 * i + 1]) ?? ""
                list.append((declaredPrefix.map { "xmlns:" + $0 } ?? "xmlns",
                             sink.tree.namespaceCode("http://www.w3.org/2000/xmlns/", forAttribute: true), Array(declaredURI.utf16)))
            }
            for i in 0..<Int(attributeCount) {
                guard let fields = attributes?.advanced(by: 5 * i), let name = fields[0] else { continue }
                let local = String(cString: name)
                let qualified = fields[1].map { String(cString: $0) + ":" + local } ?? local
                let value: [UInt16]
                if let start = fields[3], let end = fields[4] {
                    value = units(start, count: end - start)
                } else {
                    value = []
                }
                list.append((qualified, sink.tree.namespaceCode(string(fields[2]), forAttribute: true), value))
            }
            let local = String(cString: localName)
            let qualified = prefix.map { String(cString: $0) + ":" + local } ?? local
            let namespace = sink.tree.namespaceCode(string(uri), forAttribute: false)
            sink.current = sink.tree.appendXMLElement(qualifiedName: qualified, namespace: namespace, attributes: list, to: sink.current)
        }
        handler.endElementNs = { ctx, _, _, _ in
            let sink = XMLTreeSink.from(ctx)
            sink.flushText()
            guard !sink.stopped, sink.current != 0 else { return }
            sink.depth -= 1
            sink.current = sink.tree.node(sink.current).parent
        }
        handler.characters = { ctx, characters, count in
            let sink = XMLTreeSink.from(ctx)
            guard sink.withinLimits(), let characters, count > 0 else { return }
            // Text outside the document element (libxml2 reports none there) has no node.
            guard sink.current != 0 else { return }
            if sink.pendingTextNode < 0 { sink.pendingTextNode = sink.tree.appendXMLEmptyText(to: sink.current) }
            sink.pendingText += units(characters, count: Int(count))
            if sink.pendingText.count + sink.tree.characterCount > sink.limits.maxCharacters { sink.flushText(); _ = sink.withinLimits() }
        }
        // WebKit ignores what libxml2 calls ignorable white space.
        handler.ignorableWhitespace = { _, _, _ in }
        handler.cdataBlock = { ctx, characters, count in
            let sink = XMLTreeSink.from(ctx)
            sink.flushText()
            guard sink.withinLimits(), sink.current != 0 else { return }
            let data = characters.map { units($0, count: Int(count)) } ?? []
            data.withUnsafeBufferPointer { sink.tree.appendXMLData(.cdataSection, $0, to: sink.current) }
        }
        handler.comment = { ctx, value in
            let sink = XMLTreeSink.from(ctx)
            sink.flushText()
            guard sink.withinLimits() else { return }
            let data = value.map { Array(String(cString: $0).utf16) } ?? []
            data.withUnsafeBufferPointer { sink.tree.appendXMLData(.comment, $0, to: sink.current) }
        }
        handler.processingInstruction = { ctx, target, data in
            let sink = XMLTreeSink.from(ctx)
            sink.flushText()
            guard sink.withinLimits(), let target else { return }
            let name = String(cString: target), text = data.map { String(cString: $0) } ?? ""
            sink.tree.appendXMLProcessingInstruction(target: name, data: Array(text.utf16), to: sink.current)
            // A document's XSLT stylesheet before its first element: WebKit stops parsing to
            // transform the document once the stylesheet loads (offline, it never does), so the
            // document keeps what came before. Recorded: a sitemap with `xml-stylesheet
            // type="text/xsl"` is its declaration and that instruction only.
            if sink.stopsAtXSLStylesheet, sink.current == 0, name == "xml-stylesheet", !sink.sawElement,
               let type = XMLTreeSink.pseudoAttribute("type", in: text), XMLTreeSink.xslTypes.contains(type) {
                sink.stopped = true
                if let context = sink.context { xmlStopParser(context) }
            }
        }
        handler.internalSubset = { ctx, name, externalID, systemID in
            // libxml2's own handler keeps the declarations (entities) the parse resolves.
            xmlSAX2InternalSubset(ctx, name, externalID, systemID)
            let sink = XMLTreeSink.from(ctx)
            guard !sink.stopped else { return }
            sink.tree.appendXMLDoctype(name: string(name) ?? "", publicId: string(externalID) ?? "", systemId: string(systemID) ?? "")
        }
        // Never read: only whether its public identifier is an XHTML DTD's.
        handler.externalSubset = { ctx, _, externalID, _ in
            if let id = string(externalID), XMLTreeSink.xhtmlPublicIdentifiers.contains(id) { XMLTreeSink.from(ctx).isXHTML = true }
        }
        handler.resolveEntity = { _, _, _ in nil }
        handler.getEntity = { ctx, name in
            guard let name, !XMLTreeSink.from(ctx).stopped else { return nil }
            if let predefined = xmlGetPredefinedEntity(name) { return predefined }
            let sink = XMLTreeSink.from(ctx)
            if let context = sink.context, let entity = xmlGetDocEntity(context.pointee.myDoc, name) { return entity }
            guard sink.isXHTML, let text = HTMLNamedCharacters.text(named: String(cString: name)) else { return nil }
            return sink.sharedEntity(name: name, text: text)
        }
        handler.reference = nil
        handler.serror = { ctx, error in
            guard let ctx, let error else { return }
            let sink = XMLTreeSink.from(ctx)
            sink.report(level: error.pointee.level, message: error.pointee.message.map { String(cString: $0) } ?? "")
        }
        handler.startDocument = { ctx in
            xmlSAX2StartDocument(ctx)
            XMLTreeSink.from(ctx).recordDeclaration()
        }
        return handler
    }()

    /// Whether the text opens with an XML declaration (set before parsing).
    var hasDeclaration = false

    /// The declaration's encoding, read from the text (libxml2 ignores it: the text is decoded).
    var declaredEncoding: String?

    /// The XML declaration as libxml2 read it (startDocument comes right after it).
    func recordDeclaration() {
        guard let context, hasDeclaration else { return }
        let standalone = context.pointee.standalone
        tree.setXMLDeclaration(version: Self.string(context.pointee.version), encoding: declaredEncoding,
                               standalone: standalone < 0 ? nil : standalone == 1)
    }

    /// The entity for an HTML named character: one allocation, its content replaced per use.
    func sharedEntity(name: UnsafePointer<xmlChar>, text: String) -> xmlEntityPtr {
        let entity = sharedEntity ?? {
            let made = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
            made.initialize(to: xmlEntity())
            sharedEntity = made
            return made
        }()
        if let sharedName { xmlFree(sharedName) }
        if let sharedContent { xmlFree(sharedContent) }
        sharedName = xmlStrdup(name)
        sharedContent = text.withCString { xmlStrdup(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
        entity.pointee = xmlEntity()
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_INTERNAL_GENERAL_ENTITY
        entity.pointee.name = UnsafePointer(sharedName)
        entity.pointee.content = sharedContent
        entity.pointee.length = Int32(text.utf8.count)
        return entity
    }

    /// The public identifiers WebKit treats as XHTML's (its externalSubsetHandler).
    static let xhtmlPublicIdentifiers: Set<String> = [
        "-//W3C//DTD XHTML 1.0 Transitional//EN", "-//W3C//DTD XHTML 1.1//EN", "-//W3C//DTD XHTML 1.0 Strict//EN",
        "-//W3C//DTD XHTML 1.0 Frameset//EN", "-//W3C//DTD XHTML Basic 1.0//EN", "-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN",
        "-//W3C//DTD XHTML 1.1 plus MathML 2.0 plus SVG 1.1//EN", "-//WAPFORUM//DTD XHTML Mobile 1.0//EN",
        "-//WAPFORUM//DTD XHTML Mobile 1.1//EN", "-//WAPFORUM//DTD XHTML Mobile 1.2//EN",
    ]
}
