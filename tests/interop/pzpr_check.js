// Check answers with the real pzpr.js engine's own rule checker, for pencilkit's interop tests.
//
// Input: one JSON object per line on standard input: {"url": "...", "answer": ["#-..", ...]}
//   where "#" is a shaded cell and anything else unshaded.
// Output: one JSON object per input line, in order:
//   {"ok": true, "complete": bool, "code": pzpr's fail code or null, "codes": every rule check that fails,
//    in pzpr's order (its "multierr" mode; "code" is the first, the one pzpr's player shows),
//    "undecided": whether pzpr notes cells left neither shaded nor dotted (an answer here has no dots),
//    "text": pzpr's verdict in words}
//   {"ok": false, "error": "..."} when the URL or the answer cannot be loaded.
"use strict";

const pzpr = require("./pzpr_engine.js"); // pzpr.js 0.12 (pzpr_engine.js)
const readline = require("readline");

const shared = new pzpr.Puzzle({ type: "player" }); // reopened for every request: much cheaper than a new one
shared.setConfig("multierr", true); // run every rule check, not only up to the first that fails

function check(request) {
  try {
    const puzzle = shared.open(request.url);
    const board = puzzle.board;
    const rows = request.answer;
    if (rows.length !== board.rows) {
      throw new Error("answer has " + rows.length + " rows, the board " + board.rows);
    }
    for (let r = 0; r < board.rows; r++) {
      if (rows[r].length !== board.cols) {
        throw new Error("answer row " + (r + 1) + " has " + rows[r].length + " cells, the board " + board.cols);
      }
      for (let c = 0; c < board.cols; c++) {
        if (rows[r][c] === "#") {
          board.cell[r * board.cols + c].qans = 1; // set directly: rebuildInfo below recomputes the graphs once
        }
      }
    }
    board.rebuildInfo();
    const verdict = puzzle.check(true);
    const codes = Array.from({ length: verdict.length }, (_, i) => String(verdict[i]));
    return { ok: true, complete: !!verdict.complete, code: verdict.complete ? null : String(verdict[0] || verdict.text),
             codes: codes, undecided: !!verdict.undecided, text: String(verdict.text) };
  } catch (error) {
    return { ok: false, error: String(error).slice(0, 200) };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (line.trim()) {
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      process.stdout.write(JSON.stringify({ ok: false, error: "bad JSON: " + error.message }) + "\n");
      return;
    }
    process.stdout.write(JSON.stringify(check(request)) + "\n");
  }
});
