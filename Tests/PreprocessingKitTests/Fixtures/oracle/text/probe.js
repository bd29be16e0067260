// Probe "text": rendered text (innerText) vs source text (textContent), and the selection
// string of the first long paragraph (getSelection().toString() renders, Range.toString() does not).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var body = document.body;
    var firstLongParagraph = null;
    var paragraphs = document.getElementsByTagName("p");
    for (var i = 0; i < paragraphs.length; i++) {
      if (paragraphs[i].textContent.length > 40) { firstLongParagraph = paragraphs[i]; break; }
    }
    var selection = null;
    if (firstLongParagraph) {
      var range = document.createRange();
      range.selectNodeContents(firstLongParagraph);
      var windowSelection = window.getSelection();
      windowSelection.removeAllRanges();
      windowSelection.addRange(range);
      selection = {
        paragraphIndex: i,
        selectionString: windowSelection.toString().slice(0, 1000),
        rangeString: range.toString().slice(0, 1000),
        rangeCount: windowSelection.rangeCount,
        type: windowSelection.type
      };
    }
    args.completionFunction({
      innerText: body ? body.innerText.slice(0, 4000) : null,
      innerTextLength: body ? body.innerText.length : null,
      textContent200: body ? body.textContent.slice(0, 200) : null,
      textContentLength: body ? body.textContent.length : null,
      selection: selection
    });
  }
};
