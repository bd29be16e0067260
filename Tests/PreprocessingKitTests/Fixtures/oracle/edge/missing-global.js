// The file defines the object under another name.
var ExtensionPreprocessingJs = { run: function (args) { args.completionFunction({ ok: true }); } };
