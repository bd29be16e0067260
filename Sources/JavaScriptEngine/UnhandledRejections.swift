import CJavaScriptCore

extension JavaScriptContext {
    /// Calls `body` with the reason of every promise that is rejected and still has no handler
    /// when the microtask queue is drained (JavaScriptCore's
    /// `JSGlobalContextSetUnhandledRejectionCallback`, the hook behind a browser's
    /// `unhandledrejection` event). A reason that is not an Error comes as an `Error` named
    /// "Error" whose message is `String(reason)`.
    public func onUnhandledRejection(_ body: @escaping (JavaScriptError) -> Void) throws(JavaScriptError) {
        // The function is kept alive by the global object; it holds the context unowned, so no
        // cycle keeps the context alive.
        let callback = makeFunction(name: "unhandledRejection") { [unowned self] arguments in
            let reason = arguments.count > 1 ? arguments[1] : self.undefined
            body(self.error(from: reason.ref))
            return nil
        }
        guard let object = JSValueToObject(ref, callback.ref, nil) else { return }
        _ = try trying { exception -> Bool? in
            JSGlobalContextSetUnhandledRejectionCallback(ref, object, exception)
            hasRejectionCallback = true
            return true
        }
    }
}
