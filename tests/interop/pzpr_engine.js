// Load pzpr.js 0.12.0, the engine of today's puzz.link, for the interop helpers.
//
// It is published only inside the PyPI wheel ppbench 0.1.0 (ppbench/vendor/pzprjs); scripts/test.sh unpacks
// that copy into pzprjs-0.12/ here (git-ignored), and this loads pzprjs-0.12/dist/js/pzpr.js.
"use strict";

const path = require("path");

module.exports = require(path.join(__dirname, "pzprjs-0.12", "dist", "js", "pzpr.js"));
