// How the player looks, apart from the game: the board's cell size (fitted to
// the window, or chosen with smaller and larger), the colour theme (the
// system's, light or dark) and the palette of the overlays (standard, or
// colour-blind-safe: the Okabe-Ito colours with a shape for each kind).  The
// settings are kept in localStorage apart from the games; the theme and the
// palette are data-theme and data-palette on <html>, which player.css reads.

const SETTINGS_KEY = "pencilkit-player-settings-v1";
const UNIT = 40;  // a cell of board.js, in SVG units
const PAD = 3;    // the frame around the cells, in SVG units
export const MIN_CELL = 10;
export const MAX_CELL = 160;
export const MAX_FIT_CELL = 100;
const STEP = 1.25;
const SIDE_MESSAGE = 240;  // the narrowest message column beside the board, in pixels
const THEMES = ["auto", "light", "dark"];
const PALETTES = ["standard", "colourblind"];

export function readSettings() {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null");
    if (stored && typeof stored === "object") return stored;
  } catch {
    // unreadable: the defaults
  }
  return {};
}

export function writeSettings(changes) {
  const settings = { ...readSettings(), ...changes };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // storage full or disabled: the setting holds until the page is closed
  }
  return settings;
}

export class View {
  /** ``play`` is the section holding the board's ``stage`` and the rows around it. */
  constructor({ play, stage, board }) {
    this.play = play;
    this.stage = stage;
    this.board = board;
    this.puzzle = null;
    this.cellPx = 0;
    const settings = readSettings();
    this.cell = Number.isFinite(settings.cell) ? clampCell(settings.cell) : null;  // null: fit
    this.theme = THEMES.includes(settings.theme) ? settings.theme : "auto";
    this.palette = PALETTES.includes(settings.palette) ? settings.palette : "standard";
    this.applyLook();
    let queued = false;
    const refit = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; this.fit(); });
    };
    window.addEventListener("resize", refit);
    // the stage's width changes without the window's too (a section shown again, a scroll bar)
    let width = null;
    new ResizeObserver(() => {
      if (this.stage.clientWidth !== width) {
        width = this.stage.clientWidth;
        refit();
      }
    }).observe(this.stage);
    // what stands above the board changes its room: the Rules opened or closed, a message shown or hidden
    let heights = null;
    const above = [document.querySelector(".app > header"), ...this.play.querySelectorAll(":scope > .message")]
      .filter(Boolean);
    const watch = new ResizeObserver(() => {
      const now = above.map((el) => el.offsetHeight).join();
      if (now !== heights) {
        heights = now;
        refit();
      }
    });
    for (const el of above) watch.observe(el);
    document.querySelector(".rules")?.addEventListener("toggle", refit);
  }

  bind({ smaller, fit, larger, theme, palette }) {
    this.controls = { smaller, fit, larger, theme, palette };
    smaller.addEventListener("click", () => this.step(1 / STEP));
    larger.addEventListener("click", () => this.step(STEP));
    fit.addEventListener("click", () => this.setCell(null));
    theme.value = this.theme;
    theme.addEventListener("change", () => this.setTheme(theme.value));
    palette.checked = this.palette === "colourblind";
    palette.addEventListener("change", () => this.setPalette(palette.checked ? "colourblind" : "standard"));
    this.drawControls();
  }

  /** Size the board for a (new) puzzle. */
  show(puzzle) {
    this.puzzle = puzzle;
    this.board.style.setProperty("--cols", puzzle.cols);
    this.board.style.setProperty("--rows", puzzle.rows);
    this.fit();
  }

  /** The cell size that fits the board in the stage's width and in the height the window has left below the
   * board's top (the header, the status bar and any message above it; the action buttons below it, which
   * stay on screen with it), measured from the top of the page. */
  fitCell() {
    const { rows, cols } = this.puzzle;
    const style = getComputedStyle(this.stage);
    const width = this.stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const top = this.stage.getBoundingClientRect().top + window.scrollY + parseFloat(style.paddingTop);
    let below = parseFloat(style.paddingBottom) + 8;
    for (const el of this.play.querySelectorAll(":scope > .actions")) {
      if (el.hidden) continue;
      const look = getComputedStyle(el);
      below += el.offsetHeight + parseFloat(look.marginTop) + parseFloat(look.marginBottom);
    }
    const height = Math.max(160, window.innerHeight - top - below);
    const scale = Math.min(width / (cols * UNIT + 2 * PAD), height / (rows * UNIT + 2 * PAD));
    return Math.max(MIN_CELL, Math.min(MAX_FIT_CELL, Math.floor(scale * UNIT)));
  }

  fit() {
    if (!this.puzzle || !this.stage.clientWidth) return;  // not shown (the editor is open): fit once it is
    // the messages go beside the board when the window has room there (they take no height from it), else
    // above it (and Fit leaves them their height)
    const side = this.play.classList;
    let cell = this.cell;
    if (cell === null) {
      side.add("side-message");
      cell = this.fitCell();
      if (!this.roomBeside(cell)) {
        side.remove("side-message");
        cell = this.fitCell();
      }
    } else {
      side.toggle("side-message", this.roomBeside(cell));
    }
    this.cellPx = cell;
    const width = this.boardPx(cell, this.puzzle.cols);
    this.play.style.setProperty("--board-w", `${width}px`);
    this.play.style.setProperty("--board-h", `${this.boardPx(cell, this.puzzle.rows)}px`);
    this.play.style.setProperty("--stage-top",
      `${this.stage.offsetTop + parseFloat(getComputedStyle(this.stage).paddingTop)}px`);
    this.drawControls();
  }

  /** The board's side in pixels, for ``n`` cells of ``cell`` pixels. */
  boardPx(cell, n) {
    return Math.round(((n * UNIT + 2 * PAD) * cell) / UNIT);
  }

  /** Whether a message column fits beside a board of ``cell`` pixel cells, centred in the stage. */
  roomBeside(cell) {
    return (this.stage.clientWidth - this.boardPx(cell, this.puzzle.cols)) / 2 >= SIDE_MESSAGE + 24;
  }

  step(factor) {
    const from = this.cellPx || this.fitCell();
    let to = clampCell(Math.round(from * factor));
    if (to === from) to = clampCell(from + (factor > 1 ? 1 : -1));
    this.setCell(to);
  }

  /** A cell size in pixels, or ``null`` to fit the window; remembered. */
  setCell(cell) {
    this.cell = cell === null ? null : clampCell(cell);
    writeSettings({ cell: this.cell });
    this.fit();
  }

  setTheme(theme) {
    this.theme = THEMES.includes(theme) ? theme : "auto";
    writeSettings({ theme: this.theme });
    this.applyLook();
  }

  setPalette(palette) {
    this.palette = PALETTES.includes(palette) ? palette : "standard";
    writeSettings({ palette: this.palette });
    this.applyLook();
  }

  applyLook() {
    document.documentElement.dataset.theme = this.theme;
    document.documentElement.dataset.palette = this.palette;
    if (this.controls) this.drawControls();
  }

  drawControls() {
    const c = this.controls;
    if (!c) return;
    c.fit.setAttribute("aria-pressed", String(this.cell === null));
    c.fit.title = this.cell === null ? `Fitted to the window: cells of ${this.cellPx} px` : "Fit the board to the window";
    c.smaller.disabled = this.cellPx <= MIN_CELL;
    c.larger.disabled = this.cellPx >= MAX_CELL;
    c.theme.value = this.theme;
    c.palette.checked = this.palette === "colourblind";
  }
}

function clampCell(px) {
  return Math.max(MIN_CELL, Math.min(MAX_CELL, Math.round(px)));
}
