import Foundation

/// The syntax a script uses that not every Safari on iOS parses, found in its tokens: optional
/// chaining, `??`, logical assignment, class fields and private names, regular-expression
/// lookbehind and named groups, numeric separators, BigInt literals, object spread, async
/// functions… Each feature names the browser-compat-data entry that says when iOS got it.
///
/// ```swift
/// let uses = SyntaxFeatureScan.features(in: "let n = a?.b ?? 1;")
/// // [let (javascript.statements.let) 1:1, optional chaining (?.) 1:10, nullish coalescing (??) 1:14]
/// ```
public enum SyntaxFeatureScan {
    /// A kind of syntax, as the diagnostic names it, and its BCD entry.
    public struct Feature: Hashable, Sendable {
        public let name: String
        public let path: String
    }

    /// One use of a feature in the script.
    public struct Use: Equatable, Sendable {
        public let feature: Feature
        public let line: Int
        public let column: Int
    }

    static let optionalChaining = Feature(name: "optional chaining (?.)", path: "javascript.operators.optional_chaining")
    static let nullish = Feature(name: "nullish coalescing (??)", path: "javascript.operators.nullish_coalescing")
    static let nullishAssignment = Feature(name: "nullish assignment (??=)", path: "javascript.operators.nullish_coalescing_assignment")
    static let orAssignment = Feature(name: "logical OR assignment (||=)", path: "javascript.operators.logical_or_assignment")
    static let andAssignment = Feature(name: "logical AND assignment (&&=)", path: "javascript.operators.logical_and_assignment")
    static let exponent = Feature(name: "exponentiation (**)", path: "javascript.operators.exponentiation")
    static let numericSeparators = Feature(name: "numeric separators (1_000)", path: "javascript.grammar.numeric_separators")
    static let bigInt = Feature(name: "BigInt literals (1n)", path: "javascript.builtins.BigInt")
    static let arrow = Feature(name: "arrow functions (=>)", path: "javascript.functions.arrow_functions")
    static let letDeclaration = Feature(name: "let declarations", path: "javascript.statements.let")
    static let classes = Feature(name: "classes", path: "javascript.classes")
    static let publicFields = Feature(name: "class fields", path: "javascript.classes.public_class_fields")
    static let staticFields = Feature(name: "static class fields", path: "javascript.classes.static.class_fields")
    static let privateFields = Feature(name: "private class members (#name)", path: "javascript.classes.private_class_fields")
    static let privateMethods = Feature(name: "private methods (#name())", path: "javascript.classes.private_class_methods")
    static let staticBlocks = Feature(name: "class static initialization blocks (static {})", path: "javascript.classes.static.initialization_blocks")
    static let templates = Feature(name: "template literals (`…`)", path: "javascript.grammar.template_literals")
    static let asyncFunctions = Feature(name: "async functions", path: "javascript.statements.async_function")
    static let forAwait = Feature(name: "for await…of", path: "javascript.statements.for_await_of")
    static let generators = Feature(name: "generator functions (function*)", path: "javascript.statements.generator_function")
    static let objectSpread = Feature(name: "object spread and rest ({...x})", path: "javascript.operators.object_initializer.spread_properties")
    static let optionalCatch = Feature(name: "optional catch binding (catch {})", path: "javascript.statements.try_catch.optional_catch_binding")
    static let trailingCommaCall = Feature(name: "trailing commas in parameter and argument lists", path: "javascript.grammar.trailing_commas.trailing_commas_in_functions")
    static let hashbang = Feature(name: "hashbang comments (#!)", path: "javascript.grammar.hashbang_comments")
    static let dynamicImport = Feature(name: "dynamic import()", path: "javascript.operators.import")
    static let newTarget = Feature(name: "new.target", path: "javascript.operators.new_target")
    static let lookbehind = Feature(name: "regular-expression lookbehind ((?<=…), (?<!…))", path: "javascript.regular_expressions.lookbehind_assertion")
    static let namedGroups = Feature(name: "regular-expression named groups ((?<name>…))", path: "javascript.regular_expressions.named_capturing_group")
    static let dotAll = Feature(name: "the regular-expression s flag (dotAll)", path: "javascript.builtins.RegExp.dotAll")
    static let hasIndices = Feature(name: "the regular-expression d flag (hasIndices)", path: "javascript.builtins.RegExp.hasIndices")
    static let sticky = Feature(name: "the regular-expression y flag (sticky)", path: "javascript.builtins.RegExp.sticky")
    static let unicodeFlag = Feature(name: "the regular-expression u flag (unicode)", path: "javascript.builtins.RegExp.unicode")
    static let modifiers = Feature(name: "regular-expression modifiers ((?i:…))", path: "javascript.regular_expressions.modifier")
    static let duplicateNamedGroups = Feature(name: "regular-expression duplicate named groups",
                                              path: "javascript.regular_expressions.named_capturing_group.duplicate_named_capturing_groups")
    static let unicodeSets = Feature(name: "the regular-expression v flag (unicodeSets)", path: "javascript.builtins.RegExp.unicodeSets")
    static let propertyEscapes = Feature(name: "regular-expression property escapes (\\p{…})", path: "javascript.regular_expressions.unicode_character_class_escape")

