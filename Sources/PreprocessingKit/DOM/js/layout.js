// Layout: https://www.w3.org/TR/CSS2/visuren.html (block and inline formatting contexts) and
// https://drafts.csswg.org/cssom-view/ (the geometry getters read it).
//
// A small box model, computed only when a script first asks for geometry and recomputed after
// the tree changed (the document's VERSION). It lays out the bare markup plus inline style and
// the page's <style> sheets in the oracle's 390×844 viewport, as WebKit does when no external
// sheet and no image loads: block widths from the containing block and CSS widths, margins
// (collapsing), padding and borders; line boxes from the DejaVu advances and metrics
// renderedText.js estimates; replaced boxes from attributes, CSS or alt text; tables, flex rows,
// floats and positioned boxes roughly. Heights are estimates: the aim is the values scripts use
// (document and body sizes, image boxes, visibility tests), not exact layout.
//
// Three passes over the rendered elements, in tree order (loops, no recursion): the style of each
// element (renderedComputeStyle for display and friends, plus this file's cascade of box
// properties), then max/min-content widths bottom-up (for shrink-to-fit boxes, tables and flex
// rows), then the layout itself. Box coordinates are relative to the box of the containing
// block context; absolute ones are resolved once, at the end.

/** The root element's font size (px), for rem units: set while a document is laid out. */
let layoutRem = 16;

/** Layout per document: {version, boxes: Map(element → box), root metrics}. */
const layoutCache = new WeakMap();
/** Parsed box-property rules per document: {cssText, byId, byClass, byTag, universal}. */
const layoutSheetCache = new WeakMap();
/** Parsed inline `style` declarations (box properties) by their text (bounded). */
const layoutInlineCache = new Map();

// The box properties this file's cascade reads, as slots of one scratch array.
const L_MT = 0, L_MR = 1, L_MB = 2, L_ML = 3, L_PT = 4, L_PR = 5, L_PB = 6, L_PL = 7,
  L_BTW = 8, L_BRW = 9, L_BBW = 10, L_BLW = 11, L_BTS = 12, L_BRS = 13, L_BBS = 14, L_BLS = 15,
  L_W = 16, L_H = 17, L_MINW = 18, L_MAXW = 19, L_MINH = 20, L_MAXH = 21, L_BOXSIZING = 22, L_LH = 23,
  L_FS = 24, L_FW = 25, L_FF = 26, L_FLEXDIR = 27, L_FLEXWRAP = 28, L_TOP = 29, L_LEFT = 30, L_RIGHT = 31,
  L_BOTTOM = 32, L_OVX = 33, L_OVY = 34, L_SPACING = 35, L_LIST = 36, L_CLEAR = 37, L_COUNT = 38;
const layoutValues = new Array(L_COUNT).fill(null);
const layoutPriorities = new Float64Array(L_COUNT);

const LAYOUT_LONGHANDS = new Map([["margin-top", L_MT], ["margin-right", L_MR], ["margin-bottom", L_MB], ["margin-left", L_ML],
  ["padding-top", L_PT], ["padding-right", L_PR], ["padding-bottom", L_PB], ["padding-left", L_PL],
  ["border-top-width", L_BTW], ["border-right-width", L_BRW], ["border-bottom-width", L_BBW], ["border-left-width", L_BLW],
  ["border-top-style", L_BTS], ["border-right-style", L_BRS], ["border-bottom-style", L_BBS], ["border-left-style", L_BLS],
  ["width", L_W], ["height", L_H], ["min-width", L_MINW], ["max-width", L_MAXW], ["min-height", L_MINH], ["max-height", L_MAXH],
  ["box-sizing", L_BOXSIZING], ["line-height", L_LH], ["font-size", L_FS], ["font-weight", L_FW], ["font-family", L_FF],
  ["flex-direction", L_FLEXDIR], ["flex-wrap", L_FLEXWRAP], ["top", L_TOP], ["left", L_LEFT], ["right", L_RIGHT],
  ["bottom", L_BOTTOM], ["overflow-x", L_OVX], ["overflow-y", L_OVY], ["border-spacing", L_SPACING],
  ["list-style-type", L_LIST], ["list-style", L_LIST], ["clear", L_CLEAR]]);
/** Cheap pre-test of a declaration block for any property the layout reads. */
const LAYOUT_PROPERTY_PATTERN = /margin|padding|border|width|height|font|line-height|box-sizing|flex|overflow|top|left|right|bottom|list-style|clear/i;

// Box kinds.
const LK_BLOCK = 1, LK_INLINE = 2, LK_ATOMIC = 3, LK_REPLACED = 4, LK_TABLE = 5, LK_ROWGROUP = 6, LK_ROW = 7,
  LK_CELL = 8, LK_FLEX = 9, LK_BR = 10, LK_CONTENTS = 11;

/** DejaVu Sans ascent and descent, in 1/2048 em (WebKit rounds each to whole pixels). */
const LAYOUT_ASCENT = 1901, LAYOUT_DESCENT = 483;
/** DejaVu Sans Mono advance, in 1/2048 em. */
const LAYOUT_MONO_ADVANCE = 1233;
/** DejaVu Sans Bold advances of U+0020–U+007E, in 1/2048 em (measured in the oracle at 2048px). */
const LAYOUT_SANS_BOLD_ADVANCES = [713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425,
  1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
  1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891, 1466,
  1458, 702, 702, 1362, 702, 2134, 1458, 1407, 1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716];
/** DejaVu Serif advances (generic `serif`, `cursive`, `fantasy`), likewise. */
const LAYOUT_SERIF_ADVANCES = [651, 823, 942, 1716, 1303, 1946, 1823, 563, 799, 799, 1024, 1716, 651, 692, 651, 690, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303,
  1303, 1303, 690, 690, 1716, 1716, 1716, 1098, 2048, 1479, 1505, 1567, 1642, 1495, 1421, 1636, 1786, 809, 821, 1530, 1360, 2097, 1792, 1679,
  1378, 1679, 1542, 1403, 1366, 1726, 1479, 2105, 1458, 1352, 1423, 799, 690, 799, 1716, 1024, 1024, 1221, 1311, 1147, 1311, 1212, 758, 1311,
  1319, 655, 635, 1241, 655, 1942, 1319, 1233, 1311, 1311, 979, 1051, 823, 1319, 1157, 1753, 1155, 1157, 1079, 1303, 690, 1303, 1716];
/** DejaVu Serif Bold advances, likewise. */
const LAYOUT_SERIF_BOLD_ADVANCES = [713, 899, 1067, 1716, 1425, 1946, 1849, 627, 969, 969, 1071, 1716, 713, 850, 713, 748, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425,
  1425, 1425, 756, 756, 1716, 1716, 1716, 1200, 2048, 1589, 1731, 1630, 1776, 1561, 1454, 1749, 1935, 958, 969, 1780, 1440, 2267, 1872, 1784,
  1540, 1784, 1702, 1479, 1524, 1786, 1589, 2300, 1589, 1462, 1495, 969, 748, 969, 1716, 1024, 1024, 1327, 1432, 1247, 1432, 1303, 881, 1432,
  1489, 778, 741, 1419, 778, 2167, 1489, 1366, 1432, 1432, 1079, 1153, 946, 1489, 1190, 1763, 1221, 1190, 1163, 1317, 745, 1317, 1716];
/**
 * Advances (1/2048 em) of U+00A0–U+017F, U+0370–U+045F and U+2010–U+203A per face (sans, sans
 * bold, serif, serif bold), measured in the oracle at 2048px: Latin-1 and Latin Extended-A,
 * Greek and Cyrillic, general punctuation.
 */
const LAYOUT_EXTENDED_SANS = [651,821,1303,1303,1303,1303,690,1024,1024,2048,965,1253,1716,0,2048,1024,1024,1716,821,821,1024,1303,1303,651,1024,821,965,1253,1985,1985,1985,1087,
  1401,1401,1401,1401,1401,1401,1995,1430,1294,1294,1294,1294,604,604,604,604,1587,1532,1612,1612,1612,1612,1612,1716,1612,1499,1499,1499,1499,1251,1239,1290,
  1255,1255,1255,1255,1255,1255,2011,1126,1260,1260,1260,1260,569,569,569,569,1253,1298,1253,1253,1253,1253,1253,1716,1253,1298,1298,1298,1298,1212,1300,1212,
  1401,1255,1401,1255,1401,1255,1430,1126,1430,1126,1430,1126,1430,1126,1577,1300,1587,1300,1294,1260,1294,1260,1294,1260,1294,1260,1294,1260,1587,1300,1587,1300,
  1587,1300,1587,1300,1540,1298,1876,1423,604,569,604,569,604,569,604,569,604,569,1208,1138,604,569,1343,1186,1186,1141,569,1141,569,1141,768,1141,
  700,1151,582,1532,1298,1532,1298,1532,1298,1666,1532,1298,1612,1253,1612,1253,1612,1253,2191,2095,1423,842,1423,842,1423,842,1300,1067,1300,1067,1300,1067,
  1300,1067,1251,803,1251,803,1251,803,1499,1298,1499,1298,1499,1298,1499,1298,1499,1298,1499,1298,2025,1675,1251,1212,1251,1403,1075,1403,1075,1403,1075,721,
  1340,1163,1765,1326,570,570,1532,1331,1229,1229,1024,1125,1126,1125,690,604,1229,1229,1229,1229,1024,1024,1418,651,1528,1784,836,1229,1664,1229,1689,1691,
  693,1401,1405,1141,1401,1294,1403,1540,1612,604,1343,1401,1767,1532,1294,1612,1540,1235,1229,1294,1251,1251,1612,1403,1612,1565,604,1251,1350,1107,1298,693,
  1185,1350,1307,1212,1253,1107,1114,1298,1253,693,1207,1212,1303,1144,1142,1253,1233,1300,1202,1298,1233,1185,1351,1183,1351,1715,693,1185,1253,1185,1715,1343,
  1258,1268,1431,1725,1431,1351,1715,1359,1612,1253,1328,1202,1178,939,1351,1351,1772,1285,1912,1715,1553,1350,1621,1259,1406,1243,1572,1280,1432,1253,1251,1098,
  1359,1300,1126,569,1612,1260,1260,1239,1300,1430,1767,1333,1300,1440,1430,1440,1294,1294,1610,1249,1430,1300,604,604,604,2240,2140,1610,1454,1532,1248,1540,
  1401,1405,1405,1249,1600,1294,2206,1313,1532,1532,1454,1540,1767,1540,1612,1540,1235,1430,1251,1248,1763,1403,1590,1404,2190,2240,1705,1807,1405,1430,2211,1423,
  1255,1263,1207,1076,1416,1260,1845,1089,1331,1331,1237,1309,1545,1339,1253,1339,1300,1126,1193,1212,1751,1212,1394,1210,1874,1929,1447,1617,1207,1124,1724,1232,
  1260,1260,1280,1076,1124,1067,569,569,569,1848,1840,1335,1237,1331,1212,1339,739,739,1303,1024,2048,2048,1024,1024,651,651,651,651,1061,1061,1061,1061,
  1024,1024,1208,1208,685,1367,2048,651,0,0,0,0,0,0,0,409,2748,3554,465,765,1065,465,765,1065,694,819,819];
const LAYOUT_EXTENDED_SANS_BOLD = [713,934,1425,1425,1303,1425,748,1024,1024,2048,1155,1323,1716,0,2048,1024,1024,1716,897,897,1024,1507,1303,778,1024,897,1155,1323,2120,2120,2120,1188,
  1585,1585,1585,1585,1585,1585,2222,1503,1399,1399,1399,1399,762,762,762,762,1716,1714,1741,1741,1741,1741,1741,1716,1741,1663,1663,1663,1663,1483,1511,1473,
  1382,1382,1382,1382,1382,1382,2146,1214,1389,1389,1389,1389,702,702,702,702,1407,1458,1407,1407,1407,1407,1407,1716,1407,1458,1458,1458,1458,1335,1466,1335,
  1585,1382,1585,1382,1585,1382,1503,1214,1503,1214,1503,1214,1503,1214,1700,1466,1716,1466,1399,1389,1399,1389,1399,1389,1399,1389,1399,1389,1681,1466,1681,1466,
  1681,1466,1681,1466,1714,1458,1994,1618,762,702,762,702,762,702,762,702,762,702,1524,1404,762,702,1587,1362,1362,1305,702,1305,702,1305,982,1305,
  1140,1315,760,1714,1458,1714,1458,1714,1458,2013,1714,1458,1741,1407,1741,1407,1741,1407,2390,2241,1577,1010,1577,1010,1577,1010,1475,1219,1475,1219,1475,1219,
  1475,1219,1397,979,1397,979,1397,979,1663,1458,1663,1458,1663,1458,1663,1458,1663,1458,1663,1458,2259,1892,1483,1335,1483,1485,1192,1485,1192,1485,1192,891,
  1429,1157,2093,1712,618,618,1714,1435,1229,1229,1024,1214,1126,1125,819,762,1229,1229,1229,1229,904,1024,1633,778,1732,2066,1154,1229,1824,1229,2007,1831,
  798,1585,1561,1305,1585,1399,1485,1714,1741,762,1587,1585,2038,1714,1294,1741,1714,1501,1229,1399,1397,1483,1741,1579,1740,1741,762,1483,1407,1140,1458,798,
  1383,1407,1466,1395,1407,1140,1210,1458,1407,798,1455,1296,1507,1395,1210,1407,1620,1466,1214,1595,1307,1383,1602,1321,1626,1780,798,1383,1407,1383,1780,1587,
  1333,1353,1528,2010,1528,1631,1780,1523,1741,1407,1503,1214,1399,1011,1438,1351,1882,1284,2238,1715,1704,1466,1900,1523,1502,1332,1615,1374,1540,1466,1397,1208,
  1523,1466,1214,702,1741,1320,1319,1511,1466,1503,2038,1499,1466,1430,1503,1430,1399,1399,1799,1305,1503,1475,762,762,762,2364,2314,1799,1674,1714,1579,1714,
  1585,1561,1561,1305,1824,1399,2507,1455,1714,1714,1674,1701,2038,1714,1741,1714,1501,1503,1397,1579,2031,1579,1900,1655,2530,2715,1924,2122,1561,1503,2404,1577,
  1382,1430,1296,1070,1654,1389,2038,1190,1435,1435,1390,1500,1674,1415,1407,1415,1466,1214,1187,1335,2032,1321,1518,1406,2175,2264,1539,1852,1295,1214,1991,1315,
  1389,1389,1462,1070,1214,1219,702,702,702,2030,1958,1504,1390,1435,1335,1415,850,850,1425,1024,2048,2048,1024,1024,778,778,778,778,1346,1346,1346,1346,
  1024,1024,1309,1309,682,1366,2048,713,0,0,0,0,0,0,0,409,2949,3864,540,915,1290,540,915,1290,1501,844,844];
const LAYOUT_EXTENDED_SERIF = [651,823,1303,1303,1303,1303,690,1024,1024,2048,973,1253,1716,0,2048,1024,1024,1716,821,821,1024,1331,1303,651,1024,821,963,1253,1985,1985,1985,1098,
  1479,1479,1479,1479,1479,1479,2050,1567,1495,1495,1495,1495,809,809,809,809,1653,1792,1679,1679,1679,1679,1679,1716,1679,1726,1726,1726,1726,1352,1384,1368,
  1221,1221,1221,1221,1221,1221,1925,1147,1212,1212,1212,1212,655,655,655,655,1233,1319,1233,1233,1233,1233,1233,1716,1233,1319,1319,1319,1319,1157,1311,1157,
  1479,1221,1479,1221,1479,1221,1567,1147,1567,1147,1567,1147,1567,1147,1642,1311,1653,1311,1495,1212,1495,1212,1495,1212,1495,1212,1495,1212,1636,1311,1636,1311,
  1636,1311,1636,1311,1786,1319,1786,1319,809,655,809,655,809,655,809,655,809,655,1641,1092,821,635,1530,1241,1241,1360,655,1360,655,1360,655,1360,
  655,1370,664,1792,1319,1792,1319,1792,1319,1774,1726,1319,1679,1233,1679,1233,1679,1233,2329,2025,1542,979,1542,979,1542,979,1403,1051,1403,1051,1403,1051,
  1403,1051,1366,823,1366,823,1366,823,1726,1319,1726,1319,1726,1319,1726,1319,1726,1319,1726,1319,2105,1753,1352,1157,1352,1423,1079,1423,1079,1423,1079,758,
  1516,1088,1366,1133,570,570,1792,1365,1229,1229,1024,1147,1147,1147,690,821,1229,1229,1229,1229,1024,1024,1479,651,1843,2128,1151,1229,1711,1229,1838,1746,
  803,1479,1505,1421,1479,1495,1423,1786,1679,809,1530,1479,2097,1792,1441,1679,1786,1378,1229,1448,1366,1352,1679,1458,1796,1698,809,1352,1383,1061,1227,803,
  1245,1383,1184,1224,1233,1061,1110,1227,1233,803,1280,1298,1331,1245,1128,1233,1346,1204,1147,1398,1133,1245,1434,1241,1606,1670,803,1245,1233,1245,1670,1530,
  1193,1464,1406,1790,1406,1396,1670,1277,1679,1233,1567,1147,1421,948,1208,1351,1602,1181,1912,1715,1553,1350,1621,1259,1406,1243,1572,1280,1432,1253,1251,1098,
  1277,1204,1147,635,1679,1147,1147,1384,1311,1567,2097,1450,1204,1567,1567,1567,1495,1495,1636,1356,1567,1403,809,809,821,2221,2290,1786,1585,1786,1480,1786,
  1551,1505,1505,1356,1665,1495,2301,1276,1786,1786,1585,1709,2097,1786,1679,1786,1378,1567,1366,1480,1700,1458,1786,1583,2337,2337,1627,2015,1380,1567,2444,1654,
  1221,1233,1153,1073,1261,1212,1884,1117,1365,1365,1280,1301,1593,1365,1233,1365,1311,1147,1133,1205,1603,1155,1317,1354,1904,1904,1303,1630,1115,1147,1783,1292,
  1212,1212,1277,1073,1147,1051,655,655,635,1727,1762,1319,1280,1365,1205,1344,692,692,1303,1024,2048,2048,1024,1024,651,651,651,651,1047,1047,1061,1047,
  1024,1024,1208,1208,684,1366,2048,651,0,0,0,0,0,0,0,409,2748,3551,465,765,1065,465,765,1065,694,819,819];
