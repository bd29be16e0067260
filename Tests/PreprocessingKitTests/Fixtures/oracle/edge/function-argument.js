// A bare function as the results.
var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction(function results() {}); } };
