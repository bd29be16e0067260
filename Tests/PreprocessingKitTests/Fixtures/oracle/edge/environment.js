// Environment facts a script may read.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({
      webkit: typeof window.webkit,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      visibilityState: document.visibilityState,
      hasFocus: document.hasFocus(),
      readyState: document.readyState,
      typeofCompletion: typeof args.completionFunction,
      argsKeys: Object.keys(args),
      thisIsExtensionObject: this === ExtensionPreprocessingJS
    });
  }
};
