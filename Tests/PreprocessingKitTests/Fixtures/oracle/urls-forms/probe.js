// Probe "urls-forms": URL resolution (baseURI, <base href>, href/src properties), forms and
// the document-level collections and properties.
var ExtensionPreprocessingJS = {
  run: function (args) {
    function firstProperties(tagName, property, limit) {
      var elements = document.getElementsByTagName(tagName);
      var values = [];
      for (var i = 0; i < elements.length && i < limit; i++) values.push(elements[i][property]);
      return values;
    }
    var firstForm = document.forms.length ? document.forms[0] : null;
    args.completionFunction({
      baseURI: document.baseURI,
      anchorHrefs: firstProperties("a", "href", 20),
      imageSrcs: firstProperties("img", "src", 10),
      linkHrefs: firstProperties("link", "href", 5),
      forms: document.forms.length,
      firstFormElements: firstForm ? firstForm.elements.length : null,
      firstFormAction: firstForm ? firstForm.action : null,
      firstFormMethod: firstForm ? firstForm.method : null,
      characterSet: document.characterSet,
      contentType: document.contentType,
      referrer: document.referrer,
      domain: document.domain,
      origin: location.origin,
      images: document.images.length,
      links: document.links.length,
      scripts: document.scripts.length,
      anchors: document.anchors.length,
      embeds: document.embeds.length
    });
  }
};