const LAYOUT_EXTENDED_SERIF_BOLD = [713,899,1425,1425,1303,1425,745,1071,1024,2048,997,1280,1716,0,2048,1024,1024,1716,897,897,1024,1499,1303,713,1024,897,1024,1280,2136,2136,2136,1200,
  1589,1589,1589,1589,1589,1589,2118,1630,1561,1561,1561,1561,958,958,958,958,1790,1872,1784,1784,1784,1784,1784,1716,1784,1786,1786,1786,1786,1462,1550,1556,
  1327,1327,1327,1327,1327,1327,1997,1247,1303,1303,1303,1303,778,778,778,778,1366,1489,1366,1366,1366,1366,1366,1716,1366,1489,1489,1489,1489,1190,1432,1190,
  1589,1327,1589,1327,1589,1327,1630,1247,1630,1247,1630,1247,1630,1247,1776,1432,1790,1432,1561,1303,1561,1303,1561,1303,1561,1303,1561,1303,1749,1432,1749,1432,
  1749,1432,1749,1432,1935,1489,1935,1489,958,778,958,778,958,778,958,778,958,778,1929,1538,969,741,1780,1419,1419,1440,778,1440,778,1440,778,1440,
  778,1454,788,1872,1489,1872,1489,1872,1489,2065,1786,1489,1784,1366,1784,1366,1784,1366,2417,2105,1702,1079,1702,1079,1702,1079,1479,1153,1479,1153,1479,1153,
  1479,1153,1524,946,1524,946,1524,946,1786,1489,1786,1489,1786,1489,1786,1489,1786,1489,1786,1489,2300,1763,1462,1190,1462,1495,1163,1495,1163,1495,1163,881,
  1595,1180,1644,1591,618,618,1972,1510,1229,1229,1024,1247,1247,1247,756,969,1229,1229,1229,1229,1024,1024,1589,713,1939,2290,1355,1229,1816,1229,1952,1866,
  991,1589,1731,1454,1589,1561,1495,1935,1784,958,1780,1589,2267,1872,1441,1784,1934,1540,1229,1448,1524,1462,1784,1589,1870,1823,958,1462,1576,1245,1489,991,
  1421,1576,1360,1352,1366,1245,1213,1489,1366,991,1535,1436,1499,1421,1213,1366,1499,1362,1247,1510,1378,1421,1853,1347,1928,1950,991,1421,1366,1421,1950,1780,
  1366,1738,1564,1984,1564,1928,1950,1341,1784,1366,1630,1247,1454,1080,1208,1351,1630,1366,2238,1715,1704,1466,1900,1523,1502,1332,1615,1374,1540,1466,1397,1208,
  1341,1362,1247,741,1784,1247,1247,1550,1432,1630,2267,1762,1418,1630,1630,1630,1561,1561,1846,1414,1629,1479,958,958,969,2461,2584,1972,1863,1935,1662,1935,
  1668,1750,1731,1414,1821,1561,2687,1477,1935,1935,1863,1811,2267,1935,1784,1934,1540,1630,1524,1662,1943,1589,1979,1870,2597,2648,1959,2461,1690,1629,2636,1806,
  1327,1366,1423,1255,1365,1303,2068,1307,1519,1519,1479,1444,1779,1499,1366,1499,1432,1247,1269,1311,1847,1221,1513,1499,2201,2216,1571,2053,1390,1247,2100,1513,
  1303,1303,1472,1255,1247,1153,778,778,741,2023,2078,1489,1479,1519,1311,1499,850,850,1425,1024,2048,2048,1024,1024,713,713,713,713,1178,1178,1178,1178,
  1071,1071,1309,1309,713,1380,2048,713,0,0,0,0,0,0,0,409,2836,3727,540,915,1290,540,915,1290,1501,819,819];
/** Per-script average advances (1/2048 em, sans/sans bold/serif/serif bold) outside the measured ranges. */
const LAYOUT_SCRIPT_ADVANCES = [[0x180, 0x250, [1351, 1518, 1413, 1538]], [0x530, 0x590, [1525, 1493, 1665, 1792]],
  [0x590, 0x600, [1135, 1228, 1135, 1228]], [0x600, 0x700, [1473, 1649, 1473, 1649]], [0x10a0, 0x1100, [1214, 1302, 1347, 1456]]];
/** Rounded extended advances per face and font size. */
const layoutExtendedTables = new Map();

/** The advance (px) of a character outside printable ASCII in the style's face and size. */
function layoutExtendedAdvance(s, code) {
  if (code >= 0x2e80 || code < 0xa0) return s.table[code >= 0x2e80 ? 95 : 96];
  const face = (s.serif ? 2 : 0) + (s.bold ? 1 : 0);
  let index = -1;
  if (code < 0x180) index = code - 0xa0;
  else if (code >= 0x370 && code < 0x460) index = 224 + code - 0x370;
  else if (code >= 0x2010 && code < 0x203b) index = 464 + code - 0x2010;
  const pixelsPerUnit = s.fontSize / 2048;
  if (index < 0) {
    for (const [from, to, units] of LAYOUT_SCRIPT_ADVANCES) if (code >= from && code < to) return Math.round(units[face] * pixelsPerUnit);
    return s.table[96];
  }
  const key = face * 10000 + s.fontSize;
  let table = layoutExtendedTables.get(key);
  if (table === undefined) {
    const units = [LAYOUT_EXTENDED_SANS, LAYOUT_EXTENDED_SANS_BOLD, LAYOUT_EXTENDED_SERIF, LAYOUT_EXTENDED_SERIF_BOLD][face];
    table = new Float64Array(units.length);
    for (let i = 0; i < units.length; i++) table[i] = Math.round(units[i] * pixelsPerUnit);
    if (layoutExtendedTables.size > 256) layoutExtendedTables.clear();
    layoutExtendedTables.set(key, table);
  }
  return table[index];
}

/**
 * DejaVu Sans kerning of printable ASCII pairs (pair index (a - 32) * 95 + (b - 32), adjustment
 * in 1/2048 em), measured in the oracle at 2048px; WebKitGTK adds it to the rounded advances.
 */
const LAYOUT_SANS_KERNING_PAIRS = [6,4,101,4,192,4,196,6,291,4,386,4,481,4,570,4,571,4,572,6,573,4,574,4,575,4,576,8,577,4,578,4,579,4,580,4,581,4,582,4,583,4,584,4,585,4,586,4,587,4,588,4,589,4,590,4,591,4,592,4,593,4,594,4,595,4,596,4,597,4,598,4,599,4,600,4,601,4,602,4,603,4,604,4,605,4,606,4,607,4,608,4,609,4,610,4,611,4,612,4,613,4,614,4,615,4,616,4,617,4,618,4,619,4,620,4,621,4,622,4,623,4,624,4,625,4,626,4,627,4,628,4,629,4,630,4,631,4,632,4,633,4,634,4,635,4,636,4,637,4,638,4,639,4,640,4,641,4,642,4,643,4,644,4,645,4,646,4,647,4,648,4,649,4,650,4,651,4,652,4,653,4,654,4,655,4,656,4,657,4,658,4,659,4,660,4,661,4,662,4,663,4,664,4,671,4,766,4,861,4,956,4,1051,4,1146,4,1241,4,1336,4,1431,4,1526,4,1621,4,1716,4,1811,4,1906,4,2001,4,2096,4,2191,4,2286,4,2381,4,2476,4,2571,4,2666,4,2761,4,2856,4,2951,4,3046,4,3141,4,3148,-45,3149,-36,3161,-36,3168,57,3170,-36,3174,-36,3182,-36,3184,-36,3187,-159,3189,-131,3190,-112,3192,-159,3202,-36,3203,-36,3204,-36,3205,-73,3214,-36,3216,-36,3219,-36,3221,-120,3222,-83,3224,-139,3236,4,3265,-36,3269,-36,3277,-36,3281,-36,3284,-63,3285,-73,3287,-112,3331,4,3382,-36,3426,4,3453,-36,3474,-36,3477,-112,3521,4,3616,4,3624,-329,3636,-159,3643,-188,3661,-36,3662,-36,3675,-188,3679,-112,3683,-149,3689,-73,3692,-149,3695,-112,3699,-188,3711,4,3757,-73,3762,-102,3806,4,3814,-36,3901,4,3996,4,4003,-73,4023,-36,4091,4,4098,-215,4118,-36,4120,-112,4132,-112,4137,-159,4138,-55,4140,-73,4142,-73,4150,-36,4154,-102,4164,-102,4170,-102,4174,-149,4186,4,4193,-36,4213,47,4227,-73,4232,-282,4233,-102,4234,-225,4235,-188,4237,-272,4249,-36,4259,-36,4265,-36,4269,-188,4281,4,4376,4,4471,4,4478,57,4479,-83,4491,-36,4498,-36,4519,-36,4521,-131,4522,-112,4566,4,4573,-45,4574,-319,4593,-131,4617,-45,4625,-92,4629,-73,4633,-45,4638,-36,4639,-73,4642,-36,4643,-36,4645,-36,4661,4,4668,57,4756,4,4763,-83,4764,-73,4776,-63,4783,-83,4785,-102,4802,-149,4804,-112,4805,-83,4807,-131,4815,-45,4819,-92,4829,-92,4835,-92,4839,-112,4851,4,4878,38,4946,4,4953,-188,4954,-243,4966,-225,4973,-159,4975,-120,4992,-36,5005,-339,5007,-348,5009,-348,5013,-63,5019,-348,5022,-301,5023,-339,5025,-311,5027,-339,5029,-319,5041,4,5093,-36,5136,4,5143,-120,5144,-264,5156,-167,5163,-131,5177,-36,5195,-159,5199,-159,5203,-45,5209,-159,5215,-139,5219,-55,5231,4,5238,-83,5239,-235,5251,-120,5258,-112,5290,-131,5294,-120,5298,-45,5304,-120,5307,-92,5310,-73,5314,-36,5326,4,5333,-102,5355,-149,5367,-131,5372,-36,5389,-92,5421,4,5428,-243,5429,-415,5441,-272,5448,-159,5450,-112,5462,-112,5480,-282,5484,-272,5488,-73,5494,-272,5500,-235,5516,4,5523,-36,5611,4,5706,4,5801,4,5896,4,5991,4,6086,4,6181,4,6276,4,6371,4,6466,4,6561,4,6643,-36,6656,4,6663,-112,6664,-149,6676,-73,6720,-31,6734,-36,6737,-36,6739,-36,6751,4,6846,5,6937,3,6941,4,7036,4,7131,5,7190,-35,7194,-74,7204,-73,7210,-64,7214,-72,7222,3,7226,4,7317,3,7321,4,7416,5,7507,3,7511,4,7518,38,7519,-36,7593,-63,7606,5,7701,5,7796,5,7803,-131,7804,-187,7816,-36,7857,-46,7858,-36,7859,-44,7861,-36,7862,-36,7867,-37,7868,-36,7869,-45,7871,-36,7872,-36,7878,-54,7891,4,7982,3,7986,4,8081,5,8176,5,8183,-55,8184,-159,8196,-112,8267,3,8271,4,8279,-188,8291,-113,8366,5,8427,-36,8429,-62,8439,-63,8461,5,8468,-35,8469,-291,8481,-150,8552,3,8556,4,8647,3,8651,4,8746,5,8841,4,8936,5];
/** LAYOUT_SANS_KERNING_PAIRS as a Map, built on first use. */
let layoutSansKerning = null;

/** The kerning (px) between two characters in the style's font (DejaVu Sans regular only). */
function layoutKerning(s, previous, code) {
  if (s.mono || s.bold || s.serif || previous < 32 || previous > 126 || code < 32 || code > 126) return 0;
  if (layoutSansKerning === null) {
    layoutSansKerning = new Map();
    for (let i = 0; i < LAYOUT_SANS_KERNING_PAIRS.length; i += 2) layoutSansKerning.set(LAYOUT_SANS_KERNING_PAIRS[i], LAYOUT_SANS_KERNING_PAIRS[i + 1]);
  }
  const units = layoutSansKerning.get((previous - 32) * 95 + code - 32);
  return units === undefined ? 0 : units * s.fontSize / 2048;
}

/** The advance (px) of one UTF-16 code unit in the style's font. */
function layoutAdvance(s, code) {
  if (s.mono) return s.space;
  return code >= 32 && code <= 126 ? s.table[code - 32] : layoutExtendedAdvance(s, code);
}

/** Rounded advance tables per face and font size (px), as iteratorAdvanceTable builds them. */
const layoutAdvanceTables = new Map();

/**
 * The advances (px) of a face at `fontSize`: ASCII, then CJK, then other characters (the
 * fallbacks renderedText.js uses). Faces: 0 sans, 1 sans bold, 2 serif, 3 serif bold.
 */
function layoutAdvanceTable(face, fontSize) {
  if (face === 0) return iteratorAdvanceTable(fontSize / 16);
  const key = face * 10000 + fontSize;
  let table = layoutAdvanceTables.get(key);
  if (table === undefined) {
    const units = face === 1 ? LAYOUT_SANS_BOLD_ADVANCES : face === 2 ? LAYOUT_SERIF_ADVANCES : LAYOUT_SERIF_BOLD_ADVANCES;
    const pixelsPerUnit = fontSize / 2048;
    table = new Float64Array(units.length + 2);
    for (let i = 0; i < units.length; i++) table[i] = Math.round(units[i] * pixelsPerUnit);
    table[units.length] = Math.round(1280 * pixelsPerUnit * (face === 1 || face === 3 ? 1.1 : 1));
    table[units.length + 1] = Math.round(1200 * pixelsPerUnit * (face === 1 || face === 3 ? 1.1 : 1));
    if (layoutAdvanceTables.size > 256) layoutAdvanceTables.clear();
    layoutAdvanceTables.set(key, table);
  }
  return table;
}

/**
 * The face a `font-family` list resolves to in the oracle, which has only DejaVu Sans, Serif
 * and Sans Mono and no aliases (measured: `Georgia` and `Times New Roman` fall back to the
 * default, DejaVu Sans): the first generic family decides. "sans", "serif" or "mono", or null.
 */
