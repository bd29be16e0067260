/// An interned name: a tag or attribute name's index in its parse's `NameTable`.
///
/// Tag names are compared as integers from the moment the tokenizer emits them. Names the tree
/// builder looks at have fixed indices (`KnownName`); other names get the next free index the
/// first time a parse meets them.
public struct NameID: Hashable, Sendable, Comparable {
    public let raw: Int32

    @inline(__always) init(_ raw: Int32) { self.raw = raw }
    @inline(__always) init(_ known: KnownName) { self.raw = known.rawValue }

    /// The known name this is, if it is one.
    @inline(__always) var known: KnownName? {
        raw < KnownName.count ? KnownName(rawValue: raw) : nil
    }

    @inline(__always) public static func < (a: NameID, b: NameID) -> Bool { a.raw < b.raw }
    @inline(__always) static func == (a: NameID, b: KnownName) -> Bool { a.raw == b.rawValue }
    @inline(__always) static func != (a: NameID, b: KnownName) -> Bool { a.raw != b.rawValue }
}

/// Names with a fixed `NameID`: every element name the tree construction rules name, and the
/// attribute names they read. The case name is the spelling, except where `spelling` says
/// otherwise. SVG names appear twice where the tree builder adjusts their case
/// (`foreignobject` as the tokenizer lower-cases it, `foreignObject` as the tree has it).
enum KnownName: Int32, CaseIterable {
    // HTML elements (https://html.spec.whatwg.org/multipage/indices.html#elements-3), with
    // the obsolete ones the parsing rules still name.
    case a, abbr, acronym, address, applet, area, article, aside, audio
    case b, base, basefont, bdi, bdo, bgsound, big, blink, blockquote, body, br, button
    case canvas, caption, center, cite, code, col, colgroup
    case data, datalist, dd, del, details, dfn, dialog, dir, div, dl, dt
    case em, embed, fieldset, figcaption, figure, font, footer, form, frame, frameset
    case h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html
    case i, iframe, image, img, input, ins, isindex, kbd, keygen, label, legend, li, link, listing
    case main, map, mark, marquee, menu, menuitem, meta, meter, multicol
    case nav, nextid, nobr, noembed, noframes, noscript
    case object, ol, optgroup, option, output, p, param, picture, plaintext, pre, progress, q
    case rb, rp, rt, rtc, ruby
    case s, samp, script, search, section, select, selectedcontent, slot, small, source, spacer, span
    case strike, strong, style, sub, summary, sup
    case table, tbody, td, template, textarea, tfoot, th, thead, time, title, tr, track, tt
    case u, ul, `var`, video, wbr, xmp

    // MathML and SVG elements the rules name.
    case math, mi, mo, mn, ms, mtext, annotationXML, mglyph, malignmark
    case svg, foreignObject, foreignobject, desc

    // Attributes the rules read.
    case type, color, face, size, encoding, definitionurl, definitionURL
    case xmlns, id, `class`, href, src, rel, name, content, value, charset

    static let count = Int32(allCases.count)

    /// The name as it is written in markup.
    var spelling: String {
        switch self {
        case .annotationXML: return "annotation-xml"
        default: return String(describing: self)
        }
    }
}
