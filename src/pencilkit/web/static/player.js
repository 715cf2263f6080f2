// The player: one game at a time (puzzle, marks, history, timer), kept in
// localStorage so that a reload finds it again, and the calls to the JSON API
// behind the buttons (generate, parse, solve, check, hint).
//
// Two areas talk to the player: the status bar says what work is under way
// (the newest first, then the game's state once nothing is), and the message
// box shows the answer to the newest request: each request that answers there
// takes a ticket, and an answer whose ticket is no longer the latest (a newer
// request, message or mark came since) is dropped.  Trial marks keep, per
// cell, the mark they replaced (game.trial, null for a normal mark), so that
// Discard puts it back; every change records that too, and undo goes through.

import { BoardView, DOT, EMPTY, SHADE } from "./board.js";
import { View, readSettings, writeSettings } from "./view.js";
import { api } from "./api.js";

const STORE_KEY = "pencilkit-player-v2";
const HISTORY_LIMIT = 500;
const GAMES_KEPT = 20;
const MARK_CHARS = { [EMPTY]: ".", [SHADE]: "#", [DOT]: "-" };
const MARKS_TAG = "~marks=";  // a link's marks follow the puzzle in the #fragment: three cells a character
const PACK = "0123456789abcdefghijklmnopq";

const $ = (id) => document.getElementById(id);

