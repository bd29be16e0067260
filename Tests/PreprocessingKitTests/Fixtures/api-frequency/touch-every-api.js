// Touches every API in shared/corpus/api-frequency.md once. Each entry's outcome is "ok" or the
// error it threw; the test accepts "ok" or an unsupported-api warning naming the API.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var outcomes = {};
    function touch(name, body) {
      try { body(); outcomes[name] = "ok"; } catch (error) { outcomes[name] = String(error); }
    }
    touch("document.title", function () { if (document.title !== "API frequency page") throw new Error(document.title); });
    touch("document.URL", function () { if (!/^https:/.test(document.URL)) throw new Error(document.URL); });
    touch("eval", function () { if (eval("1 + 1") !== 2) throw new Error("eval"); });
    touch("location.href", function () { if (location.href !== document.URL) throw new Error(location.href); });
    touch("document.baseURI", function () { if (!document.baseURI) throw new Error("baseURI"); });
    touch("getElementsByTagName", function () { if (document.getElementsByTagName("meta").length < 5) throw new Error("meta"); });
    touch("getSelection", function () { if (typeof window.getSelection().toString() !== "string") throw new Error("selection"); });
    touch("document.body", function () { if (document.body.nodeName !== "BODY") throw new Error("body"); });
    touch("location.host/hostname/origin", function () { if (!location.host || !location.hostname || !location.origin) throw new Error("host"); });
    touch("innerHTML", function () { if (document.body.innerHTML.indexOf("Heading") < 0) throw new Error("innerHTML"); });
    touch("getAttribute", function () { if (document.querySelector("a").getAttribute("href") !== "/link") throw new Error("getAttribute"); });
    touch("meta[og:*]", function () { if (document.querySelector('meta[property="og:title"]').content !== "OG title") throw new Error("og"); });
    touch("querySelector", function () { if (!document.querySelector("#para")) throw new Error("querySelector"); });
    touch("element.style write", function () { document.body.style.backgroundColor = "red"; if (document.body.style.backgroundColor !== "red") throw new Error("style"); });
    touch("document.documentElement", function () { if (document.documentElement.nodeName !== "HTML") throw new Error("html"); });
    touch("RegExp use", function () { if (!/example/.test(document.URL)) throw new Error("regexp"); });
    touch("querySelectorAll", function () { if (document.querySelectorAll("meta").length < 5) throw new Error("qsa"); });
    touch("meta[name=description/keywords]", function () { if (document.querySelector('meta[name="keywords"]').content !== "a,b") throw new Error("keywords"); });
    touch("ES6+", function () { const f = (x) => x * 2; let y = f(2); if (y !== 4) throw new Error("es6"); });
    touch("createElement", function () { if (document.createElement("div").nodeName !== "DIV") throw new Error("createElement"); });
    touch("appendChild/insertBefore", function () { var d = document.createElement("div"); document.body.appendChild(d); document.body.insertBefore(document.createElement("span"), d); });
    touch("console", function () { console.log("touched"); });
    touch("Date", function () { if (!(Date.now() > 0) || !(new Date().getTime() > 0)) throw new Error("date"); });
    touch("URL constructor", function () { if (new URL("/x?y=1", document.URL).searchParams.get("y") !== "1") throw new Error("URL"); });
    touch("removeChild/remove()", function () { var d = document.createElement("b"); document.body.appendChild(d); document.body.removeChild(d); document.body.appendChild(d); d.remove(); });
    touch("JSON", function () { if (JSON.parse(JSON.stringify({ a: 1 })).a !== 1) throw new Error("json"); });
    touch("setTimeout", function () { setTimeout(function () {}, 0); });
    touch("class syntax", function () { class A { m() { return 1; } } if (new A().m() !== 1) throw new Error("class"); });
    touch("textContent", function () { if (document.querySelector("h1").textContent !== "Heading") throw new Error("textContent"); });
    touch("form field .value", function () { if (document.querySelector("input").value !== "query") throw new Error("value"); });
    touch("forms/inputs enumeration", function () { if (document.forms[0].elements.length !== 2) throw new Error("forms"); });
    touch("meta[twitter:*]", function () { if (document.querySelector('meta[name="twitter:card"]').content !== "summary") throw new Error("twitter"); });
    touch("navigator.userAgent", function () { if (!/iPhone/.test(navigator.userAgent)) throw new Error(navigator.userAgent); });
    touch("layout", function () { var r = document.body.getBoundingClientRect(); if (typeof r.width !== "number" || typeof document.body.offsetWidth !== "number" || typeof document.body.clientHeight !== "number") throw new Error("layout"); });
    touch("getComputedStyle", function () { if (getComputedStyle(document.body).display !== "block") throw new Error("computed"); });
    touch("confirm/prompt", function () { confirm("sure?"); prompt("name?"); });
    touch("document.cookie", function () { if (typeof document.cookie !== "string") throw new Error("cookie"); });
    touch("video/audio element", function () { var v = document.querySelector("video"); if (v.currentTime !== 0 || !v.paused) throw new Error("video"); });
    touch("link[rel=icon]/apple-touch-icon", function () { if (!/touch\.png$/.test(document.querySelector('link[rel="apple-touch-icon"]').href)) throw new Error("icon"); });
    touch("dispatchEvent/Event ctor", function () { var seen = 0; document.body.addEventListener("x", function () { seen++; }); document.body.dispatchEvent(new Event("x")); if (seen !== 1) throw new Error("event"); });
    touch("Promise", function () { Promise.resolve(1).then(function () {}); });
    touch("outerHTML", function () { if (document.querySelector("h1").outerHTML.indexOf("<h1") !== 0) throw new Error("outerHTML"); });
    touch("getElementById", function () { if (document.getElementById("para").nodeName !== "P") throw new Error("byId"); });
    touch("innerText", function () { if (document.querySelector("h1").innerText !== "Heading") throw new Error("innerText"); });
    touch("encodeURIComponent/escape", function () { if (encodeURIComponent("a b") !== "a%20b" || escape("a b") !== "a%20b") throw new Error("encode"); });
    touch("classList/className", function () { var h = document.querySelector("h1"); if (!h.classList.contains("main") || h.className !== "title main") throw new Error("class"); });
    touch("Range", function () { var r = document.createRange(); r.selectNodeContents(document.querySelector("h1")); if (r.cloneContents().textContent !== "Heading") throw new Error("range"); });
    touch("images", function () { if (document.images.length !== 1) throw new Error("images"); });
    touch("document.contentType", function () { if (document.contentType !== "text/html") throw new Error(document.contentType); });
    // A srcdoc frame's document is null here (Fixtures/dom-cases HTMLIFrameElement-props); scripts
    // guard against null, as zotero's does, and must not throw.
    touch("iframe/frame access", function () { var f = document.querySelector("iframe"); var d = f.contentDocument; if (d !== null && !d.documentElement) throw new Error("frame"); if (f.contentWindow !== null && d === null) throw new Error("window"); });
    touch("getElementsByClassName", function () { if (document.getElementsByClassName("title").length !== 1) throw new Error("byClass"); });
    touch("XMLHttpRequest", function () { var x = new XMLHttpRequest(); x.open("GET", "/data.json"); });
    touch("crypto.getRandomValues", function () { crypto.getRandomValues(new Uint8Array(4)); });
    touch("fetch", function () { fetch("/data.json").catch(function () {}); });
    touch("DOMParser", function () { if (new DOMParser().parseFromString("<p>x</p>", "text/html").querySelector("p").textContent !== "x") throw new Error("DOMParser"); });
    touch("URLSearchParams", function () { if (new URLSearchParams("a=1&b=2").get("b") !== "2") throw new Error("usp"); });
    touch("btoa/atob", function () { if (atob(btoa("hi")) !== "hi") throw new Error("base64"); });
    touch("Element.closest/nextElementSibling", function () { if (document.querySelector("a").closest("p").id !== "para" || document.querySelector("h1").nextElementSibling.id !== "para") throw new Error("closest"); });
    touch("JSON-LD", function () { if (JSON.parse(document.querySelector('script[type="application/ld+json"]').textContent).headline !== "LD") throw new Error("ld"); });
    touch("link[rel=alternate] feeds", function () { if (!/feed\.xml$/.test(document.querySelector('link[rel="alternate"]').href)) throw new Error("feed"); });
    touch("scroll position", function () { if (typeof window.scrollY !== "number" || typeof document.documentElement.scrollTop !== "number" || typeof document.body.scrollHeight !== "number") throw new Error("scroll"); });
    touch("document.documentURI", function () { if (document.documentURI !== document.URL) throw new Error("documentURI"); });
    touch("setAttribute", function () { document.body.setAttribute("data-x", "1"); if (document.body.dataset.x !== "1") throw new Error("setAttribute"); });
    touch("XMLSerializer", function () { if (new XMLSerializer().serializeToString(document).indexOf("<html") < 0) throw new Error("xmls"); });
    touch("Range.insertNode", function () { var r = document.createRange(); r.selectNodeContents(document.querySelector("h1")); r.insertNode(document.createElement("span")); });
    touch("node traversal", function () { if (document.body.childNodes[0].nodeType !== 3) throw new Error("nodeType"); });
    touch("document.activeElement", function () { if (document.activeElement !== document.body) throw new Error("activeElement"); });
    touch("location.pathname/search/hash/protocol", function () { if (location.protocol !== "https:" || typeof location.pathname !== "string" || location.search !== "" || location.hash !== "") throw new Error("location"); });
    touch("getElementsByName", function () { if (document.getElementsByName("q").length !== 1) throw new Error("byName"); });
    touch("document.head", function () { if (document.head.nodeName !== "HEAD") throw new Error("head"); });
    touch("createTextNode", function () { if (document.createTextNode("t").data !== "t") throw new Error("text"); });
    touch("link[rel=canonical]", function () { if (!/\/canonical$/.test(document.querySelector('link[rel="canonical"]').href)) throw new Error("canonical"); });
    touch("document.referrer", function () { if (typeof document.referrer !== "string") throw new Error("referrer"); });
    touch("document.write", function () { if (typeof document.write !== "function") throw new Error("write"); });
    touch("location.reload", function () { if (typeof location.reload !== "function") throw new Error("reload"); });
    // Not modelled: each must be reported by name, not fail with an opaque TypeError.
    touch("webkitSetPresentationMode", function () { document.querySelector("video").webkitSetPresentationMode("picture-in-picture"); });
    touch("canvas toDataURL", function () { document.querySelector("canvas").toDataURL("image/png"); });
    touch("document.evaluate", function () { document.evaluate("//p", document, null, 7, null); });
    args.completionFunction(outcomes);
  }
};
