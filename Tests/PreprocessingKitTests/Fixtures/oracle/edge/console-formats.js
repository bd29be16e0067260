// console output from run(): how values are formatted in the transcript.
var ExtensionPreprocessingJS = {
  run: function (args) {
    console.log("string", 42, true, null, undefined, { a: 1 }, [1, 2]);
    console.info("info line");
    console.warn("warn line");
    console.error("error line", new Error("boom"));
    console.debug("debug line");
    args.completionFunction({ logged: 5 });
  }
};
