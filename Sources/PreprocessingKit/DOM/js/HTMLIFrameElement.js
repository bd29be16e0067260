// HTMLIFrameElement and HTMLFrameElement: https://html.spec.whatwg.org/#htmliframeelement
// Frames are never fetched. A frame whose URL the saved page carries (webarchive subframes,
// MHTML parts: `config.frames`, URL → HTML) gets a document built on first access, when it is
// same-origin with the page (cross-origin frames give null, as browsers do). Otherwise
// contentDocument and contentWindow are null. Frame scripts do not run.

/** `config.frames`: frame HTML by URL, set by installPage. */
let pageFrames = {};
/** `config.frameURLs`: the document URL of a frame the page names otherwise (MHTML `cid:`). */
let pageFrameURLs = {};

/** The frame's document from `config.frames`, built once per element; null when unavailable. */
function frameDocumentOf(frame) {
  const extras = elementExtras(frame);
  if (extras.frameDocument !== undefined) return extras.frameDocument;
  let doc = null;
  const src = getAttributeValue(frame, "src");
  const url = src === null ? null : resolveDocumentURL(documentOf(frame), src.trim());
  const html = url === null ? undefined : pageFrames[url];
  const documentURL = url === null ? null : (pageFrameURLs[url] || url);
  // A frame the archive names by Content-ID was saved with the page itself: same origin.
  const savedWithPage = url !== null && Object.prototype.hasOwnProperty.call(pageFrameURLs, url);
  if (typeof html === "string" && (savedWithPage || sameOrigin(documentURL, documentOf(frame)[DOC_STATE].url))) {
    doc = createHTMLDocument({ url: documentURL, characterSet: documentOf(frame)[DOC_STATE].characterSet }, host.parseDocument(html));
  }
  extras.frameDocument = doc;
  return doc;
}

function sameOrigin(a, b) {
  try { return new URL(a).origin === new URL(b).origin && new URL(a).origin !== "null"; } catch (error) { return false; }
}

/** A minimal window for a loaded frame: its document and location, the page as parent/top. */
function frameWindowOf(frame) {
  const doc = frameDocumentOf(frame);
  if (doc === null) return null;
  const extras = elementExtras(frame);
  if (!extras.frameWindow) {
    const page = pageWindowOf(frame);
    const view = { document: doc, frameElement: frame, parent: page, top: page, location: new Location(INTERNAL, doc) };
    view.window = view;
    view.self = view;
    doc[DOC_STATE].defaultView = view;
    extras.frameWindow = view;
  }
  return extras.frameWindow;
}

class HTMLIFrameElement extends HTMLElement {
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
