// Probe "scripts-typical": what real preprocessing scripts most often send (see
// ../shared/corpus/api-frequency.md): document.title, document.URL, document.baseURI,
// location.href and location.host, the first 5 <meta> elements whose property/name is og:*,
// twitter:*, description or keywords (key and content), the length of
// document.documentElement.outerHTML and of document.body.innerText, the number of <a>
// elements, the href property of link[rel=canonical], document.cookie, the computed
// background colour of <body> and its inline style.backgroundColor.
// navigator.userAgent is left out: it differs by design.
// Also used by scripts-typical-wide (its cases point at this file).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var metas = document.getElementsByTagName("meta"), picked = [];
    for (var i = 0; i < metas.length && picked.length < 5; i++) {
      var key = metas[i].getAttribute("property") || metas[i].getAttribute("name");
      if (key && /^(og:|twitter:|description$|keywords$)/i.test(key)) {
        picked.push({ key: key, content: metas[i].getAttribute("content") });
      }
    }
    var body = document.body;
    var canonical = document.querySelector("link[rel=canonical]");
    args.completionFunction({
      title: document.title,
      url: document.URL,
      baseURI: document.baseURI,
      locationHref: location.href,
      locationHost: location.host,
      metas: picked,
      outerHTMLLength: document.documentElement.outerHTML.length,
      innerTextLength: body ? body.innerText.length : null,
      anchors: document.getElementsByTagName("a").length,
      canonical: canonical ? canonical.href : null,
      cookie: document.cookie,
      bodyBackgroundColor: body ? getComputedStyle(body).backgroundColor : null,
      bodyStyleBackgroundColor: body ? body.style.backgroundColor : null
    });
  }
};
