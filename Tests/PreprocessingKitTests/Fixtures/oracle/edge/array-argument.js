// A top-level array as the results.
var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction([1, "two", undefined, [3, [4]]]); } };
