// The `kUTType…` constants of MobileCoreServices (deprecated in iOS 14 for UTType, still in most
// extensions) that an extension's data flow names. `String`s here, where Apple's are `CFString`:
// `kUTTypeURL as String` and `String(kUTTypeURL)` read the same on both.

/// Apple: `kUTTypeText`.
public let kUTTypeText = "public.text"
/// Apple: `kUTTypeHTML`.
public let kUTTypeHTML = "public.html"
/// Apple: `kUTTypeFileURL`.
public let kUTTypeFileURL = "public.file-url"
/// Apple: `kUTTypeImage`.
public let kUTTypeImage = "public.image"
/// Apple: `kUTTypeData`.
public let kUTTypeData = "public.data"
/// Apple: `kUTTypeItem`.
public let kUTTypeItem = "public.item"
/// Apple: `kUTTypeJSON`.
public let kUTTypeJSON = "public.json"
