// run() drops completionFunction: it can never be called.
var ExtensionPreprocessingJS = { run: function (args) { console.log("dropped completion"); } };
