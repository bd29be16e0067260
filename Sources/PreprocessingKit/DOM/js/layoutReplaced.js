// Replaced elements for layout: https://drafts.csswg.org/css-images-3/#sizing (natural sizes,
// ratios, CSS and attribute sizes) of images, form controls, frames, media and svg; data: URL
// images are decoded for their size (the only images that load).

/** The content size [width, height] of a replaced element, given its containing block's width. */
function layoutReplacedSize(element, s, containerWidth) {
  const localName = s.localName;
  let natural = null, ratio = NaN;
  let cssWidth = s.width === null ? NaN : layoutLength(s.width, s.fontSize, containerWidth, layoutRem);
  let cssHeight = s.height === null ? NaN : layoutLength(s.height, s.fontSize, NaN, layoutRem);
  if (s.borderBox) {
    if (!isNaN(cssWidth)) cssWidth = Math.max(0, cssWidth - s.pl - s.pr - s.bl - s.br);
    if (!isNaN(cssHeight)) cssHeight = Math.max(0, cssHeight - s.pt - s.pb - s.bt - s.bb);
  }
  switch (s.isHTML ? localName : "svg") {
    case "img": {
      const size = layoutImageNaturalSize(element);
      if (size !== null && size[2] === true) {
        ratio = size[0] / size[1];
        natural = isNaN(containerWidth) ? [0, 0] : [containerWidth, containerWidth / ratio];
        break;
      }
      if (size !== null) natural = size;
      else {
        // A broken image shows its alt text in a bordered box (text plus 2px each side), the
        // text at most 1024×256 (RenderImage's maxAltTextWidth/Height).
        // Without an alt attribute the title is shown (HTMLImageElement::altText).
        const alt = selectorAttribute(element, "alt") ?? selectorAttribute(element, "title");
        natural = alt !== null && alt !== "" ? [Math.ceil(Math.min(layoutTextWidth(alt.replace(/[ \t\n\r\f]+/g, " "), s), 1024)) + 4,
          Math.min(s.ascent + s.descent, 256) + 4] : [0, 0];
      }
      const aw = layoutAttributeNumber(element, "width"), ah = layoutAttributeNumber(element, "height");
      ratio = aw > 0 && ah > 0 ? aw / ah : natural[1] > 0 ? natural[0] / natural[1] : NaN;
      break;
    }
    case "svg": {
      const viewBox = selectorAttribute(element, "viewBox") ?? selectorAttribute(element, "viewbox");
      const parts = viewBox === null ? null : viewBox.trim().split(/[\s,]+/).map(parseFloat);
      if (parts !== null && parts.length === 4 && parts[2] > 0 && parts[3] > 0) ratio = parts[2] / parts[3];
      // Unitless attribute values are pixels.
      const attr = (name) => { const v = (selectorAttribute(element, name) || "").trim(); return v === "" ? null : /^[0-9.]+$/.test(v) ? v + "px" : v; };
      const aw = layoutLength(attr("width"), s.fontSize, containerWidth, layoutRem);
      const ah = layoutLength(attr("height"), s.fontSize, NaN, layoutRem);
      if (isNaN(cssWidth) && !isNaN(aw)) cssWidth = aw;
      if (isNaN(cssHeight) && !isNaN(ah)) cssHeight = ah;
      // Only a ratio: it fills the container, and adds nothing to a shrink-to-fit width.
      if (isNaN(cssWidth) && isNaN(cssHeight) && !isNaN(ratio)) cssWidth = isNaN(containerWidth) ? 0 : containerWidth;
      natural = [300, 150];
      break;
    }
    case "input": {
      // Content boxes: the padding and borders come from the cascade (layoutUserAgentStyle).
      const type = selectorAsciiLower(selectorAttribute(element, "type") || "text");
      const lineHeight = s.ascent + s.descent;
      if (type === "submit" || type === "reset" || type === "button") {
        const value = selectorAttribute(element, "value") ?? (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
        natural = [layoutTextWidth(value, s), lineHeight];
      } else if (type === "image") {
        natural = [50, 19];
      } else {
        const known = LAYOUT_INPUT_SIZES.get(type);
        if (known !== undefined) natural = known;
        else {
          const size = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "size") || "");
          const columns = size !== null && parseInt(size[1], 10) > 0 ? parseInt(size[1], 10) : 20;
          natural = [Math.round((columns * 7.95 + 6) * s.fontSize / 13.333), lineHeight];
        }
      }
      break;
    }
    case "select": {
      let widest = 0;
      for (let node = element[FIRST]; node !== null && node !== undefined; node = nextInTree(node, element)) {
        if (node[LOCAL_NAME] === "option") widest = Math.max(widest, layoutTextWidth(renderedDescendantText(node).replace(/[ \t\n\r\f]+/g, " ").trim(), s));
      }
      natural = [widest + 28, s.ascent + s.descent + 12];
      break;
    }
    case "textarea": {
      const cols = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "cols") || "");
      const rows = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "rows") || "");
      natural = [(cols !== null && parseInt(cols[1], 10) > 0 ? parseInt(cols[1], 10) : 20) * 8 + 6,
        (rows !== null && parseInt(rows[1], 10) > 0 ? parseInt(rows[1], 10) : 2) * 15 + 6];
      break;
    }
    case "iframe": case "frame": natural = [300, 150]; break;
    case "video": case "canvas": case "embed": case "object": natural = [300, 150]; break;
    case "audio": natural = [300, 32]; break;
    case "meter": natural = [80, 16]; break;
    case "progress": natural = [160, 16]; break;
    default: natural = [0, 0];
  }
  if (isNaN(ratio) && (localName === "video" || localName === "canvas")) ratio = 2;
  let width = cssWidth, height = cssHeight;
  if (isNaN(width) && isNaN(height)) { width = natural[0]; height = natural[1]; }
  else if (isNaN(height)) height = !isNaN(ratio) ? width / ratio : localName === "img" ? natural[1] * (natural[0] > 0 ? width / natural[0] : 0) : natural[1];
  else if (isNaN(width)) width = !isNaN(ratio) ? height * ratio : natural[0];
  const heightAuto = isNaN(cssHeight);
  const maxWidth = s.maxWidth === null ? NaN : layoutLength(s.maxWidth, s.fontSize, containerWidth, layoutRem);
  if (!isNaN(maxWidth) && width > maxWidth) {
    width = maxWidth;
    if (heightAuto && !isNaN(ratio)) height = width / ratio;
  }
  const minWidth = s.minWidth === null ? NaN : layoutLength(s.minWidth, s.fontSize, containerWidth, layoutRem);
  if (!isNaN(minWidth) && width < minWidth) width = minWidth;
  const maxHeight = s.maxHeight === null ? NaN : layoutLength(s.maxHeight, s.fontSize, NaN, layoutRem);
  if (!isNaN(maxHeight) && height > maxHeight) height = maxHeight;
  const minHeight = s.minHeight === null ? NaN : layoutLength(s.minHeight, s.fontSize, NaN, layoutRem);
  if (!isNaN(minHeight) && height < minHeight) height = minHeight;
  // Computed sizes are truncated to WebKit's layout unit (1/64 px).
  return [Math.max(0, Math.floor(width * 64) / 64), Math.max(0, Math.floor(height * 64) / 64)];
}

