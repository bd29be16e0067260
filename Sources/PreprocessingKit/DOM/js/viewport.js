// The layout viewport of Safari on iOS and iPadOS: the size a page is laid out at (the initial
// containing block, the root's clientWidth, media queries' width and height) and the scale it is
// first shown at, from the device's screen and the page's <meta name="viewport">. WebKitGTK has
// no such viewport, so these are WebKit's own rules for iOS, read from its source:
//
// - Apple's Safari Web Content Guide, "Configuring the Viewport" (and the Safari HTML Reference's
//   viewport keys): a page without a viewport tag is laid out 980 CSS pixels wide and scaled to
//   fit the screen; width, height, initial-scale, minimum-scale, maximum-scale, user-scalable.
// - WebCore/dom/ViewportArguments.cpp (setViewportFeature, findSizeValue, findScaleValue,
//   findBooleanValue) and Document::processFeaturesString: how the content attribute is read.
// - WebCore/page/ViewportConfiguration.cpp and .h (webpageParameters, nativeWebpageParameters,
//   updateConfiguration, layoutWidth, layoutHeight, initialScaleFromSize, and
//   shouldIgnoreMinimumEffectiveDeviceWidthForShrinkToFit): what the arguments make of the view.
// - WebKit/UIProcess/ios/WebPageProxyIOS.mm (effectiveContentModeAfterAdjustingPolicies): an
//   iPad that asks for desktop pages (iPadOS 13 on) sets MetaViewportPolicy::Ignore, so its
//   defaults are nativeWebpageParameters (the device's width) rather than the 980 px page,
//   and pages that do not declare themselves fitted to the device (width=device-width or
//   initial-scale=1) are laid out at least as wide as the minimum effective device width.
//   Safari chooses that width (WKWebView's _minimumEffectiveDeviceWidth, not in WebKit's
//   source); the simulator takes WebKit's own desktop width, 980 (defaultDesktopViewportWidth).
//
// Safari's settings that are modelled: user scaling is always allowed (iOS 10 on: WKWebView's
// ignoresViewportScaleLimits, WebKit's forceAlwaysUserScalable), so maximum-scale and
// user-scalable clamp the initial scale but never make the layout wider. Not modelled: the
// content's own width (a page wider than its layout viewport is shrunk further to fit), the
// browser's bars (the whole screen is the view), rotation.

/** ViewportArguments' markers for a value that is not a number of pixels. */
const VIEWPORT_AUTO = -1;
const VIEWPORT_DEVICE_WIDTH = -2;
const VIEWPORT_DEVICE_HEIGHT = -3;
/** WebKit's default desktop viewport width (ViewportConfiguration.cpp defaultDesktopViewportWidth). */
const VIEWPORT_DESKTOP_WIDTH = 980;

/**
 * The viewport arguments of a `content` attribute, as ViewportArguments.cpp reads them: keys and
 * values split as Document::processFeaturesString splits them in its viewport mode.
 * @param {string} content
 * @returns {{width: number, height: number, zoom: number, minZoom: number, maxZoom: number, userZoom: number, given: boolean}}
 */
function parseViewportArguments(content) {
  const args = { width: VIEWPORT_AUTO, height: VIEWPORT_AUTO, zoom: VIEWPORT_AUTO, minZoom: VIEWPORT_AUTO, maxZoom: VIEWPORT_AUTO, userZoom: VIEWPORT_AUTO, given: true };
  const text = String(content);
  const length = text.length;
  const isSeparator = (c) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "=" || c === "," || c === ";" || c === "\0";
  const endsPair = (c) => c === "," || c === ";";
  for (let i = 0; i < length;) {
    while (i < length && isSeparator(text[i])) i++;
    const keyBegin = i;
    while (i < length && !isSeparator(text[i])) i++;
    const keyEnd = i;
    while (i < length && text[i] !== "=" && !endsPair(text[i])) i++;
    while (i < length && isSeparator(text[i]) && !endsPair(text[i])) i++;
    const valueBegin = i;
    while (i < length && !isSeparator(text[i])) i++;
    setViewportArgument(args, selectorAsciiLower(text.slice(keyBegin, keyEnd)), text.slice(valueBegin, i));
  }
  return args;
}

