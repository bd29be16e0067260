// A syntax error: the file never defines anything.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({ ok: true });
  }
