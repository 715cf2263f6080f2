// Load the pzpr.js engine a helper is asked for, so the same interop tests run against each of them.
//
// The engine is named by the PZPR_ENGINE environment variable:
//   "pzpr-0.10" (the default): the npm package pzpr 0.10.1 in node_modules (`npm ci` here);
//   "pzpr-0.12": pzpr.js 0.12.0, the engine of today's puzz.link, vendored in the PyPI wheel ppbench 0.1.0
//                and unpacked into pzprjs-0.12/ by scripts/test.sh;
//   or the path of a pzpr.js file.
"use strict";

const path = require("path");

const ENGINES = {
  "pzpr-0.10": "pzpr",
  "pzpr-0.12": path.join(__dirname, "pzprjs-0.12", "dist", "js", "pzpr.js"),
};

function load() {
  const name = process.env.PZPR_ENGINE || "pzpr-0.10";
  return require(ENGINES[name] || path.resolve(name));
}

module.exports = load();
