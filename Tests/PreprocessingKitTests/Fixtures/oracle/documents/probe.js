// Probe "documents": the tree and page basics of a document WebKit writes itself (text, image,
// media), loaded with the MIME type Safari would have (`mime` in cases.jsonl).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var root = document.documentElement;
    var image = document.querySelector("img");
    args.completionFunction({
      documentOuterHTML: root ? root.outerHTML.slice(0, 3000) : null,
      documentOuterHTMLLength: root ? root.outerHTML.length : null,
      title: document.title,
      contentType: document.contentType,
      characterSet: document.characterSet,
      compatMode: document.compatMode,
      doctype: document.doctype ? document.doctype.name : "none",
      childNodes: document.childNodes.length,
      hasBody: document.body !== null,
      bodyInnerText: document.body ? document.body.innerText.slice(0, 500) : "no body",
      bodyInnerTextLength: document.body ? document.body.innerText.length : -1,
      imageSource: image ? image.getAttribute("src") : "no image",
      headChildren: document.head ? document.head.children.length : -1,
      elementCount: document.getElementsByTagName("*").length
    });
  }
};
