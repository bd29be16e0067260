/// The heavy preprocessing script: it touches the whole document the way the most demanding
/// real scripts do (reader-mode style), so the benchmark measures the DOM, not just start-up.
/// Kept in Swift so the target has no unhandled resource files; written to the work folder
/// at run time for both the simulator and the jsdom peer.
enum WalkDOMScript {
    static let fileName = "walk-dom.js"

    static let source = #"""
    // Benchmark script "walk-dom": text of every element, every querySelectorAll-family lookup.
    var ExtensionPreprocessingJS = {
      run: function (args) {
        var all = document.getElementsByTagName("*");
        var elements = all.length;
        var textTotal = 0;
        var longest = 0;
        for (var i = 0; i < elements; i++) {
          var text = all[i].textContent || "";
          textTotal += text.length;
          if (text.length > longest) longest = text.length;
        }
        var selectors = [
          "*", "a[href]", "p", "div > p", "div p", "ul > li a", "h1, h2, h3, h4", "img[src]",
          "meta[property^='og:']", "meta[name='description']", "link[rel~='canonical']", "[id]",
          "[class]", "script:not([src])", "p:first-child", "li:last-child", "li:nth-child(2n+1)",
          "a[href$='.pdf'], a[href*='#']", "article, main, [role='main']", "body *"
        ];
        var counts = {};
        for (var s = 0; s < selectors.length; s++) {
          counts[selectors[s]] = document.querySelectorAll(selectors[s]).length;
        }
        var first = document.querySelector("p");
        var classNames = {};
        var withClass = document.querySelectorAll("[class]");
        for (var c = 0; c < withClass.length && c < 200; c++) {
          var name = withClass[c].classList[0];
          if (name && !(name in classNames)) classNames[name] = document.getElementsByClassName(name).length;
        }
        var ids = document.querySelectorAll("[id]");
        var idHits = 0;
        for (var d = 0; d < ids.length && d < 200; d++) { if (document.getElementById(ids[d].id)) idHits++; }
        var links = document.links ? document.links.length : 0;
        var closest = first ? (first.closest("div, article, body") || {}).tagName || null : null;
        var matches = first ? first.matches("p") : false;
        args.completionFunction({
          title: document.title,
          url: document.URL,
          elements: elements,
          textTotal: textTotal,
          longest: longest,
          selectorCounts: counts,
          classLookups: Object.keys(classNames).length,
          idHits: idHits,
          links: links,
          closest: closest,
          matches: matches,
          bodyText: document.body ? document.body.textContent.length : 0
        });
      },
      finalize: function (args) {
        if (document.body) document.body.setAttribute("data-walked", String(args.elements || 0));
        if (args.alert) alert(args.alert);
      }
    };
    """#
}
