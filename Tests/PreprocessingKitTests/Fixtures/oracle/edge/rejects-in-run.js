// run() returns a rejected promise.
var ExtensionPreprocessingJS = {
  run: async function (args) { throw new Error("async failure"); }
};