/** A dimension attribute as a non-negative number of pixels, or -1 (absent, percentage, invalid). */
function layoutAttributeNumber(element, name) {
  const value = selectorAttribute(element, name);
  if (value === null) return -1;
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(px)?\s*$/i.exec(value);
  return match === null ? -1 : parseFloat(match[1]);
}

/** The data: URL an image loads (a srcset's candidate is chosen over src), or null. */
function layoutImageSource(element) {
  const srcset = selectorAttribute(element, "srcset");
  const candidate = srcset === null || srcset.trim() === "" ? null : /^[ \t\n\r\f,]*(\S+)/.exec(srcset);
  const src = candidate !== null ? candidate[1].replace(/,+$/, "") : selectorAttribute(element, "src");
  if (src === null) return null;
  const trimmed = src.trim();
  return /^data:/i.test(trimmed) ? trimmed : null;
}

/** Outside a layout: the lazy images that loaded in the element's document. */
function layoutLoadedLazyImages(element) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return null;
  return layoutOf(doc).lazyLoaded;
}

/** The natural size of an image: decoded from a data: URL (the only images that load), else null. */
function layoutImageNaturalSize(element, ignoreLazy) {
  const trimmed = layoutImageSource(element);
  if (trimmed === null) return null;
  // A lazy image is not loaded unless its box was in the viewport (layoutOf).
  if (ignoreLazy !== true && layoutIsLazy(element)) {
    const loaded = layoutLazyLoaded !== null ? layoutLazyLoaded : layoutLoadedLazyImages(element);
    if (loaded === null || !loaded.has(element)) return null;
  }
  const cache = layoutImageSizeCache.get(trimmed);
  if (cache !== undefined) return cache;
  const size = layoutDecodeImageSize(trimmed);
  if (layoutImageSizeCache.size > 200) layoutImageSizeCache.clear();
  layoutImageSizeCache.set(trimmed, size);
  return size;
}
const layoutImageSizeCache = new Map();

