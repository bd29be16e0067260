// DOM objects in the results: a form control named "action" shadows form.action (a common
// slip in form-reading scripts), an element, a collection, a token list and an array of nodes.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var form = document.createElement("form");
    form.setAttribute("action", "/send");
    var input = document.createElement("input");
    input.name = "action";
    form.appendChild(input);
    document.body.appendChild(form);
    document.body.className = "a b";
    args.completionFunction({
      formAction: form.action,
      body: document.body,
      paragraphs: document.getElementsByTagName("p"),
      classes: document.body.classList,
      nodes: [document.body, document.documentElement],
      title: document.title
    });
  }
};
