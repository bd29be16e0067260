// HTMLIFrameElement and HTMLFrameElement: https://html.spec.whatwg.org/#htmliframeelement
// A frame's document and window come from its child navigable (frames.js): about:blank or
// srcdoc, or, for a frame whose URL the saved page carries (webarchive subframes, MHTML parts:
// `config.frames`, URL → HTML), that HTML when same-origin with the page. Frames are never
// fetched and frame scripts do not run.

/** `config.frames`: frame HTML by URL, set by preparePage. */
let pageFrames = {};
/** `config.frameURLs`: the document URL of a frame the page names otherwise (MHTML `cid:`). */
let pageFrameURLs = {};

/** https://html.spec.whatwg.org/#dom-iframe-contentdocument (null when cross-origin or without a navigable). */
function frameDocumentOf(frame) {
  const navigable = frameNavigableOf(frame);
  return navigable === null ? null : frameNavigableDocument(navigable);
}

/** https://html.spec.whatwg.org/#dom-iframe-contentwindow */
function frameWindowOf(frame) {
  const navigable = frameNavigableOf(frame);
  return navigable === null ? null : frameNavigableWindow(navigable);
}

function sameOrigin(a, b) {
  try { return new URL(a).origin === new URL(b).origin && new URL(a).origin !== "null"; } catch (error) { return false; }
}

class HTMLIFrameElement extends HTMLElement {
  constructor(token, doc, localName, namespace, prefix) {
    super(token, doc, localName, namespace, prefix);
    frameElementCreated(this);
  }
  static [CONSTRUCTION_STEPS] = true;
  get contentDocument() { return frameDocumentOf(this); }
  get contentWindow() { return frameWindowOf(this); }
  getSVGDocument() { return null; }
}
reflectAttributes(HTMLIFrameElement.prototype, {
  src: "url", srcdoc: "string", name: "string", allow: "string", allowFullscreen: ["boolean", "allowfullscreen"],
  width: "string", height: "string", referrerPolicy: ["string", "referrerpolicy"], loading: "string",
  align: "string", scrolling: "string", frameBorder: ["string", "frameborder"], longDesc: ["url", "longdesc"],
  marginHeight: ["string", "marginheight"], marginWidth: ["string", "marginwidth"],
});
registerHTMLElement(HTMLIFrameElement, "iframe");

class HTMLFrameElement extends HTMLElement {
  constructor(token, doc, localName, namespace, prefix) {
    super(token, doc, localName, namespace, prefix);
    frameElementCreated(this);
  }
  static [CONSTRUCTION_STEPS] = true;
  get contentDocument() { return frameDocumentOf(this); }
  get contentWindow() { return frameWindowOf(this); }
}
reflectAttributes(HTMLFrameElement.prototype, {
  src: "url", name: "string", scrolling: "string", frameBorder: ["string", "frameborder"], noResize: ["boolean", "noresize"],
});
registerHTMLElement(HTMLFrameElement, "frame");

class HTMLFrameSetElement extends HTMLElement {}
reflectAttributes(HTMLFrameSetElement.prototype, { cols: "string", rows: "string" });
registerHTMLElement(HTMLFrameSetElement, "frameset");
