import DOMBundleAssembly
import Foundation

/// The DOM's JavaScript read from a folder at run time, put together as embed-js does at build
/// time (`DOMBundleAssembly`: same core, same lazy groups, same line numbers and file table) but
/// without its compaction, which changes no behaviour.
enum DOMSourceFolder {
    struct Unreadable: Error {}

    /// Nil when the folder has no readable `order.txt` or a listed file cannot be read; a folder
    /// the assembler refuses is reported to `LibraryLog` and also gives nil.
    static func bundle(folder: String) -> DOMBundleSources? {
        let directory = URL(fileURLWithPath: folder)
        guard let order = try? String(contentsOf: directory.appendingPathComponent("order.txt"), encoding: .utf8) else { return nil }
        do {
            let assembly = try DOMBundleAssembly.assemble(order: order, compact: false) { name in
                guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else { throw Unreadable() }
                return text
            }
            return DOMBundleSources(source: assembly.core, files: assembly.files,
                                    lazyGroups: assembly.groups.map { ($0.name, $0.firstLine, $0.source) })
        } catch is Unreadable {
            return nil
        } catch {
            LibraryLog.write("preprocess-sim: warning: PREPROCESS_SIM_DOM_SOURCES=\(folder): \(error)")
            return nil
        }
    }
}

/// The DOM code of this process: the core program, the file table over the core's and the
/// groups' lines, and each lazy group's program with the line it starts on.
struct DOMBundleSources {
    var source: String
    var files: [(name: String, firstLine: Int, lineCount: Int)]
    var lazyGroups: [(name: String, firstLine: Int, source: String)]
}
