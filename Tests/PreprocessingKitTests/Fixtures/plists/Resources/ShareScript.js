// Seed 003's preprocessing script (a fixture for configuration checks).
var ProcessingClass = function() {};
ProcessingClass.prototype = {
    run: function(args) {
        args.completionFunction({ "title": document.title, "url": document.URL });
    },
    finalize: function(args) {}
};
var ExtensionPreprocessingJS = new ProcessingClass;
