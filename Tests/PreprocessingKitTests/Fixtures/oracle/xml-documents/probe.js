// An XML, SVG or XHTML document as WebKit builds it: its type, basics, every node of the tree
// and its XML serialisation.
var ExtensionPreprocessingJS = { run: function (a) {
  var d = document, r = {};
  r.kind = Object.prototype.toString.call(d);
  r.contentType = d.contentType;
  r.characterSet = d.characterSet;
  r.body = d.body === null ? null : d.body.tagName;
  r.title = d.title;
  r.doctype = d.doctype ? [d.doctype.name, d.doctype.publicId, d.doctype.systemId] : null;
  r.serialized = new XMLSerializer().serializeToString(d);
  r.outerHTML = d.documentElement ? d.documentElement.outerHTML : null;
  r.tree = [];
  var w = d.createTreeWalker(d, 0xFFFFFFFF), n;
  while ((n = w.nextNode())) {
    r.tree.push([n.nodeType, n.nodeName, n.namespaceURI, n.prefix, n.nodeValue,
      n.attributes ? Array.prototype.map.call(n.attributes, function (x) { return [x.name, x.namespaceURI, x.value]; }) : null]);
  }
  a.completionFunction(r);
} };
