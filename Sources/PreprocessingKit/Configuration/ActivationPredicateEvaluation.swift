import Foundation

/// A value during predicate evaluation: what key-value coding would produce on the
/// `NSExtensionItem` objects the rule is evaluated against.
enum PredicateValue: Equatable {
    case collection([PredicateValue])
    case object([String: PredicateValue])
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null

    init(_ input: ActivationInput) {
        // The rule is evaluated against an object whose `extensionItems` are the items; each
        // item has `attachments`; each attachment has `registeredTypeIdentifiers`.
        self = .object(["extensionItems": .collection(input.items.map { item in
            .object(["attachments": .collection(item.attachments.map { types in
                .object(["registeredTypeIdentifiers": .collection(types.map { .string($0) })])
            })])
        })])
    }

    /// Key-value coding: a key on a collection maps over its elements (as `NSArray` does);
    /// `@count` counts a collection.
    func value(forKey key: String) -> PredicateValue {
        switch self {
        case .collection(let elements):
            if key.lowercased() == "@count" { return .number(Double(elements.count)) }
            return .collection(elements.map { $0.value(forKey: key) })
        case .object(let members):
            return members[key] ?? .null
        default:
            return .null
        }
    }
}

extension ActivationPredicate {
    /// Whether the rule accepts `input`. Unknown keys and variables evaluate to `nil`, as in
    /// key-value coding on device, which makes comparisons with them false.
    public func evaluate(_ input: ActivationInput) -> Bool {
        evaluate(on: PredicateValue(input), variables: [:])
    }

    func evaluate(on object: PredicateValue, variables: [String: PredicateValue]) -> Bool {
        switch self {
        case .constant(let value):
            return value
        case .not(let inner):
            return !inner.evaluate(on: object, variables: variables)
        case .and(let left, let right):
            return left.evaluate(on: object, variables: variables) && right.evaluate(on: object, variables: variables)
        case .or(let left, let right):
            return left.evaluate(on: object, variables: variables) || right.evaluate(on: object, variables: variables)
        case .comparison(let comparison):
            let left = Self.resolve(comparison.left, on: object, variables: variables)
            let right = Self.resolve(comparison.right, on: object, variables: variables)
            guard let quantifier = comparison.quantifier else {
                return comparison.compare(left, right)
            }
            let elements: [PredicateValue]
            if case .collection(let values) = left { elements = values } else { elements = [left] }
            switch quantifier {
            case .any: return elements.contains { comparison.compare($0, right) }
            case .all: return elements.allSatisfy { comparison.compare($0, right) }
            case .noneOf: return !elements.contains { comparison.compare($0, right) }
            }
        }
    }

    static func resolve(_ expression: Expression, on object: PredicateValue,
                        variables: [String: PredicateValue]) -> PredicateValue {
        switch expression {
        case .string(let value): return .string(value)
        case .number(let value): return .number(value)
        case .boolean(let value): return .boolean(value)
        case .null: return .null
        case .keyPath(let base, let components):
            var value: PredicateValue
            switch base {
            case .evaluatedObject:
                value = object
            case .variable(let name):
                value = variables[name] ?? .null
            case .subquery(let collectionExpression, let variable, let predicate):
                let collection = resolve(collectionExpression, on: object, variables: variables)
                guard case .collection(let elements) = collection else {
                    value = .null
                    break
                }
                value = .collection(elements.filter { element in
                    var scope = variables
                    scope[variable] = element
                    return predicate.evaluate(on: object, variables: scope)
                })
            }
            for component in components { value = value.value(forKey: component) }
            return value
        }
    }

    /// Every type identifier the rule compares against with `UTI-CONFORMS-TO`/`UTI-EQUALS`.
    public var typeIdentifiers: [String] {
        var found: [String] = []
        var pending: [ActivationPredicate] = [self]
        func visit(_ expression: Expression) {
            if case .keyPath(.subquery(let collection, _, let predicate), _) = expression {
                visit(collection)
                pending.append(predicate)
            }
        }
        while let predicate = pending.popLast() {
            switch predicate {
            case .constant: break
            case .not(let inner): pending.append(inner)
            case .and(let left, let right), .or(let left, let right): pending.append(contentsOf: [right, left])
            case .comparison(let comparison):
                visit(comparison.left)
                visit(comparison.right)
                if comparison.operator == .conformsTo || comparison.operator == .utiEquals,
                   case .string(let type) = comparison.right {
                    found.append(type)
                }
            }
        }
        return found
    }
}

