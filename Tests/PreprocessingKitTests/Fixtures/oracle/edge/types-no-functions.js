// Same kinds of values without functions (functions make WebKit's native bridge fail).
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({
      "undef": undefined,
      "date": new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)),
      "nested": [1, [2, [3, [4, undefined, null]]]],
      "nan": NaN, "inf": Infinity, "negZero": -0,
      "map": new Map([["a", 1]]), "set": new Set([1]), "regexp": /x/g
    });
  }
};
