// completionFunction() with no argument.
var ExtensionPreprocessingJS = { run: function (args) { args.completionFunction(); } };
