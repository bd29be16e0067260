// A cyclic results object: JSON.stringify throws.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var results = { name: "cycle" };
    results.self = results;
    args.completionFunction(results);
  }
};
