// Decode puzz.link URLs with the real pzpr.js engine, for pencilkit's interop tests.
//
// Input: one URL per line on standard input.
// Output: one JSON object per input line, in order:
//   {"ok": true, "genre": pid, "cols": C, "rows": R, "clues": [qnum per cell, row-major],
//    "rooms": [room per cell, row-major] or null, "url": pzpr's re-encoding}
//   {"ok": false, "error": "..."} when pzpr refuses the URL.
// In "clues", -1 is a cell without a clue and -2 a "?" clue, as pzpr stores them.
// "rooms" (genres with rooms, such as heyawake) numbers each cell's room by its place in pzpr's room list;
// null for a genre without rooms.
"use strict";

const pzpr = require("./pzpr_engine.js"); // pzpr.js 0.12 (pzpr_engine.js)
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
    let rooms = null;
    if (board.roommgr && board.roommgr.enabled) {
      const list = board.roommgr.components;
      rooms = [];
      for (let i = 0; i < board.cell.length; i++) {
        rooms.push(list.indexOf(board.cell[i].room));
      }
    }
    return { ok: true, genre: puzzle.pid, cols: board.cols, rows: board.rows, clues: clues, rooms: rooms,
             url: puzzle.getURL() };
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