function layoutFontFace(list) {
  for (const raw of list.split(",")) {
    const name = raw.trim().replace(/^["']|["']$/g, "");
    switch (name) {
      case "serif": case "cursive": case "fantasy": case "dejavu serif": case "ui-serif": return "serif";
      case "sans-serif": case "system-ui": case "-apple-system": case "blinkmacsystemfont": case "ui-sans-serif": case "dejavu sans": return "sans";
      case "monospace": case "ui-monospace": case "dejavu sans mono": return "mono";
      default: break;
    }
  }
  return null;
}

/** User-agent font sizes of headings (em) and their margins (em of their own size). */
const LAYOUT_HEADINGS = new Map([["h1", [2, 0.67]], ["h2", [1.5, 0.83]], ["h3", [1.17, 1]], ["h4", [1, 1.33]],
  ["h5", [0.83, 1.67]], ["h6", [0.67, 2.33]]]);
/** Elements whose user-agent vertical margin is 1em and "quirky" (dropped at a body/cell edge in quirks mode). */
const LAYOUT_EM_MARGINS = new Set(["p", "ul", "ol", "dl", "menu", "dir", "blockquote", "figure"]);
/** `<font size>` → px. */
const LAYOUT_FONT_SIZES = [10, 10, 13, 16, 18, 24, 32, 48];
/** Intrinsic sizes of form controls in the oracle's WebKit (16px page, 13.33px controls). */
const LAYOUT_INPUT_SIZES = new Map([["checkbox", [12, 12]], ["radio", [12, 12]], ["file", [272, 24]], ["range", [129, 20]],
  ["date", [86, 25]], ["time", [86, 25]], ["datetime-local", [190, 25]], ["month", [120, 25]], ["week", [120, 25]], ["color", [44, 23]]]);

/**
 * The layout box of `element` (null when it has none: not rendered, or not in a document),
 * laying the document out first if needed.
 * @param {Element} element
 */
function layoutBoxOf(element) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return null;
  const layout = layoutOf(doc);
  return layout === null ? null : layout.boxes.get(element) || null;
}

/** The document's layout, recomputed when the tree changed since the last one. */
function layoutOf(doc) {
  let layout = layoutCache.get(doc);
  if (layout !== undefined && layout.version === doc[VERSION]) return layout;
  layoutLazyLoaded = LAYOUT_NO_LAZY_IMAGES;
  layout = layoutDocument(doc);
  // Lazy images load only once laid out in the viewport: lay out again with those loaded.
  const loaded = layoutLazyImagesInViewport(doc, layout);
  if (loaded !== null) {
    layoutLazyLoaded = loaded;
    layout = layoutDocument(doc);
  }
  layout.lazyLoaded = loaded;
  layoutLazyLoaded = null;
  layoutCache.set(doc, layout);
  return layout;
}

/** The lazy images that load, while a document is laid out (null outside a layout). */
let layoutLazyLoaded = null;
const LAYOUT_NO_LAZY_IMAGES = new Set();

/** The `loading=lazy` data: URL images whose boxes intersect the viewport, or null when there are none. */
function layoutLazyImagesInViewport(doc, layout) {
  let loaded = null;
  for (const [element, box] of layout.boxes) {
    if (element[LOCAL_NAME] !== "img" || !layoutIsLazy(element)) continue;
    // The viewport grown by its own size on each side (measured: loaded 451px below it, not 1285px).
    const height = layout.viewportHeight, width = layout.viewportWidth;
    if (box.ay >= 2 * height || box.ay + box.h < -height || box.ax >= 2 * width || box.ax + box.w < -width) continue;
    if (layoutImageSource(element) === null || layoutImageNaturalSize(element, true) === null) continue;
    if (loaded === null) loaded = new Set();
    loaded.add(element);
  }
  return loaded;
}

function layoutIsLazy(element) {
  return selectorAsciiLower((selectorAttribute(element, "loading") || "").trim()) === "lazy";
}

// ---------------------------------------------------------------------------------------------
// Pass 1: styles.

/** The document's box-property rules, re-read when its style sheets' text changed. */
function layoutSheetFor(doc) {
  let cssText = "";
  for (let node = doc[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, doc)) {
    if (node[LOCAL_NAME] === "style" && (node[NAMESPACE] === SELECTOR_HTML_NAMESPACE || node[NAMESPACE] === "http://www.w3.org/2000/svg")) {
      const type = selectorAttribute(node, "type");
      if (type !== null && type.trim() !== "" && selectorAsciiLower(type.trim()) !== "text/css") continue;
      // A media attribute scopes the whole sheet, as an @media block would.
      const media = selectorAttribute(node, "media");
      const text = renderedDescendantText(node);
      cssText += (media !== null && media.trim() !== "" ? "@media " + media + " {\n" + text + "\n}" : text) + "\n";
    }
  }
  let sheet = layoutSheetCache.get(doc);
  if (sheet !== undefined && sheet.cssText === cssText) return sheet;
  sheet = { cssText, order: 0, count: 0, byId: new Map(), byClass: new Map(), byTag: new Map(), universal: [], clearAfter: [] };
  const text = cssText.replace(/\/\*[\s\S]*?(\*\/|$)/g, " ").replace(/<!--|-->/g, " ");
  renderedParseRules(text, 0, text.length, sheet, 0, LAYOUT_RULE_READER);
  layoutSheetCache.set(doc, sheet);
  return sheet;
}

/** The box properties of a sheet's rules, read by renderedParseRules (@media, @supports entered). */
const LAYOUT_RULE_READER = {
  pattern: LAYOUT_PROPERTY_PATTERN,
  parseDeclarations: (body) => layoutParseDeclarations(body),
  pseudoElementRule(prelude, body, sheet) {
    // `::after { clear: both }` (the clearfix): the element's box grows to contain its floats.
    if (/:after\b/i.test(prelude) && /clear\s*:\s*(both|left|right)/i.test(body) && /content\s*:/i.test(body)) layoutAddClearAfterRules(prelude, sheet);
  },
};

/** Records the selectors of `prelude` whose ::after clears floats. */
function layoutAddClearAfterRules(prelude, sheet) {
  for (const part of prelude.split(",")) {
    const match = /::?after\s*$/i.exec(part.trim());
    if (match === null) continue;
    const base = part.trim().slice(0, match.index).trim();
    try { for (const complex of compileSelectors(base === "" ? "*" : base).list) sheet.clearAfter.push(complex); } catch (error) { /* not a selector we match */ }
  }
}

/** Four-side shorthand values (1–4 words) as [top, right, bottom, left]. */
function layoutFourSides(words) {
  const top = words[0], right = words[1] ?? top, bottom = words[2] ?? top, left = words[3] ?? right;
  return [top, right, bottom, left];
}

const LAYOUT_BORDER_STYLES = /^(none|hidden|dotted|dashed|solid|double|groove|ridge|inset|outset)$/;

/** The box-property declarations of a block, shorthands expanded: [{slot, value, important}]. */
function layoutParseDeclarations(body) {
  const out = [];
  for (const part of body.split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    let value = part.slice(colon + 1).trim().toLowerCase();
    let important = 0;
    const bang = value.search(/!\s*important$/);
    if (bang >= 0) { important = 1; value = value.slice(0, bang).trim(); }
    if (value === "") continue;
    const slot = LAYOUT_LONGHANDS.get(property);
    if (slot !== undefined) { out.push({ slot, value, important }); continue; }
    const words = value.split(/\s+(?![^(]*\))/);
    switch (property) {
      case "margin": case "padding": {
        const sides = layoutFourSides(words), base = property === "margin" ? L_MT : L_PT;
        for (let i = 0; i < 4; i++) out.push({ slot: base + i, value: sides[i], important });
        break;
      }
      case "border-width": case "border-style": {
        const sides = layoutFourSides(words), base = property === "border-width" ? L_BTW : L_BTS;
        for (let i = 0; i < 4; i++) out.push({ slot: base + i, value: sides[i], important });
        break;
      }
      case "border": case "border-top": case "border-right": case "border-bottom": case "border-left": {
        let width = "medium", style = "none";
        for (const word of words) {
          if (LAYOUT_BORDER_STYLES.test(word)) style = word;
          else if (/^(thin|medium|thick)$/.test(word) || /^[-+]?[0-9.]+[a-z]*$/.test(word)) width = word;
        }
        const sides = property === "border" ? [0, 1, 2, 3] : [["border-top", "border-right", "border-bottom", "border-left"].indexOf(property)];
        for (const side of sides) {
          out.push({ slot: L_BTW + side, value: width, important });
          out.push({ slot: L_BTS + side, value: style, important });
        }
        break;
      }
      case "overflow":
        out.push({ slot: L_OVX, value: words[0], important });
        out.push({ slot: L_OVY, value: words[words.length > 1 ? 1 : 0], important });
        break;
      case "flex-flow":
        for (const word of words) {
          if (/^(row|column)(-reverse)?$/.test(word)) out.push({ slot: L_FLEXDIR, value: word, important });
          else if (/^(wrap|nowrap|wrap-reverse)$/.test(word)) out.push({ slot: L_FLEXWRAP, value: word, important });
        }
        break;
      case "font": {
        // [style] [variant] [weight] size[/line-height] family
        const match = /(^|\s)((?:[0-9.]+(?:px|pt|em|rem|%|vw)|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger))(?:\s*\/\s*([^\s]+))?\s+(.+)$/.exec(value);
        if (match === null) break;
        out.push({ slot: L_FS, value: match[2], important });
        out.push({ slot: L_LH, value: match[3] ?? "normal", important });
        out.push({ slot: L_FF, value: match[4], important });
        out.push({ slot: L_FW, value: /\b(bold|bolder|[6-9]00)\b/.test(value.slice(0, match.index + 1)) ? "bold" : "normal", important });
        break;
      }
      case "inset": {
        const sides = layoutFourSides(words);
        for (let i = 0; i < 4; i++) out.push({ slot: [L_TOP, L_RIGHT, L_BOTTOM, L_LEFT][i], value: sides[i], important });
        break;
      }
      default: break;
    }
  }
  return out;
}

function layoutInlineDeclarations(styleText) {
  let declarations = layoutInlineCache.get(styleText);
  if (declarations !== undefined) return declarations;
  declarations = LAYOUT_PROPERTY_PATTERN.test(styleText) ? layoutParseDeclarations(styleText) : [];
  if (layoutInlineCache.size > 2000) layoutInlineCache.clear();
  layoutInlineCache.set(styleText, declarations);
  return declarations;
}

function layoutSet(slot, value, priority) {
  if (priority >= layoutPriorities[slot]) { layoutPriorities[slot] = priority; layoutValues[slot] = value; }
}

/** User-agent values and presentational hints for `element` (below every author rule). */
function layoutUserAgentStyle(element, localName, quirks) {
  const set = (slot, value) => layoutSet(slot, value, -2);
  const hint = (slot, value) => layoutSet(slot, value, -1);
  const heading = LAYOUT_HEADINGS.get(localName);
  if (heading !== undefined) {
    set(L_FS, heading[0] + "em"); set(L_FW, "bold");
    set(L_MT, heading[1] + "em"); set(L_MB, heading[1] + "em");
  } else if (LAYOUT_EM_MARGINS.has(localName)) {
    set(L_MT, "1em"); set(L_MB, "1em");
    if (localName === "blockquote" || localName === "figure") { set(L_ML, "40px"); set(L_MR, "40px"); }
    if (localName === "ul" || localName === "ol" || localName === "menu" || localName === "dir") {
      set(L_PL, "40px");
      // Nested lists have no vertical margins.
      for (let a = element[PARENT]; a !== null && a !== undefined && typeof a[LOCAL_NAME] === "string"; a = a[PARENT]) {
        const n = a[LOCAL_NAME];
        if (n === "ul" || n === "ol" || n === "menu" || n === "dir") { set(L_MT, "0"); set(L_MB, "0"); break; }
      }
    }
  }
  switch (localName) {
    case "body": for (let i = 0; i < 4; i++) set(L_MT + i, "8px"); break;
    case "pre": case "xmp": case "listing": case "plaintext":
      set(L_FF, "monospace"); set(L_FS, "13px"); set(L_MT, "1em"); set(L_MB, "1em"); break;
    case "code": case "kbd": case "samp": case "tt": set(L_FF, "monospace"); set(L_FS, "13px"); break;
    case "b": case "strong": case "th": set(L_FW, "bold"); break;
    case "small": case "sub": case "sup": set(L_FS, "smaller"); break;
    case "big": set(L_FS, "larger"); break;
    case "dd": set(L_ML, "40px"); break;
    case "hr": set(L_MT, "0.5em"); set(L_MB, "0.5em"); set(L_ML, "auto"); set(L_MR, "auto");
      for (let i = 0; i < 4; i++) { set(L_BTW + i, "1px"); set(L_BTS + i, "inset"); }
      break;
    case "fieldset": set(L_ML, "2px"); set(L_MR, "2px"); set(L_PT, "0.35em"); set(L_PB, "0.625em"); set(L_PL, "0.75em"); set(L_PR, "0.75em");
      for (let i = 0; i < 4; i++) { set(L_BTW + i, "2px"); set(L_BTS + i, "groove"); }
      break;
    case "td": case "th": {
      for (let i = 0; i < 4; i++) set(L_PT + i, "1px");
      const table = layoutTableOf(element);
      if (table !== null) {
        const padding = selectorAttribute(table, "cellpadding");
        if (padding !== null && /^\s*[0-9]+/.test(padding)) for (let i = 0; i < 4; i++) hint(L_PT + i, parseInt(padding, 10) + "px");
        const border = selectorAttribute(table, "border");
        if (border !== null && (border.trim() === "" || parseInt(border, 10) > 0)) for (let i = 0; i < 4; i++) { hint(L_BTW + i, "1px"); hint(L_BTS + i, "inset"); }
      }
      break;
    }
    case "table": {
      set(L_SPACING, "2px");
      const spacing = selectorAttribute(element, "cellspacing");
      if (spacing !== null && /^\s*[0-9]+/.test(spacing)) hint(L_SPACING, parseInt(spacing, 10) + "px");
      const border = selectorAttribute(element, "border");
      if (border !== null) {
        const width = border.trim() === "" ? 1 : parseInt(border, 10);
        if (width > 0) for (let i = 0; i < 4; i++) { hint(L_BTW + i, width + "px"); hint(L_BTS + i, "outset"); }
      }
      break;
    }
    case "iframe": {
      // frameborder=0 (or "no") removes the frame's 2px inset border.
      const frameBorder = (selectorAttribute(element, "frameborder") || "").trim().toLowerCase();
      if (frameBorder !== "0" && frameBorder !== "no") for (let i = 0; i < 4; i++) { set(L_BTW + i, "2px"); set(L_BTS + i, "inset"); }
      break;
    }
    // Form controls: their own font (not inherited), padding and borders (the oracle's WebKitGTK theme).
    case "button": case "input": case "select": case "textarea": {
      set(L_FS, "13.333px"); set(L_FW, "normal"); set(L_LH, "normal");
      const type = localName === "input" ? selectorAsciiLower(selectorAttribute(element, "type") || "text") : "";
      const isButton = localName === "button" || type === "submit" || type === "reset" || type === "button";
      const isText = localName === "input" && !isButton && !LAYOUT_INPUT_SIZES.has(type) && type !== "image";
      if (isButton) { set(L_PT, "2px"); set(L_PB, "3px"); set(L_PL, "6px"); set(L_PR, "6px"); }
      else if (isText) for (let i = 0; i < 4; i++) set(L_PT + i, "1px");
      if (isButton || isText) for (let i = 0; i < 4; i++) { set(L_BTW + i, "2px"); set(L_BTS + i, "inset"); }
      break;
    }
    case "font": {
      const size = selectorAttribute(element, "size");
      if (size !== null) {
        const match = /^\s*([-+]?)([0-9]+)/.exec(size);
        if (match !== null) {
          let n = parseInt(match[2], 10);
          if (match[1] === "+") n = 3 + n; else if (match[1] === "-") n = 3 - n;
          hint(L_FS, LAYOUT_FONT_SIZES[Math.max(1, Math.min(7, n))] + "px");
        }
      }
      break;
    }
    default: break;
  }
  // width/height attributes map to the properties (presentational hints).
  if (localName === "img" || localName === "video" || localName === "canvas" || localName === "iframe" || localName === "embed" ||
      localName === "object" || localName === "table" || localName === "td" || localName === "th" || localName === "col" ||
      (localName === "input" && selectorAsciiLower(selectorAttribute(element, "type") || "") === "image")) {
    const width = selectorAttribute(element, "width"), height = selectorAttribute(element, "height");
    const lengthHint = (value) => {
      const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(%?)/.exec(value);
      return match === null || (localName === "td" || localName === "th" || localName === "table") && parseFloat(match[1]) === 0 ? null : match[1] + (match[2] || "px");
    };
    if (width !== null) { const v = lengthHint(width); if (v !== null) hint(L_W, v); }
    if (height !== null) { const v = lengthHint(height); if (v !== null) hint(L_H, v); }
  }
  // Quirks mode: tables do not inherit font size, weight and line height.
  if (quirks && localName === "table") { set(L_FS, "medium"); set(L_FW, "normal"); set(L_LH, "normal"); }
}

function layoutTableOf(cell) {
  for (let a = cell[PARENT]; a !== null && a !== undefined && typeof a[LOCAL_NAME] === "string"; a = a[PARENT]) {
    if (a[LOCAL_NAME] === "table") return a;
  }
  return null;
}

/** A font-size value in px, given the parent's. */
function layoutFontSize(value, parent) {
  if (value === null) return parent;
  switch (value) {
    case "xx-small": return 9; case "x-small": return 10; case "small": return 13; case "medium": return 16;
    case "large": return 18; case "x-large": return 24; case "xx-large": return 32; case "xxx-large": return 48;
    case "smaller": return parent / 1.2; case "larger": return parent * 1.2;
    case "inherit": return parent; case "initial": return 16;
    default: {
      const px = layoutLength(value, parent, parent, layoutRem);
      return isNaN(px) || px < 0 ? parent : px;
    }
  }
}

/**
 * A CSS length in px: px, em (of `fontSize`), rem, ex, pt, pc, in, cm, mm, vw, vh, % (of
 * `percentBase`, NaN when that is not known) and simple calc() sums. NaN for auto and keywords.
 */
function layoutLength(value, fontSize, percentBase, rootFontSize) {
  if (typeof value === "number") return value;
  if (value === null || value === undefined) return NaN;
  const match = /^([-+]?[0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?)(px|em|rem|ex|ch|pt|pc|in|cm|mm|q|vw|vh|vmin|vmax|%)?$/.exec(value);
  if (match !== null) {
    const n = parseFloat(match[1]);
    switch (match[2]) {
      case undefined: return n === 0 ? 0 : NaN;
      case "px": return n;
      case "em": return n * fontSize;
      case "rem": return n * rootFontSize;
      case "ex": return n * fontSize * 0.5625;
      case "ch": return n * fontSize * 0.636;
      case "pt": return n * 4 / 3;
      case "pc": return n * 16;
      case "in": return n * 96;
      case "cm": return n * 96 / 2.54;
      case "mm": return n * 96 / 25.4;
      case "q": return n * 96 / 101.6;
      case "vw": return n * 3.9;
      case "vh": return n * 8.44;
      case "vmin": return n * 3.9;
      case "vmax": return n * 8.44;
      default: return percentBase === undefined || isNaN(percentBase) ? NaN : n * percentBase / 100;
    }
  }
  if (value.startsWith("calc(") && value.endsWith(")")) {
    const terms = value.slice(5, -1).replace(/[()]/g, " ").trim().split(/\s+([-+])\s+/);
    let total = 0, sign = 1;
    for (let i = 0; i < terms.length; i++) {
      if (i % 2 === 1) { sign = terms[i] === "-" ? -1 : 1; continue; }
      const v = layoutLength(terms[i].trim(), fontSize, percentBase, rootFontSize);
      if (isNaN(v)) return NaN;
      total += sign * v;
    }
    return total;
  }
  if (value === "thin") return 1;
  if (value === "medium") return 3;
  if (value === "thick") return 5;
  return NaN;
}

/**
 * The style record of a rendered element (null for display:none), given its parent's record.
 * Lengths that depend on the containing block stay strings, resolved during layout.
 */
function layoutStyle(element, parent, quirks, sheet) {
  const computed = renderedComputeStyle(element, parent.visibility, parent.whiteSpace, parent.transform, parent.display);
  if (computed.display === "none" || renderedIsDetailsContentHidden(element)) return null;
  const localName = element[LOCAL_NAME];
  const isHTML = element[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
  const s = { element, localName, isHTML, display: computed.display, visibility: computed.visibility, whiteSpace: computed.whiteSpace,
    transform: computed.textTransform, outOfFlow: computed.outOfFlow, absolute: computed.absolutelyPositioned,
    floatRight: computed.float === "right" || computed.float === "inline-end",
    position: computed.position || "static", kind: LK_INLINE,
    fontSize: 16, bold: false, mono: false, lineHeight: NaN, ascent: 0, descent: 0, table: null, space: 0,
    mt: 0, mr: 0, mb: 0, ml: 0, pt: 0, pr: 0, pb: 0, pl: 0, bt: 0, br: 0, bb: 0, bl: 0,
    width: null, height: null, minWidth: null, maxWidth: null, minHeight: null, maxHeight: null, borderBox: false,
    top: null, left: null, right: null, bottom: null, clips: false, column: false, wrap: false, spacing: 0,
    mtQuirky: false, mbQuirky: false, maxContent: 0, minContent: 0, hasText: false, rowSpacing: 0, pt0: 0, pb0: 0 };
  const values = layoutValues, priorities = layoutPriorities;
  values.fill(null);
  priorities.fill(-3);
  if (isHTML) layoutUserAgentStyle(element, localName, quirks);
  const uaTop = values[L_MT], uaBottom = values[L_MB];
  if (sheet.count > 0) {
    const candidates = renderedCandidateRules(sheet, element);
    if (candidates !== null) {
      const context = { scope: null, hasAnchor: null };
      for (let i = 0; i < candidates.length; i++) {
        const rule = candidates[i];
        if (!selectorMatchFrom(rule.complex, 0, element, context)) continue;
        const declarations = rule.declarations;
        for (let k = 0; k < declarations.length; k++) layoutSet(declarations[k].slot, declarations[k].value, declarations[k].important * 4e15 + rule.weight);
      }
    }
  }
  const inline = selectorAttribute(element, "style");
  if (inline !== null && inline !== "") {
    const declarations = layoutInlineDeclarations(inline);
    for (let k = 0; k < declarations.length; k++) layoutSet(declarations[k].slot, declarations[k].value, declarations[k].important * 4e15 + 2e15);
  }
  // UA margins of p, lists, headings… are "quirky": an author value is not.
  s.mtQuirky = uaTop !== null && values[L_MT] === uaTop && priorities[L_MT] === -2;
  s.mbQuirky = uaBottom !== null && values[L_MB] === uaBottom && priorities[L_MB] === -2;
  // Font.
  const fsValue = values[L_FS];
  s.fontSize = layoutFontSize(fsValue === "inherit" ? null : fsValue, parent.fontSize);
  const fw = values[L_FW];
  s.bold = fw === null || fw === "inherit" ? parent.bold : fw === "bold" || fw === "bolder" || /^[6-9]00$/.test(fw);
  const ff = values[L_FF];
  const face = ff === null || ff === "inherit" ? null : layoutFontFace(ff);
  s.mono = ff === null || ff === "inherit" ? parent.mono : face === "mono";
  s.serif = ff === null || ff === "inherit" ? parent.serif === true : face === "serif";
  // monospace text defaults to 13px, unless a size was given (the generic family's own default).
  if (s.mono && !parent.mono && fsValue === null && ff !== null && localName !== "pre") s.fontSize = parent.fontSize * 13 / 16;
  const fontSize = s.fontSize;
  const lh = values[L_LH];
  if (lh === null || lh === "inherit") s.lineHeight = parent.lineHeightFactor > 0 ? parent.lineHeightFactor * fontSize : parent.lineHeight;
  else if (lh === "normal") s.lineHeight = NaN;
  else if (/^[0-9.]+$/.test(lh)) { s.lineHeightFactor = parseFloat(lh); s.lineHeight = s.lineHeightFactor * fontSize; }
  else s.lineHeight = layoutLength(lh, fontSize, fontSize, layoutRem);
  if (s.lineHeightFactor === undefined) s.lineHeightFactor = lh === null || lh === "inherit" ? parent.lineHeightFactor : 0;
  s.ascent = Math.round(fontSize * LAYOUT_ASCENT / 2048);
  s.descent = Math.round(fontSize * LAYOUT_DESCENT / 2048);
  if (!s.mono) {
    s.table = layoutAdvanceTable((s.serif ? 2 : 0) + (s.bold ? 1 : 0), fontSize);
    s.space = s.table[0];
  } else s.space = Math.round(LAYOUT_MONO_ADVANCE * fontSize / 2048);
  // Box properties.
  const px = (slot) => {
    const v = values[slot];
    if (v === null || v === "auto" || v === "inherit" || v === "initial" || v === "unset" || v === "none") return null;
    const n = layoutLength(v, fontSize, NaN, layoutRem);
    return isNaN(n) ? v : n;
  };
  s.mt = px(L_MT) ?? 0; s.mb = px(L_MB) ?? 0;
  s.ml = values[L_ML] === "auto" ? "auto" : px(L_ML) ?? 0;
  s.mr = values[L_MR] === "auto" ? "auto" : px(L_MR) ?? 0;
  s.pt = px(L_PT) ?? 0; s.pr = px(L_PR) ?? 0; s.pb = px(L_PB) ?? 0; s.pl = px(L_PL) ?? 0;
  const border = (w, st) => {
    const style = values[st];
    if (style === null || style === "none" || style === "hidden") return 0;
    const n = values[w] === null ? 3 : layoutLength(values[w], fontSize, NaN, layoutRem);
    return isNaN(n) || n < 0 ? 0 : n;
  };
  s.bt = border(L_BTW, L_BTS); s.br = border(L_BRW, L_BRS); s.bb = border(L_BBW, L_BBS); s.bl = border(L_BLW, L_BLS);
  s.width = px(L_W); s.height = px(L_H);
  s.minWidth = px(L_MINW); s.maxWidth = px(L_MAXW); s.minHeight = px(L_MINH); s.maxHeight = px(L_MAXH);
  s.heightAuto = values[L_H] === "auto";
  s.borderBox = values[L_BOXSIZING] === "border-box";
  s.top = px(L_TOP); s.left = px(L_LEFT); s.right = px(L_RIGHT); s.bottom = px(L_BOTTOM);
  s.clips = renderedIsClipping(values[L_OVX]) || renderedIsClipping(values[L_OVY]);
  s.column = /^column/.test(values[L_FLEXDIR] || "");
  // list-style-type is inherited; `none` (also inside the shorthand) removes the marker.
  const list = values[L_LIST];
  s.listNone = list === null || list === "inherit" ? parent.listNone === true : /(^|\s)none(\s|$)/.test(list);
  s.marker = s.display === "list-item" && !s.listNone;
  const clear = values[L_CLEAR];
  s.clear = clear === "both" || clear === "left" || clear === "right";
  if (sheet.clearAfter.length > 0) {
    const context = { scope: null, hasAnchor: null };
    for (const complex of sheet.clearAfter) if (selectorMatchFrom(complex, 0, element, context)) { s.clearfix = true; break; }
  }
  s.wrap = values[L_FLEXWRAP] === "wrap" || values[L_FLEXWRAP] === "wrap-reverse";
  if (values[L_SPACING] !== null) { const n = layoutLength(values[L_SPACING].split(/\s+/)[0], fontSize, NaN, layoutRem); s.spacing = isNaN(n) ? 0 : n; }
  // Kind.
  const display = s.display;
  if (isHTML && localName === "br") s.kind = LK_BR;
  else if (layoutIsReplaced(element, localName, isHTML)) s.kind = LK_REPLACED;
  else if (display === "contents") s.kind = LK_CONTENTS;
  else if (display === "table" || display === "inline-table") s.kind = LK_TABLE;
  else if (display === "table-row-group" || display === "table-header-group" || display === "table-footer-group") s.kind = LK_ROWGROUP;
  else if (display === "table-row") s.kind = LK_ROW;
  else if (display === "table-cell") s.kind = LK_CELL;
  else if ((display === "flex" || display === "inline-flex" || display === "-webkit-box" || display === "-webkit-inline-box") && !s.column) s.kind = LK_FLEX;
  else if (display === "inline" || display === "ruby" || display === "ruby-text") s.kind = s.outOfFlow ? LK_BLOCK : LK_INLINE;
  else if (display === "table-column" || display === "table-column-group") return null;
  else s.kind = display === "inline-block" || display === "inline-flex" || display === "inline-grid" || display === "-webkit-inline-box" ? LK_ATOMIC : LK_BLOCK;
  // Inline-level boxes of the outer line: inline-block, inline-table, inline-flex, inline replaced.
  // An inline box's rectangle covers its vertical padding and borders.
  s.pt0 = (typeof s.pt === "number" ? s.pt : 0) + s.bt;
  s.pb0 = (typeof s.pb === "number" ? s.pb : 0) + s.bb;
  s.inlineLevel = !s.outOfFlow && (display === "inline" || display === "inline-block" || display === "inline-table" ||
    display === "inline-flex" || display === "inline-grid" || display === "-webkit-inline-box" || display === "ruby" || display === "contents");
  return s;
}

/** Whether a replaced box's baseline is its text's (text fields, button-like inputs, menus). */
function layoutHasTextBaseline(element, s) {
  if (!s.isHTML) return false;
  if (s.localName === "select") return true;
  if (s.localName !== "input") return false;
  const type = selectorAsciiLower(selectorAttribute(element, "type") || "text");
  return !LAYOUT_INPUT_SIZES.has(type) && type !== "image";
}

/** Elements laid out as one replaced box (their children get no boxes). */
function layoutIsReplaced(element, localName, isHTML) {
  if (!isHTML) return localName === "svg" && element[NAMESPACE] === "http://www.w3.org/2000/svg";
  switch (localName) {
    case "img": case "input": case "textarea": case "select": case "iframe": case "embed": case "video":
    case "audio": case "canvas": case "meter": case "progress": case "frame":
      return true;
    case "object": return iteratorObjectIsImage(element) || !iteratorObjectHasFallback(element);
    default: return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Replaced and text sizes.

/** The width of `text` in the style's font (WebKitGTK rounds each glyph's advance). */
function layoutTextWidth(text, s) {
  if (s.mono) return text.length * s.space;
  let width = 0, previous = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    width += layoutAdvance(s, code) + layoutKerning(s, previous, code);
    previous = code;
  }
  return width;
}

/** The content size [width, height] of a replaced element, given its containing block's width. */
function layoutReplacedSize(element, s, containerWidth) {
  const localName = s.localName;
  let natural = null, ratio = NaN;
  let cssWidth = s.width === null ? NaN : layoutLength(s.width, s.fontSize, containerWidth, layoutRem);
  let cssHeight = s.height === null ? NaN : layoutLength(s.height, s.fontSize, NaN, layoutRem);
  if (s.borderBox) {
    if (!isNaN(cssWidth)) cssWidth = Math.max(0, cssWidth - s.pl - s.pr - s.bl - s.br);
    if (!isNaN(cssHeight)) cssHeight = Math.max(0, cssHeight - s.pt - s.pb - s.bt - s.bb);
  }
  switch (s.isHTML ? localName : "svg") {
    case "img": {
      const size = layoutImageNaturalSize(element);
      if (size !== null && size[2] === true) {
        ratio = size[0] / size[1];
        natural = isNaN(containerWidth) ? [0, 0] : [containerWidth, containerWidth / ratio];
        break;
      }
      if (size !== null) natural = size;
      else {
        // A broken image shows its alt text in a bordered box (text plus 2px each side), the
        // text at most 1024×256 (RenderImage's maxAltTextWidth/Height).
        // Without an alt attribute the title is shown (HTMLImageElement::altText).
        const alt = selectorAttribute(element, "alt") ?? selectorAttribute(element, "title");
        natural = alt !== null && alt !== "" ? [Math.ceil(Math.min(layoutTextWidth(alt.replace(/[ \t\n\r\f]+/g, " "), s), 1024)) + 4,
          Math.min(s.ascent + s.descent, 256) + 4] : [0, 0];
      }
      const aw = layoutAttributeNumber(element, "width"), ah = layoutAttributeNumber(element, "height");
      ratio = aw > 0 && ah > 0 ? aw / ah : natural[1] > 0 ? natural[0] / natural[1] : NaN;
      break;
    }
    case "svg": {
      const viewBox = selectorAttribute(element, "viewBox") ?? selectorAttribute(element, "viewbox");
      const parts = viewBox === null ? null : viewBox.trim().split(/[\s,]+/).map(parseFloat);
      if (parts !== null && parts.length === 4 && parts[2] > 0 && parts[3] > 0) ratio = parts[2] / parts[3];
      // Unitless attribute values are pixels.
      const attr = (name) => { const v = (selectorAttribute(element, name) || "").trim(); return v === "" ? null : /^[0-9.]+$/.test(v) ? v + "px" : v; };
      const aw = layoutLength(attr("width"), s.fontSize, containerWidth, layoutRem);
      const ah = layoutLength(attr("height"), s.fontSize, NaN, layoutRem);
      if (isNaN(cssWidth) && !isNaN(aw)) cssWidth = aw;
      if (isNaN(cssHeight) && !isNaN(ah)) cssHeight = ah;
      // Only a ratio: it fills the container, and adds nothing to a shrink-to-fit width.
      if (isNaN(cssWidth) && isNaN(cssHeight) && !isNaN(ratio)) cssWidth = isNaN(containerWidth) ? 0 : containerWidth;
      natural = [300, 150];
      break;
    }
    case "input": {
      // Content boxes: the padding and borders come from the cascade (layoutUserAgentStyle).
      const type = selectorAsciiLower(selectorAttribute(element, "type") || "text");
      const lineHeight = s.ascent + s.descent;
      if (type === "submit" || type === "reset" || type === "button") {
        const value = selectorAttribute(element, "value") ?? (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
        natural = [layoutTextWidth(value, s), lineHeight];
      } else if (type === "image") {
        natural = [50, 19];
      } else {
        const known = LAYOUT_INPUT_SIZES.get(type);
        if (known !== undefined) natural = known;
        else {
          const size = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "size") || "");
          const columns = size !== null && parseInt(size[1], 10) > 0 ? parseInt(size[1], 10) : 20;
          natural = [Math.round((columns * 7.95 + 6) * s.fontSize / 13.333), lineHeight];
        }
      }
      break;
    }
    case "select": {
      let widest = 0;
      for (let node = element[FIRST]; node !== null && node !== undefined; node = selectorNextInTree(node, element)) {
        if (node[LOCAL_NAME] === "option") widest = Math.max(widest, layoutTextWidth(renderedDescendantText(node).replace(/[ \t\n\r\f]+/g, " ").trim(), s));
      }
      natural = [widest + 28, s.ascent + s.descent + 12];
      break;
    }
    case "textarea": {
      const cols = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "cols") || "");
      const rows = /^\s*([0-9]+)\s*$/.exec(selectorAttribute(element, "rows") || "");
      natural = [(cols !== null && parseInt(cols[1], 10) > 0 ? parseInt(cols[1], 10) : 20) * 8 + 6,
        (rows !== null && parseInt(rows[1], 10) > 0 ? parseInt(rows[1], 10) : 2) * 15 + 6];
      break;
    }
    case "iframe": case "frame": natural = [300, 150]; break;
    case "video": case "canvas": case "embed": case "object": natural = [300, 150]; break;
    case "audio": natural = [300, 32]; break;
    case "meter": natural = [80, 16]; break;
    case "progress": natural = [160, 16]; break;
    default: natural = [0, 0];
  }
  if (isNaN(ratio) && (localName === "video" || localName === "canvas")) ratio = 2;
  let width = cssWidth, height = cssHeight;
  if (isNaN(width) && isNaN(height)) { width = natural[0]; height = natural[1]; }
  else if (isNaN(height)) height = !isNaN(ratio) ? width / ratio : localName === "img" ? natural[1] * (natural[0] > 0 ? width / natural[0] : 0) : natural[1];
  else if (isNaN(width)) width = !isNaN(ratio) ? height * ratio : natural[0];
  const heightAuto = isNaN(cssHeight);
  const maxWidth = s.maxWidth === null ? NaN : layoutLength(s.maxWidth, s.fontSize, containerWidth, layoutRem);
  if (!isNaN(maxWidth) && width > maxWidth) {
    width = maxWidth;
    if (heightAuto && !isNaN(ratio)) height = width / ratio;
  }
  const minWidth = s.minWidth === null ? NaN : layoutLength(s.minWidth, s.fontSize, containerWidth, layoutRem);
  if (!isNaN(minWidth) && width < minWidth) width = minWidth;
  const maxHeight = s.maxHeight === null ? NaN : layoutLength(s.maxHeight, s.fontSize, NaN, layoutRem);
  if (!isNaN(maxHeight) && height > maxHeight) height = maxHeight;
  const minHeight = s.minHeight === null ? NaN : layoutLength(s.minHeight, s.fontSize, NaN, layoutRem);
  if (!isNaN(minHeight) && height < minHeight) height = minHeight;
  // Computed sizes are truncated to WebKit's layout unit (1/64 px).
  return [Math.max(0, Math.floor(width * 64) / 64), Math.max(0, Math.floor(height * 64) / 64)];
}

/** A dimension attribute as a non-negative number of pixels, or -1 (absent, percentage, invalid). */
function layoutAttributeNumber(element, name) {
  const value = selectorAttribute(element, name);
  if (value === null) return -1;
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(px)?\s*$/i.exec(value);
  return match === null ? -1 : parseFloat(match[1]);
}

/** The data: URL an image loads (a srcset's candidate is chosen over src), or null. */
function layoutImageSource(element) {
  const srcset = selectorAttribute(element, "srcset");
  const candidate = srcset === null || srcset.trim() === "" ? null : /^[ \t\n\r\f,]*(\S+)/.exec(srcset);
  const src = candidate !== null ? candidate[1].replace(/,+$/, "") : selectorAttribute(element, "src");
  if (src === null) return null;
  const trimmed = src.trim();
  return /^data:/i.test(trimmed) ? trimmed : null;
}

/** Outside a layout: the lazy images that loaded in the element's document. */
function layoutLoadedLazyImages(element) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return null;
  return layoutOf(doc).lazyLoaded;
}

