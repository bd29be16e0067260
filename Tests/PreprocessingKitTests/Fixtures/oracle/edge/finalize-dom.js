// finalize() changes the DOM and alerts; the oracle reports the final outerHTML.
var ExtensionPreprocessingJS = {
  run: function (args) { args.completionFunction({ title: document.title }); },
  finalize: function (args) {
    document.body.style.backgroundColor = args.bgColor;
    var note = document.createElement("div");
    note.id = "extension-note";
    note.textContent = args.message;
    document.body.appendChild(note);
    alert(args.message);
  }
};
