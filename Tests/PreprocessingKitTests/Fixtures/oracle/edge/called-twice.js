// completionFunction called twice: the first call counts.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({ call: 1 });
    args.completionFunction({ call: 2 });
  }
};