/** One key of the content attribute (ViewportArguments.cpp setViewportFeature); unknown keys are ignored. */
function setViewportArgument(args, key, value) {
  const word = selectorAsciiLower(value);
  // charactersToFloat: the longest numeric prefix, 0 when there is none.
  const number = () => {
    const match = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(value);
    return match === null ? 0 : parseFloat(match[0]);
  };
  const size = () => {
    if (word === "device-width") return VIEWPORT_DEVICE_WIDTH;
    if (word === "device-height") return VIEWPORT_DEVICE_HEIGHT;
    const n = number();
    return n < 0 ? VIEWPORT_AUTO : n;
  };
  const scale = () => {
    if (word === "yes") return 1;
    if (word === "no") return 0;
    if (word === "device-width" || word === "device-height") return 10;
    const n = number();
    return n < 0 ? VIEWPORT_AUTO : n;
  };
  const flag = () => {
    if (word === "yes" || word === "device-width" || word === "device-height") return 1;
    if (word === "no") return 0;
    return Math.abs(number()) >= 1 ? 1 : 0;
  };
  switch (key) {
    case "width": args.width = size(); break;
    case "height": args.height = size(); break;
    case "initial-scale": args.zoom = scale(); break;
    case "minimum-scale": args.minZoom = scale(); break;
    case "maximum-scale": args.maxZoom = scale(); break;
    case "user-scalable": args.userZoom = flag(); break;
  }
}

/** The arguments of a page with no viewport tag (a default ViewportArguments). */
function noViewportArguments() {
  return { width: VIEWPORT_AUTO, height: VIEWPORT_AUTO, zoom: VIEWPORT_AUTO, minZoom: VIEWPORT_AUTO, maxZoom: VIEWPORT_AUTO, userZoom: VIEWPORT_AUTO, given: false };
}

/**
 * The layout viewport and initial scale Safari gives a page (ViewportConfiguration), for a
 * screen of `screenWidth` × `screenHeight` CSS pixels.
 * @param {object} args parseViewportArguments's or noViewportArguments's
 * @param {number} screenWidth
 * @param {number} screenHeight
 * @param {boolean} desktopClass an iPad asking for desktop pages (iPadOS 13 on)
 * @returns {{width: number, height: number, scale: number, userScalable: boolean}}
 */
function computeLayoutViewport(args, screenWidth, screenHeight, desktopClass) {
  // shouldIgnoreMinimumEffectiveDeviceWidthForShrinkToFit: a page that says it fits the device.
  const fitsDevice = args.given && (args.zoom === 1 || args.width === VIEWPORT_DEVICE_WIDTH);
  // The default parameters: webpageParameters (980 wide, scaled to fit) on an iPhone;
  // nativeWebpageParameters (the device's width, with or without shrinking to fit) on a desktop-class iPad.
  const config = !desktopClass
    ? { width: VIEWPORT_DESKTOP_WIDTH, widthIsSet: true, height: 0, heightIsSet: false, initialScale: 0, initialScaleIsSet: false, minimumScale: 0.25, maximumScale: 5, allowsUserScaling: true }
    : fitsDevice
      ? { width: screenWidth, widthIsSet: true, height: 0, heightIsSet: false, initialScale: 1, initialScaleIsSet: true, minimumScale: 1, maximumScale: 5, allowsUserScaling: true }
      : { width: screenWidth, widthIsSet: true, height: 0, heightIsSet: false, initialScale: 1, initialScaleIsSet: false, minimumScale: 0.25, maximumScale: 5, allowsUserScaling: true };
  // effectiveLayoutSizeScaleFactor and updateMinimumLayoutSize: the view measured as if it were
  // at least the minimum effective device width.
  const effectiveWidth = desktopClass && !fitsDevice ? VIEWPORT_DESKTOP_WIDTH : 0;
  const layoutScale = effectiveWidth > 0 && screenWidth > 0 ? screenWidth / Math.max(effectiveWidth, screenWidth) : 1;
  const minimumWidth = screenWidth / layoutScale, minimumHeight = screenHeight / layoutScale;

  // updateConfiguration: each argument, when valid (> 0), clamped to WebKit's limits.
  const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
  const length = (value) => value === VIEWPORT_DEVICE_WIDTH ? minimumWidth : value === VIEWPORT_DEVICE_HEIGHT ? minimumHeight : value;
  if (args.minZoom > 0) config.minimumScale = clamp(args.minZoom, 0.1, 10);
  if (args.maxZoom > 0) config.maximumScale = clamp(args.maxZoom, config.minimumScale, 10);
  const zoomSet = args.zoom > 0, widthSet = length(args.width) > 0, heightSet = length(args.height) > 0;
  if (zoomSet) config.initialScale = clamp(args.zoom, config.minimumScale, config.maximumScale);
  if (widthSet) config.width = clamp(length(args.width), 10, 10000);
  if (heightSet) config.height = clamp(length(args.height), 10, 10000);
  if (zoomSet || widthSet || heightSet) {
    config.initialScaleIsSet = zoomSet;
    config.widthIsSet = widthSet;
    config.heightIsSet = heightSet;
  }
  if (args.userZoom === 0 || args.userZoom === 1) config.allowsUserScaling = args.userZoom === 1;
  // canOverrideConfigurationParameters: the native defaults take the view's width.
  if (desktopClass && !widthSet) config.width = minimumWidth;
  const unscaledInitialScale = config.initialScale;
  config.initialScale *= layoutScale;
  config.minimumScale *= layoutScale;
  config.maximumScale *= layoutScale;
  // maximumScale() with forceAlwaysUserScalable (Safari always lets the user zoom).
  const maximumScale = Math.max(config.maximumScale, 5) * layoutScale;

  // layoutWidth (`horizontal`) and layoutHeight, which WebKit writes out once per axis.
  const layoutLength = (horizontal) => {
    const isSet = horizontal ? config.widthIsSet : config.heightIsSet;
    const otherIsSet = horizontal ? config.heightIsSet : config.widthIsSet;
    const length = horizontal ? config.width : config.height;
    const minimum = horizontal ? minimumWidth : minimumHeight, otherMinimum = horizontal ? minimumHeight : minimumWidth;
    if (isSet) {
      if (!config.initialScaleIsSet) {
        if (maximumScale * length < minimum) return Math.round(minimum / maximumScale);
        return Math.round(length);
      }
      if (length * unscaledInitialScale < minimum) return Math.round(minimum / unscaledInitialScale);
      return Math.round(length);
    }
    if (config.initialScaleIsSet && !otherIsSet) return Math.round(minimum / unscaledInitialScale);
    return otherMinimum > 0 ? Math.round(minimum * layoutLength(!horizontal) / otherMinimum) : minimum;
  };
  const width = layoutLength(true), height = layoutLength(false);

  // initialScaleFromSize, the content taken to be the layout viewport's size: the page's own
  // scale, else one that fits its width (and does not leave the screen's height uncovered).
  let scale;
  if (config.initialScaleIsSet) scale = config.initialScale;
  else {
    scale = width > 0 ? screenWidth / width : 0;
    if (height > 0 && height * scale < screenHeight) scale = screenHeight / height;
    scale = clamp(scale, config.minimumScale, config.maximumScale);
  }
  return { width, height, scale, userScalable: config.allowsUserScaling };
}

