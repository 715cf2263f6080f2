// The editor: an empty board of any size on which clues (and, for a genre of
// rooms, room borders) are placed by click and keyboard, with a live inspection of the
// puzzle so far (POST /api/inspect): one solution (its rating and the step of
// its hardest technique, drawn on the board), none, or several (the cells
// where two solutions differ drawn, and a suggested clue that one click
// applies), with a legend of the marks drawn.  A board without clues is not
// inspected: it asks for clues.  Each edit aborts the inspection still running
// for the board before it, and an answer is shown only if no edit came after
// its request.
//
// In a genre with a number in every cell (Hitori: ``filled`` in /api/genres)
// numbers are typed one after another: a number that no further digit can
// make longer (the numbers run up to the board's longer side) moves the
// cursor on to the next cell, and a digit that cannot make it longer starts
// the next cell's.
//
// It lives beside the player (player.js) and leaves it alone: the Edit
// button swaps the player's sections for the editor's (body.editing), and
// "Play this puzzle" hands the puzzle's ID to the player.

import { api } from "./api.js";

const STORE_KEY = "pencilkit-editor-v1";
const CELL = 40;
const PAD = 3;
const SVG_NS = "http://www.w3.org/2000/svg";
const DEBOUNCE_MS = 150;
const TYPING_MS = 1200;
const INSPECT_SECONDS = 8;
const HISTORY_LIMIT = 300;
const EDGE_NEAR = 0.16;

const $ = (id) => document.getElementById(id);

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (parent) parent.appendChild(el);
  return el;
}

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** A number field for a side of the board. */
function sideInput(id) {
  return el("input", { id, type: "number", min: "1", value: "7", inputmode: "numeric" });
}

