// The board: an SVG grid that draws marks and overlays and turns pointer and
// keyboard input into changes of marks.
//
// Marks are EMPTY, SHADE and DOT per cell.  A tap or click cycles
// shade -> dot -> clear; a right click toggles a dot.  A drag paints every cell
// it passes with one state, as puzz.link does: the first cell's change decides
// it (from an empty cell the drag shades, from a shaded or dotted cell it
// erases; with the right button it dots or, from a dot, erases).  A drag begun
// on a cell that takes no mark (a clue) decides at the first cell that does.  The board never changes its
// own marks: it reports each gesture as one list of changes
// ({cell, from, to}) and the player applies it (so that it can be undone).  A
// gesture the browser cancels (a second finger starting a pinch) is taken back
// and reported not at all, and so is one still under way when a puzzle loads.
//
// The cells the clues leave unshaded from the start (puzzle.fixed: a Nurikabe
// or Kurodoko clue) take no mark; a Heyawake number's cell takes marks like
// any other, its number drawn white once shaded and its dot in a corner.  A
// board of rooms (puzzle.rooms) has its room borders drawn bold, and a genre
// printed with its clues in circles (Kurodoko: the ``circled`` option) has
// them drawn in circles.  In a genre with a number in every cell (Hitori: the
// ``filled`` option) a dot is drawn as a ring around the cell's number, as
// Tatham's Singles circles a number kept white.
//
// For screen readers the SVG is an ARIA grid of rows ("Row 3") of cells, each
// labelled with its position and state ("row 3, column 4, clue 5, shaded"); the
// container (which takes the keyboard focus) points at the cursor's cell with
// aria-activedescendant, and a live region inside it says the cursor's cell
// after each move or mark.  Trial marks (trialMode, setTrial) are drawn in a
// second colour.  Overlays also draw a glyph per kind (hatching, a square, a
// ring), shown by the colour-blind palette so that colour is not the only sign.

export const EMPTY = 0;
export const SHADE = 1;
export const DOT = 2;

const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = 40;
const PAD = 3;

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  if (parent) parent.appendChild(el);
  return el;
}

export function nextState(state) {
  return state === EMPTY ? SHADE : state === SHADE ? DOT : EMPTY;
}

export class BoardView {
  /** ``circled(genre)`` says whether a genre's clues are drawn in circles, ``filled(genre)`` whether every
   * cell of the genre holds a number (its dots are then rings around the numbers). */
  constructor(container, { onGesture, circled = () => false, filled = () => false }) {
    this.container = container;
    this.onGesture = onGesture;
    this.circled = circled;
    this.filled = filled;
    this.puzzle = null;
    this.marks = [];
    this.cursor = 0;
    this.showCursor = false;
    this.drag = null;
    this.trial = [];
    this.trialMode = false;
    this.prefix = container.id || "board";
    if (!container.hasAttribute("role")) container.setAttribute("role", "application");
    container.addEventListener("keydown", (e) => this.keydown(e));
    container.addEventListener("focus", () => this.drawCursor());
    container.addEventListener("blur", () => this.drawCursor());
  }

