// run() throws synchronously after logging.
var ExtensionPreprocessingJS = {
  run: function (args) {
    console.warn("about to throw");
    null.foo();
  }
};
