// Probe "select-text": what a script sees after the user selected a phrase (the oracle's
// select_text builds the selection before run()).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var selection = window.getSelection();
    var anchor = selection.anchorNode;
    args.completionFunction({
      selected: String(selection),
      documentSelected: document.getSelection().toString(),
      rangeCount: selection.rangeCount,
      type: selection.type,
      anchorNodeName: anchor ? anchor.nodeName : null,
      anchorParentName: anchor && anchor.parentNode ? anchor.parentNode.nodeName : null,
      isCollapsed: selection.isCollapsed
    });
  }
};
