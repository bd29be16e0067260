// A top-level let declaration (not a window property, still visible to the host).
let ExtensionPreprocessingJS = {
  run: function (args) { args.completionFunction({ declaredWith: "let", onWindow: "ExtensionPreprocessingJS" in window }); }
};