  /** Draw a new puzzle (genre, rows, cols, tokens, rooms, fixed) with its marks. */
  load(puzzle, marks) {
    this.puzzle = puzzle;
    this.drag = null;  // a gesture begun on the board before belongs to no puzzle now
    this.marks = marks.slice();
    this.fixed = new Set(fixedCells(puzzle));
    this.trial = Array(marks.length).fill(false);
    this.cursor = Math.min(this.cursor, puzzle.rows * puzzle.cols - 1);
    const width = puzzle.cols * CELL + 2 * PAD;
    const height = puzzle.rows * CELL + 2 * PAD;
    this.container.replaceChildren();
    this.container.style.setProperty("--aspect", `${width} / ${height}`);
    const root = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, class: `grid genre-${puzzle.genre}`, role: "grid",
      "aria-label": `${puzzle.title} ${puzzle.rows} by ${puzzle.cols}`,
      "aria-rowcount": puzzle.rows, "aria-colcount": puzzle.cols,
    }, this.container);
    this.root = root;
    this.patterns(root);
    const cells = svg("g", { class: "cells" }, root);
    this.cellEls = [];
    this.dotEls = [];
    this.numeralEls = [];
    const circled = Boolean(this.circled(puzzle.genre));
    const filled = Boolean(this.filled(puzzle.genre));
    let row = null;
    for (let i = 0; i < puzzle.rows * puzzle.cols; i++) {
      const [x, y] = this.origin(i);
      if (i % puzzle.cols === 0) {
        const r = i / puzzle.cols + 1;
        row = svg("g", { role: "row", "aria-rowindex": r, "aria-label": `Row ${r}` }, cells);
      }
      const clue = this.isClue(i);
      const kind = ["cell", clue ? "clue" : "", this.isFixed(i) ? "fixed" : ""].filter(Boolean).join(" ");
      const rect = svg("rect", { x, y, width: CELL, height: CELL, class: kind, "data-cell": i,
                                 id: `${this.prefix}-cell-${i}`, role: "gridcell",
                                 "aria-colindex": (i % puzzle.cols) + 1 }, row);
      this.cellEls.push(rect);
      const dot = this.dot(x, y, clue, filled, row);
      this.dotEls.push(dot);
      let text = null;
      if (clue && circled) {
        svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 5, class: "ring", "data-cell": i,
                        "aria-hidden": "true" }, row);
      }
      if (clue) {
        text = svg("text", { x: x + CELL / 2, y: y + CELL / 2, class: "numeral", "data-cell": i, "aria-hidden": "true",
                             "font-size": puzzle.tokens[i].length > 2 ? 17 : 23 }, row);
        text.textContent = puzzle.tokens[i];
      }
      this.numeralEls.push(text);
    }
    this.lines(root);
    this.overlayEl = svg("g", { class: "overlay", "aria-hidden": "true" }, root);
    this.cursorEl = svg("rect", { width: CELL - 4, height: CELL - 4, rx: 3, class: "cursor", "aria-hidden": "true" }, root);
    this.live = document.createElement("p");
    this.live.className = "sr-only board-live";
    this.live.setAttribute("aria-live", "polite");
    this.container.appendChild(this.live);
    this.listen(root);
    for (let i = 0; i < this.marks.length; i++) this.drawCell(i);
    this.drawCursor();
  }

  /** A cell's dot: a ring around its number in a genre of numbers in every cell; else, as a number keeps the
   * middle of its cell, a dot in the lower right corner of a numbered cell and in the middle of any other. */
  dot(x, y, clue, filled, parent) {
    const attrs = { class: "dot", "aria-hidden": "true" };
    if (clue && filled) {
      return svg("circle", { ...attrs, cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 4, class: "dot ring-dot" },
                 parent);
    }
    if (clue) return svg("circle", { ...attrs, cx: x + CELL - 8, cy: y + CELL - 8, r: 3.5 }, parent);
    return svg("circle", { ...attrs, cx: x + CELL / 2, cy: y + CELL / 2, r: 4.5 }, parent);
  }

  /** The hatching the colour-blind palette lays over a broken rule's cells. */
  patterns(root) {
    const defs = svg("defs", {}, root);
    const hatch = svg("pattern", { id: `${this.prefix}-hatch`, width: 8, height: 8, patternUnits: "userSpaceOnUse",
                                   patternTransform: "rotate(45)" }, defs);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "hatch-line" }, hatch);
  }

  lines(root) {
    const { rows, cols } = this.puzzle;
    const g = svg("g", { class: "lines", "aria-hidden": "true" }, root);
    let d = "";
    for (let r = 1; r < rows; r++) d += `M${PAD} ${PAD + r * CELL}h${cols * CELL}`;
    for (let c = 1; c < cols; c++) d += `M${PAD + c * CELL} ${PAD}v${rows * CELL}`;
    svg("path", { d, class: "thin" }, g);
    const walls = roomBorders(this.puzzle);
    if (walls) svg("path", { d: walls, class: "rooms" }, g);
    svg("rect", { x: PAD, y: PAD, width: cols * CELL, height: rows * CELL, class: "frame" }, g);
  }

  origin(cell) {
    const c = cell % this.puzzle.cols;
    const r = Math.floor(cell / this.puzzle.cols);
    return [PAD + c * CELL, PAD + r * CELL];
  }

  /** Whether the cell holds a number (or a ?). */
  isClue(cell) {
    return this.puzzle.tokens[cell] !== ".";
  }

  /** Whether the cell takes no mark: the clues leave it unshaded from the start. */
  isFixed(cell) {
    return this.fixed.has(cell);
  }

  /** Show new marks (after undo, redo, a loaded game or a hint applied). */
  setMarks(marks) {
    for (let i = 0; i < marks.length; i++) {
      if (marks[i] !== this.marks[i]) {
        this.marks[i] = marks[i];
        this.drawCell(i);
      }
    }
  }

  drawCell(i) {
    const state = this.marks[i];
    const trial = Boolean(this.trial[i]) && state !== EMPTY;
    this.cellEls[i].classList.toggle("shaded", state === SHADE);
    this.cellEls[i].classList.toggle("trial", trial);
    this.dotEls[i].classList.toggle("on", state === DOT);
    this.dotEls[i].classList.toggle("trial", trial);
    this.numeralEls[i]?.classList.toggle("on-shade", state === SHADE);
    this.cellEls[i].setAttribute("aria-label", this.describe(i));
  }

  /** Which cells hold trial marks (an array of booleans, or of anything truthy for a trial cell). */
  setTrial(flags) {
    for (let i = 0; i < this.marks.length; i++) {
      const trial = Boolean(flags?.[i]);
      if (trial !== Boolean(this.trial[i])) {
        this.trial[i] = trial;
        this.drawCell(i);
      }
    }
  }

  /** What a screen reader says of a cell: "row 3, column 4, clue 5, shaded". */
  describe(i) {
    const { cols, tokens } = this.puzzle;
    const parts = [`row ${Math.floor(i / cols) + 1}`, `column ${(i % cols) + 1}`];
    if (this.isClue(i)) parts.push(`clue ${tokens[i] === "?" ? "question mark" : tokens[i]}`);
    if (!this.isFixed(i)) {
      const state = this.marks[i];
      const word = state === SHADE ? "shaded" : state === DOT ? "dotted" : "empty";
      parts.push(this.trial[i] && state !== EMPTY ? `${word} (trial)` : word);
    }
    return parts.join(", ");
  }

  /** Say the cursor's cell in the live region. */
  announce() {
    if (this.live && this.puzzle) this.live.textContent = this.describe(this.cursor);
  }

  setSolved(solved) {
    this.container.classList.toggle("solved", solved);
  }

  // -- overlays: violations, hints, mistakes ----------------------------------

  /** Draw groups of cells: [{cells: [i...], kind: "violation" | "hint-shade" | "hint-unshade" | "mistake"}]. */
  setOverlay(groups) {
    this.overlayEl.replaceChildren();
    for (const group of groups) {
      for (const cell of group.cells) {
        const [x, y] = this.origin(cell);
        svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4,
                      class: `mark ${group.kind}`, "data-cell": cell }, this.overlayEl);
        this.glyph(group.kind, x, y);
        if (group.kind === "mistake") {
          svg("path", { d: `M${x + 11} ${y + 11}L${x + CELL - 11} ${y + CELL - 11}M${x + CELL - 11} ${y + 11}L${x + 11} ${y + CELL - 11}`,
                        class: "cross" }, this.overlayEl);
        }
      }
    }
  }

  /** A shape for each kind of overlay, drawn always and shown by the colour-blind palette. */
  glyph(kind, x, y) {
    const attrs = { class: `glyph glyph-${kind}` };
    if (kind === "violation" || kind === "maybe") {
      svg("rect", { ...attrs, x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4,
                    fill: `url(#${this.prefix}-hatch)` }, this.overlayEl);
    } else if (kind === "hint-shade") {
      svg("rect", { ...attrs, x: x + CELL / 2 - 6, y: y + CELL / 2 - 6, width: 12, height: 12 }, this.overlayEl);
    } else if (kind === "hint-unshade") {
      svg("circle", { ...attrs, cx: x + CELL / 2, cy: y + CELL / 2, r: 7 }, this.overlayEl);
    }
  }

  clearOverlay() {
    if (this.overlayEl) this.overlayEl.replaceChildren();
  }

  // -- pointer input ----------------------------------------------------------

  listen(root) {
    root.addEventListener("pointerdown", (e) => this.pointerdown(e));
    root.addEventListener("pointermove", (e) => this.pointermove(e));
    root.addEventListener("pointerup", (e) => this.pointerup(e));
    root.addEventListener("pointercancel", (e) => this.pointercancel(e));
    root.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  cellAt(e) {
    const matrix = this.root.getScreenCTM();
    if (!matrix) return -1;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const c = Math.floor((point.x - PAD) / CELL);
    const r = Math.floor((point.y - PAD) / CELL);
    if (r < 0 || c < 0 || r >= this.puzzle.rows || c >= this.puzzle.cols) return -1;
    return r * this.puzzle.cols + c;
  }

  pointerdown(e) {
    if (this.drag || !this.puzzle) return;
    const right = e.pointerType === "mouse" && e.button === 2;
    if (e.pointerType === "mouse" && e.button !== 0 && !right) return;
    const cell = this.cellAt(e);
    if (cell < 0) return;
    e.preventDefault();
    this.container.focus({ preventScroll: true });
    this.cursor = cell;
    this.showCursor = false;
    this.drawCursor();
    // first: the cell pressed, while the gesture is a tap; state: what a drag paints, null until a cell
    // that takes marks decides it
    this.drag = { id: e.pointerId, right, first: cell, state: null, last: cell, changes: [], trial: new Map() };
    this.root.setPointerCapture(e.pointerId);
    if (this.isFixed(cell)) {
      this.announce();
      return;
    }
    const current = this.marks[cell];
    this.drag.state = dragState(current, right);
    this.mark(cell, right ? (current === DOT ? EMPTY : DOT) : nextState(current));
  }

  pointermove(e) {
    if (!this.drag || e.pointerId !== this.drag.id) return;
    const cell = this.cellAt(e);
    if (cell < 0 || cell === this.drag.last) return;
    this.becomeDrag();
    for (const between of this.path(this.drag.last, cell)) this.paint(between);
    this.drag.last = cell;
  }

  /** The gesture left its first cell: a tap no more, so the first cell takes the drag's state too. */
  becomeDrag() {
    const drag = this.drag;
    if (drag.first === null) return;
    const first = drag.first;
    drag.first = null;
    const change = drag.changes[0];  // the first cell's, if it changed
    if (!change || change.to === drag.state) return;
    drag.changes.length = 0;
    this.marks[first] = change.from;
    this.trial[first] = drag.trial.get(first);
    this.mark(first, drag.state);
    this.drawCell(first);
  }

  pointerup(e) {
    if (!this.drag || e.pointerId !== this.drag.id) return;
    const { changes } = this.drag;
    this.drag = null;
    if (changes.length) this.onGesture(changes);
    this.announce();
  }

  /** The browser took the gesture over (a pinch, a scroll): put back what it painted, report nothing. */
  pointercancel(e) {
    if (!this.drag || e.pointerId !== this.drag.id) return;
    const { changes, trial } = this.drag;
    this.drag = null;
    for (const { cell, from } of changes) {
      this.marks[cell] = from;
      this.trial[cell] = trial.get(cell);
      this.drawCell(cell);
    }
  }

  /** Cells from ``a`` (exclusive) to ``b`` (inclusive) along a straight line, so a fast drag leaves no gaps. */
  path(a, b) {
    const cols = this.puzzle.cols;
    let [r0, c0] = [Math.floor(a / cols), a % cols];
    const [r1, c1] = [Math.floor(b / cols), b % cols];
    const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
    const out = [];
    for (let k = 1; k <= steps; k++) {
      const r = Math.round(r0 + ((r1 - r0) * k) / steps);
      const c = Math.round(c0 + ((c1 - c0) * k) / steps);
      out.push(r * cols + c);
    }
    return out;
  }

  /** Paint a cell the drag passes with the drag's state (decided here, if no cell has yet). */
  paint(cell) {
    if (this.isFixed(cell)) return;
    if (this.drag.state === null) this.drag.state = dragState(this.marks[cell], this.drag.right);
    this.mark(cell, this.drag.state);
  }

  /** Give a cell a state within the gesture under way, recording the change. */
  mark(cell, to) {
    const from = this.marks[cell];
    if (from === to) return;
    this.drag.trial.set(cell, this.trial[cell]);
    this.marks[cell] = to;
    this.trial[cell] = this.trialMode;
    this.drawCell(cell);
    this.drag.changes.push({ cell, from, to });
  }

  // -- keyboard input ---------------------------------------------------------

  keydown(e) {
    if (!this.puzzle || e.ctrlKey || e.metaKey || e.altKey) return;
    const { rows, cols } = this.puzzle;
    const r = Math.floor(this.cursor / cols);
    const c = this.cursor % cols;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.key in moves) {
      const [dr, dc] = moves[e.key];
      const nr = Math.min(rows - 1, Math.max(0, r + dr));
      const nc = Math.min(cols - 1, Math.max(0, c + dc));
      this.cursor = nr * cols + nc;
      this.showCursor = true;
      this.drawCursor();
      this.announce();
      e.preventDefault();
      return;
    }
    let state = null;
    const current = this.marks[this.cursor];
    if (e.key === " " || e.key === "Spacebar") state = current === SHADE ? EMPTY : SHADE;
    else if (e.key === "x" || e.key === "X" || e.key === ".") state = current === DOT ? EMPTY : DOT;
    else if (e.key === "Backspace" || e.key === "Delete") state = EMPTY;
    if (state === null) return;
    e.preventDefault();
    this.showCursor = true;
    this.drawCursor();
    if (this.isFixed(this.cursor) || state === current) {
      this.announce();
      return;
    }
    this.marks[this.cursor] = state;
    this.trial[this.cursor] = this.trialMode;
    this.drawCell(this.cursor);
    this.onGesture([{ cell: this.cursor, from: current, to: state }]);
    this.announce();
  }

  drawCursor() {
    if (!this.cursorEl) return;
    const visible = this.showCursor && document.activeElement === this.container;
    const [x, y] = this.origin(this.cursor);
    this.cursorEl.setAttribute("x", x + 2);
    this.cursorEl.setAttribute("y", y + 2);
    this.cursorEl.classList.toggle("on", visible);
    this.container.setAttribute("aria-activedescendant", this.cellEls[this.cursor].id);
  }
}

