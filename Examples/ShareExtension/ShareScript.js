// Seed 003 (../shared/seeds/003_*.txt): the Share extension's preprocessing file, as published.
var ProcessingClass = function() {};

ProcessingClass.prototype = {
    run: function(arguments) {
      arguments.completionFunction({
          "title": document.title,
          "url": document.URL,
          "selected": document.getSelection().toString()
      });
    },
    finalize: function(arguments) {}
};

var ExtensionPreprocessingJS = new ProcessingClass
