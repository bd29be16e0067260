// Builds DOM nodes from the parser's flat array (see CONTRACT.md "The flat tree") in one loop.
// Not a web interface: this is the native parser's hand-over.

const QUIRKS_MODES = new Set(["no-quirks", "quirks", "limited-quirks"]);

/** Index of the first record: arrays start with a `[1, quirksMode]` header. */
function firstRecordIndex(records) {
  return records.length >= 2 && records[0] === 1 && QUIRKS_MODES.has(records[1]) ? 2 : 0;
}

/** Splits an attribute of a foreign (SVG/MathML) element into namespace, prefix and local name. */
function foreignAttributeRecord(name, value) {
  const colon = name.indexOf(":");
  if (colon < 0) {
    return name === "xmlns"
      ? { namespace: NS_XMLNS, prefix: null, localName: name, name, value, node: null }
      : { namespace: null, prefix: null, localName: name, name, value, node: null };
  }
  const prefix = name.slice(0, colon);
  const namespace = prefix === "xlink" ? NS_XLINK : prefix === "xml" ? NS_XML : prefix === "xmlns" ? NS_XMLNS : null;
  if (namespace === null) return { namespace: null, prefix: null, localName: name, name, value, node: null };
  return { namespace, prefix, localName: name.slice(colon + 1), name, value, node: null };
}

/**
 * Appends the nodes described by `records` (from index `start`) to `root`, owned by `doc`.
 * Children of an HTML `template` go into its content fragment, or, when `declarativeShadow` is set
 * (the page's own parse, not innerHTML or DOMParser), a `<template shadowrootmode>` becomes its
 * parent's shadow root as WebKit's parser makes it.
 */
function buildNodesFromRecords(doc, records, start, root, declarativeShadow = false) {
  const parents = [];
  let parent = root;
  const length = records.length;
  let i = start;
  while (i < length) {
    const kind = records[i];
    let node;
    switch (kind) {
      case 1: {
        const localName = records[i + 1];
        const nsIndex = records[i + 2];
        const attrCount = records[i + 3];
        const element = createElementInternal(doc, localName, FLAT_NAMESPACES[nsIndex], null);
        const attrs = element[ATTRS];
        let a = i + 4;
        const end = a + attrCount * 2;
        if (nsIndex === 0) {
          for (; a < end; a += 2) {
            const name = records[a];
            attrs.push({ namespace: null, prefix: null, localName: name, name, value: records[a + 1], node: null });
          }
        } else {
          for (; a < end; a += 2) attrs.push(foreignAttributeRecord(records[a], records[a + 1]));
        }
        i = end;
        parents.push(parent);
        if (nsIndex === 0 && localName === "template") {
          // Declarative shadow DOM: the template's children become the parent's shadow tree.
          const shadow = declarativeShadow && attrCount > 0 ? declarativeShadowRoot(parent, element) : null;
          if (shadow === null) linkChild(parent, element, null);
          parent = shadow === null ? element.content : shadow;
          continue;
        }
        linkChild(parent, element, null);
        parent = element;
        continue;
      }
      case 0:
        parent = parents.pop();
        i += 1;
        continue;
      case 3:
        node = createTextNode(doc, records[i + 1]);
        i += 2;
        break;
      case 8:
        node = createComment(doc, records[i + 1]);
        i += 2;
        break;
      case 10:
        node = createDocumentType(doc, records[i + 1], records[i + 2], records[i + 3]);
        i += 4;
        break;
      default:
        throw new Error(`Malformed flat tree: record kind ${kind} at index ${i}`);
    }
    linkChild(parent, node, null);
  }
  doc[VERSION]++;
}

/**
 * Parses `html` as a fragment in the context of `context` (an element) through the native parser.
 * @returns {DocumentFragment}
 */
function parseHTMLFragment(context, html) {
  const doc = documentOf(context);
  const fragment = createDocumentFragment(doc);
  if (html === "") return fragment;
  const localName = context.nodeType === ELEMENT_NODE ? context[LOCAL_NAME] : "body";
  const records = host.parseFragment(html, localName);
  buildNodesFromRecords(doc, records, firstRecordIndex(records), fragment);
  return fragment;
}
