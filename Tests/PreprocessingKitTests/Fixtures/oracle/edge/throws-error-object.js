// run() throws a custom Error.
var ExtensionPreprocessingJS = {
  run: function (args) { throw new RangeError("custom failure in run"); }
};
