// Probe "page-basics": the metadata a typical share extension reads from a page.
var ExtensionPreprocessingJS = {
  run: function (args) {
    function metaContent(selector) {
      var element = document.querySelector(selector);
      return element ? element.getAttribute("content") : null;
    }
    var canonical = document.querySelector('link[rel="canonical"]');
    args.completionFunction({
      title: document.title,
      url: document.URL,
      hostname: location.hostname,
      ogImage: metaContent('meta[property="og:image"]'),
      ogTitle: metaContent('meta[property="og:title"]'),
      description: metaContent('meta[name="description"]'),
      canonical: canonical ? canonical.href : null,
      links: document.getElementsByTagName("a").length,
      images: document.getElementsByTagName("img").length,
      paragraphs: document.getElementsByTagName("p").length
    });
  }
};
