// A top-level string as the results.
var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction("just a string"); } };
