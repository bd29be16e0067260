// Probe "selectors": querySelectorAll match counts for the selector features scripts use.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var selectors = [
      "p", "div", ".content", "#content", "a[href]", "[href^=\"http\"]", "a[href$=\".pdf\"]",
      "[class*=\"nav\"]", "[lang|=en]", "[class~=\"title\"]", "div > p", "h2 + p", "h1 ~ p", "ul li a",
      "p:not(.caption)", "li:first-child", "li:last-child", "tr:nth-child(2n+1)", "li:nth-child(odd)",
      "p:nth-of-type(2)", "span:only-child", "p:empty", ":is(h1,h2,h3)", "a:has(> img)",
      "meta[property^=\"og:\"]", "input[type=hidden]", "script:not([src])", "img[alt=\"\"]",
      "h1, h2, h3, h4, h5, h6", "*"
    ];
    var counts = {};
    for (var i = 0; i < selectors.length; i++) {
      try {
        counts[selectors[i]] = document.querySelectorAll(selectors[i]).length;
      } catch (error) {
        counts[selectors[i]] = String(error);
      }
    }
    args.completionFunction({ counts: counts });
  }
};
