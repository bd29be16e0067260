// Probe "tree": counts and shapes of the parsed tree (parser fidelity, <noscript> as raw text
// with scripting on). The html5lib cases also return the whole serialised document.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var all = document.getElementsByTagName("*");
    var firstElementNames = [];
    for (var i = 0; i < all.length && i < 40; i++) firstElementNames.push(all[i].nodeName);
    var noscripts = document.getElementsByTagName("noscript");
    var firstParagraph = document.querySelector("p");
    var result = {
      // document.all is the one object whose typeof is "undefined", hence the `in` test.
      documentAllLength: "all" in document ? document.all.length : null,
      typeofDocumentAll: typeof document.all,
      elementCount: all.length,
      htmlChildNodes: document.documentElement ? document.documentElement.childNodes.length : null,
      headChildNodes: document.head ? document.head.childNodes.length : null,
      bodyChildNodes: document.body ? document.body.childNodes.length : null,
      documentChildNodes: document.childNodes.length,
      doctypeName: document.doctype && document.doctype.name,
      compatMode: document.compatMode,
      firstElementNames: firstElementNames,
      noscriptCount: noscripts.length,
      firstNoscriptInnerHTML: noscripts.length ? noscripts[0].innerHTML.slice(0, 200) : null,
      firstNoscriptChildElements: noscripts.length ? noscripts[0].children.length : null,
      headChildren: document.head ? document.head.children.length : null,
      bodyOuterHTMLLength: document.body ? document.body.outerHTML.length : null,
      firstParagraphOuterHTML: firstParagraph ? firstParagraph.outerHTML.slice(0, 500) : null
    };
    if (/\/html5lib-tests\//.test(document.URL)) {
      result.documentOuterHTML = document.documentElement ? document.documentElement.outerHTML.slice(0, 3000) : null;
    }
    args.completionFunction(result);
  }
};