/**
 * [width, height] from a data: URL's image header (PNG, GIF, JPEG, WebP, BMP, SVG), or null
 * when it does not decode.
 */
function layoutDecodeImageSize(url) {
  const comma = url.indexOf(",");
  if (comma < 0) return null;
  const meta = url.slice(5, comma).toLowerCase();
  let bytes;
  try {
    const data = url.slice(comma + 1);
    if (/;base64$/.test(meta)) bytes = atobImpl(data.replace(/%([0-9a-f]{2})/gi, (m, h) => String.fromCharCode(parseInt(h, 16))).replace(/[ \t\n\r\f]/g, ""));
    else bytes = decodeURIComponent(data);
  } catch (error) { return null; }
  const at = (i) => bytes.charCodeAt(i) & 255;
  const be16 = (i) => at(i) << 8 | at(i + 1), le16 = (i) => at(i) | at(i + 1) << 8;
  const be32 = (i) => (at(i) * 16777216) + (at(i + 1) << 16) + (at(i + 2) << 8) + at(i + 3);
  if (bytes.startsWith("\x89PNG") && bytes.length >= 24) return layoutPositiveSize(be32(16), be32(20));
  if (bytes.startsWith("GIF8") && bytes.length >= 10) return layoutPositiveSize(le16(6), le16(8));
  if (bytes.startsWith("BM") && bytes.length >= 26) return layoutPositiveSize(le16(18) | le16(20) << 16, Math.abs((le16(22) | le16(24) << 16) << 0));
  if (bytes.startsWith("RIFF") && bytes.slice(8, 12) === "WEBP") {
    const chunk = bytes.slice(12, 16);
    if (chunk === "VP8 ") return layoutPositiveSize(le16(26) & 0x3fff, le16(28) & 0x3fff);
    if (chunk === "VP8L") { const b = at(21) | at(22) << 8 | at(23) << 16 | at(24) << 24; return layoutPositiveSize((b & 0x3fff) + 1, ((b >>> 14) & 0x3fff) + 1); }
    if (chunk === "VP8X") return layoutPositiveSize((at(24) | at(25) << 8 | at(26) << 16) + 1, (at(27) | at(28) << 8 | at(29) << 16) + 1);
    return null;
  }
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) { i++; continue; }
      const marker = at(i + 1);
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) { i += marker === 0xff ? 1 : 2; continue; }
      if ((marker >= 0xc0 && marker <= 0xcf) && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return layoutPositiveSize(be16(i + 7), be16(i + 5));
      i += 2 + be16(i + 2);
    }
    return null;
  }
  if (/^image\/svg/.test(meta) || /^\s*(<\?xml|<svg)/i.test(bytes)) {
    const tag = /<svg\b[^>]*>/i.exec(bytes);
    if (tag === null) return null;
    const attr = (name) => { const m = new RegExp("\\s" + name + "\\s*=\\s*[\"']?\\s*([0-9.]+)(px)?\\s*[\"'\\s/>]", "i").exec(tag[0]); return m === null ? NaN : parseFloat(m[1]); };
    let width = attr("width"), height = attr("height");
    const viewBox = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)/i.exec(tag[0]);
    if (viewBox !== null) {
      const vw = parseFloat(viewBox[1]), vh = parseFloat(viewBox[2]);
      // Only a viewBox: no natural size, only a ratio (the image fills its container's width).
      if (isNaN(width) && isNaN(height) && vw > 0 && vh > 0) return [vw, vh, true];
      else if (isNaN(height) && !isNaN(width) && vw > 0) height = width * vh / vw;
      else if (isNaN(width) && !isNaN(height) && vh > 0) width = height * vw / vh;
    }
    if (isNaN(width)) width = 300;
    if (isNaN(height)) height = 150;
    return [width, height];
  }
  return null;
}

function layoutPositiveSize(width, height) {
  return width > 0 && height > 0 ? [width, height] : null;
}
