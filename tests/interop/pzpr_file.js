// pzprv3 files with the real pzpr.js engine, for pencilkit's interop tests.
//
// Input: one JSON object per line on standard input: {"url": "..."} or {"file": "pzprv3\n..."}.
// Output: one JSON object per input line, in order:
//   {"ok": true, "file": pzpr's pzprv3 file of what it opened, "url": its URL,
//    "marks": per cell (row-major) "#" shaded, "+" dot, "." none, "complete": pzpr's verdict on the marks}
//   {"ok": false, "error": "..."} when pzpr refuses the input.
"use strict";

const pzpr = require("pzpr");
const readline = require("readline");

const shared = new pzpr.Puzzle({ type: "player" });

function handle(request) {
  try {
    const puzzle = shared.open(request.url || request.file);
    const board = puzzle.board;
    let marks = "";
    for (let i = 0; i < board.cell.length; i++) {
      const cell = board.cell[i];
      marks += cell.qans === 1 ? "#" : cell.qsub === 1 ? "+" : ".";
    }
    return { ok: true, file: puzzle.getFileData(), url: puzzle.getURL(), marks: marks,
             complete: !!puzzle.check(true).complete };
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
