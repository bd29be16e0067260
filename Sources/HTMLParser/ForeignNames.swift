/// The name adjustments of foreign content: the case of SVG element and attribute names, the
/// MathML `definitionURL` attribute, and the namespaced attributes (`xlink:href`, `xml:lang`, …).
/// https://html.spec.whatwg.org/multipage/parsing.html#creating-and-inserting-nodes
enum ForeignNames {
    /// Attribute namespaces, as the flat tree stores them.
    enum AttributeNamespace: UInt8 {
        case none = 0, xlink = 1, xml = 2, xmlns = 3
    }

    /// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign (the table of
    /// SVG element names whose case the tree builder corrects).
    static let svgElementNames = [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform",
        "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
        "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
    ]

    /// "Adjust SVG attributes": the SVG attribute names whose case the tree builder corrects.
    static let svgAttributeNames = [
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
        "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
        "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
        "numOctaves", "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
        "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY",
        "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant",
        "specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
        "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox", "viewTarget",
        "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ]

    /// "Adjust foreign attributes": the names that get a namespace.
    static let foreignAttributes: [(String, AttributeNamespace)] = [
        ("xlink:actuate", .xlink), ("xlink:arcrole", .xlink), ("xlink:href", .xlink), ("xlink:role", .xlink),
        ("xlink:show", .xlink), ("xlink:title", .xlink), ("xlink:type", .xlink),
        ("xml:lang", .xml), ("xml:space", .xml), ("xmlns", .xmlns), ("xmlns:xlink", .xmlns),
    ]

    /// Names the base table holds beyond `KnownName`: both spellings of each adjusted name,
    /// the namespaced attributes, and attribute names common enough to be worth a fixed slot.
    static let baseSpellings: [String] = {
        var names: [String] = []
        for name in svgElementNames + svgAttributeNames {
            names.append(name.lowercased())
            names.append(name)
        }
        names += foreignAttributes.map(\.0)
        names += ["style", "alt", "title", "width", "height", "target", "property", "itemprop", "role",
                  "srcset", "sizes", "loading", "async", "defer", "crossorigin", "integrity", "media",
                  "action", "method", "placeholder", "for", "lang", "dir", "hidden", "tabindex",
                  "aria-label", "aria-hidden", "data-src", "viewbox", "d", "fill", "path", "g", "rect",
                  "use", "circle", "polygon", "stroke", "xmlns:xlink", "http-equiv", "border"]
        return names
    }()

    /// Base-table id of a lower-case SVG element name → its adjusted id.
    static let svgElementAdjustments: [Int32: NameID] = adjustments(svgElementNames)
    /// Adjusted SVG element name id → the lower-case id (end tags in foreign content compare
    /// names converted to ASCII lower case).
    static let svgElementLowercase: [Int32: NameID] = {
        var map: [Int32: NameID] = [:]
        for (lower, adjusted) in svgElementAdjustments { map[adjusted.raw] = NameID(lower) }
        return map
    }()
    /// Base-table id of a lower-case SVG attribute name → its adjusted id.
    static let svgAttributeAdjustments: [Int32: NameID] = adjustments(svgAttributeNames)
    /// Base-table id of a namespaced attribute's name → its namespace.
    static let foreignAttributeNamespaces: [Int32: AttributeNamespace] = {
        var map: [Int32: AttributeNamespace] = [:]
        for (name, namespace) in foreignAttributes { map[NameTable.base.lookUp(name)!.raw] = namespace }
        return map
    }()

    private static func adjustments(_ names: [String]) -> [Int32: NameID] {
        var map: [Int32: NameID] = [:]
        for name in names {
            let lower = NameTable.base.lookUp(name.lowercased())!
            let adjusted = NameTable.base.lookUp(name)!
            if lower != adjusted { map[lower.raw] = adjusted }
        }
        return map
    }
}
