import CJavaScriptCore
import Foundation

/// What WebKitGTK's remote inspector does for a bare JavaScriptCore context, found by trying:
/// the functions are exported (`JSGlobalContextSetInspectable`, `JSRemoteInspectorStart`), the
/// context reports itself inspectable, yet no inspector server listens — in WebKitGTK the
/// server lives in the browser's UI process (`WEBKIT_INSPECTOR_SERVER` is read there), and a
/// process with only JavaScriptCore has none for the context to register with.
///
/// The functions are looked up at run time (`dlsym`), as the GTK headers do not declare them.
public struct InspectorProbe: Sendable {
    /// The library exports `JSGlobalContextSetInspectable`.
    public var setInspectableFound: Bool
    /// `JSGlobalContextIsInspectable` answered true after it was set.
    public var contextInspectable: Bool
    /// `JSRemoteInspectorStart` was found and called.
    public var remoteInspectorStarted: Bool
    /// `WEBKIT_INSPECTOR_SERVER` (host:port), if set.
    public var serverAddress: String?
    /// Something accepted a TCP connection at that address after the start.
    public var serverListening: Bool

    /// Lines for the terminal.
    public var report: [String] {
        var lines = [
            "JSGlobalContextSetInspectable: \(setInspectableFound ? "found" : "not exported"); the context is \(contextInspectable ? "" : "not ")inspectable",
            "JSRemoteInspectorStart: \(remoteInspectorStarted ? "called" : "not exported")",
        ]
        if let serverAddress {
            lines.append("WEBKIT_INSPECTOR_SERVER=\(serverAddress): \(serverListening ? "something listens there" : "nothing listens there")")
        }
        if !serverListening {
            lines.append("WebKitGTK serves the inspector from a browser's UI process, so a bare JavaScriptCore context cannot be attached to")
            lines.append("(in a WebKitGTK browser, WEBKIT_INSPECTOR_SERVER=127.0.0.1:9222 and inspector://127.0.0.1:9222 attach to web views only).")
            lines.append("Instead the script stops before run and at each debugger; statement with a prompt on stdin.")
        }
        return lines
    }

    /// Makes a fresh context inspectable, starts the remote inspector and checks for a server.
    public static func run() -> InspectorProbe {
        let handle = dlopen(nil, RTLD_NOW)
        typealias SetInspectable = @convention(c) (OpaquePointer?, Bool) -> Void
        typealias IsInspectable = @convention(c) (OpaquePointer?) -> Bool
        typealias Start = @convention(c) () -> Void
        let context = JavaScriptContext()
        let raw: OpaquePointer? = context.ref
        var probe = InspectorProbe(setInspectableFound: false, contextInspectable: false, remoteInspectorStarted: false,
                                   serverAddress: ProcessInfo.processInfo.environment["WEBKIT_INSPECTOR_SERVER"], serverListening: false)
        if let symbol = dlsym(handle, "JSGlobalContextSetInspectable") {
            probe.setInspectableFound = true
            unsafeBitCast(symbol, to: SetInspectable.self)(raw, true)
        }
        if let symbol = dlsym(handle, "JSGlobalContextIsInspectable") {
            probe.contextInspectable = unsafeBitCast(symbol, to: IsInspectable.self)(raw)
        }
        if let symbol = dlsym(handle, "JSRemoteInspectorStart") {
            unsafeBitCast(symbol, to: Start.self)()
            probe.remoteInspectorStarted = true
        }
        if let address = probe.serverAddress {
            // Give a server that would start asynchronously a moment to listen.
            Thread.sleep(forTimeInterval: 0.3)
            probe.serverListening = canConnect(to: address)
        }
        return probe
    }

    /// A TCP connection to `host:port` succeeds.
    static func canConnect(to address: String) -> Bool {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]) else { return false }
        let host = String(address[..<colon])
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &socketAddress.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