/** The natural size of an image: decoded from a data: URL (the only images that load), else null. */
function layoutImageNaturalSize(element, ignoreLazy) {
  const trimmed = layoutImageSource(element);
  if (trimmed === null) return null;
  // A lazy image is not loaded unless its box was in the viewport (layoutOf).
  if (ignoreLazy !== true && layoutIsLazy(element)) {
    const loaded = layoutLazyLoaded !== null ? layoutLazyLoaded : layoutLoadedLazyImages(element);
    if (loaded === null || !loaded.has(element)) return null;
  }
  const cache = layoutImageSizeCache.get(trimmed);
  if (cache !== undefined) return cache;
  const size = layoutDecodeImageSize(trimmed);
  if (layoutImageSizeCache.size > 200) layoutImageSizeCache.clear();
  layoutImageSizeCache.set(trimmed, size);
  return size;
}
const layoutImageSizeCache = new Map();

/**
 * [width, height] from a data: URL's image header (PNG, GIF, JPEG, WebP, BMP, SVG), or null
 * when it does not decode.
 */
function layoutDecodeImageSize(url) {
  const comma = url.indexOf(",");
  if (comma < 0) return null;
  const meta = url.slice(5, comma).toLowerCase();
  let bytes;
  try {
    const data = url.slice(comma + 1);
    if (/;base64$/.test(meta)) bytes = atobImpl(data.replace(/%([0-9a-f]{2})/gi, (m, h) => String.fromCharCode(parseInt(h, 16))).replace(/[ \t\n\r\f]/g, ""));
    else bytes = decodeURIComponent(data);
  } catch (error) { return null; }
  const at = (i) => bytes.charCodeAt(i) & 255;
  const be16 = (i) => at(i) << 8 | at(i + 1), le16 = (i) => at(i) | at(i + 1) << 8;
  const be32 = (i) => (at(i) * 16777216) + (at(i + 1) << 16) + (at(i + 2) << 8) + at(i + 3);
  if (bytes.startsWith("\x89PNG") && bytes.length >= 24) return layoutPositiveSize(be32(16), be32(20));
  if (bytes.startsWith("GIF8") && bytes.length >= 10) return layoutPositiveSize(le16(6), le16(8));
  if (bytes.startsWith("BM") && bytes.length >= 26) return layoutPositiveSize(le16(18) | le16(20) << 16, Math.abs((le16(22) | le16(24) << 16) << 0));
  if (bytes.startsWith("RIFF") && bytes.slice(8, 12) === "WEBP") {
    const chunk = bytes.slice(12, 16);
    if (chunk === "VP8 ") return layoutPositiveSize(le16(26) & 0x3fff, le16(28) & 0x3fff);
    if (chunk === "VP8L") { const b = at(21) | at(22) << 8 | at(23) << 16 | at(24) << 24; return layoutPositiveSize((b & 0x3fff) + 1, ((b >>> 14) & 0x3fff) + 1); }
    if (chunk === "VP8X") return layoutPositiveSize((at(24) | at(25) << 8 | at(26) << 16) + 1, (at(27) | at(28) << 8 | at(29) << 16) + 1);
    return null;
  }
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) { i++; continue; }
      const marker = at(i + 1);
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) { i += marker === 0xff ? 1 : 2; continue; }
      if ((marker >= 0xc0 && marker <= 0xcf) && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return layoutPositiveSize(be16(i + 7), be16(i + 5));
      i += 2 + be16(i + 2);
    }
    return null;
  }
  if (/^image\/svg/.test(meta) || /^\s*(<\?xml|<svg)/i.test(bytes)) {
    const tag = /<svg\b[^>]*>/i.exec(bytes);
    if (tag === null) return null;
    const attr = (name) => { const m = new RegExp("\\s" + name + "\\s*=\\s*[\"']?\\s*([0-9.]+)(px)?\\s*[\"'\\s/>]", "i").exec(tag[0]); return m === null ? NaN : parseFloat(m[1]); };
    let width = attr("width"), height = attr("height");
    const viewBox = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)/i.exec(tag[0]);
    if (viewBox !== null) {
      const vw = parseFloat(viewBox[1]), vh = parseFloat(viewBox[2]);
      // Only a viewBox: no natural size, only a ratio (the image fills its container's width).
      if (isNaN(width) && isNaN(height) && vw > 0 && vh > 0) return [vw, vh, true];
      else if (isNaN(height) && !isNaN(width) && vw > 0) height = width * vh / vw;
      else if (isNaN(width) && !isNaN(height) && vh > 0) width = height * vw / vh;
    }
    if (isNaN(width)) width = 300;
    if (isNaN(height)) height = 150;
    return [width, height];
  }
  return null;
}

