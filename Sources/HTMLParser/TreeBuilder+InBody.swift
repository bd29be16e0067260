/// 13.2.6.4.7 The "in body" insertion mode.
/// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody
extension TreeBuilder {
    static let blockStarts = NameSet([
        .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
        .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .search, .section,
        .summary, .ul,
    ])
    static let blockEnds = NameSet([
        .address, .article, .aside, .blockquote, .button, .center, .details, .dialog, .dir, .div, .dl,
        .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .listing, .main, .menu, .nav, .ol, .pre,
        .search, .section, .summary, .ul,
    ])
    static let formattingStarts = NameSet([.b, .big, .code, .em, .font, .i, .s, .small, .strike, .strong, .tt, .u])
    static let voidFormatting = NameSet([.area, .br, .embed, .img, .keygen, .wbr])
    static let ignoredStartsInBody = NameSet([
        .caption, .col, .colgroup, .frame, .head, .tbody, .td, .tfoot, .th, .thead, .tr,
    ])
    static let headStartsInBody = NameSet([
        .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title,
    ])

    mutating func inBody(_ kind: TokenKind) -> Step {
        switch kind {
        case .characters:
            return .done // runs are handled by `characters(_:in:)`
        case .comment:
            insertComment()
            return .done
        case .doctype:
            return .done
        case .startTag:
            return inBodyStartTag()
        case .endTag:
            return inBodyEndTag()
        case .endOfFile:
            if !templateModes.isEmpty { return inTemplate(kind) }
            parsingFinished = true
            return .done
        }
    }

    /// The start tags of "in body": the common groups first (blocks, formatting elements, the
    /// head's elements, ignored tags), then one case per remaining entry of the standard's list,
    /// in its order. Each case is a few lines; it stays one switch so that it reads against the
    /// standard, which is why it is long.
    private mutating func inBodyStartTag() -> Step {
        let name = tag.name
        guard let known = name.known else {
            reconstructFormatting()
            insertElement(for: tag)
            return .done
        }
        if Self.blockStarts.contains(name) {
            closeParagraphInButtonScope()
            insertElement(for: tag)
            return .done
        }
        if Self.formattingStarts.contains(name) {
            reconstructFormatting()
            pushFormatting(insertElement(for: tag))
            return .done
        }
        if Self.headStartsInBody.contains(name) { return inHead(.startTag) }
        if Self.ignoredStartsInBody.contains(name) { return .done }
        switch known {
        case .html:
            if isOpen(.template) { return .done }
            if tag.hasAttributes { addMissingAttributes(to: openNodes[0]) }
        case .body:
            guard openNodes.count > 1, isHTML(1, .body), !isOpen(.template) else { return .done }
            framesetOK = false
            if tag.hasAttributes { addMissingAttributes(to: openNodes[1]) }
        case .frameset:
            guard openNodes.count > 1, isHTML(1, .body), framesetOK else { return .done }
            tree.remove(openNodes[1])
            while openNodes.count > 1 { pop() }
            insertElement(for: tag)
            self.mode = .inFrameset
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closeParagraphInButtonScope()
            if currentNamespace == .html, ElementCategories.headings.contains(currentName) { pop() }
            insertElement(for: tag)
        case .pre, .listing:
            closeParagraphInButtonScope()
            insertElement(for: tag)
            skipNextNewline = true
            framesetOK = false
        case .form:
            let templateOpen = isOpen(.template)
            if formElement >= 0, !templateOpen { return .done }
            closeParagraphInButtonScope()
            let form = insertElement(for: tag)
            if !templateOpen { formElement = form }
        case .li, .dd, .dt:
            framesetOK = false
            var i = openNodes.count - 1
            while i >= 0 {
                let nodeName = openNames[i]
                let isHTMLNode = openNamespaces[i] == .html
                let matches = isHTMLNode && (known == .li ? nodeName == .li : (nodeName == .dd || nodeName == .dt))
                if matches {
                    generateImpliedEndTags(except: nodeName)
                    popUntil(named: nodeName)
                    break
                }
                if isSpecial(i), !(isHTMLNode && (nodeName == .address || nodeName == .div || nodeName == .p)) { break }
                i -= 1
            }
            closeParagraphInButtonScope()
            insertElement(for: tag)
        case .plaintext:
            closeParagraphInButtonScope()
            insertElement(for: tag)
            tokenizer.state = .plaintext
        case .button:
            if inScope(.button) {
                generateImpliedEndTags()
                popUntil(.button)
            }
            reconstructFormatting()
            insertElement(for: tag)
            framesetOK = false
        case .a:
            var i = formatting.count - 1
            while i >= 0, formatting[i] >= 0 {
                let element = formatting[i]
                if tree.node(element).name == KnownName.a.rawValue, tree.node(element).namespace == .html {
                    if !adoptionAgency(NameID(.a)) { anyOtherEndTag(NameID(.a)) }
                    if let index = formattingIndex(of: element) { formatting.remove(at: index) }
                    if let index = stackIndex(of: element) { removeFromStack(at: index) }
                    break
                }
                i -= 1
            }
            reconstructFormatting()
            pushFormatting(insertElement(for: tag))
        case .nobr:
            reconstructFormatting()
            if inScope(.nobr) {
                if !adoptionAgency(name) { anyOtherEndTag(name) }
                reconstructFormatting()
            }
            pushFormatting(insertElement(for: tag))
        case .applet, .marquee, .object:
            reconstructFormatting()
            insertElement(for: tag)
            insertMarker()
            framesetOK = false
        case .table:
            if tree.quirksMode != .quirks { closeParagraphInButtonScope() }
            insertElement(for: tag)
            framesetOK = false
            self.mode = .inTable
        case .area, .br, .embed, .img, .keygen, .wbr:
            reconstructFormatting()
            insertElement(for: tag)
            pop()
            framesetOK = false
        case .input:
            reconstructFormatting()
            insertElement(for: tag)
            pop()
            if !isHiddenInput() { framesetOK = false }
        case .param, .source, .track:
            insertElement(for: tag)
            pop()
        case .hr:
            closeParagraphInButtonScope()
            insertElement(for: tag)
            pop()
            framesetOK = false
        case .image:
            tag.name = NameID(.img)
            return .reprocess
        case .textarea:
            insertElement(for: tag)
            skipNextNewline = true
            tokenizer.state = .rcdata
            originalMode = self.mode
            framesetOK = false
            self.mode = .text
        case .xmp:
            closeParagraphInButtonScope()
            reconstructFormatting()
            framesetOK = false
            parseGenericText(rcdata: false)
        case .iframe:
            framesetOK = false
            parseGenericText(rcdata: false)
        case .noembed, .noscript:
            // Scripting is on: `noscript` is raw text.
            parseGenericText(rcdata: false)
        case .select:
            reconstructFormatting()
            insertElement(for: tag)
            framesetOK = false
            switch self.mode {
            case .inTable, .inCaption, .inTableBody, .inRow, .inCell: self.mode = .inSelectInTable
            default: self.mode = .inSelect
            }
        case .optgroup, .option:
            if currentIs(.option) { pop() }
            reconstructFormatting()
            insertElement(for: tag)
        case .rb, .rtc:
            if inScope(.ruby) { generateImpliedEndTags() }
            insertElement(for: tag)
        case .rp, .rt:
            if inScope(.ruby) { generateImpliedEndTags(except: NameID(.rtc)) }
            insertElement(for: tag)
        case .math, .svg:
            reconstructFormatting()
            insertElement(for: tag, namespace: known == .math ? .mathml : .svg)
            if tag.selfClosing { pop() }
        default:
            reconstructFormatting()
            insertElement(for: tag)
        }
        return .done
    }

