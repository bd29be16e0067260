// Probe "tree-shape": a strict fingerprint of the whole parsed tree (parser fidelity).
// Walks every node in document order without recursion (pages nest thousands deep), entering
// a <template>'s content and an open shadow root (declarative shadow DOM) as if their children
// were the host's first children. Each node contributes its depth, nodeType, nodeName,
// attribute count and (text, comment) data length to a 32-bit FNV-1a hash: `checksum` over
// the whole sequence, `chunks` per run of 250 nodes, so a difference can be narrowed to a region.
// Depth: the document's children (doctype, <html>) are 1; a fragment's children are its host + 1.
// Also used by the tree-shape-wide probe (its cases point at this file).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var CHUNK = 250;
    var FNV_PRIME = 16777619, FNV_BASIS = 2166136261;
    var hash = FNV_BASIS | 0, chunkHash = FNV_BASIS | 0, chunkFill = 0, chunks = [];
    var elementCount = 0, textCount = 0, commentCount = 0, otherCount = 0, nodeCount = 0;
    var textLength = 0, maxDepth = 0, templateCount = 0, shadowRootCount = 0, textInFormCount = 0;
    var firstElementNames = [];

    function mix(h, value) { return Math.imul(h ^ value, FNV_PRIME); }

    function record(node, depth) {
      var type = node.nodeType, name = node.nodeName, attributes = 0, dataLength = 0;
      nodeCount++;
      if (type === 1) {
        elementCount++;
        attributes = node.attributes.length;
        if (depth > maxDepth) maxDepth = depth;
        if (firstElementNames.length < 40) firstElementNames.push(name);
      } else if (type === 3) {
        textCount++;
        dataLength = node.data.length;
        textLength += dataLength;
        var parent = node.parentNode;
        if (parent && parent.nodeType === 1 && parent.localName === "form" &&
            parent.namespaceURI === "http://www.w3.org/1999/xhtml") textInFormCount++;
      } else if (type === 8) {
        commentCount++;
        dataLength = node.data.length;
      } else {
        otherCount++;
      }
      var h = hash, c = chunkHash;
      h = mix(h, depth); c = mix(c, depth);
      h = mix(h, type); c = mix(c, type);
      for (var i = 0; i < name.length; i++) {
        var code = name.charCodeAt(i);
        h = mix(h, code); c = mix(c, code);
      }
      h = mix(h, 0x2f); c = mix(c, 0x2f); // separator after the name
      h = mix(h, attributes); c = mix(c, attributes);
      h = mix(h, dataLength); c = mix(c, dataLength);
      hash = h;
      chunkHash = c;
      if (++chunkFill === CHUNK) {
        chunks.push(chunkHash >>> 0);
        chunkHash = FNV_BASIS | 0;
        chunkFill = 0;
      }
    }

    // The extra child lists of an element, visited before its own children: a template's
    // content, an open shadow root. Frames on `stack` say which of them is being walked.
    function extraRoots(element) {
      var roots = null;
      if (element.localName === "template" && element.namespaceURI === "http://www.w3.org/1999/xhtml") {
        templateCount++;
        if (element.content && element.content.firstChild) roots = [element.content];
      }
      var shadow = element.shadowRoot;
      if (shadow) {
        shadowRootCount++;
        if (shadow.firstChild) (roots || (roots = [])).push(shadow);
      }
      return roots;
    }

    var stack = []; // {host, roots, index}: host's extra roots; index = the root being walked
    var node = document.firstChild, depth = 1;
    while (node) {
      record(node, depth);
      var next = null;
      if (node.nodeType === 1) {
        var roots = extraRoots(node);
        if (roots) {
          stack.push({ host: node, roots: roots, index: 0 });
          next = roots[0].firstChild;
        } else {
          next = node.firstChild;
        }
      }
      if (next) { node = next; depth++; continue; }
      // No children: the next sibling, else climb until an ancestor has one.
      while (node) {
        if (node.nextSibling) { node = node.nextSibling; break; }
        var parent = node.parentNode;
        var frame = stack.length ? stack[stack.length - 1] : null;
        if (frame && parent === frame.roots[frame.index]) {
          // End of a fragment: the host's next extra root, else its own children.
          var following = null;
          while (!following && ++frame.index < frame.roots.length) following = frame.roots[frame.index].firstChild;
          if (!following) following = frame.host.firstChild;
          if (following) { node = following; break; }
          stack.pop();
          node = frame.host;
          depth--;
          continue;
        }
        if (frame && parent === frame.host) stack.pop();
        node = parent && parent.nodeType !== 9 ? parent : null;
        depth--;
      }
    }
    if (chunkFill) chunks.push(chunkHash >>> 0);

    var doctype = document.doctype;
    args.completionFunction({
      nodeCount: nodeCount,
      elementCount: elementCount,
      textCount: textCount,
      commentCount: commentCount,
      otherCount: otherCount,
      doctype: doctype ? { name: doctype.name, publicId: doctype.publicId, systemId: doctype.systemId } : null,
      compatMode: document.compatMode,
      maxDepth: maxDepth,
      textLength: textLength,
      templateCount: templateCount,
      shadowRootCount: shadowRootCount,
      headChildNodes: document.head ? document.head.childNodes.length : null,
      bodyChildNodes: document.body ? document.body.childNodes.length : null,
      textInFormCount: textInFormCount,
      firstElementNames: firstElementNames,
      checksum: hash >>> 0,
      chunks: chunks
    });
  }
};
