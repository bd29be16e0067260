import Foundation

/// The mechanical edits `init-handler --from` makes to a copy of an extension's Swift file so it
/// compiles on Linux as iOS compiles it; the user's file is never edited. Each edit keeps the
/// line count, so the compiler's `file:line` in the copy is the line in the original.
///
/// - `@IBOutlet`, `@IBAction`, `@objc`, `@objc(Name)`, `@objcMembers`, `dynamic`: Objective-C
///   attributes Swift on Linux rejects (no Objective-C runtime). They are removed; an
///   `@objc(Name)` on a class records `Name`, the name iOS registers the class under (what
///   `NSExtensionPrincipalClass` may spell). An outlet of a UIKit view type (`UITextView!`)
///   gets an empty view of that type, standing for the storyboard's, which the stand-ins do not
///   build: the code that fills or reads it runs instead of stopping on nil.
/// - `#selector(name)` becomes `Selector("name")`, the stand-ins' selector value: the target
///   and action a button records.
/// - `os(iOS)` in `#if`/`#elseif` becomes `true` and the other platforms' `os(…)` `false`: the
///   simulator stands in for iOS, so code iOS compiles is compiled (`canImport(UIKit)` needs
///   nothing: the stand-in UIKit is importable).
struct ExtensionSourceRewrite {
    struct Change: Equatable {
        var line: Int
        var what: String
    }

    var text: String
    var changes: [Change] = []
    /// Class name → the name `@objc(Name)` registers it under.
    var registeredNames: [String: String] = [:]

    static let otherPlatforms = ["macOS", "OSX", "watchOS", "tvOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI"]

    init(_ source: String) {
        var lines = source.components(separatedBy: "\n")
        var inBlockComment = false
        for index in lines.indices {
            let original = lines[index]
            // Code only: a line inside a block comment or a `//` comment line is left as it is.
            let trimmed = original.trimmingCharacters(in: .whitespaces)
            if inBlockComment {
                if original.contains("*/") { inBlockComment = false }
                continue
            }
            if trimmed.hasPrefix("/*") && !trimmed.contains("*/") { inBlockComment = true; continue }
            if trimmed.hasPrefix("//") { continue }
            var line = original
            let number = index + 1
            if trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif") {
                if Self.replace(in: &line, pattern: "os\\(\\s*iOS\\s*\\)", with: "true") > 0 {
                    changes.append(Change(line: number, what: "os(iOS) → true (the simulator stands in for iOS)"))
                }
                for platform in Self.otherPlatforms
                where Self.replace(in: &line, pattern: "os\\(\\s*\(platform)\\s*\\)", with: "false") > 0 {
                    changes.append(Change(line: number, what: "os(\(platform)) → false (compiled as on iOS)"))
                }
                lines[index] = line
                continue
            }
            if let match = line.range(of: "@objc\\(\\s*([A-Za-z_][A-Za-z0-9_:]*)\\s*\\)", options: .regularExpression) {
                let registered = String(line[match]).dropFirst(6).dropLast().trimmingCharacters(in: .whitespaces)
                let rest = line[match.upperBound...]
                if let className = Self.declaredClass(in: String(rest)) ?? Self.declaredClass(in: index + 1 < lines.count ? lines[index + 1] : "") {
                    registeredNames[className] = registered
                }
                line.replaceSubrange(match, with: "")
                changes.append(Change(line: number, what: "@objc(\(registered)) removed (the name iOS registers it under is recorded)"))
            }
            for attribute in ["@objcMembers", "@objc", "@IBAction", "@IBInspectable", "@IBDesignable", "@GKInspectable"] {
                if Self.replace(in: &line, pattern: NSRegularExpression.escapedPattern(for: attribute) + "(?![A-Za-z0-9_(])\\s?", with: "") > 0 {
                    changes.append(Change(line: number, what: "\(attribute) removed (no Objective-C runtime on Linux)"))
                }
            }
            if line.range(of: "@IBOutlet", options: .regularExpression) != nil {
                line = Self.outlet(line, number: number, changes: &changes)
            }
            if Self.replace(in: &line, pattern: "(?<![A-Za-z0-9_])dynamic\\s+(?=(var|func|init|let|subscript|override|public|open|internal|private|fileprivate|final|class|static|required)\\b)", with: "") > 0 {
                changes.append(Change(line: number, what: "dynamic removed (Objective-C message dispatch)"))
            }
            while let range = line.range(of: "#selector\\(", options: .regularExpression), let close = Self.closingParenthesis(in: line, from: range.upperBound) {
                var name = String(line[range.upperBound..<close]).trimmingCharacters(in: .whitespaces)
                for prefix in ["getter:", "setter:"] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
                line.replaceSubrange(range.lowerBound...close, with: "Selector(\(GeneratedText.swiftString(name)))")
                changes.append(Change(line: number, what: "#selector(\(name)) → Selector(\"\(name)\")"))
            }
            lines[index] = line
        }
        text = lines.joined(separator: "\n")
    }

    /// `@IBOutlet weak var field: UITextField!` → `weak var field: UITextField! = UITextField()`
    /// for a UIKit view type (the storyboard's view, empty); other types only lose the attribute.
    static func outlet(_ line: String, number: Int, changes: inout [Change]) -> String {
        var line = line
        _ = replace(in: &line, pattern: "@IBOutlet\\s?", with: "")
        let pattern = "var\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*:\\s*(UI[A-Za-z]+)\\s*([!?])\\s*$"
        if let match = line.range(of: pattern, options: .regularExpression) {
            let declaration = String(line[match]).trimmingCharacters(in: .whitespaces)
            let type = declaration.components(separatedBy: ":")[1].trimmingCharacters(in: CharacterSet(charactersIn: " !?"))
            if viewTypes.contains(type) {
                changes.append(Change(line: number, what: "@IBOutlet removed; filled with an empty \(type) (the stand-ins do not build the storyboard's views)"))
                // A weak reference to a fresh view would be released at once: the copy holds it strongly.
                return line.replacingOccurrences(of: "weak ", with: "") + " = \(type)()"
            }
        }
        changes.append(Change(line: number, what: "@IBOutlet removed (stays nil: the stand-ins do not build the storyboard's views)"))
        return line
    }

    /// The stand-in UIKit views an outlet can be filled with.
    static let viewTypes: Set<String> = ["UIView", "UILabel", "UITextView", "UITextField", "UIButton", "UIActivityIndicatorView",
                                         "UIImageView", "UITableView"]

    static func declaredClass(in text: String) -> String? {
        guard let range = text.range(of: "class\\s+[A-Za-z_][A-Za-z0-9_]*", options: .regularExpression) else { return nil }
        return String(text[range].dropFirst(5)).trimmingCharacters(in: .whitespaces)
    }

    static func closingParenthesis(in line: String, from start: String.Index) -> String.Index? {
        var depth = 1
        var index = start
        while index < line.endIndex {
            if line[index] == "(" { depth += 1 }
            if line[index] == ")" { depth -= 1; if depth == 0 { return index } }
            index = line.index(after: index)
        }
        return nil
    }

    /// Replaces every match of `pattern`; returns how many there were.
    static func replace(in line: inout String, pattern: String, with replacement: String) -> Int {
        var count = 0
        while let range = line.range(of: pattern, options: .regularExpression) {
            line.replaceSubrange(range, with: replacement)
            count += 1
        }
        return count
    }
}