function layoutPositiveSize(width, height) {
  return width > 0 && height > 0 ? [width, height] : null;
}

// ---------------------------------------------------------------------------------------------
// Pass 2: max-content and min-content widths, children before parents.

/** Sets s.maxContent / s.minContent (content-box widths) of every element of `order`, last first. */
function layoutMeasure(order, styles) {
  for (let index = order.length - 1; index >= 0; index--) {
    const s = order[index];
    const element = s.element;
    if (s.kind === LK_REPLACED) {
      const size = layoutReplacedSize(element, s, NaN);
      s.maxContent = s.minContent = size[0];
    } else {
      let line = 0, maxContent = 0, minContent = 0, rowSum = 0, rowMin = 0, cells = 0;
      const pre = s.whiteSpace === "pre" || s.whiteSpace === "pre-wrap" || s.whiteSpace === "break-spaces";
      for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
        if (typeof child[LOCAL_NAME] !== "string") {
          if (child.nodeType !== 3 && child.nodeType !== 4) continue;
          const data = child[DATA];
          if (pre) {
            const lines = data.split("\n");
            for (let i = 0; i < lines.length; i++) {
              if (i > 0) { maxContent = Math.max(maxContent, line); line = 0; }
              const w = layoutTextWidth(lines[i].replace(/\t/g, "        "), s);
              line += w;
              minContent = Math.max(minContent, w);
            }
          } else {
            if (!/[^ \t\n\r\f]/.test(data)) { if (line > 0) line += s.space; continue; }
            const collapsed = data.replace(/[ \t\n\r\f]+/g, " ");
            line += layoutTextWidth(collapsed, s);
            if (s.whiteSpace === "nowrap") minContent = Math.max(minContent, line);
            else for (const word of collapsed.split(" ")) if (word.length > 0) minContent = Math.max(minContent, layoutTextWidth(word, s));
            s.hasText = true;
          }
          continue;
        }
        const c = styles.get(child);
        if (c === undefined) continue;
        if (c.hasText && c.kind === LK_INLINE) s.hasText = true;
        const outer = layoutHorizontalExtras(c);
        const cMax = layoutFixedWidth(c, c.maxContent) + outer, cMin = layoutFixedWidth(c, c.minContent) + outer;
        switch (c.kind) {
          case LK_BR: maxContent = Math.max(maxContent, line); line = 0; break;
          case LK_INLINE: case LK_CONTENTS: line += c.maxContent + outer; minContent = Math.max(minContent, c.minContent); break;
          case LK_CELL: rowSum += cMax + s.rowSpacing; rowMin += cMin; cells++; break;
          default:
            if (c.inlineLevel || c.outOfFlow) { line += cMax; minContent = Math.max(minContent, cMin); }
            else { maxContent = Math.max(maxContent, line, cMax); line = 0; minContent = Math.max(minContent, cMin); }
        }
      }
      maxContent = Math.max(maxContent, line);
      if (s.kind === LK_ROW && cells > 0) { maxContent = Math.max(maxContent, rowSum + s.rowSpacing); minContent = Math.max(minContent, rowMin + s.rowSpacing * (cells + 1)); }
      if (s.kind === LK_FLEX) {
        // A flex row's items sit side by side.
        let sum = 0, sumMin = 0;
        for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
          const c = styles.get(child);
          if (c === undefined || c.outOfFlow) continue;
          const outer = layoutHorizontalExtras(c);
          sum += layoutFixedWidth(c, c.maxContent) + outer;
          sumMin += layoutFixedWidth(c, c.minContent) + outer;
        }
        maxContent = Math.max(maxContent, sum);
        minContent = s.wrap ? minContent : Math.max(minContent, sumMin);
      }
      s.maxContent = maxContent;
      s.minContent = Math.min(minContent, maxContent);
    }
  }
}

/** Padding, borders and fixed margins on both sides. */
function layoutHorizontalExtras(s) {
  let extra = s.bl + s.br;
  if (typeof s.pl === "number") extra += s.pl;
  if (typeof s.pr === "number") extra += s.pr;
  if (typeof s.ml === "number") extra += s.ml;
  if (typeof s.mr === "number") extra += s.mr;
  return extra;
}

/** A fixed CSS width (content box) when given in absolute units, else `fallback`. */
function layoutFixedWidth(s, fallback) {
  if (s.kind === LK_REPLACED) return fallback;
  let width = typeof s.width === "number" ? s.width : fallback;
  if (typeof s.width === "number" && s.borderBox) width = Math.max(0, width - s.bl - s.br - (typeof s.pl === "number" ? s.pl : 0) - (typeof s.pr === "number" ? s.pr : 0));
  if (typeof s.maxWidth === "number" && width > s.maxWidth) width = s.maxWidth;
  if (typeof s.minWidth === "number" && width < s.minWidth) width = s.minWidth;
  return width;
}

// ---------------------------------------------------------------------------------------------
// Pass 3: layout.

/** A box: position relative to `rel`'s border box, border-box size, and its block-container state. */
function layoutNewBox(s, rel) {
  return { s, rel, x: 0, y: 0, w: 0, h: 0, oy: 0, cx: 0, cy: 0, cw: 0, ax: 0, ay: 0,
    // block container state
    cursor: 0, pendPos: 0, pendNeg: 0, pendQuirky: false, atTop: true, mtPos: 0, mtNeg: 0, topInto: false, parentBox: null,
    lineX: 0, lineA: 0, lineD: 0, lineHas: false, lineText: false, lineStarted: false, space: false, items: null,
    lines: null, inlines: null, textRight: 0, floatBottom: 0, floatX: 0, floatRightX: 0, floatY: -1, bfc: false,
    kind: s === null ? LK_BLOCK : s.kind, fixedHeight: NaN, rowCells: null, flexWidths: null, fx: 0, fy: 0, rowH: 0, flexItems: null,
    columns: null, cellIndex: 0, isInline: false, noExtent: false, clipped: false };
}

/** A length resolved against `base` for percentages, truncated to the layout unit (1/64 px). */
function layoutResolve(value, base, fontSize) {
  if (value === null || value === "auto") return NaN;
  const px = typeof value === "number" ? value : layoutLength(value, fontSize, base, layoutRem);
  return Math.floor(px * 64) / 64;
}

