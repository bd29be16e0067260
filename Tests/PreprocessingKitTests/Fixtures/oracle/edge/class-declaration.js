// The object built from an ES class.
class Preprocessor {
  run(args) { args.completionFunction({ declaredWith: "class", title: document.title }); }
  finalize(args) { document.body.setAttribute("data-finalized", args.value); }
}
var ExtensionPreprocessingJS = new Preprocessor();
