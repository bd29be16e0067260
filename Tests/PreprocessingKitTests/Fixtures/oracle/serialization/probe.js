// Probe "serialization": how the parsed page serialises back to markup.
// Reads document.documentElement.outerHTML (length, hash, first 300 characters),
// document.body.innerHTML (length, hash), new XMLSerializer().serializeToString(document)
// (length, hash, first 300), document.head.outerHTML (length, hash), the number of <svg>
// elements and the first one's outerHTML (length, hash, first 300). Hashes are 32-bit FNV-1a
// over the UTF-16 code units (Math.imul), so two serialisations can be compared cheaply and
// the first 300 characters show where a difference starts when it is near the top.
// Also used by serialization-wide (its cases point at this file).
var ExtensionPreprocessingJS = {
  run: function (args) {
    function fnv(text) {
      var hash = 2166136261 | 0;
      for (var i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
      return hash >>> 0;
    }
    function summary(read, withStart) {
      var text;
      try { text = read(); } catch (error) { return { error: String(error) }; }
      if (text === null || text === undefined) return null;
      var result = { length: text.length, hash: fnv(text) };
      if (withStart) result.first300 = text.slice(0, 300);
      return result;
    }
    var svgs = document.getElementsByTagName("svg");
    args.completionFunction({
      documentOuterHTML: summary(function () { return document.documentElement.outerHTML; }, true),
      bodyInnerHTML: summary(function () { return document.body ? document.body.innerHTML : null; }, false),
      xmlSerializer: summary(function () { return new XMLSerializer().serializeToString(document); }, true),
      headOuterHTML: summary(function () { return document.head ? document.head.outerHTML : null; }, false),
      svgCount: svgs.length,
      firstSvgOuterHTML: svgs.length ? summary(function () { return svgs[0].outerHTML; }, true) : null
    });
  }
};
