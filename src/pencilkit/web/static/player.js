// The player: one game at a time (puzzle, marks, history, timer), kept in
// localStorage so that a reload finds it again, and the calls to the JSON API
// behind the buttons (generate, parse, solve, check, hint).

import { BoardView, DOT, EMPTY, SHADE } from "./board.js";

const STORE_KEY = "pencilkit-player-v2";
const HISTORY_LIMIT = 500;
const GAMES_KEPT = 20;
const MARK_CHARS = { [EMPTY]: ".", [SHADE]: "#", [DOT]: "-" };

const $ = (id) => document.getElementById(id);

/** "a" or "an" before a word. */
const article = (word) => (/^[aeiou]/i.test(word) ? "an" : "a");

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function api(name, body, signal) {
  let response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("the server cannot be reached: is pencilkit play still running?", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(data?.error ?? `the server answered ${response.status}`, response.status);
  return data;
}

function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

class Player {
  constructor() {
    this.genres = [];
    this.levels = [];
    this.game = null;
    this.pending = null;
    this.lastTick = null;
    this.hint = null;
    this.board = new BoardView($("board"), { onGesture: (changes) => this.commit(changes) });
  }

  // -- start-up ---------------------------------------------------------------

  async start() {
    this.bind();
    try {
      const info = await fetch("/api/genres").then((r) => r.json());
      this.genres = info.genres;
      this.levels = info.levels;
      this.limits = info.limits;
    } catch {
      this.say("The server cannot be reached: start it with `pencilkit play`.");
      return;
    }
    this.fillSelects();
    const fromLink = linkedPuzzle();
    const saved = this.restore();
    if (fromLink && fromLink !== saved?.puzzle.id && fromLink !== saved?.puzzle.url) {
      if (!(await this.paste(fromLink))) {
        if (saved) this.load(saved, false);
        else await this.generate("nurikabe", 7, 7, "easy");
      }
    } else if (saved) {
      this.load(saved, false);
    } else {
      await this.generate("nurikabe", 7, 7, "easy");
    }
    setInterval(() => this.tick(), 500);
    document.addEventListener("visibilitychange", () => { this.tick(); this.save(); });
    window.addEventListener("pagehide", () => { this.tick(); this.save(); });
  }

  bind() {
    $("presets").addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (!button) return;
      const { rows, cols, level } = button.dataset;
      $("rows").value = rows;
      $("cols").value = cols;
      $("level").value = level;
      this.generate($("genre").value, Number(rows), Number(cols), level);
    });
    $("custom").addEventListener("submit", (e) => {
      e.preventDefault();
      const sides = ["rows", "cols"].map((id) => Number($(id).value));
      const top = this.limits?.max_generate_side ?? 25;
      if (!sides.every((n) => Number.isInteger(n) && n >= 1 && n <= top)) {
        this.say(`Rows and columns must be whole numbers from 1 to ${top}.`);
        return;
      }
      this.generate($("genre").value, sides[0], sides[1], $("level").value, $("symmetry").value);
    });
    $("genre").addEventListener("change", () => this.chooseGenre($("genre").value));
    $("undo").addEventListener("click", () => this.undo());
    $("redo").addEventListener("click", () => this.redo());
    $("check").addEventListener("click", () => this.check());
    $("hint").addEventListener("click", () => this.askHint());
    $("apply").addEventListener("click", () => this.applyHint());
    $("solution").addEventListener("click", () => this.showSolution());
    $("clear").addEventListener("click", () => this.clear());
    $("paste").addEventListener("keydown", (e) => {
      // Enter plays; Shift+Enter starts a new line (a pasted text grid keeps its lines)
      if (e.key === "Enter" && !e.shiftKey) {
        e.preventDefault();
        $("paste-form").requestSubmit();
      }
    });
    $("paste-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.paste($("paste").value);
    });
    $("puzzle-id").addEventListener("focus", (e) => e.target.select());
    document.addEventListener("keydown", (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.target.matches("input, textarea")) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) this.undo();
      else if (key === "y" || (key === "z" && e.shiftKey)) this.redo();
      else return;
      e.preventDefault();
    });
  }

  fillSelects() {
    $("genre").replaceChildren(...this.genres.map((g) => new Option(g.title, g.name)));
    $("level").replaceChildren(...this.levels.map((l) => new Option(l[0].toUpperCase() + l.slice(1), l)));
    $("level").value = "easy";
    for (const id of ["rows", "cols"]) $(id).max = this.limits.max_generate_side;
  }

  genreInfo(name) {
    return this.genres.find((g) => g.name === name);
  }

  /** Title and rules of the genre being played. */
  showGenre(name) {
    const genre = this.genreInfo(name);
    if (!genre) return;
    $("title").textContent = genre.title;
    $("kicker").textContent = genre.tagline;
    $("blurb").textContent = genre.summary;
    const [intro, ...rules] = genre.rules.split(/\n\s*\*\s*/);
    $("rules-intro").textContent = intro.trim();
    $("rules-list").replaceChildren(...rules.map((rule) => {
      const li = document.createElement("li");
      li.textContent = rule.replace(/\s+/g, " ").replace(/;$|\.$/, "");
      return li;
    }));
  }

  /** The genre new puzzles are made in, and whether they can be. */
  chooseGenre(name) {
    const genre = this.genreInfo(name);
    if (!genre) return;
    $("genre").value = name;
    const note = $("generate-note");
    note.hidden = genre.generate;
    note.textContent = genre.generate ? "" :
      `Generation is not available for ${genre.title} yet: paste a ${genre.title} puzzle ID or puzz.link URL below to play one.`;
    for (const button of document.querySelectorAll("#presets button, #new-puzzle")) button.disabled = !genre.generate;
  }

  // -- games ------------------------------------------------------------------

  /** A fresh game state for a puzzle (as the API describes it). */
  newGame(puzzle, extra = {}) {
    return {
      puzzle,
      marks: Array(puzzle.rows * puzzle.cols).fill(EMPTY),
      undo: [],
      redo: [],
      elapsed: 0,
      solved: false,
      shown: false,
      solution: null,
      status: null,
      rating: null,
      ...extra,
    };
  }

  load(game, fresh = true) {
    if (fresh) game = this.restore(game.puzzle.id) ?? game;
    this.game = game;
    this.hint = null;
    this.lastTick = performance.now();
    this.board.load(game.puzzle, game.marks);
    this.showGenre(game.puzzle.genre);
    this.chooseGenre(game.puzzle.genre);
    $("puzzle-id").value = game.puzzle.id;
    history.replaceState(null, "", `#${encodeURI(game.puzzle.id)}`);
    const link = $("puzzle-url");
    link.hidden = !game.puzzle.url;
    if (game.puzzle.url) link.href = game.puzzle.url;
    this.hideMessage();
    this.refresh();
    if (fresh) this.save();
    if (!game.solution && !game.status) this.learnSolution();
  }

  async generate(genre, rows, cols, level, symmetry = "none") {
    const info = this.genreInfo(genre);
    if (info && !info.generate) {
      this.say(`Generation is not available for ${info.title} yet: paste a puzzle to play one.`);
      return;
    }
    this.pending?.abort();
    const control = new AbortController();
    this.pending = control;
    this.setStatus("constructing a puzzle…");
    try {
      const data = await api("generate", { genre, rows, cols, level, symmetry }, control.signal);
      const made = data.generated;
      this.load(this.newGame(data.puzzle, {
        solution: made.solution, status: "unique", rating: made.rating, level: made.level, seed: made.seed,
      }));
      if (!made.exact) {
        this.say(`Time ran out before ${article(made.level)} ${made.level} puzzle turned up: this is the closest found, ` +
                 `rated ${made.rating}.`);
      }
    } catch (error) {
      if (error.name === "AbortError") return;
      this.setStatus("");
      this.say(`No new puzzle: ${error.message}`);
    } finally {
      if (this.pending === control) this.pending = null;
    }
  }

  async paste(text) {
    text = text.trim();
    if (!text) {
      this.say("Paste a puzzle ID (such as nurikabe:5x5:…) or a puzz.link URL first.");
      return false;
    }
    try {
      const data = await api("parse", { text });
      this.load(this.newGame(data.puzzle));
      $("paste").value = "";
      return true;
    } catch (error) {
      this.say(`That puzzle cannot be read: ${error.message}`);
      return false;
    }
  }

  /** Solve a pasted puzzle in the background, so that "solved" and hints can be told. */
  async learnSolution() {
    const game = this.game;
    this.setStatus("checking the puzzle…");
    try {
      const data = await api("solve", { puzzle: game.puzzle.id });
      if (this.game !== game) return;
      game.status = data.status;
      game.rating = data.rating;
      game.solution = data.solution;
      this.save();
      this.refresh();
    } catch (error) {
      if (this.game !== game) return;
      this.setStatus("");
      this.say(`The puzzle could not be solved here: ${error.message}`);
    }
  }

  // -- marks and history -------------------------------------------------------

  /** A gesture of the board (already drawn): record it for undo and look at the result. */
  commit(changes) {
    const game = this.game;
    for (const { cell, to } of changes) game.marks[cell] = to;
    game.undo.push(changes);
    if (game.undo.length > HISTORY_LIMIT) game.undo.shift();
    game.redo = [];
    this.afterChange();
  }

  /** Set marks from outside the board (hint applied, solution shown, cleared) as one undoable step. */
  change(newMarks) {
    const game = this.game;
    const changes = [];
    newMarks.forEach((to, cell) => {
      if (game.marks[cell] !== to) changes.push({ cell, from: game.marks[cell], to });
    });
    if (!changes.length) return false;
    for (const { cell, to } of changes) game.marks[cell] = to;
    this.board.setMarks(game.marks);
    game.undo.push(changes);
    game.redo = [];
    this.afterChange();
    return true;
  }

  undo() {
    const changes = this.game?.undo.pop();
    if (!changes) return;
    for (const { cell, from } of changes) this.game.marks[cell] = from;
    this.game.redo.push(changes);
    this.board.setMarks(this.game.marks);
    this.afterChange();
  }

  redo() {
    const changes = this.game?.redo.pop();
    if (!changes) return;
    for (const { cell, to } of changes) this.game.marks[cell] = to;
    this.game.undo.push(changes);
    this.board.setMarks(this.game.marks);
    this.afterChange();
  }

  afterChange() {
    this.hint = null;
    this.board.clearOverlay();
    this.hideMessage();
    this.refresh();
    this.save();
  }

  answerRows() {
    const { rows, cols } = this.game.puzzle;
    const out = [];
    for (let r = 0; r < rows; r++) {
      out.push(this.game.marks.slice(r * cols, (r + 1) * cols).map((m) => MARK_CHARS[m]).join(""));
    }
    return out;
  }

  /** Whether the shaded cells are exactly the solution's (unmarked cells count as unshaded). */
  matchesSolution() {
    const { solution, marks, puzzle } = this.game;
    if (!solution) return false;
    const cols = puzzle.cols;
    return marks.every((m, i) => (m === SHADE) === (solution[Math.floor(i / cols)][i % cols] === "#"));
  }

  refresh() {
    const game = this.game;
    if (!game) return;
    const wasSolved = game.solved;
    game.solved = !game.shown && this.matchesSolution();
    this.board.setSolved(game.solved);
    $("undo").disabled = !game.undo.length;
    $("redo").disabled = !game.redo.length;
    const rating = game.rating && game.status === "unique" ? game.rating : "";
    $("rating").textContent = `${game.puzzle.title} ${game.puzzle.rows}×${game.puzzle.cols}${rating ? " · " + rating : ""}`;
    if (game.solved) this.setStatus(`Solved in ${formatTime(game.elapsed)}!`, "good");
    else if (game.shown) this.setStatus("Solution shown");
    else if (game.status === "multiple") this.setStatus("This puzzle has more than one solution: Check still works.", "warn");
    else if (game.status === "none") this.setStatus("This puzzle has no solution.", "warn");
    else if (game.status === "gave_up") this.setStatus("The solver gave up on this puzzle: Check still works.", "warn");
    else if (game.status) this.setStatus("");
    const tagline = this.genreInfo(game.puzzle.genre)?.tagline ?? "";
    const verdict = { multiple: "more than one solution", none: "no solution", gave_up: "not proven unique" }[game.status];
    $("kicker").textContent = verdict ? `${tagline.split(" · ")[0]} · ${verdict}` : tagline;
    if (game.solved && !wasSolved) this.hideMessage();
    this.drawTimer();
  }

  // -- buttons ----------------------------------------------------------------

  async check() {
    const game = this.game;
    if (!game) return;
    try {
      const data = await api("check", { puzzle: game.puzzle.id, answer: this.answerRows() });
      if (this.game !== game) return;
      if (data.correct) {
        if (!game.solution) {
          game.solved = !game.shown;
          this.board.setSolved(game.solved);
          if (game.solved) this.setStatus(`Solved in ${formatTime(game.elapsed)}!`, "good");
        }
        this.board.clearOverlay();
        this.say("Correct: no rule is broken.");
        return;
      }
      // Violations the unmarked cells cannot mend come first, then the smallest.
      const violations = data.violations.slice().sort((a, b) =>
        (b.certain - a.certain) || (a.indices.length - b.indices.length));
      const certain = violations.filter((v) => v.certain).length;
      if (data.unmarked && !certain) {
        // a board in progress: only what the marks made break is news, and they break nothing
        this.board.clearOverlay();
        this.say("Nothing is wrong with your marks so far.");
        return;
      }
      if (data.unmarked) violations.splice(certain);  // in progress: only what the marks break for certain
      const head = data.unmarked
        ? `${certain} rule${certain === 1 ? " is" : "s are"} broken by your marks.`
        : `${violations.length} rule${violations.length === 1 ? " is" : "s are"} broken.`;
      this.say(`${head} Tap one to see it on the board.`,
               violations.map((v) => `${v.rule} ${v.title}: ${v.message}`));
      const items = [...$("message-list").children];
      const select = (k) => {
        this.board.setOverlay([{ cells: violations[k].indices, kind: violations[k].certain ? "violation" : "maybe" }]);
        items.forEach((li, j) => li.classList.toggle("selected", j === k));
      };
      items.forEach((li, k) => {
        li.tabIndex = 0;
        li.classList.add("pick");
        if (!violations[k].certain) li.classList.add("maybe");
        li.addEventListener("click", () => select(k));
        li.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(k); } });
      });
      select(0);
    } catch (error) {
      this.say(`Check failed: ${error.message}`);
    }
  }

  async askHint() {
    const game = this.game;
    if (!game) return;
    this.setStatus("thinking…");
    try {
      const hint = await api("hint", { puzzle: game.puzzle.id, answer: this.answerRows() });
      if (this.game !== game) return;
      this.refresh();
      this.hint = hint;
      const words = game.puzzle.words;
      const groups = hint.kind === "mistake"
        ? [{ cells: [...hint.shade, ...hint.unshade], kind: "mistake" }]
        : [{ cells: hint.shade, kind: "hint-shade" }, { cells: hint.unshade, kind: "hint-unshade" }];
      this.board.setOverlay(groups);
      let head = hint.message;
      const details = [];
      if (hint.kind === "step") {
        head = `Hint (${hint.level} · ${hint.technique.replaceAll("_", " ")}): ${hint.message}`;
        if (hint.summary) details.push(hint.summary);
        if (hint.shade.length) details.push(`${words[0]}: ${names(hint.shade, game.puzzle)}`);
        if (hint.unshade.length) details.push(`${words[1]}: ${names(hint.unshade, game.puzzle)}`);
      }
      this.say(head, details);
      const apply = $("apply");
      apply.hidden = !["step", "reveal", "mistake"].includes(hint.kind);
      apply.textContent = hint.kind === "mistake" ? "Clear wrong marks" : "Apply hint";
    } catch (error) {
      this.refresh();
      this.say(`No hint: ${error.message}`);
    }
  }

  applyHint() {
    const hint = this.hint;
    if (!hint || !this.game) return;
    const marks = this.game.marks.slice();
    if (hint.kind === "mistake") {
      for (const cell of [...hint.shade, ...hint.unshade]) marks[cell] = EMPTY;
    } else {
      for (const cell of hint.shade) marks[cell] = SHADE;
      for (const cell of hint.unshade) if (!this.board.isFixed(cell)) marks[cell] = DOT;
    }
    this.change(marks);
  }

  async showSolution() {
    const game = this.game;
    if (!game) return;
    if (!game.solution) {
      this.say(game.status && game.status !== "unique"
        ? "There is no single solution to show for this puzzle."
        : "The solution is still being worked out: try again in a moment.");
      return;
    }
    const cols = game.puzzle.cols;
    const marks = game.marks.map((_, i) => {
      if (this.board.isFixed(i)) return EMPTY;
      return game.solution[Math.floor(i / cols)][i % cols] === "#" ? SHADE : DOT;
    });
    if (!game.solved) game.shown = true;
    if (!this.change(marks)) this.refresh();
  }

  clear() {
    if (!this.game) return;
    this.change(this.game.marks.map(() => EMPTY));
  }

  // -- timer, messages, storage ------------------------------------------------

  tick() {
    const now = performance.now();
    const game = this.game;
    if (game && this.lastTick !== null && !game.solved && !game.shown && document.visibilityState === "visible") {
      game.elapsed += now - this.lastTick;
    }
    this.lastTick = now;
    this.drawTimer();
    if (game && Math.floor(game.elapsed / 5000) !== this.savedAt) {
      this.savedAt = Math.floor(game.elapsed / 5000);
      this.save();
    }
  }

  drawTimer() {
    if (this.game) $("timer").textContent = formatTime(this.game.elapsed);
  }

  setStatus(text, tone = "") {
    const el = $("status");
    el.textContent = text;
    el.dataset.tone = tone;
  }

  say(text, items = []) {
    $("message").hidden = false;
    $("message-text").textContent = text;
    $("message-list").replaceChildren(...items.map((item) => {
      const li = document.createElement("li");
      li.textContent = item;
      return li;
    }));
    $("apply").hidden = true;
  }

  hideMessage() {
    $("message").hidden = true;
    $("apply").hidden = true;
  }

  /** Keep the current game, and up to GAMES_KEPT others by puzzle ID, so a puzzle played before resumes. */
  save() {
    if (!this.game) return;
    const store = readStore();
    const id = this.game.puzzle.id;
    store.games[id] = this.game;
    store.order = store.order.filter((key) => key !== id && key in store.games).concat(id);
    store.current = id;
    while (store.order.length > GAMES_KEPT) delete store.games[store.order.shift()];
    for (;;) {
      try {
        localStorage.setItem(STORE_KEY, JSON.stringify(store));
        return;
      } catch {
        // storage full or disabled: forget the oldest other game, or give up (the game still plays)
        if (store.order.length <= 1) return;
        delete store.games[store.order.shift()];
      }
    }
  }

  /** The game last played, or the one kept for puzzle ``id``; ``null`` if there is none. */
  restore(id = null) {
    const store = readStore();
    const game = store.games[id ?? store.current];
    const size = game?.puzzle?.rows * game?.puzzle?.cols;
    if (!game || !Array.isArray(game.marks) || game.marks.length !== size) return null;
    return game;
  }
}

/** The puzzle named in the address after ``#`` (an ID or a URL), or "". */
function linkedPuzzle() {
  try {
    return decodeURIComponent(location.hash.slice(1)).trim();
  } catch {
    return "";
  }
}

function readStore() {
  try {
    const store = JSON.parse(localStorage.getItem(STORE_KEY) ?? "null");
    if (store && typeof store.games === "object" && Array.isArray(store.order)) return store;
  } catch {
    // unreadable: start afresh
  }
  return { current: null, games: {}, order: [] };
}

function names(indices, puzzle) {
  return indices.map((i) => `r${Math.floor(i / puzzle.cols) + 1}c${(i % puzzle.cols) + 1}`).join(", ");
}

const player = new Player();
window.pencilkitPlayer = player;
player.start();