    private mutating func addMissingAttributes(to element: Int32) {
        tokenizer.values.withUnsafeBufferPointer { values in
            tree.addMissingAttributes(to: element, tokenizer.attributes, values: values)
        }
    }

    private mutating func inBodyEndTag() -> Step {
        let name = tag.name
        guard let known = name.known else {
            anyOtherEndTag(name)
            return .done
        }
        if Self.blockEnds.contains(name) {
            guard inScope(known) else { return .done }
            generateImpliedEndTags()
            popUntil(known)
            return .done
        }
        if ElementCategories.formatting.contains(name) {
            if !adoptionAgency(name) { anyOtherEndTag(name) }
            return .done
        }
        switch known {
        case .template:
            return inHead(.endTag)
        case .body:
            guard inScope(.body) else { return .done }
            self.mode = .afterBody
        case .html:
            guard inScope(.body) else { return .done }
            self.mode = .afterBody
            return .reprocess
        case .form:
            if !isOpen(.template) {
                let node = formElement
                formElement = -1
                guard node >= 0, hasElementInScope(node) else { return .done }
                generateImpliedEndTags()
                if let index = stackIndex(of: node) { removeFromStack(at: index) }
            } else {
                guard inScope(.form) else { return .done }
                generateImpliedEndTags()
                popUntil(.form)
            }
        case .p:
            if !inButtonScope(.p) { insertHTMLElement(.p) }
            closeParagraph()
        case .li:
            guard inListItemScope(.li) else { return .done }
            generateImpliedEndTags(except: name)
            popUntil(.li)
        case .dd, .dt:
            guard inScope(known) else { return .done }
            generateImpliedEndTags(except: name)
            popUntil(known)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            guard inScope(.h1) || inScope(.h2) || inScope(.h3) || inScope(.h4) || inScope(.h5) || inScope(.h6) else {
                return .done
            }
            generateImpliedEndTags()
            popUntilOneOf(ElementCategories.headings)
        case .applet, .marquee, .object:
            guard inScope(known) else { return .done }
            generateImpliedEndTags()
            popUntil(known)
            clearFormattingToLastMarker()
        case .br:
            // Treated as a `<br>` start tag with no attributes.
            tag = Tag(name: name, selfClosing: false, hasAttributes: false)
            reconstructFormatting()
            insertElement(for: tag)
            pop()
            framesetOK = false
        default:
            anyOtherEndTag(name)
        }
        return .done
    }

    /// "Any other end tag" in body.
    mutating func anyOtherEndTag(_ name: NameID) {
        var i = openNodes.count - 1
        while i >= 0 {
            if openNamespaces[i] == .html, openNames[i] == name {
                generateImpliedEndTags(except: name)
                while openNodes.count > i { pop() }
                return
            }
            if isSpecial(i) { return }
            i -= 1
        }
    }
}
