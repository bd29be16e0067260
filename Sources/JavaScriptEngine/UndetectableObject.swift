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

    private static let create: Create? = {
        let symbol = "_ZN3JSC16InternalFunction40createFunctionThatMasqueradesAsUndefinedERNS_2VMEPNS_14JSGlobalObjectEjRKN3WTF6StringENS5_11FunctionPtrILNS5_6PtrTagE1EFlS4_PNS_9CallFrameEELNS5_18FunctionAttributesE2EEE"
        // The library the program is linked with (already loaded: RTLD_NOLOAD), else the global scope.
        let library = dlopen("libjavascriptcoregtk-4.1.so.0", RTLD_NOW | RTLD_NOLOAD) ?? dlopen(nil, RTLD_NOW)
        guard let library, let address = dlsym(library, symbol) else { return nil }
        return unsafeBitCast(address, to: Create.self)
    }()

    /// `JSC::JSLockHolder::JSLockHolder(VM&)` and `~JSLockHolder()`. JavaScriptCore drops the VM's
    /// lock while a C API callback runs (every C API function takes it again); a call past the
    /// C API must take it itself, or an allocation that meets a pending collection aborts.
    private typealias LockHolderInit = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    private typealias LockHolderDeinit = @convention(c) (UnsafeMutableRawPointer) -> Void
    private static let lockHolder: (take: LockHolderInit, release: LockHolderDeinit)? = {
        guard let library = dlopen("libjavascriptcoregtk-4.1.so.0", RTLD_NOW | RTLD_NOLOAD) ?? dlopen(nil, RTLD_NOW),
              let take = dlsym(library, "_ZN3JSC12JSLockHolderC1ERNS_2VME"),
              let release = dlsym(library, "_ZN3JSC12JSLockHolderD1Ev") else { return nil }
        return (unsafeBitCast(take, to: LockHolderInit.self), unsafeBitCast(release, to: LockHolderDeinit.self))
    }()

    /// Calling the object (`document.all(0)`, IE style) answers `undefined`: JSC's encoding of it.
    private static let answerUndefined: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int64 = { _, _ in 0x0A }

    /// A new undetectable object in `context`, or nil when the library does not export the
    /// constructor. Takes the VM's lock for the call (see `lockHolder`).
    public static func make(in context: JavaScriptContext) -> JavaScriptValue? {
        guard let create, let lockHolder, let group = JSContextGetGroup(context.ref) else { return nil }
        // JSContextGroupRef is the VM and a global context ref the JSGlobalObject (APICast.h).
        let vm = UnsafeRawPointer(group)
        let globalObject = UnsafeRawPointer(context.ref)
        // A null WTF::String (one null StringImpl pointer): the function's name is "".
        var nullString: UnsafeRawPointer? = nil
        // A JSLockHolder is one RefPtr<VM>; 64 bytes leave room to spare.
        let holder = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { holder.deallocate() }
        lockHolder.take(holder, vm)
        let cell = withUnsafePointer(to: &nullString) { name in
            create(vm, globalObject, 0, UnsafeRawPointer(name), answerUndefined)
        }
        // Protected before the lock goes: nothing else keeps the new cell alive yet.
        if let cell { JSValueProtect(context.ref, OpaquePointer(cell)) }
        lockHolder.release(holder)
        guard let cell else { return nil }
        let value = JavaScriptValue(OpaquePointer(cell), in: context)
        JSValueUnprotect(context.ref, OpaquePointer(cell))
        return value
    }
}
