/// 13.2.6.5 The rules for parsing tokens in foreign content (SVG and MathML), which the
/// dispatcher (`processesInForeignContent`) sends tokens to instead of the insertion mode.
/// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign
extension TreeBuilder {
    /// Returns `.reprocess` when the token is to be processed by the current insertion mode.
    mutating func foreignContent(_ kind: TokenKind) -> Step {
        switch kind {
        case .characters:
            return .done
        case .comment:
            insertComment()
            return .done
        case .doctype:
            return .done
        case .startTag:
            if ElementCategories.foreignBreakout.contains(tag.name) || (tag.name == .font && hasFontBreakoutAttribute()) {
                popToHTMLOrIntegrationPoint()
                return .reprocess
            }
            let namespace = adjustedCurrentNamespace ?? .html
            insertElement(for: tag, namespace: namespace)
            if tag.selfClosing { pop() }
            return .done
        case .endTag:
            if tag.name == .br || tag.name == .p {
                popToHTMLOrIntegrationPoint()
                return .reprocess
            }
            var i = openNodes.count - 1
            while i > 0 {
                if lowercaseName(openNames[i], openNamespaces[i]) == tag.name {
                    while openNodes.count > i { pop() }
                    return .done
                }
                i -= 1
                if openNamespaces[i] == .html { return .reprocess }
            }
            return .done
        case .endOfFile:
            return .reprocess
        }
    }

    private func hasFontBreakoutAttribute() -> Bool {
        tokenizer.attributes.contains { $0.name == .color || $0.name == .face || $0.name == .size }
    }

    private mutating func popToHTMLOrIntegrationPoint() {
        while !openNodes.isEmpty {
            let namespace = currentNamespace
            if namespace == .html { return }
            if namespace == .mathml, ElementCategories.mathMLTextIntegrationPoints.contains(currentName) { return }
            if openIntegrationPoints[openIntegrationPoints.count - 1] { return }
            pop()
        }
    }

    /// An element's name converted to ASCII lower case (SVG names undo their adjustment).
    private func lowercaseName(_ name: NameID, _ namespace: FlatTree.Namespace) -> NameID {
        namespace == .svg ? (ForeignNames.svgElementLowercase[name.raw] ?? name) : name
    }
}
