// Completion from a timer after a promise.
var ExtensionPreprocessingJS = {
  run: function (args) {
    Promise.resolve("later").then(function (value) {
      setTimeout(function () { args.completionFunction({ value: value }); }, 20);
    });
  }
};
