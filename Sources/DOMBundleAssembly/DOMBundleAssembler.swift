import Foundation

/// The DOM's JavaScript files put together as the simulator evaluates them: the *core*, one strict
/// program whose files share one block scope, evaluated in every page; and *lazy groups*, files
/// that only some scripts need (the layout model, rendered text, the network), each its own
/// program, evaluated in a page the first time core code calls one of its functions.
///
/// `order.txt` lists the files; a group is the files between `[NAME]` and `[end]`. A group runs
/// as a function of the core names it reads (its *imports*, handed over in one object when it
/// loads) and returns the functions of its own that code outside it calls (its *exports*); the
/// core declares a stub of the same name for each export, which loads the group and calls the
/// real one, so no file is written differently for being in a group. Both lists come from a scan
/// of the files' tokens. The assembler refuses what would not behave as one scope does: a group
/// reading a core `let` or `var` (it would see the value of the moment it loaded), an export that
/// is not a function declaration, a group file's top-level statement that is not a declaration
/// (a registration would happen only when the group loads), a top-level destructuring declaration
/// (its names are not read).
///
/// An *interface group* (`[NAME interfaces]`) holds web interfaces a page may never use (the
/// network, ranges, element interfaces of elements a page may not contain): its files may also
/// declare classes and run statements (`registerHTMLElement`, `reflectAttributes`), which run
/// when the group loads. Its classes are in the object its program returns, and the core gets
/// `LAZY_GROUP_MEMBERS`, the name of each of its classes and functions → its group's loader,
/// from which the window's interface objects and functions are made on first access (Window.js); its files' `registerHTMLElement(Class,
/// "tag"…)` statements become, where the group stands in `order.txt`, one
/// `registerLazyHTMLElements(loader, [[className, tag…]…])` line in the core (HTMLElement.js), so
/// the first element of such a tag loads the group. Code outside the group still reaches it
/// through its functions only: a class or constant used outside is refused as in any group.
///
/// Line numbers: the core's lines come first, then each group's, as if they were one text, so
/// the file table maps any line of any program to its file (`firstLine` of each group is where
/// its program starts; JavaScriptCore is told that line when it evaluates it).
public struct DOMBundleAssembly {
    public struct LazyGroup {
        public var name: String
        /// An interface group (`[NAME interfaces]`).
        public var holdsInterfaces: Bool
        /// Its classes (an interface group's), in file order.
        public var classes: [String]
        /// Its classes and functions (an interface group's), which the core can load it for by name.
        public var members: [String]
        /// The program: `"use strict";(function (imports) {…; return {exports}; })`.
        public var source: String
        /// The line the program starts on in the combined numbering.
        public var firstLine: Int
        public var imports: [String]
        public var exports: [String]
    }

    /// The global property the host object is handed over in while the core is evaluated.
    public static let hostProperty = "__preprocessSimDOMHost"

