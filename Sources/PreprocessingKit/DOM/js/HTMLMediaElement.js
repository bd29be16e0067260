// HTMLMediaElement, HTMLVideoElement, HTMLAudioElement: https://html.spec.whatwg.org/#htmlmediaelement
// No media is loaded: currentTime 0, duration NaN, paused until play() is called.

class HTMLMediaElement extends HTMLElement {
  get currentSrc() {
    if (getAttributeValue(this, "src") !== null) return this.src;
    for (let child = this[FIRST]; child !== null; child = child[NEXT]) {
      if (child.nodeType === ELEMENT_NODE && child[LOCAL_NAME] === "source" && getAttributeValue(child, "src") !== null) return child.src;
    }
    return "";
  }
  get currentTime() { return this[CONTROL_STATE] ? this[CONTROL_STATE].currentTime || 0 : 0; }
  set currentTime(value) { controlState(this).currentTime = +value; }
  get duration() { return NaN; }
  get paused() { return !(this[CONTROL_STATE] && this[CONTROL_STATE].playing); }
  get ended() { return false; }
  get seeking() { return false; }
  get readyState() { return 0; }
  get networkState() { return this.currentSrc === "" ? 0 : 1; }
  get volume() { return this[CONTROL_STATE] && this[CONTROL_STATE].volume !== undefined ? this[CONTROL_STATE].volume : 1; }
  set volume(value) { controlState(this).volume = +value; }
  get playbackRate() { return 1; }
  set playbackRate(value) {}
  get buffered() { return { length: 0, start() { throwDOMException("IndexSizeError", "No ranges."); }, end() { throwDOMException("IndexSizeError", "No ranges."); } }; }
  get error() { return null; }
  play() { controlState(this).playing = true; return Promise.resolve(); }
  pause() { controlState(this).playing = false; }
  load() {}
  canPlayType(type) { return /^(video|audio)\/(mp4|mpeg|quicktime|x-m4a|aac|mp3)/.test(String(type)) ? "maybe" : ""; }
}
reflectAttributes(HTMLMediaElement.prototype, {
  src: "url", crossOrigin: ["string", "crossorigin", null], preload: "string", autoplay: "boolean", loop: "boolean",
  controls: "boolean", muted: "boolean", defaultMuted: ["boolean", "muted"],
});
for (const [name, value] of [["NETWORK_EMPTY", 0], ["NETWORK_IDLE", 1], ["NETWORK_LOADING", 2], ["NETWORK_NO_SOURCE", 3],
  ["HAVE_NOTHING", 0], ["HAVE_METADATA", 1], ["HAVE_CURRENT_DATA", 2], ["HAVE_FUTURE_DATA", 3], ["HAVE_ENOUGH_DATA", 4]]) {
  Object.defineProperty(HTMLMediaElement, name, { value, enumerable: true });
  Object.defineProperty(HTMLMediaElement.prototype, name, { value, enumerable: true });
}

class HTMLVideoElement extends HTMLMediaElement {
  get videoWidth() { return 0; }
  get videoHeight() { return 0; }
  // Safari's picture-in-picture / fullscreen video API (PiPifier calls it in finalize): no video
  // plays here, so the mode stays "inline" and the call is reported.
  get webkitPresentationMode() { return "inline"; }
  webkitSupportsPresentationMode(mode) { return mode === "inline" || mode === "picture-in-picture" || mode === "fullscreen"; }
  webkitSetPresentationMode(mode) { recordUnsupported("HTMLVideoElement.webkitSetPresentationMode(" + String(mode) + ")"); }
  webkitEnterFullscreen() { recordUnsupported("HTMLVideoElement.webkitEnterFullscreen"); }
  webkitExitFullscreen() {}
  requestPictureInPicture() {
    recordUnsupported("HTMLVideoElement.requestPictureInPicture");
    return Promise.reject(new DOMException("Picture-in-picture is not available in the simulator.", "NotAllowedError"));
  }
}
reflectAttributes(HTMLVideoElement.prototype, { poster: "url", width: "unsigned", height: "unsigned", playsInline: ["boolean", "playsinline"] });
registerHTMLElement(HTMLVideoElement, "video");

class HTMLAudioElement extends HTMLMediaElement {}
registerHTMLElement(HTMLAudioElement, "audio");

class HTMLSourceElement extends HTMLElement {}
reflectAttributes(HTMLSourceElement.prototype, { src: "url", type: "string", srcset: "string", sizes: "string", media: "string", width: "unsigned", height: "unsigned" });
registerHTMLElement(HTMLSourceElement, "source");

class HTMLTrackElement extends HTMLElement {}
reflectAttributes(HTMLTrackElement.prototype, { src: "url", kind: "string", srclang: "string", label: "string", default: "boolean" });
registerHTMLElement(HTMLTrackElement, "track");

/** `new Audio(src)`: https://html.spec.whatwg.org/#dom-audio */
function Audio(src) {
  if (!new.target) throw new TypeError("Constructor requires 'new'");
  const audio = createElementInternal(currentPageDocument(), "audio", NS_HTML, null);
  setAttributeValue(audio, "preload", "auto");
  if (src !== undefined) setAttributeValue(audio, "src", String(src));
  return audio;
}
Audio.prototype = HTMLAudioElement.prototype;