/**
 * The content of the viewport tag that applies to `doc`: each `<meta name="viewport">` with a
 * content attribute replaces the arguments of the one before (HTMLMetaElement::process calls
 * Document::processViewport, which starts from fresh arguments), so the last one in tree order
 * wins; null when there is none.
 */
function documentViewportContent(doc) {
  let content = null;
  const index = parsedElementIndex(doc);
  if (index !== null) {
    const bucket = elementIndexTagBucket(index, "meta");
    if (bucket === undefined) return null;
    for (const position of bucket) {
      const name = elementIndexAttribute(index, position, "name");
      const value = elementIndexAttribute(index, position, "content");
      if (name !== null && value !== null && selectorAsciiLower(name.trim()) === "viewport") content = value;
    }
    return content;
  }
  for (const meta of doc.getElementsByTagName("meta")) {
    const name = meta.getAttribute("name"), value = meta.getAttribute("content");
    if (name !== null && value !== null && selectorAsciiLower(name.trim()) === "viewport") content = value;
  }
  return content;
}

/**
 * Lays `doc` out at the layout viewport its viewport tag gives on the simulated device, once its
 * tree is built and before any of its scripts runs. A viewport tag a script adds or changes later
 * is not applied: Safari applies one asynchronously (the UI process answers with a new layout
 * size after the script has returned), and a preprocessing script has usually finished by then.
 * @param {Document} doc the page document, its state holding screenWidth, screenHeight,
 *   desktopClassViewport and, for a window that ignores the tag, fixedViewportWidth/Height
 */
function applyLayoutViewport(doc) {
  const state = doc[DOC_STATE];
  if (state.fixedViewportWidth > 0 && state.fixedViewportHeight > 0) {
    // A window that ignores the tag (PageContext.Configuration.fixedLayoutViewport).
    state.viewportWidth = state.fixedViewportWidth;
    state.viewportHeight = state.fixedViewportHeight;
    state.viewportScale = state.screenWidth / state.fixedViewportWidth;
    return;
  }
  const content = documentViewportContent(doc);
  const args = content === null ? noViewportArguments() : parseViewportArguments(content);
  const viewport = computeLayoutViewport(args, state.screenWidth, state.screenHeight, state.desktopClassViewport === true);
  state.viewportWidth = viewport.width;
  state.viewportHeight = viewport.height;
  state.viewportScale = viewport.scale;
}