/** Lays out the document: returns {version, boxes, html, body, extentRight, extentBottom, quirks}. */
function layoutDocument(doc) {
  const version = doc[VERSION];
  const boxes = new Map();
  const result = { version, boxes, quirks: doc[DOC_STATE].compatMode === "quirks", html: null, body: null,
    extentRight: 0, extentBottom: 0, viewportWidth: doc[DOC_STATE].viewportWidth || 390, viewportHeight: doc[DOC_STATE].viewportHeight || 844 };
  const root = doc.documentElement;
  if (root === null) return result;
  const quirks = result.quirks;
  const sheet = layoutSheetFor(doc);
  // Pass 1: styles of the rendered elements, in tree order.
  const styles = new Map();
  const order = [];
  const initial = { visibility: "visible", whiteSpace: "normal", transform: "none", display: "block", fontSize: 16, bold: false,
    mono: false, serif: false, lineHeight: NaN, lineHeightFactor: 0, listNone: false };
  layoutRem = 16;
  const rootStyle = layoutStyle(root, initial, quirks, sheet);
  if (rootStyle === null) return result;
  // rem: the root's own lengths resolve against the initial font size, the others' against the root's.
  layoutRem = rootStyle.fontSize;
  styles.set(root, rootStyle);
  order.push(rootStyle);
  for (let node = root[FIRST]; node !== null && node !== undefined;) {
    let descend = false;
    if (typeof node[LOCAL_NAME] === "string") {
      const parent = styles.get(node[PARENT]);
      const s = parent === undefined ? null : layoutStyle(node, parent, quirks, sheet);
      if (s !== null) {
        if (parent.kind === LK_TABLE || parent.kind === LK_ROWGROUP) s.rowSpacing = parent.spacing || parent.rowSpacing || 0;
        else if (parent.kind === LK_ROW) s.rowSpacing = parent.rowSpacing || 0;
        if (s.kind === LK_TABLE) s.rowSpacing = s.spacing;
        if (s.kind === LK_ROW) s.rowSpacing = parent.rowSpacing || 0;
        styles.set(node, s);
        order.push(s);
        descend = s.kind !== LK_REPLACED && node[NAMESPACE] === SELECTOR_HTML_NAMESPACE;
      }
    }
    if (descend && node[FIRST] !== null && node[FIRST] !== undefined) { node = node[FIRST]; continue; }
    while (node !== null && node !== undefined && node !== root && (node[NEXT] === null || node[NEXT] === undefined)) node = node[PARENT];
    if (node === null || node === undefined || node === root) break;
    node = node[NEXT];
  }
  // Pass 2.
  layoutMeasure(order, styles);
  // Pass 3.
  const state = { quirks, styles, boxes, all: [], viewportWidth: result.viewportWidth, viewportHeight: result.viewportHeight, icb: null };
  const icb = layoutNewBox(null, null);
  icb.w = icb.cw = state.viewportWidth;
  icb.h = state.viewportHeight;
  // Percentage heights of the root resolve against the viewport.
  icb.fixedHeight = state.viewportHeight;
  icb.bfc = true;
  state.icb = icb;
  const html = layoutNewBox(rootStyle, icb);
  layoutSizeBlock(html, rootStyle, icb, state);
  html.x = 0; html.y = 0; html.bfc = true;
  boxes.set(root, html);
  state.all.push(html);
  const stack = [html]; // block containers
  for (let node = root[FIRST]; node !== null && node !== undefined;) {
    let descend = false;
    const top = stack[stack.length - 1];
    if (typeof node[LOCAL_NAME] === "string") {
      const s = styles.get(node);
      if (s !== undefined) descend = layoutEnter(node, s, stack, state);
    } else if (node.nodeType === 3 || node.nodeType === 4) {
      const parent = styles.get(node[PARENT]);
      if (parent !== undefined && parent.kind !== LK_TABLE && parent.kind !== LK_ROWGROUP && parent.kind !== LK_ROW) layoutText(top, node[DATA], parent, state);
    }
    if (descend && node[FIRST] !== null && node[FIRST] !== undefined) { node = node[FIRST]; continue; }
    if (descend) layoutExit(node, styles.get(node), stack, state);
    while (node !== null && node !== undefined && node !== root && (node[NEXT] === null || node[NEXT] === undefined)) {
      node = node[PARENT];
      if (node !== root) layoutExit(node, styles.get(node), stack, state);
    }
    if (node === null || node === undefined || node === root) break;
    node = node[NEXT];
  }
  layoutCloseBlock(html, state);
  html.h = Math.max(html.h, 0);
  const body = doc.body;
  const bodyBox = body === null ? undefined : boxes.get(body);
  if (quirks) {
    // Quirks mode: the html and body boxes stretch to fill the viewport.
    if (bodyBox !== undefined && bodyBox.rel === html && bodyBox.s.height === null) {
      const mb = typeof bodyBox.s.mb === "number" ? bodyBox.s.mb : 0;
      const stretched = state.viewportHeight - bodyBox.y - Math.max(mb, bodyBox.pendPosOut || 0);
      if (bodyBox.h < stretched) bodyBox.h = stretched;
    }
    html.h = Math.max(html.h, state.viewportHeight);
  }
  // Absolute positions and the document's scrollable extent.
  let right = 0, bottom = 0;
  for (const box of state.all) {
    const rel = box.rel;
    if (rel !== null && rel !== icb) {
      box.ax = rel.ax + box.x;
      box.ay = rel.ay + rel.oy + box.y;
      box.noExtent = box.noExtent || rel.noExtent;
      box.clipRight = rel.clipRight; box.clipBottom = rel.clipBottom;
    } else {
      box.ax = box.x; box.ay = box.y;
      box.clipRight = Infinity; box.clipBottom = Infinity;
    }
    if (box.noExtent) continue;
    const boxRight = box.ax + Math.max(box.w, box.cx + box.textRight);
    if (box.w > 0 || box.h > 0 || box.textRight > 0) {
      right = Math.max(right, Math.min(boxRight, box.clipRight));
      bottom = Math.max(bottom, Math.min(box.ay + box.h, box.clipBottom));
    }
    // The root's overflow, and the body's when the root's is visible, apply to the viewport, not to their boxes.
    if (box.s !== null && box.s.clips && box.s.kind !== LK_INLINE && box !== html && !(box.s.element === doc.body && !rootStyle.clips)) {
      box.clipRight = Math.min(box.clipRight, box.ax + box.w);
      box.clipBottom = Math.min(box.clipBottom, box.ay + box.h);
    }
  }
  result.extentRight = right;
  result.extentBottom = Math.max(bottom, html.h);
  result.html = html;
  result.body = bodyBox === undefined ? null : bodyBox;
  return result;
}

/** Width, margins and content box of a block-level box in `parent` (a block container). */
function layoutSizeBlock(box, s, parent, state, shrink) {
  const cbw = parent.cw;
  const fs = s.fontSize;
  let ml = layoutResolve(s.ml, cbw, fs), mr = layoutResolve(s.mr, cbw, fs);
  const pl = layoutResolve(s.pl, cbw, fs) || 0, pr = layoutResolve(s.pr, cbw, fs) || 0;
  const pt = layoutResolve(s.pt, cbw, fs) || 0, pb = layoutResolve(s.pb, cbw, fs) || 0;
  const extras = pl + pr + s.bl + s.br;
  let width = layoutResolve(s.width, cbw, fs);
  if (!isNaN(width) && s.borderBox) width = Math.max(0, width - extras);
  const autoWidth = isNaN(width);
  const available = cbw - (isNaN(ml) ? 0 : ml) - (isNaN(mr) ? 0 : mr) - extras;
  if (autoWidth) {
    if (shrink) width = Math.min(Math.max(s.minContent, available), s.maxContent);
    else width = available;
  }
  const maxWidth = layoutResolve(s.maxWidth, cbw, fs), minWidth = layoutResolve(s.minWidth, cbw, fs);
  if (!isNaN(maxWidth) && width > maxWidth - (s.borderBox ? extras : 0)) width = maxWidth - (s.borderBox ? extras : 0);
  if (!isNaN(minWidth) && width < minWidth - (s.borderBox ? extras : 0)) width = minWidth - (s.borderBox ? extras : 0);
  width = Math.max(0, width);
  // Auto margins center a block narrower than its container.
  if (!shrink) {
    const rest = cbw - width - extras;
    if (isNaN(ml) && isNaN(mr)) { ml = mr = Math.max(0, rest / 2); }
    else if (isNaN(ml)) ml = rest - mr;
    else if (isNaN(mr)) mr = rest - ml;
  }
  box.ml = isNaN(ml) ? 0 : ml;
  box.mr = isNaN(mr) ? 0 : mr;
  box.cw = width;
  box.cx = s.bl + pl;
  box.cy = s.bt + pt;
  box.padBottom = pb;
  box.w = width + extras;
  let height = layoutResolve(s.height, parent.fixedHeight, fs);
  if (!isNaN(height) && s.borderBox) height = Math.max(0, height - pt - pb - s.bt - s.bb);
  box.fixedHeight = height;
  box.mt = layoutResolve(s.mt, cbw, fs) || 0;
  box.mb = layoutResolve(s.mb, cbw, fs) || 0;
  box.bfc = s.outOfFlow || s.clips || s.kind === LK_ATOMIC || s.kind === LK_CELL || s.kind === LK_TABLE || s.kind === LK_FLEX ||
    s.display === "flow-root" || s.display === "table-caption" || s.display === "grid" || s.display === "inline-grid" ||
    s.display === "flex" || s.localName === "fieldset" || s.element === s.element[OWNER].documentElement;
  box.s = s;
}

/** The block container lines and blocks go into, applying pending margins before line content. */
function layoutStartLine(b) {
  if (b.lineStarted) return;
  b.cursor += b.pendPos + b.pendNeg;
  b.pendPos = b.pendNeg = 0;
  b.pendQuirky = false;
  b.atTop = false;
  b.lineStarted = true;
  if (b.items === null) b.items = [];
  if (b.lines === null) b.lines = [];
}

/** Whether a line breaks at soft wrap opportunities in this white-space mode. */
function layoutWraps(whiteSpace) {
  return whiteSpace !== "nowrap" && whiteSpace !== "pre";
}

/** Ends the current line of `b` (a forced break makes a line even when it is empty). */
function layoutCloseLine(b, forced, state) {
  b.space = false;
  if (!b.lineHas && !forced) { b.lineStarted = false; return; }
  layoutStartLine(b);
  let ascent = b.lineA, descent = b.lineD;
  const s = b.s;
  // A list item's marker sits on its first line, with the item's font.
  if (b.marker !== undefined && b.marker !== null) {
    const strut = layoutStrut(b.marker);
    ascent = Math.max(ascent, strut[0]);
    descent = Math.max(descent, strut[1]);
    b.marker = null;
  }
  if (s !== null && (!state.quirks || b.lineText || forced)) {
    const strut = layoutStrut(s);
    ascent = Math.max(ascent, strut[0]);
    descent = Math.max(descent, strut[1]);
  }
  const top = b.cursor;
  for (const item of b.items) {
    item.box.x = b.cx + item.x + item.ml;
    // Atomic inlines sit at whole-pixel offsets from the line's baseline.
    item.box.y = b.cy + top + Math.round(ascent - item.ascent) + item.mt;
  }
  b.items.length = 0;
  b.lines.push(top, ascent, ascent + descent);
  b.cursor += ascent + descent;
  b.lineX = 0; b.lineA = 0; b.lineD = 0; b.lineHas = false; b.lineText = false; b.lineStarted = false;
}

/** [ascent, descent] of a line box's strut for the style's font and line-height (half-leading). */
function layoutStrut(s) {
  const a = s.ascent, d = s.descent;
  if (isNaN(s.lineHeight)) return [a, d];
  const half = (s.lineHeight - (a + d)) / 2;
  return [a + half, s.lineHeight - a - half];
}

/** Places text of an element with style `s` into the lines of `b`. */
function layoutText(b, data, s, state) {
  if (data === "") return;
  const ws = s.whiteSpace;
  const wraps = layoutWraps(ws);
  const strut = layoutStrut(s);
  const preserveSpaces = ws === "pre" || ws === "pre-wrap" || ws === "break-spaces";
  const preserveBreaks = preserveSpaces || ws === "pre-line";
  const n = data.length;
  let i = 0;
  while (i < n) {
    let code = data.charCodeAt(i);
    if (preserveBreaks && code === 10) { layoutCloseLine(b, true, state); i++; continue; }
    if (!preserveSpaces && (code === 32 || code === 10 || code === 9 || code === 13 || code === 12)) {
      if (b.lineHas) b.space = true;
      i++;
      continue;
    }
    // A word (or, preserving spaces, a run up to the next break).
    let width = 0, previous = 0;
    const start = i;
    for (; i < n; i++) {
      code = data.charCodeAt(i);
      if (previous !== 0) width += layoutKerning(s, previous, code);
      previous = code;
      if (code === 10 && preserveBreaks) break;
      if (!preserveSpaces && (code === 32 || code === 10 || code === 9 || code === 13 || code === 12)) break;
      if (preserveSpaces && code === 32 && wraps && i > start) break;
      width += code === 9 ? s.space * 8 : layoutAdvance(s, code);
      // CJK text may break after any character; a hyphen ends a breakable piece.
      if (wraps && (code >= 0x2e80 || (code === 45 && i > start))) { i++; break; }
    }
    let space = b.space ? s.space : 0;
    if (b.lineHas && wraps && b.lineX + space + width > b.cw + 0.01) {
      layoutCloseLine(b, false, state);
      space = 0;
    }
    layoutStartLine(b);
    b.lineX += space + width;
    b.space = false;
    b.lineHas = true;
    b.lineText = true;
    if (strut[0] > b.lineA) b.lineA = strut[0];
    if (strut[1] > b.lineD) b.lineD = strut[1];
    if (b.lineX > b.textRight) b.textRight = b.lineX;
  }
}

/** Puts an atomic inline box (margin box `outerWidth` wide, `ascent` above the baseline) on the line. */
function layoutPlaceAtomic(b, box, outerWidth, ascent, descent, ml, mt, parentStyle, state) {
  let space = b.space && parentStyle !== null ? parentStyle.space : 0;
  const wraps = parentStyle === null || layoutWraps(parentStyle.whiteSpace);
  if (b.lineHas && wraps && b.lineX + space + outerWidth > b.cw + 0.01) {
    layoutCloseLine(b, false, state);
    space = 0;
  }
  layoutStartLine(b);
  b.items.push({ box, x: b.lineX + space, ascent, ml, mt });
  b.lineX += space + outerWidth;
  b.space = false;
  b.lineHas = true;
  if (ascent > b.lineA) b.lineA = ascent;
  if (descent > b.lineD) b.lineD = descent;
  if (b.lineX > b.textRight) b.textRight = b.lineX;
}