/** The key of the border between two side-by-side cells. */
function wallKey(a, b) {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

function cellName(cell, cols) {
  return `r${Math.floor(cell / cols) + 1}c${(cell % cols) + 1}`;
}

const LABELS = { unique: "Unique", none: "No solution", several: "Several solutions", unknown: "Not settled",
                 invalid: "Not a puzzle yet", checking: "Checking…", error: "No answer",
                 empty: "Place clues to begin" };
/** More cells a room on average than this, and a board of rooms has too few of them. */
const ROOM_CELLS = 9;

/** What each mark drawn over the board means (the legend), by its class. */
const LEGEND = {
  differ: "differs between the two solutions",
  shade: "shaded in the solution shown",
  before: "known shaded before the hardest step",
  dot: "known unshaded before the hardest step",
  "step-shade": "shaded by the hardest step",
  "step-unshade": "unshaded by the hardest step",
  stuck: "left open by the techniques: trial and error",
  suggest: "the suggested clue (its number in green)",
  clash: "a clue that cannot hold with the others",
  add: "one more clue here can give a solution",
};

/** Whether the screen is a touch screen (a finger, no mouse): the editor then speaks of taps. */
function touchScreen() {
  return window.matchMedia("(pointer: coarse)").matches || window.matchMedia("(hover: none)").matches;
}

/** A list of names in words: "a", "a and b", "a, b and c". */
function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

class Editor {
  constructor() {
    this.genres = [];
    this.limits = { max_side: 60 };
    this.state = null;
    this.undoStack = [];
    this.redoStack = [];
    this.cursor = 0;
    this.picked = false;
    this.showCursor = false;
    this.typing = null;
    this.drag = null;
    this.seq = 0;
    this.controller = null;
    this.timer = null;
    this.result = null;
    this.view = "none";
    this.shown = [];
    this.editing = false;
  }

  // -- start-up ---------------------------------------------------------------

  async start() {
    this.build();
    try {
      const info = await fetch("/api/genres").then((r) => r.json());
      this.genres = info.genres;
      this.limits = info.limits;
    } catch {
      return;  // the player says that the server cannot be reached
    }
    $("editor-genre").replaceChildren(...this.genres.map((g) => new Option(g.title, g.name)));
    for (const id of ["editor-rows", "editor-cols"]) $(id).max = this.limits.max_side;
    const saved = this.restore();
    this.setState(saved ?? this.emptyState(this.genres[0].name, 7, 7), false);
    if (new URLSearchParams(location.search).get("edit") === "1") this.enter();
  }

  /** The editor's own markup, in the #editor section the page keeps for it. */
  build() {
    const root = $("editor");
    root.replaceChildren(
      el("div", { class: "ed-head" }, [
        el("h2", { id: "editor-title", text: "Make a puzzle" }),
        el("p", { class: "ed-summary", id: "editor-summary" }),
        el("details", { class: "ed-rules" }, [el("summary", { text: "Rules" }), el("ul", { id: "editor-rules" })]),
      ]),
      el("div", { class: "ed-row ed-shape" }, [
        el("label", {}, ["Genre ", el("select", { id: "editor-genre" })]),
        el("label", {}, ["Rows ", sideInput("editor-rows")]),
        el("label", {}, ["Columns ", sideInput("editor-cols")]),
        el("button", { type: "button", id: "editor-new", text: "Empty board" }),
        el("button", { type: "button", id: "editor-from-game", text: "Edit the puzzle played" }),
      ]),
      el("p", { class: "ed-how", id: "editor-how" }),
      el("div", { class: "ed-board", id: "editor-board", tabindex: "0",
                  "aria-label": "editor board: arrows move, digits write a clue, ? an unknown one, backspace erases" }),
      el("ul", { class: "ed-legend", id: "editor-legend", "aria-label": "what the marks on the board mean",
                 hidden: "" }),
      el("div", { class: "ed-row ed-palette", id: "editor-palette" }, [
        ..."0123456789".split("").map((d) => el("button", { type: "button", "data-key": d, text: d })),
        el("button", { type: "button", "data-key": "?", text: "?" }),
        el("button", { type: "button", "data-key": "Backspace", text: "⌫", title: "Erase a digit" }),
        el("button", { type: "button", "data-key": "Delete", text: "Clear", title: "Clear the cell" }),
      ]),
      el("div", { class: "ed-report" }, [
        el("p", { class: "ed-status", id: "editor-status", role: "status", "aria-live": "polite" }),
        el("p", { class: "ed-detail", id: "editor-detail" }),
        el("div", { class: "ed-views", id: "editor-views", hidden: "" }, [
          el("span", { text: "Show " }),
          el("button", { type: "button", "data-view": "none", text: "Clues" }),
          el("button", { type: "button", "data-view": "0", text: "Solution 1" }),
          el("button", { type: "button", "data-view": "1", text: "Solution 2" }),
        ]),
        el("div", { class: "ed-suggestion", id: "editor-suggestion", hidden: "" }, [
          el("p", { id: "editor-suggestion-text" }),
          el("button", { type: "button", id: "editor-apply", class: "primary", text: "Apply suggestion" }),
        ]),
      ]),
      el("div", { class: "ed-row ed-actions" }, [
        el("button", { type: "button", id: "editor-undo", text: "Undo" }),
        el("button", { type: "button", id: "editor-redo", text: "Redo" }),
        el("button", { type: "button", id: "editor-clear", text: "Clear clues" }),
      ]),
      el("div", { class: "ed-export" }, [
        el("p", { class: "ed-share" }, [
          "Puzzle ID ",
          el("input", { id: "editor-id", type: "text", readonly: "", "aria-label": "puzzle ID" }),
          el("button", { type: "button", id: "editor-copy", text: "Copy" }),
        ]),
        el("p", { class: "ed-share" }, [
          el("a", { id: "editor-url", href: "#", target: "_blank", rel: "noopener", hidden: "",
                    text: "puzz.link URL" }),
          el("button", { type: "button", id: "editor-sheet", text: "Print sheet" }),
          el("button", { type: "button", id: "editor-play", class: "primary", text: "Play this puzzle" }),
        ]),
        el("p", { class: "ed-note", id: "editor-note", hidden: "" }),
      ]),
    );
    $("edit-mode").addEventListener("click", () => (this.editing ? this.leave() : this.enter()));
    $("editor-genre").addEventListener("change", () => this.chooseGenre($("editor-genre").value));
    $("editor-new").addEventListener("click", () => this.newBoard());
    $("editor-from-game").addEventListener("click", () => this.fromGame());
    $("editor-undo").addEventListener("click", () => this.undo());
    $("editor-redo").addEventListener("click", () => this.redo());
    $("editor-clear").addEventListener("click", () => this.clearClues());
    $("editor-apply").addEventListener("click", () => this.applySuggestion());
    $("editor-copy").addEventListener("click", () => this.copyId());
    $("editor-sheet").addEventListener("click", () => this.sheet());
    $("editor-play").addEventListener("click", () => this.play());
    $("editor-id").addEventListener("focus", (e) => e.target.select());
    $("editor-views").addEventListener("click", (e) => {
      const button = e.target.closest("button[data-view]");
      if (button) this.setView(button.dataset.view);
    });
    $("editor-palette").addEventListener("click", (e) => {
      const button = e.target.closest("button[data-key]");
      if (button) this.key(button.dataset.key, false);
    });
    const board = $("editor-board");
    board.addEventListener("keydown", (e) => this.keydown(e));
    board.addEventListener("focus", () => this.drawCursor());
    board.addEventListener("blur", () => this.drawCursor());
    // the player undoes its own game on Ctrl+Z: while editing, the editor's history takes those keys
    window.addEventListener("keydown", (e) => {
      if (!this.editing || !(e.ctrlKey || e.metaKey) || e.target.matches("input, textarea")) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) this.undo();
      else if (key === "y" || (key === "z" && e.shiftKey)) this.redo();
      else return;
      e.preventDefault();
      e.stopImmediatePropagation();
    }, true);
  }

  // -- mode ---------------------------------------------------------------------

  enter() {
    this.editing = true;
    document.body.classList.add("editing");
    $("editor").hidden = false;
    $("edit-mode").textContent = "Back to playing";
    $("edit-mode").setAttribute("aria-pressed", "true");
    window.pencilkitPlayer?.pause?.(true);  // the game's timer stops while a puzzle is made, as in a hidden tab
    this.draw();
    this.inspectSoon(0);
  }

  leave() {
    this.editing = false;
    this.abort();
    document.body.classList.remove("editing");
    $("editor").hidden = true;
    $("edit-mode").textContent = "Edit";
    $("edit-mode").setAttribute("aria-pressed", "false");
  }

  // -- the puzzle being made ------------------------------------------------------

  emptyState(genre, rows, cols) {
    return { genre, rows, cols, tokens: Array(rows * cols).fill("."), walls: [] };
  }

  genreInfo(name = this.state?.genre) {
    return this.genres.find((g) => g.name === name);
  }

  hasRooms() {
    return Boolean(this.genreInfo()?.rooms);
  }

  /** Whether every cell of the genre holds a number (Hitori). */
  isFilled() {
    return Boolean(this.genreInfo()?.filled);
  }

  /** Load a state (genre, rows, cols, tokens, walls); ``record`` keeps the old one for undo. */
  setState(state, record = true) {
    if (record && this.state) this.remember();
    this.state = { ...state, tokens: state.tokens.slice(), walls: state.walls.slice() };
    this.wallSet = new Set(this.state.walls);
    this.cursor = Math.min(this.cursor, state.rows * state.cols - 1);
    $("editor-genre").value = state.genre;
    $("editor-rows").value = state.rows;
    $("editor-cols").value = state.cols;
    this.showGenre();
    this.changed();
  }

  remember() {
    this.undoStack.push(this.snapshot());
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack = [];
  }

  snapshot() {
    return { ...this.state, tokens: this.state.tokens.slice(), walls: [...this.wallSet] };
  }

  undo() {
    const before = this.undoStack.pop();
    if (!before) return;
    this.redoStack.push(this.snapshot());
    this.setState(before, false);
  }

  redo() {
    const after = this.redoStack.pop();
    if (!after) return;
    this.undoStack.push(this.snapshot());
    this.setState(after, false);
  }

  /** After any change: draw, keep, and inspect the new puzzle (the older inspection is called off). */
  changed() {
    this.state.walls = [...this.wallSet];
    this.typing = this.typing && this.typing.cell === this.cursor ? this.typing : null;
    this.result = null;
    this.view = "none";
    this.draw();
    this.showExport();
    this.note("");
    this.save();
    $("editor-undo").disabled = !this.undoStack.length;
    $("editor-redo").disabled = !this.redoStack.length;
    if (this.editing) this.inspectSoon();
  }

  chooseGenre(name) {
    if (!this.genreInfo(name) || name === this.state.genre) return;
    this.setState({ ...this.snapshot(), genre: name });
  }

  /** The title, summary and rules of the genre being made. */
  showGenre() {
    const genre = this.genreInfo();
    if (!genre) return;
    $("editor-title").textContent = `Make a ${genre.title} puzzle`;
    $("editor-summary").textContent = genre.summary;
    const rules = genre.rules.split(/\n\s*\*\s*/).slice(1);
    $("editor-rules").replaceChildren(...rules.map((rule) => el("li", { text: rule.replace(/\s+/g, " ").trim() })));
  }

  newBoard() {
    const sides = ["editor-rows", "editor-cols"].map((id) => Number($(id).value));
    const top = this.limits.max_side;
    if (!sides.every((n) => Number.isInteger(n) && n >= 1 && n <= top)) {
      this.note(`Rows and columns must be whole numbers from 1 to ${top}.`);
      return;
    }
    this.cursor = 0;
    this.setState(this.emptyState($("editor-genre").value, sides[0], sides[1]));
  }

  /** Start from the puzzle the player has open: its clues, and its rooms as borders. */
  fromGame() {
    const puzzle = window.pencilkitPlayer?.game?.puzzle;
    if (!puzzle) {
      this.note("No puzzle is being played.");
      return;
    }
    const { rows, cols, rooms } = puzzle;
    const walls = [];
    if (Array.isArray(rooms)) {
      for (let i = 0; i < rows * cols; i++) {
        if ((i + 1) % cols && rooms[i] !== rooms[i + 1]) walls.push(wallKey(i, i + 1));
        if (i + cols < rows * cols && rooms[i] !== rooms[i + cols]) walls.push(wallKey(i, i + cols));
      }
    }
    this.setState({ genre: puzzle.genre, rows, cols, tokens: puzzle.tokens.slice(), walls });
  }

  clearClues() {
    if (this.state.tokens.every((t) => t === ".")) return;
    this.setState({ ...this.snapshot(), tokens: this.state.tokens.map(() => ".") });
  }

  /** The rooms the borders make: each cell's room, numbered from 0 in reading order. */
  rooms() {
    const { rows, cols } = this.state;
    const size = rows * cols;
    const room = Array(size).fill(-1);
    let count = 0;
    for (let start = 0; start < size; start++) {
      if (room[start] >= 0) continue;
      room[start] = count;
      const stack = [start];
      while (stack.length) {
        const cell = stack.pop();
        for (const next of this.neighbours(cell)) {
          if (room[next] < 0 && !this.wallSet.has(wallKey(cell, next))) {
            room[next] = count;
            stack.push(next);
          }
        }
      }
      count++;
    }
    return room;
  }

  neighbours(cell) {
    const { rows, cols } = this.state;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    const out = [];
    if (r > 0) out.push(cell - cols);
    if (c > 0) out.push(cell - 1);
    if (c < cols - 1) out.push(cell + 1);
    if (r < rows - 1) out.push(cell + cols);
    return out;
  }

  /** The puzzle's ID as pencilkit writes it: genre:RxC:tokens, then the rooms for a board of rooms. */
  puzzleId() {
    const { genre, rows, cols, tokens } = this.state;
    const id = `${genre}:${rows}x${cols}:${tokens.join(",")}`;
    return this.hasRooms() ? `${id}:${this.rooms().join(",")}` : id;
  }

  /** A bound on the number a clue at ``cell`` can have: its room's size; in a genre of numbers in every cell
   *  the board's longer side (as puzz.link bounds a Hitori number); else the board's size (the server
   *  checks the genre's own bound and names it). */
  maxNumber(cell) {
    const { rows, cols } = this.state;
    if (this.hasRooms()) {
      const rooms = this.rooms();
      return rooms.filter((r) => r === rooms[cell]).length;
    }
    return this.isFilled() ? Math.max(rows, cols) : rows * cols;
  }

  minNumber() {
    return this.hasRooms() ? 0 : 1;
  }

  /** Write ``token`` ("." for none) at ``cell`` as one undoable step; a room keeps one number. */
  setToken(cell, token) {
    const tokens = this.state.tokens.slice();
    if (tokens[cell] === token) return;
    tokens[cell] = token;
    if (token !== "." && this.hasRooms()) {
      const rooms = this.rooms();
      tokens.forEach((other, i) => {
        if (i !== cell && other !== "." && rooms[i] === rooms[cell]) tokens[i] = ".";
      });
    }
    this.setState({ ...this.snapshot(), tokens });
  }

  /** Count the clue at ``cell`` up (or down): none, then the smallest number … the largest, then none. */
  step(cell, by) {
    const token = this.state.tokens[cell];
    const low = this.minNumber();
    const high = this.maxNumber(cell);
    let next;
    if (token === "." || token === "?") next = by > 0 ? low : high;
    else next = Number(token) + by;
    this.setToken(cell, next < low || next > high ? "." : String(next));
  }

  toggleWall(a, b, on = null) {
    const key = wallKey(a, b);
    const want = on ?? !this.wallSet.has(key);
    if (want === this.wallSet.has(key)) return false;
    if (want) this.wallSet.add(key);
    else this.wallSet.delete(key);
    return true;
  }

  // -- drawing ------------------------------------------------------------------

  draw() {
    const container = $("editor-board");
    if (!container || !this.state) return;
    const { rows, cols, tokens } = this.state;
    const width = cols * CELL + 2 * PAD;
    const height = rows * CELL + 2 * PAD;
    container.replaceChildren();
    container.style.setProperty("--aspect", `${width} / ${height}`);
    const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: `ed-grid genre-${this.state.genre}`,
                              role: "grid", "aria-label": `editor board ${rows} by ${cols}` }, container);
    this.root = root;
    const cellsG = svg("g", { class: "ed-cells" }, root);
    for (let i = 0; i < rows * cols; i++) {
      const [x, y] = this.origin(i);
      svg("rect", { x, y, width: CELL, height: CELL, class: "ed-cell", "data-cell": i }, cellsG);
    }
    this.underEl = svg("g", { class: "ed-under" }, root);
    this.marksEl = svg("g", { class: "ed-marks" }, root);
    const numerals = svg("g", { class: "ed-numerals" }, root);
    const circled = Boolean(this.genreInfo()?.circled);  // clues in circles, as the genre is printed
    tokens.forEach((token, i) => {
      if (token === ".") return;
      const [x, y] = this.origin(i);
      if (circled) svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 5, class: "ed-ring" }, numerals);
      const text = svg("text", { x: x + CELL / 2, y: y + CELL / 2, class: "ed-numeral", "data-cell": i,
                                 "font-size": token.length > 2 ? 15 : 22 }, numerals);
      text.textContent = token;
    });
    this.lines(root);
    this.cursorEl = svg("rect", { width: CELL - 4, height: CELL - 4, rx: 3, class: "ed-cursor" }, root);
    this.listen(root);
    this.drawCursor();
    this.drawResult();
    $("editor-palette").querySelector('[data-key="0"]').disabled = this.minNumber() > 0;
    $("editor-how").textContent = this.howText(touchScreen());
  }

  /** How to edit: by mouse and keys, or by touch (taps on the board and the digits under it). */
  howText(touch) {
    if (this.isFilled()) {
      const pick = touch ? "Tap a cell, then the digits below" : "Click a cell, then type the digits";
      return `${pick}: a number in every cell, up to ${Math.max(this.state.rows, this.state.cols)}. The cursor ` +
             "moves on once a number is complete, so a row is typed in one go; " +
             (touch ? "tap the cell again to count up; ⌫ erases a digit, Clear empties the cell."
                    : "arrows move, backspace erases, a click on the selected cell counts up.");
    }
    if (touch) {
      return this.hasRooms()
        ? "Tap a cell, then a digit below (tap the cell again to count up; Clear empties it); tap a border, " +
          "or drag across it, to draw or erase a room border. A room takes one number."
        : "Tap a cell, then a digit or ? below (tap the cell again to count up); ⌫ erases a digit, Clear " +
          "empties the cell.";
    }
    return this.hasRooms()
      ? "Click a cell, then a digit (or click it again to count up, right click down); drag across a border, " +
        "click it, or Shift+arrow to draw or erase a room border. A room takes one number."
      : "Click a cell, then type a digit or ? (or click it again to count up, right click down); arrows move, " +
        "backspace erases.";
  }

  lines(root) {
    const { rows, cols } = this.state;
    const g = svg("g", { class: "ed-lines" }, root);
    let d = "";
    for (let r = 1; r < rows; r++) d += `M${PAD} ${PAD + r * CELL}h${cols * CELL}`;
    for (let c = 1; c < cols; c++) d += `M${PAD + c * CELL} ${PAD}v${rows * CELL}`;
    svg("path", { d, class: "ed-thin" }, g);
    if (this.hasRooms()) {
      const rooms = this.rooms();
      let closed = "";
      let open = "";
      for (const key of this.wallSet) {
        const [a, b] = key.split("-").map(Number);
        const seg = this.edgePath(a, b);
        if (rooms[a] !== rooms[b]) closed += seg;
        else open += seg;
      }
      svg("path", { d: closed, class: "ed-wall", "data-walls": this.wallSet.size }, g);
      svg("path", { d: open, class: "ed-wall-open" }, g);
    }
    svg("rect", { x: PAD, y: PAD, width: cols * CELL, height: rows * CELL, class: "ed-frame" }, g);
  }

  /** The SVG path of the side two neighbouring cells share. */
  edgePath(a, b) {
    const cols = this.state.cols;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const [x, y] = this.origin(lo);
    if (hi === lo + 1 && Math.floor(hi / cols) === Math.floor(lo / cols)) return `M${x + CELL} ${y}v${CELL}`;
    return `M${x} ${y + CELL}h${CELL}`;
  }

  origin(cell) {
    const cols = this.state.cols;
    return [PAD + (cell % cols) * CELL, PAD + Math.floor(cell / cols) * CELL];
  }

  drawCursor() {
    if (!this.cursorEl) return;
    const [x, y] = this.origin(this.cursor);
    this.cursorEl.setAttribute("x", x + 2);
    this.cursorEl.setAttribute("y", y + 2);
    this.cursorEl.classList.toggle("on", this.showCursor || document.activeElement === $("editor-board"));
  }

  /** Highlight cells: kind is differ, step-shade, step-unshade, stuck or suggest. */
  mark(cells, kind) {
    for (const cell of cells) {
      const [x, y] = this.origin(cell);
      svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: `ed-mark ${kind}`,
                    "data-cell": cell }, this.marksEl);
    }
  }

  /** Shade cells faintly (a solution shown, or what is known before the hardest step, its white cells dotted:
   *  a number's too in a genre whose numbers may be shaded, in its corner or, with a number in every cell, as
   *  a ring around it). */
  under(rowsText, dots = false) {
    const genre = this.genreInfo();
    rowsText.join("").split("").forEach((ch, i) => {
      const [x, y] = this.origin(i);
      const empty = this.state.tokens[i] === ".";
      if (ch === "#") {
        svg("rect", { x, y, width: CELL, height: CELL, class: "ed-shade", "data-cell": i }, this.underEl);
        return;
      }
      if (!dots || ch !== "-") return;
      if (empty) svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 3.5, class: "ed-dot" }, this.underEl);
      else if (genre?.filled) {
        svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 4, class: "ed-dot ed-ring-dot",
                        "data-cell": i }, this.underEl);
      } else if (genre?.shaded_clues) {
        svg("circle", { cx: x + CELL - 8, cy: y + CELL - 8, r: 3, class: "ed-dot", "data-cell": i }, this.underEl);
      }
    });
  }

  drawResult() {
    if (!this.marksEl) return;
    this.marksEl.replaceChildren();
    this.underEl.replaceChildren();
    this.drawMarks();
    this.drawLegend();
  }

  /** The marks of the inspection shown, over and under the clues. */
  drawMarks() {
    const found = this.result?.inspection;
    if (!found) return;
    if (this.view !== "none" && found.solutions[Number(this.view)]) this.under(found.solutions[Number(this.view)]);
    if (found.status === "several") this.mark(found.differ, "differ");
    if (found.status === "unique" && found.hardest) {
      if (this.view === "none" && found.hardest.before) this.under(found.hardest.before, true);
      this.mark(found.hardest.shade, "step-shade");
      this.mark(found.hardest.unshade, "step-unshade");
    }
    if (found.status === "unique" && found.stuck.length) this.mark(found.stuck, "stuck");
    if (found.mending) {
      this.mark(found.mending.clashing.map((c) => c.cell), "clash");
      this.mark(found.mending.wanting.map((c) => c.cell), "add");
    }
    const suggestion = this.tooFewRooms() ? null : found.suggestion;  // rooms come first (advice)
    if (suggestion) {
      this.mark([suggestion.cell], "suggest");
      const [x, y] = this.origin(suggestion.cell);
      const ghost = svg("text", { x: x + CELL - 9, y: y + 11, class: "ed-ghost", "data-cell": suggestion.cell },
                        this.marksEl);
      ghost.textContent = suggestion.token;
    }
  }

  /** The legend: a line for each kind of mark drawn now, hidden when none is. */
  drawLegend() {
    const legend = $("editor-legend");
    const drawn = (selector) => Boolean(this.root?.querySelector(selector));
    const kinds = Object.keys(LEGEND).filter((kind) => {
      if (kind === "shade") return drawn(".ed-shade") && this.view !== "none";
      if (kind === "before") return drawn(".ed-shade") && this.view === "none";
      if (kind === "dot") return drawn(".ed-dot");
      return drawn(`.ed-mark.${kind}`);
    });
    legend.replaceChildren(...kinds.map((kind) => el("li", { "data-kind": kind }, [swatch(kind), LEGEND[kind]])));
    legend.hidden = !kinds.length;
  }

  setView(view) {
    this.view = view;
    for (const button of $("editor-views").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(button.dataset.view === view));
    }
    this.drawResult();
  }

  // -- pointer and keyboard -------------------------------------------------------

  listen(root) {
    root.addEventListener("pointerdown", (e) => this.pointerdown(e));
    root.addEventListener("pointermove", (e) => this.pointermove(e));
    root.addEventListener("pointerup", (e) => this.pointerup(e));
    root.addEventListener("pointercancel", () => { this.drag = null; });
    root.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  /** Where a pointer is on the board: {cell} or, near the side two cells share, {edge: [a, b]}; null off it. */
  locate(e) {
    const matrix = this.root.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const { rows, cols } = this.state;
    const fx = (point.x - PAD) / CELL;
    const fy = (point.y - PAD) / CELL;
    const c = Math.floor(fx);
    const r = Math.floor(fy);
    if (r < 0 || c < 0 || r >= rows || c >= cols) return null;
    const cell = r * cols + c;
    const dx = fx - c;
    const dy = fy - r;
    const nearX = dx < EDGE_NEAR ? -1 : dx > 1 - EDGE_NEAR ? 1 : 0;
    const nearY = dy < EDGE_NEAR ? -1 : dy > 1 - EDGE_NEAR ? 1 : 0;
    if (nearX && !nearY && c + nearX >= 0 && c + nearX < cols) return { cell, edge: [cell, cell + nearX] };
    if (nearY && !nearX && r + nearY >= 0 && r + nearY < rows) return { cell, edge: [cell, cell + nearY * cols] };
    return { cell };
  }

  pointerdown(e) {
    if (this.drag) return;
    const right = e.pointerType === "mouse" && e.button === 2;
    if (e.pointerType === "mouse" && e.button !== 0 && !right) return;
    const at = this.locate(e);
    if (!at) return;
    e.preventDefault();
    $("editor-board").focus({ preventScroll: true });
    if (at.edge && this.hasRooms() && !right) {
      this.remember();
      this.toggleWall(...at.edge);
      this.changed();
      return;
    }
    this.drag = { id: e.pointerId, start: at.cell, last: at.cell, right, mode: null, moved: false,
                  selected: this.picked && at.cell === this.cursor };
    this.root.setPointerCapture(e.pointerId);
  }

  pointermove(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id || !this.hasRooms() || drag.right) return;
    const at = this.locate(e);
    if (!at || at.cell === drag.last) return;
    const cols = this.state.cols;
    // walk to the new cell side by side, toggling each border crossed the way the first one went
    while (drag.last !== at.cell) {
      const [r0, c0] = [Math.floor(drag.last / cols), drag.last % cols];
      const [r1, c1] = [Math.floor(at.cell / cols), at.cell % cols];
      const next = Math.abs(r1 - r0) >= Math.abs(c1 - c0)
        ? drag.last + Math.sign(r1 - r0) * cols
        : drag.last + Math.sign(c1 - c0);
      if (!drag.moved) {
        this.remember();
        drag.moved = true;
        drag.mode = !this.wallSet.has(wallKey(drag.last, next));
      }
      this.toggleWall(drag.last, next, drag.mode);
      drag.last = next;
    }
    this.state.walls = [...this.wallSet];
    const svgRoot = this.root;
    svgRoot.querySelector(".ed-lines")?.remove();
    this.lines(svgRoot);
    svgRoot.appendChild(this.cursorEl);
  }

  pointerup(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    this.drag = null;
    if (drag.moved) {
      this.changed();
      return;
    }
    this.showCursor = false;
    this.cursor = drag.start;
    this.picked = true;
    this.typing = null;
    if (drag.right) this.step(drag.start, -1);
    else if (drag.selected) this.step(drag.start, 1);
    this.drawCursor();
  }

  keydown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.key(e.key, e.shiftKey)) e.preventDefault();
  }

  /** One key (from the keyboard or the palette); whether the editor used it. */
  key(key, shift) {
    const { rows, cols } = this.state;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const cell = this.cursor;
    if (key in moves) {
      const [dr, dc] = moves[key];
      const r = Math.floor(cell / cols) + dr;
      const c = (cell % cols) + dc;
      if (r < 0 || c < 0 || r >= rows || c >= cols) return true;
      if (shift && this.hasRooms()) {
        this.remember();
        this.toggleWall(cell, r * cols + c);
        this.changed();
        return true;
      }
      this.cursor = r * cols + c;
      this.typing = null;
      this.showCursor = true;
      this.drawCursor();
      return true;
    }
    const token = this.state.tokens[cell];
    if (/^[0-9]$/.test(key) && this.isFilled()) {
      this.typeInTurn(cell, key);
      return true;
    }
    if (/^[0-9]$/.test(key)) {
      const now = performance.now();
      const going = this.typing && this.typing.cell === cell && now - this.typing.at < TYPING_MS && /^\d+$/.test(token);
      let next = going ? String(Number(token + key)) : key;
      if (Number(next) > this.maxNumber(cell)) next = key;
      if (Number(next) < this.minNumber()) return true;  // no clue 0 on a board without rooms
      this.typing = { cell, at: now };
      this.setToken(cell, next);
      return true;
    }
    this.typing = null;
    if (key === "?") this.setToken(cell, "?");
    else if (key === "Backspace") this.setToken(cell, token.length > 1 && token !== "?" ? token.slice(0, -1) : ".");
    else if (key === "Delete" || key === " ") this.setToken(cell, ".");
    else if (key === "+" || key === "=") this.step(cell, 1);
    else if (key === "-") this.step(cell, -1);
    else return false;
    return true;
  }

  /** A digit typed in a genre of numbers in every cell: it makes the number being typed at ``cell`` longer
   *  if it can, else it starts the number of the next cell; a number no digit can make longer moves the
   *  cursor on.  No number starts with 0. */
  typeInTurn(cell, key) {
    const max = this.maxNumber(cell);
    const token = this.state.tokens[cell];
    const going = this.typing?.cell === cell && /^\d+$/.test(token);
    let number = going ? Number(token + key) : Number(key);
    if (going && number > max) {  // the number at cell is complete: the digit is the next cell's
      cell = Math.min(cell + 1, this.state.tokens.length - 1);
      number = Number(key);
    }
    if (number < 1 || number > max) return;
    const done = number * 10 > max;
    this.cursor = done ? Math.min(cell + 1, this.state.tokens.length - 1) : cell;
    this.typing = done ? null : { cell, at: performance.now() };
    this.showCursor = true;
    this.setToken(cell, String(number));
    this.drawCursor();
  }

  // -- the live inspection ---------------------------------------------------------

  abort() {
    clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  /** Inspect the board as it is now, after a short pause for typing; any older request is aborted.  A board
   *  without clues is not inspected: it asks for clues (and rooms). */
  inspectSoon(delay = DEBOUNCE_MS) {
    this.abort();
    const seq = ++this.seq;
    if (this.isEmpty()) {
      this.askForClues();
      return;
    }
    this.say("checking", "");
    this.timer = setTimeout(() => this.inspect(seq), delay);
  }

  isEmpty() {
    return this.state.tokens.every((t) => t === ".");
  }

  /** The neutral prompt of a board without clues (no verdict: nothing is wrong with it yet). */
  askForClues() {
    this.result = null;
    this.drawResult();
    const rooms = this.hasRooms() && this.roomCount() < 2;
    this.say("empty", rooms ? "Draw room borders to split the board into rooms, then write a number in some of them."
      : this.isFilled() ? "Write a number in every cell, row by row: the cursor moves on once a number is " +
                          "complete; the editor then tells you what the puzzle has."
        : "Write a clue in a cell; the editor then tells you what the puzzle has.");
  }

  roomCount() {
    return Math.max(...this.rooms()) + 1;
  }

  /** Whether a board of rooms has too few of them: one room, or more than ROOM_CELLS cells a room. */
  tooFewRooms() {
    if (!this.hasRooms()) return false;
    const count = this.roomCount();
    return count < 2 || this.state.rows * this.state.cols / count > ROOM_CELLS;
  }

  /** The time one inspection may take: the editor's own, within the server's limit. */
  inspectSeconds() {
    return Math.min(INSPECT_SECONDS, this.limits.max_solve_seconds ?? INSPECT_SECONDS);
  }

  async inspect(seq) {
    const id = this.puzzleId();
    const control = new AbortController();
    this.controller = control;
    try {
      const data = await api("inspect", { puzzle: id, time_budget: this.inspectSeconds() }, control.signal);
      if (seq !== this.seq) return;  // the board changed since: this answer is about an older puzzle
      this.result = data;
      this.shown.push(id);
      this.show(data);
    } catch (error) {
      if (error.name === "AbortError" || seq !== this.seq) return;
      this.result = null;
      this.drawResult();
      this.say(error.status >= 400 && error.status < 500 ? "invalid" : "error", error.message);
    } finally {
      if (this.controller === control) this.controller = null;
    }
  }

  say(verdict, detail, extra = "") {
    const status = $("editor-status");
    status.dataset.verdict = verdict;
    status.textContent = LABELS[verdict] + extra;
    $("editor-detail").textContent = detail;
    if (verdict !== "unique" && verdict !== "several") {
      $("editor-views").hidden = true;
      $("editor-suggestion").hidden = true;
    }
  }

  show(data) {
    const found = data.inspection;
    const cols = this.state.cols;
    const names = (cells) => cells.map((c) => cellName(c, cols)).join(", ");
    if (found.status === "unique") {
      let detail;
      if (found.hardest) {
        const step = found.hardest;
        detail = `Hardest technique: ${step.technique.replaceAll("_", " ")} (${step.level}), needed at step ` +
                 `${step.number} of the solve: ${step.why}.`;
      } else if (found.stuck.length) {
        detail = `The techniques stop with ${found.stuck.length} cells open (highlighted): only trial and error ` +
                 "finishes it.";
      } else {
        detail = "Every cell follows from the clues at once.";
      }
      const checks = (found.checks || []).map((check) => ` Check: ${check.message}.`).join("");
      const score = found.difficulty ? `, score ${found.difficulty.score}` : "";
      this.say("unique", detail + checks, ` · rated ${found.rating}${score}`);
    } else if (found.status === "several") {
      const count = found.differ.length;
      const which = count === 1 ? "highlighted cell differs" : `${count} highlighted cells differ`;
      this.say("several", `The clues allow more than one solution: the ${which} between two of them: ` +
               `${names(found.differ.slice(0, 12))}${count > 12 ? " …" : ""}.`);
    } else if (found.status === "none") {
      this.say("none", noneDetail(found));
    } else {
      this.say("unknown", `Not settled within ${this.inspectSeconds()} s: the board is too open to count its ` +
               "solutions yet.");
    }
    const views = $("editor-views");
    views.hidden = !found.solutions.length;
    views.querySelector('[data-view="1"]').hidden = found.solutions.length < 2;
    views.querySelector('[data-view="0"]').textContent = found.solutions.length > 1 ? "Solution 1" : "Solution";
    this.setView(this.view);
    this.offer(this.advice(found), Boolean(found.suggestion) && !this.tooFewRooms());
    this.showExport();
  }

  /** What to do next, in words (or null): draw rooms when there are too few of them, else the server's
   *  suggested clue, else a clue to look at or one to add. */
  advice(found) {
    if (found.status === "unique") return null;
    if (this.tooFewRooms()) {
      const count = this.roomCount();
      return `Draw more rooms: the board has ${count === 1 ? "only one room" : `only ${count} rooms`} for ` +
             `${this.state.rows * this.state.cols} cells, too few for its numbers to decide it. Drag across ` +
             `the board (or ${touchScreen() ? "tap" : "click"} a border) to split it, then give some rooms a number.`;
    }
    if (found.suggestion) return found.suggestion.message;
    if (found.status === "several" && found.differ.length) {
      const where = `one of the highlighted cells (such as ${cellName(found.differ[0], this.state.cols)}), where ` +
                    "the two solutions differ";
      // a genre of numbers in every cell has no room for one more: a number changes instead
      return this.isFilled() ? `change the number in ${where}` : `add a clue in ${where}`;
    }
    if (found.status === "none") return noneAdvice(found.mending);
    return null;
  }

  /** Show a suggestion (``text`` null: none); ``applicable``: the Apply button makes it. */
  offer(text, applicable) {
    $("editor-suggestion").hidden = !text;
    $("editor-apply").hidden = !applicable;
    if (text) $("editor-suggestion-text").textContent = `Suggestion: ${text[0].toUpperCase()}${text.slice(1)}.`;
  }

  applySuggestion() {
    const suggestion = this.result?.inspection?.suggestion;
    if (!suggestion) return;
    const tokens = this.state.tokens.slice();
    if (suggestion.moved_from !== null) tokens[suggestion.moved_from] = ".";
    tokens[suggestion.cell] = suggestion.token;
    this.cursor = suggestion.cell;
    this.setState({ ...this.snapshot(), tokens });
  }

  // -- export ---------------------------------------------------------------------

  showExport() {
    $("editor-id").value = this.puzzleId();
    const url = this.result?.puzzle?.id === this.puzzleId() ? this.result.puzzle.url : null;
    const link = $("editor-url");
    link.hidden = !url;
    if (url) link.href = url;
  }

  async copyId() {
    const field = $("editor-id");
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      this.note("The puzzle ID is copied.");
    } catch {
      this.note("Select the ID and copy it (the browser keeps the clipboard to itself here).");
    }
  }

  note(text) {
    const note = $("editor-note");
    note.hidden = !text;
    note.textContent = text;
  }

  /** Download a print sheet of the puzzle: one PDF, or, when the server cannot make PDFs, each page as an
   *  SVG file of its own (the puzzle, then its solution), as the command line writes a sheet's SVG pages. */
  async sheet() {
    this.note("Laying out the sheet…");
    try {
      const data = await api("sheet", { puzzle: this.puzzleId() });
      const name = `${this.state.genre}-${this.state.rows}x${this.state.cols}`;
      if (data.pdf) {
        download(`data:application/pdf;base64,${data.pdf}`, `${name}.pdf`);
        this.note(`The sheet is downloaded (${name}.pdf${data.pages.length > 1 ? ", its solution on page 2" : ""}).`);
      } else {
        const files = data.pages.map((page, i) => [`${name}-${data.labels?.[i] ?? `page-${i + 1}`}.svg`, page]);
        for (const [file, page] of files) {
          download(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(page)}`, file);
        }
        const what = files.length > 1 ? `${files.length} SVG files, ${listed(files.map(([file]) => file))}` :
          `an SVG file, ${files[0][0]}`;
        this.note(`The sheet is downloaded as ${what} (no PDF here: ${data.note}).`);
      }
    } catch (error) {
      this.note(`No sheet: ${error.message}`);
    }
  }

  /** Play the puzzle in the player (after a last look at it, so that a broken one stays here). */
  async play() {
    const player = window.pencilkitPlayer;
    if (!player?.paste) return;
    const id = this.puzzleId();
    this.leave();
    if (!(await player.paste(id))) this.enter();
  }

  // -- storage ----------------------------------------------------------------------

  save() {
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(this.state));
    } catch {
      // storage full or disabled: the board still edits
    }
  }

  restore() {
    try {
      const state = JSON.parse(localStorage.getItem(STORE_KEY) ?? "null");
      const size = state?.rows * state?.cols;
      if (state && this.genreInfo(state.genre) && Array.isArray(state.tokens) && state.tokens.length === size &&
          Array.isArray(state.walls) && size <= this.limits.max_side ** 2) return state;
    } catch {
      // unreadable: start afresh
    }
    return null;
  }
}

/** The words of a board without solution, true of the whole board: the clues that clash (each, taken
 *  away, leaves a solution), or clues too few (one more gives a solution), else the solver's dead end. */
function noneDetail(found) {
  const mending = found.mending ?? { clashing: [], wanting: [] };
  const head = "No shading of the whole board keeps every rule";
  const clues = mending.clashing.map((c) => `the ${c.token} at ${c.name}`);
  if (clues.length === 1) return `${head}: ${clues[0]} cannot be met together with the other clues (without it ` +
                                 "the board has a solution).";
  if (clues.length > 1) return `${head}: ${listed(clues)} cannot all be met together (without any one of ` +
                               "them the board has a solution).";
  if (mending.wanting.length) return `${head}: the clues are too few for the rules to hold together (with one ` +
                                     "more clue the board has a solution).";
  const end = found.contradiction ? ` Followed from the clues, the solver's first dead end: ${found.contradiction}.`
    : "";
  return `${head}, and no one clue taken away or added mends it.${end}`;
}

/** What to try on a board without solution (see noneDetail). */
function noneAdvice(mending) {
  const clashing = mending?.clashing ?? [];
  const wanting = mending?.wanting ?? [];
  if (clashing.length === 1) {
    return `look at the ${clashing[0].token} at ${clashing[0].name} (marked): removing it or changing its ` +
           "number may help";
  }
  if (clashing.length > 1) {
    return `look at the marked clues, ${listed(clashing.map((c) => `the ${c.token} at ${c.name}`))}: removing ` +
           "one of them or changing its number may help";
  }
  if (wanting.length) return `add a clue: a number at ${wanting[0].name} (marked) can give the board a solution`;
  return "change some clues, or clear the board and add them one at a time, watching the verdict";
}

/** A small drawing of one kind of mark, for the legend. */
function swatch(kind) {
  const root = svg("svg", { viewBox: "0 0 20 20", class: "ed-swatch", "aria-hidden": "true" });
  if (kind === "dot") svg("circle", { cx: 10, cy: 10, r: 3.5, class: "ed-key dot" }, root);
  else if (kind === "shade" || kind === "before") svg("rect", { width: 20, height: 20, class: "ed-key shade" }, root);
  else svg("rect", { x: 2, y: 2, width: 16, height: 16, rx: 3, class: `ed-key ${kind}` }, root);
  return root;
}

function download(href, name) {
  const link = el("a", { href, download: name, hidden: "" });
  document.body.append(link);
  link.click();
  link.remove();
}

const editor = new Editor();
window.pencilkitEditor = editor;
editor.start();
