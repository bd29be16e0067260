// completionFunction receives values JSON cannot carry.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({
      "undef": undefined,
      "nul": null,
      "fn": function namedFn() { return 1; },
      "date": new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)),
      "nested": [1, [2, [3, [4, undefined, null]]], "s", true],
      "arrWithFn": [function () {}, 2],
      "nan": NaN, "inf": Infinity, "negInf": -Infinity, "negZero": -0,
      "big": 12345678901234567890,
      "obj": {"inner": {"deep": [{"x": undefined}]}},
      "str": "\u00e9\u65e5\ud83d\ude00",
      "bool": false
    });
  }
};