/** Enters an element: creates its box. Returns whether its children are laid out. */
function layoutEnter(element, s, stack, state) {
  const b = stack[stack.length - 1];
  const parentStyle = state.styles.get(element[PARENT]) || null;
  const kind = s.kind;
  if (kind === LK_BR) {
    const box = layoutNewBox(s, b);
    layoutStartLine(b);
    box.x = b.cx + b.lineX; box.y = b.cy + b.cursor; box.h = s.ascent + s.descent;
    state.boxes.set(element, box); state.all.push(box);
    layoutCloseLine(b, true, state);
    return false;
  }
  if (kind === LK_CONTENTS) return true;
  if (kind === LK_INLINE) {
    const box = layoutNewBox(s, b);
    box.isInline = true;
    const cbw = b.cw;
    const start = (layoutResolve(s.ml, cbw, s.fontSize) || 0) + s.bl + (layoutResolve(s.pl, cbw, s.fontSize) || 0);
    if (start > 0) { layoutStartLine(b); b.lineX += start; }
    if (b.inlines === null) b.inlines = [];
    if (b.lines === null) b.lines = [];
    // Inline boxes share their block container's lines: text goes to the container.
    // A collapsible space pending before it belongs to the text before (it starts after it).
    const pendingSpace = b.space && b.lineHas && parentStyle !== null ? parentStyle.space : 0;
    box.inline = { line0: b.lines.length / 3, x0: b.lineX - start + pendingSpace, line1: 0, x1: 0 };
    b.inlines.push(box);
    state.boxes.set(element, box); state.all.push(box);
    box.container = b;
    return true;
  }
  if (kind === LK_REPLACED) {
    const box = layoutNewBox(s, b);
    const container = layoutContainerFor(b, s, state);
    const size = layoutReplacedSize(element, s, container.cw);
    const cbw = container.cw;
    const pl = layoutResolve(s.pl, cbw, s.fontSize) || 0, pr = layoutResolve(s.pr, cbw, s.fontSize) || 0;
    const pt = layoutResolve(s.pt, cbw, s.fontSize) || 0, pb = layoutResolve(s.pb, cbw, s.fontSize) || 0;
    box.cw = size[0];
    box.w = size[0] + pl + pr + s.bl + s.br;
    box.h = size[1] + pt + pb + s.bt + s.bb;
    box.cx = s.bl + pl; box.cy = s.bt + pt;
    box.contentHeight = size[1];
    state.boxes.set(element, box); state.all.push(box);
    const ml = layoutResolve(s.ml, cbw, s.fontSize), mr = layoutResolve(s.mr, cbw, s.fontSize);
    const mt = layoutResolve(s.mt, cbw, s.fontSize) || 0, mb = layoutResolve(s.mb, cbw, s.fontSize) || 0;
    const marginLeft = isNaN(ml) ? 0 : ml, marginRight = isNaN(mr) ? 0 : mr;
    if (s.localName === "input") {
      const type = selectorAsciiLower(selectorAttribute(element, "type") || "");
      if (type === "checkbox" || type === "radio") { box.extraMl = 2; box.extraMt = 3; }
    }
    const eml = marginLeft + (box.extraMl || 0), emt = mt + (box.extraMt || 0);
    const emr = marginRight + (box.extraMl || 0), emb = mb + (box.extraMt || 0);
    if (s.outOfFlow) { layoutPlaceOutOfFlow(box, s, b, eml, emt, state); return false; }
    if (layoutInFlexRow(b)) { layoutFlexItemBox(b, box, element, eml, emt, emr, emb); return false; }
    if (!s.inlineLevel && b.kind !== LK_ROW) {
      // A block-level replaced box: a block that is not stretched.
      layoutCloseLine(b, false, state);
      box.mt = emt; box.mb = emb;
      let x = eml;
      if (isNaN(ml) && isNaN(mr)) x = Math.max(0, (b.cw - box.w) / 2);
      layoutBlockPlaceTop(b, box, s, state);
      box.x = b.cx + x;
      layoutBlockAfter(b, box, s, state, false);
      return false;
    }
    // Text fields, buttons and menus sit on the baseline of their text; other replaced boxes on their bottom.
    if (layoutHasTextBaseline(element, s)) {
      const ascent = emt + box.cy + s.ascent + (s.localName === "select" ? 6 : 0);
      layoutPlaceAtomic(b, box, eml + box.w + emr, ascent, emt + box.h + emb - ascent, eml, emt, parentStyle, state);
    } else layoutPlaceAtomic(b, box, eml + box.w + emr, emt + box.h + emb, 0, eml, emt, parentStyle, state);
    return false;
  }
  // Block containers of every kind.
  const box = layoutNewBox(s, b);
  box.parentBox = b;
  state.boxes.set(element, box); state.all.push(box);
  const container = layoutContainerFor(b, s, state);
  if (s.outOfFlow) {
    layoutSizeBlock(box, s, container, state, true);
    if (s.absolute && s.width === null && s.left !== null && s.right !== null) {
      // Both insets given: the box stretches between them.
      const left = layoutResolve(s.left, container.cw, s.fontSize), right = layoutResolve(s.right, container.cw, s.fontSize);
      const extras = box.w - box.cw;
      if (!isNaN(left) && !isNaN(right)) { box.cw = Math.max(0, container.cw - left - right - extras); box.w = box.cw + extras; }
    }
    box.placedOutOfFlow = true;
    stack.push(box);
    return true;
  }
  if (b.kind === LK_ROW && kind === LK_CELL) {
    const columns = b.rowColumns;
    const index = b.cellIndex;
    const span = Math.max(1, parseInt(selectorAttribute(element, "colspan") || "1", 10) || 1);
    let width = 0;
    for (let k = 0; k < span; k++) width += columns !== null && index + k < columns.length ? columns[index + k] : 0;
    width += (span - 1) * (b.spacing || 0);
    if (columns === null || index >= columns.length) width = Math.min(s.maxContent + layoutHorizontalExtras(s), Math.max(0, b.cw - b.fx));
    b.cellIndex += span;
    const cbw = width;
    const pl = layoutResolve(s.pl, cbw, s.fontSize) || 0, pr = layoutResolve(s.pr, cbw, s.fontSize) || 0;
    box.cx = s.bl + pl; box.cy = s.bt + (layoutResolve(s.pt, cbw, s.fontSize) || 0);
    box.padBottom = layoutResolve(s.pb, cbw, s.fontSize) || 0;
    box.cw = Math.max(0, width - pl - pr - s.bl - s.br);
    box.w = width;
    box.x = b.fx; box.y = 0;
    b.fx += width + (b.spacing || 0);
    box.bfc = true;
    box.fixedHeight = layoutResolve(s.height, NaN, s.fontSize);
    if (b.rowCells === null) b.rowCells = [];
    b.rowCells.push(box);
    stack.push(box);
    return true;
  }
  if (layoutInFlexRow(b)) {
    const width = b.flexWidths.get(element);
    layoutSizeBlock(box, s, container, state, true);
    if (width !== undefined) { const extras = box.w - box.cw; box.cw = Math.max(0, width - extras); box.w = width; }
    box.bfc = true;
    box.flexItem = true;
    stack.push(box);
    return true;
  }
  // A button is as wide as its content even when it is block-level.
  const shrink = kind === LK_ATOMIC || kind === LK_TABLE || (s.inlineLevel && kind !== LK_BLOCK) || kind === LK_CELL ||
    (s.localName === "button" && s.isHTML);
  layoutSizeBlock(box, s, container, state, shrink);
  if (kind === LK_TABLE) layoutTableColumns(box, s, element, container, state);
  if (kind === LK_ROWGROUP || kind === LK_ROW) {
    // Row groups and rows are inset by the table's border-spacing; cells follow the columns.
    const spacing = b.spacing || 0;
    const inset = b.kind === LK_TABLE ? spacing : 0;
    box.cw = box.w = Math.max(0, b.cw - 2 * inset);
    box.cx = 0; box.cy = 0; box.ml = box.mr = 0; box.mt = box.mb = 0;
    box.spacing = spacing;
    box.columns = b.columns;
    box.rowColumns = b.columns;
    box.fx = 0;
    box.cellIndex = 0;
    box.kind = kind;
    box.fixedHeight = NaN;
  }
  if (kind === LK_FLEX) layoutFlexWidths(box, s, element, state);
  if (s.inlineLevel && (kind === LK_ATOMIC || kind === LK_TABLE || kind === LK_FLEX)) {
    box.atomic = true;
    box.inlineParentStyle = parentStyle;
    stack.push(box);
    return true;
  }
  layoutCloseLine(b, false, state);
  if (kind === LK_ROW || kind === LK_ROWGROUP) {
    const spacing = b.spacing || 0;
    const inTable = b.kind === LK_TABLE;
    box.x = b.cx + (inTable ? spacing : 0);
    // Rows are separated (and, directly in a table, surrounded) by the spacing.
    box.y = b.cy + b.cursor + (inTable || (b.rowCount || 0) > 0 ? spacing : 0);
    if (kind === LK_ROW) b.rowCount = (b.rowCount || 0) + 1;
    b.atTop = false;
    stack.push(box);
    return true;
  }
  layoutBlockPlaceTop(b, box, s, state);
  box.x = b.cx + box.ml;
  layoutNoteBlockInInlines(element, box, b, state);
  // The marker goes to the first line: the item's own, or its first block descendant's.
  if (b.marker !== undefined && b.marker !== null && (b.lines === null || b.lines.length === 0)) { box.marker = b.marker; b.marker = null; }
  if (s.marker) box.marker = s;
  stack.push(box);
  return true;
}

/** A block inside inline elements (`<a><div>`): their rectangles grow to cover it. */
function layoutNoteBlockInInlines(element, box, b, state) {
  for (let a = element[PARENT]; a !== null && a !== undefined; a = a[PARENT]) {
    const inline = state.boxes.get(a);
    if (inline === undefined || !inline.isInline || inline.container !== b) return;
    if (inline.blocks === undefined) inline.blocks = [];
    inline.blocks.push(box);
  }
}

/** The containing block for percentages: the block container the box is in. */
function layoutContainerFor(b, s, state) {
  return b;
}

function layoutInFlexRow(b) {
  return b.kind === LK_FLEX && b.flexWidths !== null;
}

/** Margin collapsing at the top of a block-level box `box` entering container `b`. */
function layoutBlockPlaceTop(b, box, s, state) {
  let mt = box.mt;
  // Quirks mode: a user-agent top margin at the top of the body or a table cell is ignored.
  if (state.quirks && b.atTop && s.mtQuirky && layoutAtQuirkContainerTop(b)) mt = 0;
  const pos = Math.max(b.pendPos, mt > 0 ? mt : 0), neg = Math.min(b.pendNeg, mt < 0 ? mt : 0);
  b.pendPos = b.pendNeg = 0;
  box.mtPos = pos; box.mtNeg = neg;
  // clear: the box moves below the floats already placed in this container.
  if (s.clear && b.floatBottom > b.cursor + pos + neg) {
    box.y = b.cy + b.floatBottom;
    b.atTop = false;
    return;
  }
  if (b.atTop && layoutCollapsesTop(b)) {
    box.topInto = true;
    box.y = b.cy + b.cursor;
    layoutCollapseIntoTop(b, pos, neg);
  } else {
    box.y = b.cy + b.cursor + pos + neg;
  }
}

/** Whether `b`'s content top is the top of the body or a table cell (through collapsed first children). */
function layoutAtQuirkContainerTop(b) {
  for (let c = b; c !== null && c !== undefined; c = c.parentBox) {
    if (c.kind === LK_CELL || (c.s !== null && c.s.localName === "body" && c.s.isHTML)) return true;
    if (!c.atTop || !c.topInto) return false;
  }
  return false;
}

/** Whether a child's top margin collapses through `b`'s top. */
function layoutCollapsesTop(b) {
  return !b.bfc && b.cy === 0 && b.kind === LK_BLOCK && b.s !== null && !b.flexItem;
}

function layoutCollapsesBottom(b) {
  return !b.bfc && (b.padBottom || 0) === 0 && b.s !== null && b.s.bb === 0 && isNaN(b.fixedHeight) && b.kind === LK_BLOCK && !b.flexItem;
}

/** `b` absorbs a child's collapsed top margin: it (or the ancestor it collapsed into) moves down. */
function layoutCollapseIntoTop(b, pos, neg) {
  for (;;) {
    const newPos = Math.max(b.mtPos, pos), newNeg = Math.min(b.mtNeg, neg);
    const delta = (newPos + newNeg) - (b.mtPos + b.mtNeg);
    b.mtPos = newPos; b.mtNeg = newNeg;
    if (delta === 0) return;
    if (b.topInto && b.parentBox !== null && b.parentBox.atTop) { pos = newPos; neg = newNeg; b = b.parentBox; continue; }
    b.y += delta;
    return;
  }
}

/** After a block-level box of height box.h: the container's cursor and pending bottom margin. */
function layoutBlockAfter(b, box, s, state, carryPos, carryNeg, carryQuirky) {
  const mb = box.mb;
  const empty = box.h === 0 && box.atTop !== false;
  const pos = Math.max(mb > 0 ? mb : 0, carryPos || 0), neg = Math.min(mb < 0 ? mb : 0, carryNeg || 0);
  if (empty && box.kind !== LK_REPLACED) {
    // Its top and bottom margins collapse through it.
    b.pendPos = Math.max(pos, box.topInto ? 0 : box.mtPos);
    b.pendNeg = Math.min(neg, box.topInto ? 0 : box.mtNeg);
    if (!box.topInto) box.y -= box.mtPos + box.mtNeg;
    b.pendQuirky = s.mbQuirky;
    return;
  }
  b.cursor = box.y - b.cy + box.h;
  b.pendPos = pos; b.pendNeg = neg;
  b.pendQuirky = s.mbQuirky && (carryPos || 0) <= mb;
  b.atTop = false;
}

/** Ends a block container: closes its line, resolves its inline boxes and sets its height. */
function layoutCloseBlock(box, state) {
  layoutCloseLine(box, false, state);
  const s = box.s;
  let carryPos = 0, carryNeg = 0, carryQuirky = false;
  // Quirks mode: a table cell drops its last child's user-agent bottom margin.
  if (state.quirks && box.pendQuirky && box.kind === LK_CELL) { box.pendPos = 0; box.pendNeg = 0; }
  let content = box.cursor;
  if (layoutCollapsesBottom(box)) { carryPos = box.pendPos; carryNeg = box.pendNeg; carryQuirky = box.pendQuirky; }
  else content += box.pendPos + box.pendNeg;
  if (box.bfc || s.clearfix === true) content = Math.max(content, box.floatBottom);
  if (box.kind === LK_TABLE && box.columns !== null && box.cursor > 0) content += box.spacing || 0;
  // Flex items stretch to their row's height.
  if (box.flexItems !== null && !s.wrap) {
    for (const item of box.flexItems) {
      if (isNaN(item.fixedHeight) && item.s.kind !== LK_REPLACED) item.h = Math.max(item.h, box.rowH - (item.mt || 0) - (item.mb || 0));
    }
  }
  let height = isNaN(box.fixedHeight) ? content : box.fixedHeight;
  const fs = s.fontSize;
  const maxHeight = layoutResolve(s.maxHeight, NaN, fs), minHeight = layoutResolve(s.minHeight, NaN, fs);
  if (!isNaN(maxHeight) && height > maxHeight) height = maxHeight;
  if (!isNaN(minHeight) && height < minHeight) height = minHeight;
  if (box.kind === LK_CELL && height > content) box.oy = 0;
  box.contentHeight = height;
  box.h = box.cy + height + (box.padBottom || 0) + s.bb;
  // Inline boxes: from their first line to their last.
  if (box.inlines !== null) {
    const lines = box.lines || [];
    for (const inline of box.inlines) {
      const info = inline.inline;
      const count = lines.length / 3;
      const s2 = inline.s;
      const l0 = Math.min(info.line0, count - 1), l1 = Math.min(info.line1, count - 1);
      if (count === 0 || l0 < 0) { inline.x = box.cx + info.x0; inline.y = box.cy; inline.w = Math.max(0, info.x1 - info.x0); inline.h = 0; continue; }
      const base0 = lines[l0 * 3] + lines[l0 * 3 + 1], base1 = lines[l1 * 3] + lines[l1 * 3 + 1];
      inline.y = box.cy + base0 - s2.ascent - s2.pt0;
      inline.h = base1 + s2.descent - (base0 - s2.ascent) + s2.pt0 + s2.pb0;
      if (l1 > l0) { inline.x = box.cx; inline.w = box.cw; } else { inline.x = box.cx + info.x0; inline.w = Math.max(0, info.x1 - info.x0); }
    }
    for (const inline of box.inlines) {
      if (inline.blocks === undefined) continue;
      let left = inline.x, top = inline.y, right = inline.x + inline.w, bottom = inline.y + inline.h;
      if (inline.w === 0 && inline.h === 0) { left = Infinity; top = Infinity; right = -Infinity; bottom = -Infinity; }
      for (const block of inline.blocks) {
        left = Math.min(left, block.x); top = Math.min(top, block.y);
        right = Math.max(right, block.x + block.w); bottom = Math.max(bottom, block.y + block.h);
      }
      if (right >= left) { inline.x = left; inline.y = top; inline.w = right - left; inline.h = bottom - top; }
    }
  }
  box.carryPos = carryPos; box.carryNeg = carryNeg; box.carryQuirky = carryQuirky;
  box.pendPosOut = carryPos;
}

/** Exits an element whose box was opened by layoutEnter. */
function layoutExit(element, s, stack, state) {
  if (s === undefined) return;
  const kind = s.kind;
  if (kind === LK_REPLACED || kind === LK_BR || kind === LK_CONTENTS) return;
  if (kind === LK_INLINE) {
    const box = state.boxes.get(element);
    if (box === undefined || box.container === undefined) return;
    const b = box.container;
    const cbw = b.cw;
    const end = (layoutResolve(s.mr, cbw, s.fontSize) || 0) + s.br + (layoutResolve(s.pr, cbw, s.fontSize) || 0);
    if (end > 0 && b.lineHas) b.lineX += end;
    box.inline.line1 = b.lines === null ? 0 : b.lines.length / 3;
    box.inline.x1 = b.lineX;
    return;
  }
  const box = stack[stack.length - 1];
  if (box.s !== s) return;
  stack.pop();
  const b = stack[stack.length - 1];
  if (kind === LK_ROW) {
    layoutCloseLine(box, false, state);
    let height = 0;
    const cells = box.rowCells || [];
    for (const cell of cells) height = Math.max(height, cell.h);
    const fixed = layoutResolve(s.height, NaN, s.fontSize);
    if (!isNaN(fixed)) height = Math.max(height, fixed);
    for (const cell of cells) {
      // Cells stretch to the row; their content is centered vertically (vertical-align: middle).
      cell.oy = Math.max(0, (height - cell.h) / 2);
      cell.h = height;
    }
    box.h = height;
    b.cursor = box.y - b.cy + height;
    b.atTop = false;
    return;
  }
  if (kind === LK_ROWGROUP) {
    layoutCloseLine(box, false, state);
    box.h = box.cursor;
    b.cursor = box.y - b.cy + box.h;
    b.atTop = false;
    return;
  }
  layoutCloseBlock(box, state);
  if (box.placedOutOfFlow) {
    // Shrink-to-fit boxes take the width of their content when narrower.
    layoutPlaceOutOfFlow(box, s, b, box.ml, box.mt, state);
    return;
  }
  if (b.kind === LK_ROW && kind === LK_CELL) return;
  if (box.flexItem) { layoutFlexItemBox(b, box, element, box.ml, box.mt, box.mr, box.mb); return; }
  if (box.atomic) {
    const parentStyle = box.inlineParentStyle;
    const lines = box.lines;
    let ascent = box.mt + box.h + box.mb, descent = 0;
    if (lines !== null && lines.length > 0 && !s.clips) {
      const baseline = box.cy + lines[lines.length - 3] + lines[lines.length - 2] + box.oy;
      ascent = box.mt + baseline;
      descent = box.h - baseline + box.mb;
    }
    layoutPlaceAtomic(b, box, box.ml + box.w + box.mr, ascent, descent, box.ml, box.mt, parentStyle, state);
    return;
  }
  layoutBlockAfter(b, box, s, state, box.carryPos, box.carryNeg, box.carryQuirky);
}

