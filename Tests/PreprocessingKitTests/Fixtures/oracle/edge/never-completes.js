// run() keeps completionFunction but never calls it.
var ExtensionPreprocessingJS = {
  run: function (args) {
    console.log("never completing");
    window.keptCompletion = args.completionFunction;
  }
};
