// Probe "frames": what a script gets from the page's iframes. For each of the first 10
// <iframe> elements: the src attribute, whether contentDocument is null, and when it is not,
// contentDocument.URL and the first 200 characters of contentDocument.documentElement.innerHTML;
// plus the number of <iframe> elements and window.frames.length. In the oracle no subresource
// or frame navigation to http(s) loads (the frame stays on its initial about:blank document);
// srcdoc, data: and about: frames do load.
// Also used by frames-wide (its cases point at this file).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var iframes = document.getElementsByTagName("iframe");
    var frames = [];
    for (var i = 0; i < iframes.length && i < 10; i++) {
      var frame = iframes[i], entry = { src: frame.getAttribute("src") };
      try {
        var inner = frame.contentDocument;
        entry.contentDocumentNull = inner === null;
        if (inner) {
          entry.url = inner.URL;
          entry.innerHTML200 = inner.documentElement ? inner.documentElement.innerHTML.slice(0, 200) : null;
        }
      } catch (error) {
        entry.error = String(error);
      }
      frames.push(entry);
    }
    args.completionFunction({
      iframeCount: iframes.length,
      framesLength: window.frames.length,
      frames: frames
    });
  }
};