/** "a" or "an" before a word. */
const article = (word) => (/^[aeiou]/i.test(word) ? "an" : "a");

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
    this.busy = [];  // work under way, newest last: {text, game}
    this.gameStatus = ["", ""];  // what the status bar says of the game when no work is under way
    this.messageTicket = 0;  // bumped by every message, hidden message and request that answers in one
    this.paused = false;
    this.solveError = null;
    this.board = new BoardView($("board"), { onGesture: (changes) => this.commit(changes),
                                             circled: (genre) => this.genreInfo(genre)?.circled,
                                             filled: (genre) => this.genreInfo(genre)?.filled });
    this.view = new View({ play: $("board").closest(".play"), stage: $("stage"), board: $("board") });
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
    const linkMarks = linkedMarks();
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
    if (linkMarks && this.game && [this.game.puzzle.id, this.game.puzzle.url].includes(fromLink)) {
      this.useLinkMarks(linkMarks);
    }
    setInterval(() => this.tick(), 500);
    document.addEventListener("visibilitychange", () => {
      this.tick();
      if (document.visibilityState === "hidden") this.pause(true);
      this.save();
    });
    window.addEventListener("pagehide", () => { this.tick(); this.save(); });
    window.addEventListener("hashchange", () => this.followLink());
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
    // the board takes the focus back after Check and Hint, so that its keys keep working
    $("check").addEventListener("click", () => { this.check(); this.focusBoard(); });
    $("hint").addEventListener("click", () => { this.askHint(); this.focusBoard(); });
    $("apply").addEventListener("click", () => this.applyHint());
    $("solution").addEventListener("click", () => this.showSolution());
    $("clear").addEventListener("click", () => this.clear());
    $("restart").addEventListener("click", () => this.restart());
    $("pause").addEventListener("click", () => this.pause(!this.paused));
    $("resume").addEventListener("click", () => this.pause(false));
    $("trial").addEventListener("click", () => this.setTrialMode(!this.game?.trialMode));
    $("trial-accept").addEventListener("click", () => this.endTrial(true));
    $("trial-discard").addEventListener("click", () => this.endTrial(false));
    $("print").addEventListener("click", () => window.print());
    $("copy-link").addEventListener("click", () => this.copyLink());
    $("player-link").addEventListener("focus", (e) => e.target.select());
    $("generate-cancel").addEventListener("click", () => this.cancelGenerate());
    $("wait").addEventListener("change", () => writeSettings({ wait: Number($("wait").value) }));
    this.view.bind({ smaller: $("size-smaller"), fit: $("size-fit"), larger: $("size-larger"), theme: $("theme"),
                     palette: $("palette") });
    $("paste").addEventListener("keydown", (e) => {
      // Enter plays; Shift+Enter starts a new line (a pasted text grid keeps its lines)
      if (e.key === "Enter" && !e.shiftKey) {
        e.preventDefault();
        $("paste-form").requestSubmit();
      }
    });
    $("paste-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.paste($("paste").value, $("paste-genre").value);
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
    document.addEventListener("keydown", (e) => this.shortcut(e));
  }

  /** The keys h (hint) and c (check), anywhere on the page but in a field being typed in. */
  shortcut(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented) return;
    if (e.target.closest?.("input, textarea, select, [contenteditable]")) return;
    if (!$("board").offsetParent) return;  // the editor is open
    const key = e.key.toLowerCase();
    if (key === "h") this.askHint();
    else if (key === "c") this.check();
    else return;
    e.preventDefault();
    this.focusBoard();
  }

  /** Give the board the keyboard focus (without scrolling), unless it is hidden. */
  focusBoard() {
    if ($("board").offsetParent && !this.paused) $("board").focus({ preventScroll: true });
  }

  fillSelects() {
    $("genre").replaceChildren(...this.genres.map((g) => new Option(g.title, g.name)));
    $("level").replaceChildren(...this.levels.map((l) => new Option(l[0].toUpperCase() + l.slice(1), l)));
    $("level").value = "easy";
    $("paste-genre").replaceChildren(new Option("detect", ""), ...this.genres.map((g) => new Option(g.title, g.name)));
    for (const id of ["rows", "cols"]) $(id).max = this.limits.max_generate_side;
    // how long a generation may look: the server's default, longer ones up to the server's limit
    const most = this.limits.max_generate_seconds ?? this.limits.generate_seconds ?? 10;
    const usual = Math.min(this.limits.generate_seconds ?? 10, most);
    const waits = [...new Set([usual, 3 * usual, 6 * usual, most])].filter((s) => s <= most).sort((a, b) => a - b);
    $("wait").replaceChildren(...waits.map((s) => new Option(s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${s} s`, s)));
    const chosen = readSettings().wait;
    $("wait").value = waits.includes(chosen) ? chosen : usual;
  }

  /** Seconds the next generation may take. */
  waitSeconds() {
    return Number($("wait").value) || this.limits?.generate_seconds || 10;
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

  /** The genre new puzzles are made in, its preset buttons, and whether they can be. */
  chooseGenre(name) {
    const genre = this.genreInfo(name);
    if (!genre) return;
    $("genre").value = name;
    this.drawPresets(genre);
    const note = $("generate-note");
    note.hidden = genre.generate;
    note.textContent = genre.generate ? "" :
      `Generation is not available for ${genre.title} yet: paste a ${genre.title} puzzle ID or puzz.link URL below to play one.`;
    for (const button of document.querySelectorAll("#presets button, #new-puzzle")) button.disabled = !genre.generate;
  }

  /** The genre's New puzzle buttons ("Easy 5×5"), as /api/genres lists them; the page's own when it lists none. */
  drawPresets(genre) {
    if (!Array.isArray(genre.presets) || !genre.presets.length) return;
    const box = $("presets");
    if (box.dataset.genre === genre.name) return;
    box.dataset.genre = genre.name;
    box.replaceChildren(...genre.presets.map(({ level, rows, cols }) => {
      const button = document.createElement("button");
      button.type = "button";
      Object.assign(button.dataset, { level, rows, cols });
      button.textContent = `${level[0].toUpperCase()}${level.slice(1)} ${rows}×${cols}`;
      return button;
    }));
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
      trial: Array(puzzle.rows * puzzle.cols).fill(null),
      trialMode: false,
      ...extra,
    };
  }

  load(game, fresh = true) {
    if (fresh) game = this.restore(game.puzzle.id) ?? game;
    this.game = game;
    this.hint = null;
    this.solveError = null;
    this.busy = this.busy.filter((job) => job.game === null);
    this.lastTick = performance.now();
    this.pause(false);
    this.board.load(game.puzzle, game.marks);
    this.board.trialMode = game.trialMode;
    this.drawTrial();
    this.view.show(game.puzzle);
    $("copy-note").textContent = "";
    $("player-link").hidden = true;
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

  async generate(genre, rows, cols, level, symmetry = "published") {
    const info = this.genreInfo(genre);
    if (info && !info.generate) {
      this.say(`Generation is not available for ${info.title} yet: paste a puzzle to play one.`);
      return;
    }
    this.pending?.abort();
    const control = new AbortController();
    this.pending = control;
    const budget = this.waitSeconds();
    const job = this.busyStart("constructing a puzzle…");
    const hideProgress = this.showProgress(control, budget, `${article(level)} ${level} ${rows}×${cols} ${info?.title ?? genre}`);
    try {
      const data = await api("generate", { genre, rows, cols, level, symmetry, time_budget: budget }, control.signal);
      const made = data.generated;
      this.load(this.newGame(data.puzzle, {
        solution: made.solution, status: "unique", rating: made.rating, level: made.level, seed: made.seed,
      }));
      this.revealBoard();
      if (!made.exact) {
        this.say(`Time ran out before ${article(made.level)} ${made.level} puzzle turned up: this is the closest found, ` +
                 `rated ${made.rating}.`);
      }
    } catch (error) {
      if (error.name === "AbortError") return;
      this.say(`No new puzzle: ${error.message}`);
    } finally {
      hideProgress();
      this.busyEnd(job);
      if (this.pending === control) this.pending = null;
    }
  }

  /** Show how long a generation has been looking, of the wait allowed, with its Cancel; returns what hides it. */
  showProgress(control, budget, what) {
    const started = performance.now();
    const progress = $("generating-progress");
    progress.max = budget;
    const draw = () => {
      if (this.pending !== control) return;
      const seconds = Math.floor((performance.now() - started) / 1000);
      $("generating-text").textContent = seconds <= budget
        ? `Constructing ${what}: ${seconds} s of up to ${budget} s`
        : `Constructing ${what}: ${seconds} s, finishing…`;
      progress.value = Math.min(seconds, budget);
    };
    $("generating").hidden = false;
    draw();
    const timer = setInterval(draw, 250);
    return () => {
      clearInterval(timer);
      if (this.pending === control || this.pending === null) $("generating").hidden = true;
    };
  }

  /** Stop the generation under way (the server stops its job when the request goes); the game stays. */
  cancelGenerate() {
    const control = this.pending;
    if (!control) return;
    this.pending = null;
    control.abort();
    $("generating").hidden = true;
    this.say(this.game ? "Cancelled: no new puzzle, and the one you were playing stays." : "Cancelled: no new puzzle.");
  }

  /** Play a pasted puzzle; ``genre`` (a genre's name, or "" to detect it) is for a paste that names none. */
  async paste(text, genre = "") {
    text = text.trim();
    if (!text) {
      this.say("Paste a puzzle ID (such as nurikabe:5x5:…) or a puzz.link URL first.");
      return false;
    }
    try {
      const data = await api("parse", genre ? { text, genre } : { text });
      this.load(this.newGame(data.puzzle));
      $("paste").value = "";
      return true;
    } catch (error) {
      this.say(`That puzzle cannot be read: ${pasteError(error.message, genre)}`);
      return false;
    }
  }

  /** Solve a pasted puzzle in the background, so that "solved" and hints can be told. */
  async learnSolution() {
    const game = this.game;
    const job = this.busyStart("checking the puzzle…", game);
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
      this.solveError = error.message;
      this.refresh();
    } finally {
      this.busyEnd(job);
    }
  }

  // -- marks and history -------------------------------------------------------

  /** A gesture of the board (already drawn): record it for undo and look at the result. */
  commit(changes) {
    const game = this.game;
    for (const change of changes) {
      const { cell, from, to } = change;
      withTrial(change, game.trial[cell], this.trialAfter(cell, from, to, game.trialMode));
      game.marks[cell] = to;
      game.trial[cell] = change.tt ?? null;
    }
    this.drawTrial();
    game.undo.push(changes);
    if (game.undo.length > HISTORY_LIMIT) game.undo.shift();
    game.redo = [];
    this.afterChange();
  }

  /** Set marks from outside the board (hint applied, solution shown, cleared) as one undoable step.
   *
   * Changed cells become trial marks in trial mode (``trial``); ``reset`` makes every mark a normal one. */
  change(newMarks, { trial = this.game.trialMode, reset = false, shows = false } = {}) {
    const game = this.game;
    const changes = [];
    newMarks.forEach((to, cell) => {
      const from = game.marks[cell];
      const tf = game.trial[cell];
      const tt = reset ? null : from === to ? tf : this.trialAfter(cell, from, to, trial);
      if (from !== to || tf !== tt) changes.push(withTrial({ cell, from, to }, tf, tt));
    });
    if (shows && changes.length) changes[0].shows = true;  // the step that showed the solution
    return this.record(changes);
  }

  /** Apply changes made outside the board as one undoable step; whether there were any. */
  record(changes) {
    if (!changes.length) return false;
    const game = this.game;
    for (const { cell, to, tt } of changes) {
      game.marks[cell] = to;
      game.trial[cell] = tt ?? null;
    }
    this.board.setMarks(game.marks);
    this.drawTrial();
    game.undo.push(changes);
    if (game.undo.length > HISTORY_LIMIT) game.undo.shift();
    game.redo = [];
    this.afterChange();
    return true;
  }

  undo() {
    if (this.paused) return;
    const changes = this.game?.undo.pop();
    if (!changes) return;
    for (const { cell, from, tf } of changes) {
      this.game.marks[cell] = from;
      this.game.trial[cell] = tf ?? null;
    }
    this.game.redo.push(changes);
    if (changes[0]?.shows) this.setShown(false);
    this.board.setMarks(this.game.marks);
    this.drawTrial();
    this.afterChange();
  }

  redo() {
    if (this.paused) return;
    const changes = this.game?.redo.pop();
    if (!changes) return;
    for (const { cell, to, tt } of changes) {
      this.game.marks[cell] = to;
      this.game.trial[cell] = tt ?? null;
    }
    this.game.undo.push(changes);
    if (changes[0]?.shows) this.setShown(true);
    this.board.setMarks(this.game.marks);
    this.drawTrial();
    this.afterChange();
  }

  /** The solution shown (the game over, its timer stopped) or taken back (the game on, its timer running
   * from where it stopped). */
  setShown(shown) {
    this.tick();
    this.game.shown = shown;
    this.lastTick = performance.now();
  }

  // -- trial marks ---------------------------------------------------------------

  /** A cell's trial base after it changes from ``from`` to ``to``: the mark it had before the trial, or
   * null when it holds a normal mark (a mark made out of trial mode, or a trial mark put back). */
  trialAfter(cell, from, to, trial) {
    if (!trial) return null;
    const base = this.game.trial[cell] ?? from;
    return to === base ? null : base;
  }

  drawTrial() {
    this.board.setTrial(this.game.trial.map((base) => base !== null));
  }

  setTrialMode(on) {
    const game = this.game;
    if (!game || this.paused) return;
    game.trialMode = on;
    this.board.trialMode = on;
    this.refresh();
    this.save();
  }

  /** Accept (every trial mark becomes a normal one) or discard (every trial cell gets its mark back) the
   * trial marks, as one undoable step; trial mode ends. */
  endTrial(accept) {
    const game = this.game;
    if (!game || this.paused) return;
    const changes = [];
    game.trial.forEach((base, cell) => {
      if (base === null) return;
      const mark = game.marks[cell];
      changes.push(withTrial({ cell, from: mark, to: accept ? mark : base }, base, null));
    });
    game.trialMode = false;
    this.board.trialMode = false;
    if (!this.record(changes)) {
      this.refresh();
      this.save();
    }
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
    $("undo").disabled = this.paused || !game.undo.length;
    $("redo").disabled = this.paused || !game.redo.length;
    // while paused the buttons rest (the board is hidden) and look it
    for (const id of ["check", "hint", "solution", "clear", "restart"]) $(id).disabled = this.paused;
    const trials = game.trial.some((base) => base !== null);
    $("trial").setAttribute("aria-pressed", String(game.trialMode));
    $("trial-accept").disabled = !trials;
    $("trial-discard").disabled = !trials;
    $("pause").disabled = !this.paused && (game.solved || game.shown);
    const rating = game.rating && game.status === "unique" ? game.rating : "";
    $("rating").textContent = `${game.puzzle.title} ${game.puzzle.rows}×${game.puzzle.cols}${rating ? " · " + rating : ""}`;
    $("print-title").textContent = [game.puzzle.title, `${game.puzzle.rows}×${game.puzzle.cols}`, rating || game.level]
      .filter(Boolean).join(" · ");
    if (game.solved) this.setStatus(`Solved in ${formatTime(game.elapsed)}!`, "good");
    else if (game.shown) this.setStatus("Solution shown");
    else if (game.status === "multiple") this.setStatus("This puzzle has more than one solution: Check still works.", "warn");
    else if (game.status === "none") this.setStatus("This puzzle has no solution.", "warn");
    else if (game.status === "gave_up") this.setStatus("The solver gave up on this puzzle: Check still works.", "warn");
    else if (this.solveError) this.setStatus(`The puzzle could not be solved here (${this.solveError}): Check still works.`, "warn");
    else this.setStatus("");
    const tagline = this.genreInfo(game.puzzle.genre)?.tagline ?? "";
    const verdict = { multiple: "more than one solution", none: "no solution", gave_up: "not proven unique" }[game.status];
    $("kicker").textContent = verdict ? `${tagline.split(" · ")[0]} · ${verdict}` : tagline;
    if (game.solved && !wasSolved) this.hideMessage();
    this.drawTimer();
  }

  // -- buttons ----------------------------------------------------------------

  async check() {
    const game = this.game;
    if (!game || this.paused) return;
    const ticket = this.claimMessage();
    const job = this.busyStart("checking your marks…", game);
    try {
      const data = await api("check", { puzzle: game.puzzle.id, answer: this.answerRows() });
      if (this.game !== game || ticket !== this.messageTicket) return;
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
      if (this.game !== game || ticket !== this.messageTicket) return;
      this.say(`Check failed: ${error.message}`);
    } finally {
      this.busyEnd(job);
    }
  }

  async askHint() {
    const game = this.game;
    if (!game || this.paused) return;
    const ticket = this.claimMessage();
    const job = this.busyStart("thinking…", game);
    try {
      const hint = await api("hint", { puzzle: game.puzzle.id, answer: this.answerRows() });
      if (this.game !== game || ticket !== this.messageTicket) return;
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
      if (this.game !== game || ticket !== this.messageTicket) return;
      this.say(`No hint: ${error.message}`);
    } finally {
      this.busyEnd(job);
    }
  }

  applyHint() {
    const hint = this.hint;
    if (!hint || !this.game || this.paused) return;
    const marks = this.game.marks.slice();
    if (hint.kind === "mistake") {
      for (const cell of [...hint.shade, ...hint.unshade]) marks[cell] = EMPTY;
    } else {
      for (const cell of hint.shade) marks[cell] = SHADE;
      for (const cell of hint.unshade) if (!this.board.isFixed(cell)) marks[cell] = DOT;
    }
    this.change(marks);
  }

  /** Show the solution (once the player confirms), as one step that Undo takes back to the game. */
  async showSolution() {
    const game = this.game;
    if (!game || this.paused) return;
    if (!game.solution) {
      this.say(game.status && game.status !== "unique"
        ? "There is no single solution to show for this puzzle."
        : "The solution is still being worked out: try again in a moment.");
      return;
    }
    if (!game.solved && !game.shown &&
        !window.confirm("Show the solution? The game ends: the timer stops (Undo takes the solution back).")) return;
    const cols = game.puzzle.cols;
    const marks = game.marks.map((_, i) => {
      if (this.board.isFixed(i)) return EMPTY;
      return game.solution[Math.floor(i / cols)][i % cols] === "#" ? SHADE : DOT;
    });
    this.tick();
    const shows = !game.solved && !game.shown;
    if (!game.solved) game.shown = true;
    game.trialMode = false;
    this.board.trialMode = false;
    if (!this.change(marks, { reset: true, shows })) this.refresh();
  }

  clear() {
    if (!this.game) return;
    this.change(this.game.marks.map(() => EMPTY), { reset: true });
  }

  /** Start the puzzle again (once the player confirms): no marks, no history, the timer at 0:00. */
  restart() {
    const game = this.game;
    if (!game) return;
    if (!window.confirm("Restart this puzzle? Every mark, the undo history and the time are cleared.")) return;
    const size = game.marks.length;
    Object.assign(game, {
      marks: Array(size).fill(EMPTY), trial: Array(size).fill(null), trialMode: false,
      undo: [], redo: [], elapsed: 0, solved: false, shown: false,
    });
    this.pause(false);
    this.lastTick = performance.now();
    this.board.trialMode = false;
    this.board.setMarks(game.marks);
    this.drawTrial();
    this.afterChange();
  }

  /** Pause (the timer stops and the board is hidden until resumed) or resume. */
  pause(on) {
    const game = this.game;
    if (on && (!game || game.solved || game.shown)) return;
    if (on === this.paused) return;
    this.tick();
    this.paused = on;
    $("board").closest(".play").classList.toggle("paused", on);
    $("pause-cover").hidden = !on;
    for (const el of [$("board"), document.querySelector(".play .actions"), $("trial-bar")]) el.inert = on;
    $("pause").textContent = on ? "Resume" : "Pause";
    this.refresh();
  }

  // -- links ------------------------------------------------------------------------

  /** A link to this page that opens this puzzle, with the marks on the board when asked (and there are any). */
  playerLink(withMarks) {
    const game = this.game;
    const url = `${location.origin}${location.pathname}#${encodeURI(game.puzzle.id)}`;
    return withMarks && game.marks.some((m) => m !== EMPTY) ? `${url}${MARKS_TAG}${packMarks(game.marks)}` : url;
  }

  async copyLink() {
    if (!this.game) return;
    const withMarks = $("link-marks").checked;
    const url = this.playerLink(withMarks);
    let copied;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = copyByHand(url);
    }
    const field = $("player-link");
    field.value = url;
    field.hidden = false;
    $("copy-note").textContent = !copied ? "Copy this link:" : withMarks ? "Link with your marks copied." : "Link copied.";
    clearTimeout(this.copyTimer);
    if (copied) this.copyTimer = setTimeout(() => { $("copy-note").textContent = ""; }, 6000);
  }

  /** The address's #fragment changed (a link opened in this tab): play its puzzle, and take its marks. */
  async followLink() {
    const text = linkedPuzzle();
    const marks = linkedMarks();
    if (!text) return;
    if (text !== this.game?.puzzle.id && text !== this.game?.puzzle.url && !(await this.paste(text))) return;
    if (marks) this.useLinkMarks(marks);
    history.replaceState(null, "", `#${encodeURI(this.game.puzzle.id)}`);
  }

  /** Put a link's marks on the board, as one undoable step. */
  useLinkMarks(packed) {
    const game = this.game;
    const marks = unpackMarks(packed, game.marks.length);
    if (!marks) {
      this.say("The marks in the link do not fit this puzzle: they were left out.");
      return;
    }
    const playable = marks.map((m, i) => (this.board.isFixed(i) ? EMPTY : m));
    if (this.change(playable, { trial: false })) this.say("The marks from the link are on the board: Undo takes them off.");
  }

  // -- timer, messages, storage ------------------------------------------------

  tick() {
    const now = performance.now();
    const game = this.game;
    if (game && this.lastTick !== null && !game.solved && !game.shown && !this.paused &&
        document.visibilityState === "visible") {
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

  /** What the status bar says of the game when no work is under way. */
  setStatus(text, tone = "") {
    this.gameStatus = [text, tone];
    this.drawStatus();
  }

  /** Say in the status bar that work is under way (for ``game``, or for none); the newest work shows. */
  busyStart(text, game = null) {
    const job = { text, game };
    this.busy.push(job);
    this.drawStatus();
    return job;
  }

  busyEnd(job) {
    const at = this.busy.indexOf(job);
    if (at >= 0) this.busy.splice(at, 1);
    this.drawStatus();
  }

  drawStatus() {
    const job = this.busy.at(-1);
    const [text, tone] = job ? [job.text, ""] : this.gameStatus;
    const el = $("status");
    if (el.textContent !== text) el.textContent = text;
    el.dataset.tone = tone;
  }

  /** A ticket for a request that will answer in the message box: its answer shows only if still the latest. */
  claimMessage() {
    return ++this.messageTicket;
  }

  say(text, items = []) {
    this.messageTicket++;
    $("message").hidden = false;
    $("message-text").textContent = text;
    $("message-list").replaceChildren(...items.map((item) => {
      const li = document.createElement("li");
      li.textContent = item;
      return li;
    }));
    $("apply").hidden = true;
    this.revealMessage();
  }

  /** Scroll the message box on screen if it is not (it stands right above the board). */
  revealMessage() {
    const box = $("message");
    if (box.hidden || !box.offsetParent) return;
    const rect = box.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) box.scrollIntoView({ block: "nearest" });
  }

  /** After a new puzzle: bring the board on screen (the page's top when the whole board shows from there,
   * else the board's section at the window's top). */
  revealBoard() {
    const board = $("board");
    if (!board.offsetParent) return;  // the editor is open
    this.view.fit();
    const rect = board.getBoundingClientRect();
    if (rect.top >= 0 && rect.bottom <= window.innerHeight) return;
    if (rect.bottom + window.scrollY <= window.innerHeight) window.scrollTo({ top: 0 });
    else board.closest(".play").scrollIntoView({ block: "start" });
  }

  hideMessage() {
    this.messageTicket++;
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

  /** The game last played, or the one kept for puzzle ``id``; ``null`` if there is none that can be played. */
  restore(id = null) {
    const store = readStore();
    return keptGame(store.games[id ?? store.current]);
  }
}

/** Why a paste cannot be read, in the server's words; when it names no genre and none was chosen, where to
 * choose one (the Genre menu beside the box). */
function pasteError(message, genre) {
  if (genre) return message;
  const choose = "choose its genre in the Genre menu beside Play, then press Play again.";
  if (/names no genre/.test(message)) return `${message.replace(/: give one$/, "")}: ${choose}`;
  if (/^not a puzzle:/.test(message)) return `${message}. If it is a grid of rows, ${choose}`;
  return message;
}

/** The address after ``#``, decoded ("" when it cannot be). */
function linkedFragment() {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return "";
  }
}

/** The puzzle named in the address after ``#`` (an ID or a URL), or "". */
function linkedPuzzle() {
  const text = linkedFragment();
  const at = text.lastIndexOf(MARKS_TAG);
  return (at >= 0 ? text.slice(0, at) : text).trim();
}

/** The packed marks in the address after the puzzle, or "". */
function linkedMarks() {
  const text = linkedFragment();
  const at = text.lastIndexOf(MARKS_TAG);
  return at >= 0 ? text.slice(at + MARKS_TAG.length).trim() : "";
}

function packMarks(marks) {
  let out = "";
  for (let i = 0; i < marks.length; i += 3) out += PACK[9 * marks[i] + 3 * (marks[i + 1] ?? 0) + (marks[i + 2] ?? 0)];
  return out;
}

/** The marks of a board of ``size`` cells from packMarks's text, or null when it does not fit. */
function unpackMarks(text, size) {
  if (text.length !== Math.ceil(size / 3)) return null;
  const marks = [];
  for (const ch of text) {
    const value = PACK.indexOf(ch);
    if (value < 0) return null;
    marks.push(Math.floor(value / 9), Math.floor(value / 3) % 3, value % 3);
  }
  return marks.slice(0, size);
}

/** A change that records trial bases too (only when there are: a missing one is null). */
function withTrial(change, tf, tt) {
  if (tf !== null && tf !== undefined) change.tf = tf;
  else delete change.tf;
  if (tt !== null && tt !== undefined) change.tt = tt;
  else delete change.tt;
  return change;
}

/** Copy text the old way (a page served over plain HTTP to another machine has no navigator.clipboard). */
function copyByHand(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** A game as kept in localStorage, made safe to load: ``null`` when its puzzle or marks do not fit, and the
 * parts a game kept by an older page may lack (trial marks, history, time, a solution of the right shape) mended. */
function keptGame(game) {
  const puzzle = game?.puzzle;
  const size = puzzle?.rows * puzzle?.cols;
  if (typeof puzzle?.id !== "string" || !Number.isInteger(size) || size < 1 || !Array.isArray(puzzle.tokens) ||
      puzzle.tokens.length !== size || !Array.isArray(game.marks) || game.marks.length !== size ||
      !game.marks.every((m) => [EMPTY, SHADE, DOT].includes(m))) {
    return null;
  }
  if (!Array.isArray(game.trial) || game.trial.length !== size) game.trial = Array(size).fill(null);
  game.trialMode = Boolean(game.trialMode);
  for (const key of ["undo", "redo"]) if (!Array.isArray(game[key])) game[key] = [];
  if (!Number.isFinite(game.elapsed) || game.elapsed < 0) game.elapsed = 0;
  const rows = game.solution;
  if (rows != null && !(Array.isArray(rows) && rows.length === puzzle.rows &&
                        rows.every((row) => typeof row === "string" && row.length === puzzle.cols))) {
    game.solution = null;
    game.status = null;  // learnt again
  }
  return game;
}

function readStore() {
  try {
    const store = JSON.parse(localStorage.getItem(STORE_KEY) ?? "null");
    if (store?.games && typeof store.games === "object" && !Array.isArray(store.games) && Array.isArray(store.order)) {
      return store;
    }
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
