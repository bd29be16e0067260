// Probe "geometry": the layout values real scripts read (scroll/client/offset sizes,
// bounding boxes, visibility tests). Reads document.documentElement.scrollWidth/scrollHeight/
// clientWidth/clientHeight, document.body.scrollHeight/offsetHeight/offsetWidth,
// window.innerWidth/innerHeight; for the first 15 <img>: getBoundingClientRect() width,
// height, top (rounded), naturalWidth, the width/height properties, offsetWidth; the src
// attribute of the image with the largest rendered area (null when every box is empty); for
// the first 10 <input>: type, offsetParent === null, getClientRects().length, and whether the
// bounding box is non-empty and intersects the viewport.
// The oracle loads no subresources: images never load (naturalWidth 0, broken-image boxes)
// and external style sheets never apply, so this is the layout of the bare markup plus inline
// styles in a 390×844 window.
// Also used by geometry-wide (its cases point at this file).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var root = document.documentElement, body = document.body;
    var viewWidth = window.innerWidth, viewHeight = window.innerHeight;
    var images = document.getElementsByTagName("img");
    var imageBoxes = [], largest = null, largestArea = 0;
    for (var i = 0; i < images.length; i++) {
      var image = images[i], box = image.getBoundingClientRect();
      var area = box.width * box.height;
      if (area > largestArea) { largestArea = area; largest = image.getAttribute("src"); }
      if (i < 15) {
        imageBoxes.push({
          width: Math.round(box.width), height: Math.round(box.height), top: Math.round(box.top),
          naturalWidth: image.naturalWidth, widthProperty: image.width, heightProperty: image.height,
          offsetWidth: image.offsetWidth
        });
      }
    }
    var inputs = document.getElementsByTagName("input"), inputBoxes = [];
    for (var j = 0; j < inputs.length && j < 10; j++) {
      var input = inputs[j], rect = input.getBoundingClientRect();
      inputBoxes.push({
        type: input.type,
        offsetParentNull: input.offsetParent === null,
        clientRects: input.getClientRects().length,
        inViewport: rect.width > 0 && rect.height > 0 && rect.top < viewHeight && rect.bottom > 0 &&
          rect.left < viewWidth && rect.right > 0
      });
    }
    args.completionFunction({
      root: { scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight,
              clientWidth: root.clientWidth, clientHeight: root.clientHeight },
      body: body ? { scrollHeight: body.scrollHeight, offsetHeight: body.offsetHeight,
                     offsetWidth: body.offsetWidth } : null,
      innerWidth: viewWidth,
      innerHeight: viewHeight,
      imageCount: images.length,
      images: imageBoxes,
      largestImageSrc: largest,
      inputCount: inputs.length,
      inputs: inputBoxes
    });
  }
};