    /// Every feature the scan can report.
    public static let all: [Feature] = [optionalChaining, nullish, nullishAssignment, orAssignment, andAssignment, exponent,
                                        numericSeparators, bigInt, arrow, letDeclaration, classes, publicFields, staticFields,
                                        privateFields, privateMethods, staticBlocks, templates, asyncFunctions, forAwait, generators,
                                        objectSpread, optionalCatch, trailingCommaCall, hashbang, dynamicImport, newTarget,
                                        lookbehind, namedGroups, duplicateNamedGroups, modifiers, dotAll, hasIndices, sticky,
                                        unicodeFlag, unicodeSets, propertyEscapes]

    /// Whether a regular expression's text names one group twice (`(?<y>…)|(?<y>…)`): allowed
    /// only in different alternatives, from the engines that have duplicate named groups.
    static func hasDuplicateGroupName(_ text: String) -> Bool {
        var names: Set<Substring> = []
        var rest = text[...]
        while let open = rest.range(of: "(?<") {
            let name = rest[open.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            if !name.isEmpty, !names.insert(name).inserted { return true }
            rest = rest[open.upperBound...]
        }
        return false
    }

    /// Every use of a listed feature, in source order.
    public static func features(in source: String) -> [Use] {
        let tokens = JavaScriptTokenScanner.tokens(source)
        let closings = closingParentheses(tokens)
        var uses: [Use] = []
        func use(_ feature: Feature, _ token: JavaScriptTokenScanner.Token) {
            uses.append(Use(feature: feature, line: token.line, column: token.column))
        }
        /// What each open `{` is: a class body, an object literal or a block.
        enum Brace { case classBody, object, block }
        var braces: [Brace] = []
        var classPending = false
        for (index, token) in tokens.enumerated() {
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let text = token.text
            switch token.kind {
            case .hashbang:
                use(hashbang, token)
            case .templateStart:
                use(templates, token)
            case .number:
                if text.contains("_") { use(numericSeparators, token) }
                // No digit of any base is an n, so a number ending in one is a BigInt.
                if text.hasSuffix("n") { use(bigInt, token) }
            case .regularExpression(let flags):
                if text.contains("(?<=") || text.contains("(?<!") { use(lookbehind, token) }
                if text.range(of: #"\(\?<[A-Za-z_$]"#, options: .regularExpression) != nil { use(namedGroups, token) }
                if hasDuplicateGroupName(text) { use(duplicateNamedGroups, token) }
                // `(?i:…)`, `(?-m:…)`, `(?s-i:…)`: flags between `(?` and `:`; `(?:` alone is an
                // ordinary non-capturing group.
                if text.range(of: #"(?<!\\)\(\?(?:[ims]+(?:-[ims]+)?|-[ims]+):"#, options: .regularExpression) != nil {
                    use(modifiers, token)
                }
                if flags.contains("s") { use(dotAll, token) }
                if flags.contains("d") { use(hasIndices, token) }
                if flags.contains("y") { use(sticky, token) }
                if flags.contains("v") { use(unicodeSets, token) }
                if flags.contains("u") {
                    use(unicodeFlag, token)
                    if text.contains("\\p{") || text.contains("\\P{") { use(propertyEscapes, token) }
                }
            case .privateName:
                if next?.text == "(" && braces.last == .classBody { use(privateMethods, token) } else { use(privateFields, token) }
            case .identifier:
                switch text {
                case "let":
                    if let next, next.kind == .identifier || next.text == "[" || next.text == "{" { use(letDeclaration, token) }
                case "class":
                    if previous?.text != "." { use(classes, token); classPending = true }
                case "async":
                    if let next, !next.afterLineBreak, next.text == "function" || next.kind == .identifier || next.text == "(" {
                        if next.text != "(" || isArrowAfterParenthesis(tokens, closings, from: index + 1) || braces.last == .classBody || braces.last == .object {
                            use(asyncFunctions, token)
                        }
                    }
                case "await":
                    if previous?.text == "for" { use(forAwait, token) }
                case "function":
                    if next?.text == "*" { use(generators, token) }
                case "import":
                    if next?.text == "(" { use(dynamicImport, token) }
                case "new":
                    if next?.text == ".", index + 2 < tokens.count, tokens[index + 2].text == "target" { use(newTarget, token) }
                case "catch":
                    if next?.text == "{" { use(optionalCatch, token) }
                case "static":
                    if braces.last == .classBody, next?.text == "{", isMemberStart(previous) { use(staticBlocks, token) }
                default:
                    break
                }
                // A class member that is a field: a name at a member's start followed by = ; or }.
                if braces.last == .classBody, isMemberStart(previous) || (previous?.text == "static" && isMemberStart(index > 1 ? tokens[index - 2] : nil)),
                   text != "static" || next?.text == "=" || next?.text == ";",
                   let next, next.text == "=" || next.text == ";" || next.text == "}" {
                    use(previous?.text == "static" ? staticFields : publicFields, token)
                }
            case .string:
                break
            case .punctuator:
                switch text {
                case "?.": use(optionalChaining, token)
                case "??": use(nullish, token)
                case "??=": use(nullishAssignment, token)
                case "||=": use(orAssignment, token)
                case "&&=": use(andAssignment, token)
                case "**", "**=": use(exponent, token)
                case "=>": use(arrow, token)
                case "...": if braces.last == .object { use(objectSpread, token) }
                case ",": if next?.text == ")" { use(trailingCommaCall, token) }
                case "{":
                    if classPending {
                        braces.append(.classBody)
                        classPending = false
                    } else if let previous, startsObjectLiteral(previous) {
                        braces.append(.object)
                    } else {
                        braces.append(.block)
                    }
                case "}":
                    if !braces.isEmpty { braces.removeLast() }
                default:
                    break
                }
            }
        }
        return uses
    }

    /// Whether a `{` after this token opens an object literal rather than a block.
    static func startsObjectLiteral(_ previous: JavaScriptTokenScanner.Token) -> Bool {
        switch previous.kind {
        case .punctuator:
            return ["(", ",", "=", ":", "[", "?", "||", "&&", "??", "+", "-", "!", "...", "==", "===", "!=", "!==", "+=", "||=", "&&=", "??="].contains(previous.text)
        case .identifier:
            return ["return", "typeof", "in", "of", "yield", "await", "case", "void", "delete"].contains(previous.text)
        default:
            return false
        }
    }

    /// Whether the token before a name leaves it at the start of a class member.
    static func isMemberStart(_ previous: JavaScriptTokenScanner.Token?) -> Bool {
        guard let previous else { return false }
        return previous.text == "{" || previous.text == "}" || previous.text == ";"
    }

    /// For each `(` token, the index of the `)` that closes it (nil when none does), found in
    /// one pass: looking for it from each `async (` walked to the end of the script for every
    /// one left open, quadratic in a large script.
    static func closingParentheses(_ tokens: [JavaScriptTokenScanner.Token]) -> [Int: Int] {
        var closings: [Int: Int] = [:]
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuator {
            if token.text == "(" { open.append(index) } else if token.text == ")", let start = open.popLast() { closings[start] = index }
        }
        return closings
    }

    /// `async (a, b) => …`: whether the parenthesis at `start` closes before an arrow.
    static func isArrowAfterParenthesis(_ tokens: [JavaScriptTokenScanner.Token], _ closings: [Int: Int], from start: Int) -> Bool {
        guard let end = closings[start] else { return false }
        return end + 1 < tokens.count && tokens[end + 1].text == "=>"
    }

    /// Each feature the script uses that Safari on `version` cannot parse, at its first use,
    /// with the version that brought it (nil: no release in the data).
    public static func unsupported(in source: String, on version: IOSVersion) -> [(use: Use, added: IOSVersion?)] {
        var seen: Set<Feature> = []
        var found: [(use: Use, added: IOSVersion?)] = []
        for use in features(in: source) where seen.insert(use.feature).inserted {
            guard let availability = IOSCompatibility.version(of: use.feature.path), !availability.isAvailable(on: version) else { continue }
            if case .added(let added) = availability { found.append((use, added)) } else { found.append((use, nil)) }
        }
        return found
    }
}