/** What a drag paints when its first cell that takes marks holds ``state``: shade (or dot, with the right
 * button) from an empty cell, and erase from a cell already marked so (from a shaded one, with the left). */
export function dragState(state, right = false) {
  if (right) return state === DOT ? EMPTY : DOT;
  return state === EMPTY ? SHADE : EMPTY;
}

/** The cells that take no mark: puzzle.fixed, or (a game saved before the server sent it) the clue cells. */
export function fixedCells(puzzle) {
  if (Array.isArray(puzzle.fixed)) return puzzle.fixed;
  return puzzle.tokens.flatMap((token, i) => (token !== "." ? [i] : []));
}

/** The SVG path of the borders between rooms, each as one straight run; "" for a board without rooms. */
export function roomBorders(puzzle) {
  const { rows, cols, rooms } = puzzle;
  if (!Array.isArray(rooms) || rooms.length !== rows * cols) return "";
  let d = "";
  for (let c = 1; c < cols; c++) {  // vertical lines, between columns c - 1 and c
    let start = null;
    for (let r = 0; r <= rows; r++) {
      const wall = r < rows && rooms[r * cols + c - 1] !== rooms[r * cols + c];
      if (wall && start === null) start = r;
      else if (!wall && start !== null) {
        d += `M${PAD + c * CELL} ${PAD + start * CELL}V${PAD + r * CELL}`;
        start = null;
      }
    }
  }
  for (let r = 1; r < rows; r++) {  // horizontal lines, between rows r - 1 and r
    let start = null;
    for (let c = 0; c <= cols; c++) {
      const wall = c < cols && rooms[(r - 1) * cols + c] !== rooms[r * cols + c];
      if (wall && start === null) start = c;
      else if (!wall && start !== null) {
        d += `M${PAD + start * CELL} ${PAD + r * CELL}H${PAD + c * CELL}`;
        start = null;
      }
    }
  }
  return d;
}
