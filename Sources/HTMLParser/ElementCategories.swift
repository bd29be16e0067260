/// Sets of known element names, for the category and scope checks of tree construction.
/// https://html.spec.whatwg.org/multipage/parsing.html#special
struct NameSet {
    private var bits: [Bool]

    init(_ names: [KnownName]) {
        bits = Array(repeating: false, count: Int(KnownName.count))
        for name in names { bits[Int(name.rawValue)] = true }
    }

    @inline(__always) func contains(_ name: NameID) -> Bool {
        name.raw < KnownName.count && bits[Int(name.raw)]
    }
}

enum ElementCategories {
    /// The HTML elements of the "special" category.
    static let special = NameSet([
        .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body, .br, .button,
        .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl, .dt, .embed, .fieldset, .figcaption,
        .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3, .h4, .h5, .h6, .head, .header, .hgroup, .hr,
        .html, .iframe, .img, .input, .keygen, .li, .link, .listing, .main, .marquee, .menu, .meta, .nav,
        .noembed, .noframes, .noscript, .object, .ol, .p, .param, .plaintext, .pre, .script, .search, .section,
        .select, .source, .style, .summary, .table, .tbody, .td, .template, .textarea, .tfoot, .th, .thead,
        .title, .tr, .track, .ul, .wbr, .xmp,
    ])

    /// HTML elements that bound "has an element in scope".
    static let scopeBoundaries = NameSet([.applet, .caption, .html, .table, .td, .th, .marquee, .object, .template])
    static let listItemScopeBoundaries = NameSet([.applet, .caption, .html, .table, .td, .th, .marquee, .object, .template, .ol, .ul])
    static let buttonScopeBoundaries = NameSet([.applet, .caption, .html, .table, .td, .th, .marquee, .object, .template, .button])
    static let tableScopeBoundaries = NameSet([.html, .table, .template])

    /// "Generate implied end tags".
    static let impliedEndTags = NameSet([.dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc])
    /// "Generate all implied end tags thoroughly".
    static let impliedEndTagsThoroughly = NameSet([
        .caption, .colgroup, .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc, .tbody, .td, .tfoot, .th, .thead, .tr,
    ])

    static let formatting = NameSet([.a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u])
    static let headings = NameSet([.h1, .h2, .h3, .h4, .h5, .h6])

    /// Start tags in foreign content that end it ("breakout"), `font` aside.
    static let foreignBreakout = NameSet([
        .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed, .h1, .h2, .h3, .h4, .h5,
        .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr, .ol, .p, .pre, .ruby, .s, .small, .span,
        .strong, .strike, .sub, .sup, .table, .tt, .u, .ul, .var,
    ])

    /// Elements allowed to stay open at the end of the body without a parse error; also those
    /// that "in body" end-tag checks pass over.
    static let closableAtEndOfBody = NameSet([
        .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc, .tbody, .td, .tfoot, .th, .thead, .tr, .body, .html,
    ])

    static let mathMLTextIntegrationPoints = NameSet([.mi, .mo, .mn, .ms, .mtext])
}
