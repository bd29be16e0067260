// A minimal Action preprocessing script (a fixture for configuration checks).
var ExtensionPreprocessingJS = {
    run: function(args) { args.completionFunction({ "url": document.URL }); },
    finalize: function(args) {}
};
