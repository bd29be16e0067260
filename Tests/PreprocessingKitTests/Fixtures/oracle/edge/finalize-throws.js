// run() completes; finalize() throws.
var ExtensionPreprocessingJS = {
  run: function (args) { args.completionFunction({ ok: true }); },
  finalize: function (args) {
    console.log("finalize got", args.message);
    undefinedFunctionInFinalize(args.message);
  }
};