extension ActivationPredicate.Comparison {
    func compare(_ left: PredicateValue, _ right: PredicateValue) -> Bool {
        func text(_ value: PredicateValue) -> String? {
            guard case .string(let string) = value else { return nil }
            return caseInsensitive ? string.lowercased() : string
        }
        switch `operator` {
        case .conformsTo, .utiEquals:
            // A collection on the left without ANY is the array itself, never a type
            // identifier: false, as on device.
            guard case .string(let type) = left, case .string(let target) = right else { return false }
            return `operator` == .utiEquals
                ? type.lowercased() == target.lowercased()
                : UniformTypeTable.conforms(type, to: target)
        case .equal, .notEqual:
            let equal: Bool
            if let l = text(left), let r = text(right) { equal = l == r } else { equal = left == right }
            return `operator` == .equal ? equal : !equal
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .number(let l) = left, case .number(let r) = right else {
                if let l = text(left), let r = text(right) { return Self.order(l, r, `operator`) }
                return false
            }
            return Self.order(l, r, `operator`)
        case .in:
            if case .collection(let elements) = right { return elements.contains(left) }
            if let l = text(left), let r = text(right) { return r.contains(l) }
            return false
        case .contains:
            if case .collection(let elements) = left { return elements.contains(right) }
            if let l = text(left), let r = text(right) { return l.contains(r) }
            return false
        case .beginsWith:
            guard let l = text(left), let r = text(right) else { return false }
            return l.hasPrefix(r)
        case .endsWith:
            guard let l = text(left), let r = text(right) else { return false }
            return l.hasSuffix(r)
        case .like, .matches:
            // Wildcards and regular expressions are not used by activation rules; compare
            // literally rather than guess.
            guard let l = text(left), let r = text(right) else { return false }
            return l == r
        }
    }

    static func order<T: Comparable>(_ left: T, _ right: T, _ op: Operator) -> Bool {
        switch op {
        case .less: return left < right
        case .lessOrEqual: return left <= right
        case .greater: return left > right
        default: return left >= right
        }
    }
}

/// What an activation rule means for a preprocessing file, host by host.
public struct ActivationVerdict: Equatable, Sendable {
    /// Safari shows the extension when the user shares a web page.
    public var appearsInSafari: Bool
    /// Safari runs the preprocessing file for the share.
    public var runsPreprocessing: Bool
    /// Other browsers (a URL only) show the extension.
    public var appearsForOtherBrowsers: Bool
    /// The Photos app (one image) shows the extension.
    public var appearsForImage: Bool

    /// Decides a predicate rule.
    ///
    /// The model: Safari runs the file only when the rule accepts the web page itself — the
    /// `com.apple.property-list` attachment — just as the dictionary form needs
    /// `…WebPageWithMaxCount`, not `…WebURLWithMaxCount`. For a predicate that means it
    /// accepts `ActivationInput.safariWebPage` (with or without the text attachment) and
    /// either names a type that `com.apple.property-list` conforms to (the property list
    /// itself, `public.data`, `public.item`) or names no types at all (`TRUEPREDICATE`,
    /// pure counts). A rule that only asks for `public.url` is shown but gets the URL only.
    public init(predicate: ActivationPredicate) {
        let accepts = predicate.evaluate(.safariWebPage()) || predicate.evaluate(.safariWebPage(includesPlainText: true))
        let types = predicate.typeIdentifiers
        let asksForPage = types.isEmpty
            || types.contains { UniformTypeTable.conforms(ActivationInput.propertyListType, to: $0) }
        runsPreprocessing = accepts && asksForPage
        appearsInSafari = accepts
            || predicate.evaluate(.safariWithoutPreprocessing())
            || predicate.evaluate(.safariWithoutPreprocessing(includesPlainText: true))
        appearsForOtherBrowsers = predicate.evaluate(.otherBrowserURL)
        appearsForImage = predicate.evaluate(.image)
    }

    /// Decides a dictionary rule: the web-page count runs the file; the URL count only shows
    /// the extension.
    public init(counts: ActivationRuleCounts) {
        let webPage = (counts.webPageMaxCount ?? 0) >= 1
        let webURL = (counts.webURLMaxCount ?? 0) >= 1
        runsPreprocessing = webPage
        appearsInSafari = webPage || webURL
        appearsForOtherBrowsers = webURL
        appearsForImage = (counts.imageMaxCount ?? 0) >= 1
    }
}
