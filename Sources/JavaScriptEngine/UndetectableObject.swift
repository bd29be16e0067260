import CJavaScriptCore
import Foundation

/// Makes the one kind of object the web platform has that `typeof` calls `"undefined"` and that
/// is falsy: what `document.all` is in every browser (HTML "[LegacyUnforgeable] HTMLAllCollection",
/// the `[[IsHTMLDDA]]` slot). Scripts test `if (document.all)` to detect old Internet Explorer, so
/// an ordinary object would send them down the IE path, and `undefined` would break
/// `document.all.length`, which WebKit answers.
///
/// JavaScriptCore's C API cannot make such an object; the library exports the constructor WebKit
/// itself uses (`JSC::InternalFunction::createFunctionThatMasqueradesAsUndefined`), found with
/// `dlsym` so that a library without it simply leaves `document.all` undefined.
public enum UndetectableObject {
    /// `InternalFunction* (VM&, JSGlobalObject*, unsigned length, const WTF::String& name, NativeFunction)`.
    /// `NativeFunction` (`WTF::FunctionPtr`) is trivially copyable with one pointer member, so it
    /// travels in a register like a plain function pointer.
    private typealias Create = @convention(c) (
        UnsafeRawPointer, UnsafeRawPointer, UInt32, UnsafeRawPointer,
        @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int64
    ) -> UnsafeMutableRawPointer?

    private static let create = EngineInternals.function(
        "_ZN3JSC16InternalFunction40createFunctionThatMasqueradesAsUndefinedERNS_2VMEPNS_14JSGlobalObjectEjRKN3WTF6StringENS5_11FunctionPtrILNS5_6PtrTagE1EFlS4_PNS_9CallFrameEELNS5_18FunctionAttributesE2EEE",
        as: Create.self)

    /// Calling the object (`document.all(0)`, IE style) answers `undefined`: JSC's encoding of it.
    private static let answerUndefined: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int64 = { _, _ in 0x0A }

    /// A new undetectable object in `context`, or nil when the library does not export the
    /// constructor. Takes the VM's lock for the call: JavaScriptCore drops it while a C API
    /// callback runs, and an allocation that meets a pending collection without it aborts.
    public static func make(in context: JavaScriptContext) -> JavaScriptValue? {
        guard let create, let group = JSContextGetGroup(context.ref), let lock = EngineInternals.LockHolder(group) else { return nil }
        // JSContextGroupRef is the VM and a global context ref the JSGlobalObject (APICast.h).
        let vm = UnsafeRawPointer(group)
        let globalObject = UnsafeRawPointer(context.ref)
        // A null WTF::String (one null StringImpl pointer): the function's name is "".
        var nullString: UnsafeRawPointer? = nil
        let cell = withUnsafePointer(to: &nullString) { name in
            create(vm, globalObject, 0, UnsafeRawPointer(name), answerUndefined)
        }
        // Protected before the lock goes: nothing else keeps the new cell alive yet.
        if let cell { JSValueProtect(context.ref, OpaquePointer(cell)) }
        lock.release()
        guard let cell else { return nil }
        let value = JavaScriptValue(OpaquePointer(cell), in: context)
        JSValueUnprotect(context.ref, OpaquePointer(cell))
        return value
    }
}