    public var core: String
    public var groups: [LazyGroup]
    /// Every file, core and groups, with its first line and line count in the combined numbering.
    public var files: [(name: String, firstLine: Int, lineCount: Int)]

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// `read` gives a file's text by name; `compact` drops comments and indentation
    /// (`JavaScriptCompactor`), which changes no behaviour and keeps every line break.
    public static func assemble(order: String, compact: Bool, read: (String) throws -> String) throws -> DOMBundleAssembly {
        struct File { var name: String; var scan: JavaScriptCompactor.Compacted; var text: String }
        var coreFiles: [File] = []
        var groupFiles: [(name: String, interfaces: Bool, files: [File])] = []
        /// Where each group stands among the core's files (the number of core files before it).
        var groupPositions: [Int] = []
        var openGroup: Int?
        for rawLine in order.split(separator: "\n") {
            let entry = rawLine.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            if entry.hasPrefix("[") && entry.hasSuffix("]") {
                let name = String(entry.dropFirst().dropLast())
                if name == "end" {
                    guard openGroup != nil else { throw Failure(description: "order.txt: [end] without a group") }
                    openGroup = nil
                } else {
                    let words = name.split(separator: " ").map(String.init)
                    guard openGroup == nil else { throw Failure(description: "order.txt: group [\(name)] inside another group") }
                    guard let groupName = words.first, isIdentifier(groupName), !groupFiles.contains(where: { $0.name == groupName }) else {
                        throw Failure(description: "order.txt: [\(name)] is not a new group name (letters, digits, _)")
                    }
                    guard words.count == 1 || (words.count == 2 && words[1] == "interfaces") else {
                        throw Failure(description: "order.txt: [\(name)]: a group is [NAME] or [NAME interfaces]")
                    }
                    groupFiles.append((groupName, words.count == 2, []))
                    groupPositions.append(coreFiles.count)
                    openGroup = groupFiles.count - 1
                }
                continue
            }
            let text = try read(entry)
            let scan = JavaScriptCompactor.scan(text)
            if let line = scan.destructuringLines.first {
                throw Failure(description: "\(entry):\(line): a top-level destructuring declaration; the bundle's scan of top-level names does not read patterns, so declare each name on its own")
            }
            var body = compact ? scan.text : text
            if !body.hasSuffix("\n") { body += "\n" }
            let file = File(name: entry, scan: scan, text: body)
            if let group = openGroup {
                if !groupFiles[group].interfaces, let line = scan.statementLines.first {
                    throw Failure(description: "\(entry):\(line): a top-level statement in lazy group [\(groupFiles[group].name)] would run only when the group loads, not with the core; a group's files may only declare (an interface group's run when it loads)")
                }
                groupFiles[group].files.append(file)
            } else {
                coreFiles.append(file)
            }
        }
        if let group = openGroup { throw Failure(description: "order.txt: group [\(groupFiles[group].name)] has no [end]") }

        var coreDeclared: [String: String] = ["host": "const"]
        for file in coreFiles { coreDeclared.merge(file.scan.declared) { first, _ in first } }
        let coreReferenced = coreFiles.reduce(into: Set<String>()) { $0.formUnion($1.scan.referenced) }

        // Exports: a group's top-level names read by the core or by another group.
        var groupDeclared: [[String: String]] = []
        var groupReferenced: [Set<String>] = []
        for group in groupFiles {
            groupDeclared.append(group.files.reduce(into: [:]) { $0.merge($1.scan.declared) { first, _ in first } })
            groupReferenced.append(group.files.reduce(into: Set<String>()) { $0.formUnion($1.scan.referenced) })
        }
        var exports: [[String]] = []
        for (index, group) in groupFiles.enumerated() {
            var readers = coreReferenced
            for other in groupFiles.indices where other != index {
                readers.formUnion(groupReferenced[other].subtracting(groupDeclared[other].keys))
            }
            let names = groupDeclared[index].keys.filter { readers.contains($0) }.sorted()
            for name in names where groupDeclared[index][name] != "function" {
                throw Failure(description: "lazy group [\(group.name)]: '\(name)' (a \(groupDeclared[index][name]!)) is used outside the group; only functions can be a group's entry points")
            }
            for name in names where coreDeclared[name] != nil {
                throw Failure(description: "lazy group [\(group.name)]: '\(name)' is declared in the core too")
            }
            exports.append(names)
        }
        // Every export is a core name (its stub), for the core's own code and for other groups.
        var visible = coreDeclared
        for names in exports { for name in names { visible[name] = "function" } }

        var imports: [[String]] = []
        for (index, group) in groupFiles.enumerated() {
            let names = groupReferenced[index].subtracting(groupDeclared[index].keys).filter { visible[$0] != nil }.sorted()
            let mutable = names.filter { visible[$0] == "let" || visible[$0] == "var" }
            if !mutable.isEmpty {
                throw Failure(description: "lazy group [\(group.name)] reads the core's \(mutable.map { "'\($0)'" }.joined(separator: ", ")) declared with let/var: a group gets a value when it loads, so a later assignment would not reach it; read it through a function")
            }
            imports.append(names)
        }

        // An interface group's classes, in file order, and its element registrations.
        var classes: [[String]] = []
        var members: [[String]] = []
        var elementRegistrations: [[(className: String, tags: [String])]] = []
        for group in groupFiles {
            classes.append(group.interfaces ? group.files.flatMap { file in file.scan.declaredOrder.filter { file.scan.declared[$0] == "class" } } : [])
            members.append(group.interfaces ? group.files.flatMap { file in
                file.scan.declaredOrder.filter { file.scan.declared[$0] == "class" || file.scan.declared[$0] == "function" }
            } : [])
            elementRegistrations.append(group.interfaces ? group.files.flatMap { elementRegistrationsIn($0.text) } : [])
        }

        // The core: prologue, one line of stubs per group, the interface groups' classes, the
        // files, with each interface group's element registrations where the group stands.
        var core = "\"use strict\";\n{\nconst host = globalThis.\(hostProperty); delete globalThis.\(hostProperty);\n"
        for (index, group) in groupFiles.enumerated() {
            let loader = "loadLazyGroup_\(group.name)"
            var evaluation = "host.evaluateLazyGroup(\"\(group.name)\")({\(imports[index].joined(separator: ", "))})"
            // An interface group's classes take their places on the window as it loads (Window.js).
            if group.interfaces { evaluation = "interfaceGroupLoaded(\(evaluation))" }
            var line = "let lazyGroup_\(group.name); function \(loader)() { return lazyGroup_\(group.name) ??= \(evaluation); }"
            for name in exports[index] {
                line += " function \(name)(...args) { return \(loader)().\(name)(...args); }"
            }
            core += line + "\n"
        }
        let lazyMembers = groupFiles.indices.flatMap { index in members[index].map { "\($0): loadLazyGroup_\(groupFiles[index].name)" } }
        core += "const LAZY_GROUP_MEMBERS = Object.freeze({\(lazyMembers.joined(separator: ", "))});\n"
        var files: [(name: String, firstLine: Int, lineCount: Int)] = []
        var lineNumber = 5 + groupFiles.count
        func registrationLines(before position: Int) {
            for (index, group) in groupFiles.enumerated() where groupPositions[index] == position && !elementRegistrations[index].isEmpty {
                let entries = elementRegistrations[index].map { entry in
                    "[" + ([entry.className] + entry.tags).map { "\"\($0)\"" }.joined(separator: ", ") + "]"
                }
                core += "registerLazyHTMLElements(loadLazyGroup_\(group.name), [\(entries.joined(separator: ", "))]);\n"
                lineNumber += 1
            }
        }
        for (position, file) in coreFiles.enumerated() {
            registrationLines(before: position)
            let count = lineCount(file.text)
            files.append((file.name, lineNumber, count))
            core += file.text
            lineNumber += count
        }
        registrationLines(before: coreFiles.count)
        core += "}\n"
        lineNumber += 1

        var groups: [LazyGroup] = []
        for (index, group) in groupFiles.enumerated() {
            let firstLine = lineNumber
            var source = "\"use strict\";(function (imports) { const {\(imports[index].joined(separator: ", "))} = imports;\n"
            lineNumber += 1
            for file in group.files {
                let count = lineCount(file.text)
                files.append((file.name, lineNumber, count))
                source += file.text
                lineNumber += count
            }
            source += "return {\((exports[index] + members[index].filter { !exports[index].contains($0) }).joined(separator: ", "))}; })\n"
            lineNumber += 1
            groups.append(LazyGroup(name: group.name, holdsInterfaces: group.interfaces, classes: classes[index], members: members[index], source: source,
                                    firstLine: firstLine, imports: imports[index], exports: exports[index]))
        }
        return DOMBundleAssembly(core: core, groups: groups, files: files)
    }

    /// The `registerHTMLElement(Class, "tag"…);` statements of a file, each on a line of its own
    /// at the top level (the one way the DOM's files register an element interface).
    static func elementRegistrationsIn(_ text: String) -> [(className: String, tags: [String])] {
        var found: [(className: String, tags: [String])] = []
        for line in text.split(separator: "\n") where line.hasPrefix("registerHTMLElement(") && line.hasSuffix(");") {
            let arguments = line.dropFirst("registerHTMLElement(".count).dropLast(2).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let className = arguments.first, isIdentifier(className), arguments.count > 1 else { continue }
            let tags = arguments.dropFirst().compactMap { argument -> String? in
                guard argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") else { return nil }
                return String(argument.dropFirst().dropLast())
            }
            if tags.count == arguments.count - 1 { found.append((className, tags)) }
        }
        return found
    }

    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
