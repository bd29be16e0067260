// `import UniformTypeIdentifiers` in an extension's source gives Foundation and the Apple-named extension types,
// as it does on iOS (where they come from Foundation). Only these names are re-exported: the
// rest of PreprocessingKit stays out of the user's namespace.
@_exported import Foundation
#if canImport(FoundationNetworking)
// URLRequest and URLSession are in Foundation on iOS, in FoundationNetworking on Linux.
@_exported import FoundationNetworking
#endif
@_exported import class PreprocessingKit.NSExtensionContext
@_exported import class PreprocessingKit.NSExtensionItem
@_exported import class PreprocessingKit.NSItemProvider
@_exported import protocol PreprocessingKit.NSExtensionRequestHandling
@_exported import var PreprocessingKit.NSExtensionJavaScriptPreprocessingResultsKey
@_exported import var PreprocessingKit.NSExtensionJavaScriptFinalizeArgumentKey
@_exported import struct PreprocessingKit.UTType