/** Places a float or an absolutely positioned box (it takes no room in the flow). */
function layoutPlaceOutOfFlow(box, s, b, ml, mt, state) {
  if (s.absolute) {
    let containing = null;
    for (let a = b; a !== null && a !== undefined; a = a.parentBox) {
      if (a.s !== null && a.s.position !== "static") { containing = a; break; }
    }
    if (s.position === "fixed") { containing = state.icb; box.noExtent = true; }
    const cb = containing === null ? state.icb : containing;
    const left = layoutResolve(s.left, cb.cw || cb.w, s.fontSize), top = layoutResolve(s.top, NaN, s.fontSize);
    const right = layoutResolve(s.right, cb.cw || cb.w, s.fontSize);
    const staticX = b.cx + (b.lineHas ? b.lineX : 0) + ml, staticY = b.cy + b.cursor + (b.lineHas ? 0 : b.pendPos + b.pendNeg) + mt;
    if (!isNaN(left) || !isNaN(top) || !isNaN(right)) {
      box.rel = cb;
      box.x = !isNaN(left) ? (cb.s !== null ? cb.s.bl : 0) + left + ml : !isNaN(right) ? (cb.s !== null ? cb.s.bl : 0) + (cb.cw || cb.w) - right - box.w : layoutAbsoluteX(b, cb) + staticX;
      box.y = !isNaN(top) ? (cb.s !== null ? cb.s.bt : 0) + top + mt : layoutAbsoluteY(b, cb) + staticY;
    } else {
      box.x = staticX;
      box.y = staticY;
    }
    return;
  }
  // A float: at the current line position, to the left or right, beside earlier floats.
  const y = b.cy + b.cursor + (b.lineHas ? 0 : b.pendPos + b.pendNeg);
  if (b.floatY !== y) { b.floatY = y; b.floatX = 0; b.floatRightX = 0; }
  const outer = box.w + ml + (box.mr || 0);
  if (b.floatX + b.floatRightX + outer > b.cw && b.floatX + b.floatRightX > 0) {
    b.floatY = Math.max(y, b.floatBottom); b.floatX = 0; b.floatRightX = 0;
  }
  if (s.floatRight) { box.x = b.cx + b.cw - b.floatRightX - box.w - (box.mr || 0); b.floatRightX += outer; }
  else { box.x = b.cx + b.floatX + ml; b.floatX += outer; }
  box.y = b.floatY + mt;
  b.floatBottom = Math.max(b.floatBottom, box.y - b.cy + box.h + (box.mb || 0));
  // A float raises the height of the block formatting context that contains it.
  let bottom = box.y + box.h + (box.mb || 0);
  for (let a = b; a !== null && a !== undefined; a = a.parentBox) {
    if (a.bfc || a.parentBox === null || a.parentBox === undefined) {
      a.floatBottom = Math.max(a.floatBottom, bottom - a.cy);
      break;
    }
    bottom += a.y;
  }
}

/** x of block container `b` relative to `ancestor` (b is a descendant box). */
function layoutAbsoluteX(b, ancestor) {
  let x = 0;
  for (let c = b; c !== null && c !== undefined && c !== ancestor; c = c.rel) x += c.x;
  return x;
}
function layoutAbsoluteY(b, ancestor) {
  let y = 0;
  for (let c = b; c !== null && c !== undefined && c !== ancestor; c = c.rel) y += c.y + (c.rel !== null && c.rel !== undefined ? c.rel.oy : 0);
  return y;
}

/** Column widths of a table (auto layout, roughly) from its cells' max/min-content widths. */
function layoutTableColumns(box, s, element, container, state) {
  const maxima = [], minima = [];
  const rows = [];
  for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    const c = state.styles.get(child);
    if (c === undefined) continue;
    if (c.kind === LK_ROW) rows.push(child);
    else if (c.kind === LK_ROWGROUP) {
      for (let row = child[FIRST]; row !== null && row !== undefined; row = row[NEXT]) {
        const r = state.styles.get(row);
        if (r !== undefined && r.kind === LK_ROW) rows.push(row);
      }
    }
  }
  if (rows.length === 0) { box.columns = null; box.kind = LK_BLOCK; return; }
  const spans = [];
  for (const row of rows) {
    let index = 0;
    for (let cell = row[FIRST]; cell !== null && cell !== undefined; cell = cell[NEXT]) {
      const c = state.styles.get(cell);
      if (c === undefined || c.kind !== LK_CELL) continue;
      const span = Math.max(1, parseInt(selectorAttribute(cell, "colspan") || "1", 10) || 1);
      const extras = layoutHorizontalExtras(c);
      let max = layoutFixedWidth(c, c.maxContent) + extras, min = layoutFixedWidth(c, c.minContent) + extras;
      if (typeof c.width === "number") min = max;
      if (span === 1) {
        maxima[index] = Math.max(maxima[index] || 0, max);
        minima[index] = Math.max(minima[index] || 0, min);
      } else spans.push([index, span, max, min]);
      index += span;
    }
  }
  for (const [index, span, max, min] of spans) {
    let sumMax = 0, sumMin = 0;
    for (let k = index; k < index + span; k++) { maxima[k] = maxima[k] || 0; minima[k] = minima[k] || 0; sumMax += maxima[k]; sumMin += minima[k]; }
    if (max > sumMax) for (let k = index; k < index + span; k++) maxima[k] += (max - sumMax) / span;
    if (min > sumMin) for (let k = index; k < index + span; k++) minima[k] += (min - sumMin) / span;
  }
  const count = maxima.length;
  for (let k = 0; k < count; k++) { maxima[k] = maxima[k] || 0; minima[k] = Math.min(minima[k] || 0, maxima[k]); }
  const spacing = s.spacing;
  const extras = box.w - box.cw;
  const fixedWidth = layoutResolve(s.width, container.cw, s.fontSize);
  let sumMax = 0, sumMin = 0;
  for (let k = 0; k < count; k++) { sumMax += maxima[k]; sumMin += minima[k]; }
  const chrome = spacing * (count + 1);
  let width;
  const available = container.cw - box.ml - box.mr - extras;
  if (!isNaN(fixedWidth)) width = Math.max((s.borderBox ? fixedWidth - extras : fixedWidth), sumMin + chrome);
  else width = Math.max(Math.min(available, sumMax + chrome), sumMin + chrome);
  const columns = new Array(count);
  const inner = width - chrome;
  if (inner >= sumMax) {
    for (let k = 0; k < count; k++) columns[k] = sumMax > 0 ? maxima[k] + (inner - sumMax) * maxima[k] / sumMax : inner / Math.max(count, 1);
  } else if (sumMax > sumMin) {
    for (let k = 0; k < count; k++) columns[k] = minima[k] + (maxima[k] - minima[k]) * (inner - sumMin) / (sumMax - sumMin);
  } else for (let k = 0; k < count; k++) columns[k] = minima[k];
  box.columns = columns;
  box.spacing = spacing;
  box.cw = width;
  box.w = width + extras;
  // Centering with auto margins.
  if (s.ml === "auto" && s.mr === "auto") box.ml = box.mr = Math.max(0, (container.cw - box.w) / 2);
  box.cursor = 0;
  box.atTop = false;
}

/** Flex row: each item's border-box width (its max-content, shrunk to fit the container). */
function layoutFlexWidths(box, s, element, state) {
  const items = [];
  let sum = 0, textual = false;
  for (let child = element[FIRST]; child !== null && child !== undefined; child = child[NEXT]) {
    if (typeof child[LOCAL_NAME] !== "string") {
      if ((child.nodeType === 3 || child.nodeType === 4) && /[^ \t\n\r\f]/.test(child[DATA])) textual = true;
      continue;
    }
    const c = state.styles.get(child);
    if (c === undefined || c.outOfFlow) continue;
    const cbw = box.cw;
    let width = layoutResolve(c.width, cbw, c.fontSize);
    const extrasNoMargin = c.bl + c.br + (layoutResolve(c.pl, cbw, c.fontSize) || 0) + (layoutResolve(c.pr, cbw, c.fontSize) || 0);
    const margins = (layoutResolve(c.ml, cbw, c.fontSize) || 0) + (layoutResolve(c.mr, cbw, c.fontSize) || 0);
    if (c.kind === LK_REPLACED) width = layoutReplacedSize(child, c, cbw)[0] + extrasNoMargin;
    else if (isNaN(width)) width = c.maxContent + extrasNoMargin;
    else if (!c.borderBox) width += extrasNoMargin;
    const minimum = c.kind === LK_REPLACED ? width : Math.min(width, c.minContent + extrasNoMargin);
    items.push([child, width, minimum, margins]);
    sum += width + margins;
  }
  if (textual) { box.flexWidths = null; box.kind = LK_BLOCK; return; }
  const widths = new Map();
  const overflow = sum - box.cw;
  let shrinkable = 0;
  for (const item of items) shrinkable += item[1] - item[2];
  for (const item of items) {
    let width = item[1];
    if (overflow > 0 && !s.wrap && shrinkable > 0) width = item[1] - Math.min(overflow, shrinkable) * (item[1] - item[2]) / shrinkable;
    // Wrapping: an item wider than the line shrinks to it (not below its min-content width).
    else if (s.wrap && width + item[3] > box.cw) width = Math.max(item[2], box.cw - item[3]);
    widths.set(item[0], Math.max(0, width));
  }
  box.flexWidths = widths;
  box.flexItems = [];
  box.fx = 0; box.fy = 0; box.rowH = 0;
}

/** Places a laid-out flex item (border box `box`) on the container's row. */
function layoutFlexItemBox(b, box, element, ml, mt, mr, mb) {
  const outer = ml + box.w + mr;
  if (b.s.wrap && b.fx > 0 && b.fx + outer > b.cw + 0.01) { b.fy += b.rowH; b.fx = 0; b.rowH = 0; b.flexRowStart = b.flexItems.length; }
  box.x = b.cx + b.fx + ml;
  box.y = b.cy + b.fy + mt;
  b.fx += outer;
  b.rowH = Math.max(b.rowH, mt + box.h + mb);
  b.flexItems.push(box);
  b.cursor = b.fy + b.rowH;
  b.atTop = false;
  if (b.fx > b.textRight) b.textRight = b.fx;
}

// ---------------------------------------------------------------------------------------------
// What the getters read.

/** Rounds to WebKit's layout unit (1/64 px). */
function layoutUnit(value) {
  return Math.round(value * 64) / 64;
}

/** The border box of `element` in viewport coordinates (the page is never scrolled): [x, y, w, h] or null. */
function layoutRectOf(element) {
  const box = layoutBoxOf(element);
  if (box === null) return null;
  return [layoutUnit(box.ax), layoutUnit(box.ay), layoutUnit(box.w), layoutUnit(box.h)];
}

/** Element.getBoundingClientRect(). */
function layoutBoundingClientRect(element) {
  const rect = layoutRectOf(element);
  return rect === null ? new DOMRect(0, 0, 0, 0) : new DOMRect(rect[0], rect[1], rect[2], rect[3]);
}

/** Element.getClientRects(): one rectangle per box (inline boxes are not split per line). */
function layoutClientRects(element) {
  const rect = layoutRectOf(element);
  return rect === null ? [] : [new DOMRect(rect[0], rect[1], rect[2], rect[3])];
}

/** The viewport-sized element of the document's mode: html (standards) or body (quirks). */
function layoutIsViewportElement(element, layout) {
  const doc = element[OWNER];
  if (layout.quirks) return element === doc.body;
  return element === doc.documentElement;
}

/** clientWidth / clientHeight (`vertical`). */
function layoutClientSize(element, vertical) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return 0;
  const layout = layoutOf(doc);
  if (layoutIsViewportElement(element, layout)) return vertical ? layout.viewportHeight : layout.viewportWidth;
  const box = layout.boxes.get(element);
  if (box === undefined || box.isInline || box.s.kind === LK_BR) return 0;
  const s = box.s;
  return Math.round(vertical ? box.h - s.bt - s.bb : box.w - s.bl - s.br);
}

/** scrollWidth / scrollHeight (`vertical`). */
function layoutScrollSize(element, vertical) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined || !element.isConnected) return 0;
  const layout = layoutOf(doc);
  const viewport = vertical ? layout.viewportHeight : layout.viewportWidth;
  const extent = Math.round(vertical ? layout.extentBottom : layout.extentRight);
  if (element === doc.documentElement) {
    if (layout.quirks && vertical) return Math.max(Math.round(layout.html.h), extent);
    return Math.max(viewport, extent);
  }
  if (layout.quirks && element === doc.body) return Math.max(viewport, extent);
  return layoutClientSize(element, vertical);
}

/** HTMLElement.offsetParent: https://drafts.csswg.org/cssom-view/#dom-htmlelement-offsetparent */
function layoutOffsetParent(element) {
  const doc = element[OWNER];
  if (doc === null || doc === undefined) return null;
  const box = layoutBoxOf(element);
  if (box === null || element === doc.body || element === doc.documentElement || box.s.position === "fixed") return null;
  const layout = layoutOf(doc);
  const positioned = box.s.position !== "static";
  for (let a = element[PARENT]; a !== null && a !== undefined && typeof a[LOCAL_NAME] === "string"; a = a[PARENT]) {
    if (a === doc.body) return a;
    const ab = layout.boxes.get(a);
    const position = ab !== undefined ? ab.s.position : "static";
    if (position !== "static") return a;
    if (!positioned && a[NAMESPACE] === SELECTOR_HTML_NAMESPACE && (a[LOCAL_NAME] === "td" || a[LOCAL_NAME] === "th" || a[LOCAL_NAME] === "table")) return a;
  }
  return doc.body;
}

/** offsetLeft / offsetTop (`vertical`), relative to the offset parent's padding edge. */
function layoutOffsetPosition(element, vertical) {
  const box = layoutBoxOf(element);
  if (box === null || element === element[OWNER].body) return 0;
  const parent = layoutOffsetParent(element);
  let value = vertical ? box.ay : box.ax;
  if (parent !== null && parent !== element[OWNER].body) {
    const pb = layoutBoxOf(parent);
    if (pb !== null) value -= vertical ? pb.ay + pb.s.bt : pb.ax + pb.s.bl;
  }
  return Math.round(value);
}

/** offsetWidth / offsetHeight (`vertical`). */
function layoutOffsetSize(element, vertical) {
  const box = layoutBoxOf(element);
  if (box === null) return 0;
  return Math.round(vertical ? box.h : box.w);
}

/** HTMLImageElement width/height: the content box when rendered, else the attribute or natural size. */
function layoutImageDimension(element, vertical) {
  const box = layoutBoxOf(element);
  if (box !== null) return Math.round(vertical ? box.contentHeight : box.cw);
  const attribute = layoutAttributeNumber(element, vertical ? "height" : "width");
  if (attribute >= 0) return Math.floor(attribute);
  const natural = layoutImageNaturalSize(element);
  return natural === null ? 0 : natural[vertical ? 1 : 0];
}

/** naturalWidth / naturalHeight: only data: URL images load (an SVG with only a ratio reports its rendered size). */
function layoutImageNaturalDimension(element, vertical) {
  const natural = layoutImageNaturalSize(element);
  if (natural === null) return 0;
  if (natural[2] === true) {
    const box = layoutBoxOf(element);
    return box === null ? 0 : Math.round(vertical ? box.contentHeight : box.cw);
  }
  return natural[vertical ? 1 : 0];
}

/** Range.getBoundingClientRect(): the union of the boxes of the elements holding its boundary points. */
function layoutRangeRect(range, startNode, endNode) {
  const elementOf = (node) => typeof node[LOCAL_NAME] === "string" ? node : node[PARENT];
  const a = startNode === null ? null : elementOf(startNode), b = endNode === null ? null : elementOf(endNode);
  const ra = a === null || a === undefined || typeof a[LOCAL_NAME] !== "string" ? null : layoutRectOf(a);
  const rb = b === null || b === undefined || typeof b[LOCAL_NAME] !== "string" ? null : layoutRectOf(b);
  if (ra === null && rb === null) return new DOMRect(0, 0, 0, 0);
  const r1 = ra || rb, r2 = rb || ra;
  const left = Math.min(r1[0], r2[0]), top = Math.min(r1[1], r2[1]);
  const right = Math.max(r1[0] + r1[2], r2[0] + r2[2]), bottom = Math.max(r1[1] + r1[3], r2[1] + r2[3]);
  return new DOMRect(left, top, right - left, bottom - top);
}
