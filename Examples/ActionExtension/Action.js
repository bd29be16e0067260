// Seed 000 (../shared/seeds/000_*.txt): the note-taking Action extension. run() sends the
// selected text as "args"; the handler answers {"message": …} and finalize() alerts it.
var Action = function() {};

Action.prototype = {
    run: function(arguments) {
        var selectedText = window.getSelection().toString();
        arguments.completionFunction({ "args": selectedText });
    },
    finalize: function(arguments) {
        alert(arguments["message"]);
    }
};

var ExtensionPreprocessingJS = new Action
