// Decode puzz.link URLs with the real pzpr.js engine, for pencilkit's interop tests.
//
// Input: one URL per line on standard input.
// Output: one JSON object per input line, in order:
//   {"ok": true, "genre": pid, "cols": C, "rows": R, "clues": [qnum per cell, row-major], "url": pzpr's re-encoding}
//   {"ok": false, "error": "..."} when pzpr refuses the URL.
// In "clues", -1 is a cell without a clue and -2 a "?" clue, as pzpr stores them.
"use strict";

const pzpr = require("pzpr");
const readline = require("readline");

const shared = new pzpr.Puzzle({ type: "player" }); // reopened for every URL: much cheaper than a new one

function decode(url) {
  try {
    const puzzle = shared.open(url);
    const board = puzzle.board;
    const clues = [];
    for (let i = 0; i < board.cell.length; i++) {
      clues.push(board.cell[i].qnum);
    }
    return { ok: true, genre: puzzle.pid, cols: board.cols, rows: board.rows, clues: clues, url: puzzle.getURL() };
  } catch (error) {
    return { ok: false, error: String(error).slice(0, 200) };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (line.trim()) {
    process.stdout.write(JSON.stringify(decode(line.trim())) + "\n");
  }
});
