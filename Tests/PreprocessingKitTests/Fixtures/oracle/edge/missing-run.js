// The global exists but has no run().
var ExtensionPreprocessingJS = { finalize: function (args) {} };
