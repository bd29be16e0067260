// Navigator: https://html.spec.whatwg.org/#the-navigator-object, as iOS Safari presents itself.

class Navigator {
  constructor(token, config) {
    if (token !== INTERNAL) throw new TypeError("Illegal constructor");
    this[SOURCE] = {
      // Swift always sends it (PageContext.Configuration: the newest released iOS's Safari).
      userAgent: String(config.userAgent ?? ""),
      platform: config.platform || "iPhone",
      language: config.language || "en-US",
      maxTouchPoints: config.maxTouchPoints ?? 5,
    };
  }
  get userAgent() { return this[SOURCE].userAgent; }
  get appVersion() { return this[SOURCE].userAgent.replace(/^Mozilla\//, ""); }
  get appName() { return "Netscape"; }
  get appCodeName() { return "Mozilla"; }
  get product() { return "Gecko"; }
  get productSub() { return "20030107"; }
  get vendor() { return "Apple Computer, Inc."; }
  get vendorSub() { return ""; }
  get platform() { return this[SOURCE].platform; }
  get language() { return this[SOURCE].language; }
  get languages() { return Object.freeze([this[SOURCE].language]); }
  get cookieEnabled() { return true; }
  get onLine() { return true; }
  get maxTouchPoints() { return this[SOURCE].maxTouchPoints; }
  get standalone() { return false; }
  get hardwareConcurrency() { return 4; }
  get webdriver() { return false; }
  get doNotTrack() { return null; }
  get pdfViewerEnabled() { return true; }
  get plugins() { return []; }
  get mimeTypes() { return []; }
  javaEnabled() { return false; }
  get clipboard() {
    return {
      writeText(text) { recordUnsupported("navigator.clipboard.writeText"); return Promise.reject(new DOMException("Clipboard access is not allowed.", "NotAllowedError")); },
      readText() { recordUnsupported("navigator.clipboard.readText"); return Promise.reject(new DOMException("Clipboard access is not allowed.", "NotAllowedError")); },
    };
  }
  share(data) { recordUnsupported("navigator.share"); return Promise.reject(new DOMException("Sharing is not allowed.", "NotAllowedError")); }
  canShare() { return false; }
  sendBeacon(url) { recordUnsupported("navigator.sendBeacon"); return true; }
  vibrate() { return false; }
}
defineStringTag(Navigator, "Navigator");
