import Foundation

/// The request handlers the command line offers by name (`--handler NAME`).
/// Handlers registered with `register(name:make:)` (a user's runner built by `init-handler`)
/// are offered by name too, and win over a built-in of the same name.
public enum BuiltInHandlers {
    public static let builtInNames = ["none", "echo", "example-notes", "finalize-args"]

    /// Every name `--handler` accepts: the built-ins, then the registered ones.
    public static var names: [String] {
        builtInNames + registry.names.filter { !builtInNames.contains($0) }
    }

    /// Offers a handler of the user's under `name` (`--handler NAME`); `make` is called once
    /// per run, so each run gets a fresh instance as on a device.
    public static func register(name: String, make: @escaping @Sendable () -> NSExtensionRequestHandling) {
        registry.add(name: name, make: make)
    }

    private static let registry = HandlerRegistry()

    /// A fresh handler for `name`; nil for an unknown name. `finalize-args` answers with
    /// `finalizeArguments` (required for it).
    public static func make(_ name: String, finalizeArguments: PropertyListValue?) -> NSExtensionRequestHandling? {
        if let registered = registry.make(name) { return registered }
        switch name {
        case "none": return NoFinalizeHandler()
        case "echo": return EchoHandler()
        case "example-notes": return ActionRequestHandler()
        case "finalize-args": return finalizeArguments.map { FinalizeArgumentsHandler(arguments: $0) }
        default: return nil
        }
    }
}

/// The handlers registered by name; locked because registration may come from any thread.
private final class HandlerRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var makers: [(name: String, make: @Sendable () -> NSExtensionRequestHandling)] = []

    func add(name: String, make: @escaping @Sendable () -> NSExtensionRequestHandling) {
        lock.lock(); defer { lock.unlock() }
        makers.removeAll { $0.name == name }
        makers.append((name, make))
    }

    var names: [String] {
        lock.lock(); defer { lock.unlock() }
        return makers.map(\.name)
    }

    func make(_ name: String) -> NSExtensionRequestHandling? {
        lock.lock()
        let maker = makers.first { $0.name == name }?.make
        lock.unlock()
        return maker?()
    }
}

/// Reads the preprocessing results the way handlers do on iOS: the first property-list
/// attachment, loaded asynchronously, its `NSExtensionJavaScriptPreprocessingResultsKey` entry.
private func loadPreprocessingResults(from context: NSExtensionContext, _ completion: @escaping (NSDictionary?) -> Void) {
    for case let item as NSExtensionItem in context.inputItems {
        for provider in item.attachments ?? [] where provider.hasItemConformingToTypeIdentifier(kUTTypePropertyList) {
            provider.loadItem(forTypeIdentifier: kUTTypePropertyList, options: nil) { item, _ in
                let dictionary = item as? NSDictionary
                completion(dictionary?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary)
            }
            return
        }
    }
    completion(nil)
}

/// Returns one item whose property-list attachment carries `arguments` for finalize.
private func finalizeItem(_ arguments: Any) -> NSExtensionItem {
    let payload = NSDictionary(dictionary: [NSExtensionJavaScriptFinalizeArgumentKey: arguments])
    let item = NSExtensionItem()
    item.attachments = [NSItemProvider(item: payload, typeIdentifier: kUTTypePropertyList)]
    return item
}

/// `--handler none`: reads the results and completes with nil items, so finalize is not called
/// (what an extension that only consumes the page does).
public final class NoFinalizeHandler: NSObject, NSExtensionRequestHandling {
    public func beginRequest(with context: NSExtensionContext) {
        loadPreprocessingResults(from: context) { _ in
            context.completeRequest(returningItems: nil, completionHandler: nil)
        }
    }
}

/// `--handler echo`: returns the results dictionary as finalize's argument.
public final class EchoHandler: NSObject, NSExtensionRequestHandling {
    public func beginRequest(with context: NSExtensionContext) {
        loadPreprocessingResults(from: context) { results in
            guard let results else {
                context.completeRequest(returningItems: nil, completionHandler: nil)
                return
            }
            context.completeRequest(returningItems: [finalizeItem(results)], completionHandler: nil)
        }
    }
}

/// `--finalize-args JSON|@file`: returns a fixed dictionary as finalize's argument.
public final class FinalizeArgumentsHandler: NSObject, NSExtensionRequestHandling {
    let arguments: PropertyListValue

    public init(arguments: PropertyListValue) {
        self.arguments = arguments
    }

    public func beginRequest(with context: NSExtensionContext) {
        loadPreprocessingResults(from: context) { [arguments] _ in
            context.completeRequest(returningItems: [finalizeItem(arguments.foundationObject)], completionHandler: nil)
        }
    }
}
