// getSelection() with nothing selected.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var selection = window.getSelection();
    args.completionFunction({
      string: selection.toString(),
      rangeCount: selection.rangeCount,
      type: selection.type,
      anchorNode: selection.anchorNode === null ? null : String(selection.anchorNode),
      isCollapsed: selection.isCollapsed,
      documentSelection: document.getSelection().toString(),
      sameObject: window.getSelection() === document.getSelection()
    });
  }
};
