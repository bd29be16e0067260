// Probe "encoding": how WebKit decoded the bytes (charset sniffing, legacy encodings).
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({
      characterSet: document.characterSet,
      title: document.title,
      textContent200: document.body ? document.body.textContent.slice(0, 200) : null
    });
  }
};
