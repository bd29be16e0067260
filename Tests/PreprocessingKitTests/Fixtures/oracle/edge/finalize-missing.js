// No finalize() although the host passes a finalize argument.
var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction({ ok: true }); } };
