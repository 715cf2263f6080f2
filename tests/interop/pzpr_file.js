// pzprv3 files with the real pzpr.js engine, for pencilkit's interop tests.
//
// Input: one JSON object per line on standard input: {"url": "..."} or {"file": "pzprv3\n..."},
//   with "peke": true to put a peke (a player's cross on the border between two cells) on the board's first
//   border before the file is written, where the board has borders.
// Output: one JSON object per input line, in order:
//   {"ok": true, "file": pzpr's pzprv3 file of what it opened, "url": its URL,
//    "marks": per cell (row-major) "#" shaded, "+" dot, "." none, "complete": pzpr's verdict on the marks,
//    "undecided": whether pzpr notes cells left neither shaded nor dotted}
//   {"ok": false, "error": "..."} when pzpr refuses the input.
"use strict";

const pzpr = require("./pzpr_engine.js"); // pzpr.js 0.12 (pzpr_engine.js)
const readline = require("readline");

const shared = new pzpr.Puzzle({ type: "player" });

function handle(request) {
  try {
    const puzzle = shared.open(request.url || request.file);
    const board = puzzle.board;
    if (request.peke && board.border.length > 0) {
      board.border[0].qsub = 2;
    }
    let marks = "";
    for (let i = 0; i < board.cell.length; i++) {
      const cell = board.cell[i];
      marks += cell.qans === 1 ? "#" : cell.qsub === 1 ? "+" : ".";
    }
    const verdict = puzzle.check(true);
    return { ok: true, file: puzzle.getFileData(), url: puzzle.getURL(), marks: marks,
             complete: !!verdict.complete, undecided: !!verdict.undecided };
  } catch (error) {
    return { ok: false, error: String(error).slice(0, 200) };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (line.trim()) {
    process.stdout.write(JSON.stringify(handle(JSON.parse(line))) + "\n");
  }
});
