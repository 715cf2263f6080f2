//! Probing's tests: the order a pass tries cells in (`nearest_first`); that a probe reports nothing
//! only when a pass with no memory of the board agrees, and that a pass which skipped probes never
//! says so alone; that a trial which stops short of its bound ends the same under a longer one, and
//! that taking such a trial's outcome changes no step; the sweep's pending findings (handed out one
//! at a time, trimmed of what was decided meanwhile, waited for by the probes below, dropped by a
//! ladder that stops below them); that probes inside a trial stay near what it decided; and that
//! every probing step holds in every solution, a refutation's trial breaking a rule when run again.
//!
//! The ladders are those the Python genres declare: Nurikabe's techniques at their levels with probes
//! of 6 (hard), 20 (expert, sweeping) and 40 steps (expert, probes inside), Kurodoko's with probes of
//! 4 and 24 steps.  The tests drive the ladder rung by rung as `Context::run` does, to look at each
//! probe's answer.  Boards are generated (small puzzles read off a random solution, or random clues
//! for the brute-force oracle), which always run, or published puzzles of the corpus beside the
//! checkout (`../../shared/corpus`); a test of the corpus passes with a note when it is absent.

use std::cell::Cell;

use super::*;
use crate::genres::{self, Clues};
use crate::ladder::{Rung, Work};
use crate::oracle::{self, Stream};

thread_local! {
    /// How many trials have run on this thread.
    static TRIALS: Cell<usize> = const { Cell::new(0) };
}

/// Count a trial (`trial` calls this in test builds).
pub(super) fn count_trial() {
    TRIALS.with(|n| n.set(n.get() + 1));
}

/// How many trials have run on this thread so far.
fn trials() -> usize {
    TRIALS.with(Cell::get)
}

type ClueList = Vec<(usize, Option<i64>)>;

// -- the genres' ladders ------------------------------------------------------------------------------

/// A genre's ladder as its Python genre declares it: the level of each technique and the probes' bounds.
struct Genre {
    name: &'static str,
    levels: &'static [Level],
    short: usize,
    long: usize,
    deep: Option<usize>,
}

const NURIKABE: Genre = Genre {
    name: "nurikabe",
    levels: &[
        Level::Bookkeeping, // island_complete
        Level::Bookkeeping, // all_complete
        Level::Bookkeeping, // cell_count
        Level::Easy,        // separate_clues
        Level::Easy,        // no_pool
        Level::Easy,        // island_exit
        Level::Easy,        // sea_exit
        Level::Medium,      // sea_budget
        Level::Medium,      // sea_reach
        Level::Medium,      // unreachable
        Level::Medium,      // island_shapes
        Level::Medium,      // forced
        Level::Medium,      // errand
        Level::Expert,      // enclosed_island
    ],
    short: 6,
    long: 20,
    deep: Some(40),
};

const KURODOKO: Genre = Genre {
    name: "kurodoko",
    levels: &[Level::Easy, Level::Easy, Level::Medium, Level::Medium],
    short: 4,
    long: 24,
    deep: None,
};

impl Genre {
    /// The probes of `Genre.probes` (the expert one sweeping when `sweep`).
    fn probes(&self, sweep: bool) -> Vec<ProbeSpec> {
        let spec = |name: &str, level, max_steps, inner_level, sweep| ProbeSpec {
            name: name.to_string(),
            level,
            max_steps,
            inner_level,
            sweep,
        };
        let mut specs = vec![
            spec("short_contradiction", Level::Hard, self.short, Level::Medium, false),
            spec("contradiction", Level::Expert, self.long, Level::Medium, sweep),
        ];
        if let Some(deep) = self.deep {
            specs.push(spec("deep_contradiction", Level::Expert, deep, Level::Hard, false));
        }
        specs
    }

    /// The context of a puzzle of this genre with the genre's full ladder.
    fn context<const W: usize>(
        &self,
        rows: usize,
        cols: usize,
        clues: &[(usize, Option<i64>)],
        sweep: bool,
    ) -> Context<W> {
        let grid = Grid::new(rows, cols);
        let ruleset = genres::build(self.name, &grid, &Clues { clues: clues.to_vec(), rooms: None })
            .unwrap_or_else(|why| panic!("{why}"));
        let names = genres::techniques(self.name);
        assert_eq!(names.len(), self.levels.len(), "a level for each of {names:?}");
        let rungs = names
            .iter()
            .zip(self.levels)
            .map(|(&name, &level)| {
                let index = ruleset.technique(name).expect("a technique of the genre");
                Rung { name: name.to_string(), level, work: Work::Native(index) }
            })
            .collect();
        Context::new(grid, ruleset, rungs, self.probes(sweep))
    }
}

/// The board solving starts from: the clue cells unshaded.
fn start<const W: usize>(context: &Context<W>, clues: &[(usize, Option<i64>)]) -> Board<W> {
    context.board(Bits::EMPTY, clues.iter().map(|&(cell, _)| cell).collect()).expect("a board")
}

/// The rung of the probe called `name`.
fn rung<const W: usize>(context: &Context<W>, name: &str) -> usize {
    context.rung(name).unwrap_or_else(|| panic!("no rung {name}"))
}

/// The level of a sweep's findings pending on `board`, if any.
fn pending_level<const W: usize>(board: &Board<W>) -> Option<Level> {
    board.probe.as_ref()?.pending.as_ref().map(|pending| pending.level)
}

/// The findings pending on `board`, as `(shade, unshade)`.
fn queued<const W: usize>(board: &Board<W>) -> Vec<(Bits<W>, Bits<W>)> {
    let pending = board.probe.as_ref().and_then(|memory| memory.pending.as_ref());
    pending.map_or_else(Vec::new, |p| p.findings.iter().map(|(step, _)| (step.shade, step.unshade)).collect())
}

// -- the published corpus -----------------------------------------------------------------------------

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus");

/// A published puzzle: its name, shape, clues and solution (the shaded cells).
struct Published {
    name: String,
    rows: usize,
    cols: usize,
    clues: ClueList,
    solution: Vec<usize>,
}

impl Published {
    fn context<const W: usize>(&self, genre: &Genre, sweep: bool) -> Context<W> {
        genre.context(self.rows, self.cols, &self.clues, sweep)
    }

    fn solution<const W: usize>(&self) -> Bits<W> {
        self.solution.iter().copied().collect()
    }
}

/// The puzzles called `names` of the genre's corpus, or `None` (saying so) when the corpus is absent.
fn published(genre: &Genre, names: &[&str]) -> Option<Vec<Published>> {
    let path = format!("{CORPUS}/{}.jsonl", genre.name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("the corpus file {path} is not present: nothing to test here");
        return None;
    };
    let found = names
        .iter()
        .map(|&name| {
            let line = text
                .lines()
                .find(|line| line.contains(&format!("\"name\": \"{name}\"")))
                .unwrap_or_else(|| panic!("{name} is not in {path}"));
            let (rows, cols, clues) = parse_id(field(line, "puzzle"));
            let solution = field(line, "solution")
                .split('"')
                .skip(1)
                .step_by(2)
                .enumerate()
                .flat_map(|(r, row)| row.char_indices().filter(|&(_, ch)| ch == '#').map(move |(c, _)| r * cols + c))
                .collect();
            Published { name: name.to_string(), rows, cols, clues, solution }
        })
        .collect();
    Some(found)
}

/// The value of `key` on a line of the corpus: a string's contents, or a list as written.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let label = format!("\"{key}\": ");
    let rest = &line[line.find(&label).unwrap_or_else(|| panic!("no {key}")) + label.len()..];
    match rest.strip_prefix('"') {
        Some(text) => &text[..text.find('"').expect("a closing quote")],
        None => &rest[..=rest.find(']').expect("a closing bracket")],
    }
}

/// The shape and clues of a puzzle ID (`nurikabe:3x3:.,2,?,...`).
fn parse_id(id: &str) -> (usize, usize, ClueList) {
    let mut parts = id.splitn(3, ':');
    let (_, shape, tokens) = (parts.next(), parts.next().expect("a shape"), parts.next().expect("clues"));
    let (rows, cols) = shape.split_once('x').expect("RxC");
    let clues = tokens
        .split(',')
        .enumerate()
        .filter_map(|(cell, token)| match token {
            "." => None,
            "?" => Some((cell, None)),
            number => Some((cell, Some(number.parse().expect("a number")))),
        })
        .collect();
    (rows.parse().expect("rows"), cols.parse().expect("cols"), clues)
}

#[test]
fn puzzle_ids_read_as_the_corpus_writes_them() {
    assert_eq!(parse_id("nurikabe:2x3:.,2,.,?,.,1"), (2, 3, vec![(1, Some(2)), (3, None), (5, Some(1))]));
    let line = r##"{"name": "x", "rows": 2, "cols": 2, "puzzle": "nurikabe:2x2:1,.,.,.", "solution": ["-#", "#-"]}"##;
    assert_eq!((field(line, "name"), field(line, "puzzle")), ("x", "nurikabe:2x2:1,.,.,."));
    assert_eq!(field(line, "solution"), r##"["-#", "#-"]"##);
}

// -- generated puzzles --------------------------------------------------------------------------------

fn shuffled(n: usize, stream: &mut Stream) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, stream.below(i as u64 + 1) as usize);
    }
    order
}

/// Whether `mask` is one non-empty connected group.
fn connected<const W: usize>(grid: &Grid<W>, mask: Bits<W>) -> bool {
    mask.any() && grid.flood(mask.lowest_bit(), mask) == mask
}

/// A Nurikabe puzzle read off a random solution: a connected sea without pools, each island given its
/// size at one of its cells (the puzzle may have other solutions too); `None` when the sea kept a pool.
fn nurikabe_puzzle<const W: usize>(grid: &Grid<W>, stream: &mut Stream) -> Option<(ClueList, Bits<W>)> {
    let mut sea = grid.full;
    let target = grid.size * (25 + stream.below(20) as usize) / 100;
    for cell in shuffled(grid.size, stream) {
        if grid.size - sea.count() as usize >= target {
            break;
        }
        if connected(grid, sea.without(cell)) {
            sea.remove(cell);
        }
    }
    while let Some(corner) = grid.pools(sea).first() {
        let window: Vec<usize> = grid.window(corner).iter().collect();
        let start = stream.below(4) as usize;
        let cell = (0..4).map(|k| window[(start + k) % 4]).find(|&cell| connected(grid, sea.without(cell)))?;
        sea.remove(cell);
    }
    let mut clues: ClueList = grid
        .components(grid.full.minus(sea))
        .into_iter()
        .map(|island| {
            let cells: Vec<usize> = island.iter().collect();
            (cells[stream.below(cells.len() as u64) as usize], Some(cells.len() as i64))
        })
        .collect();
    clues.sort_unstable();
    Some((clues, sea))
}

/// How many white cells `cell` sees on a Kurodoko board whose black cells are `black`, itself included.
fn sight<const W: usize>(grid: &Grid<W>, cell: usize, black: Bits<W>) -> i64 {
    let (r0, c0) = ((cell / grid.cols) as isize, (cell % grid.cols) as isize);
    let mut seen = 1;
    for (dr, dc) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)] {
        let (mut r, mut c) = (r0 + dr, c0 + dc);
        while r >= 0 && c >= 0 && r < grid.rows as isize && c < grid.cols as isize {
            if black.has(r as usize * grid.cols + c as usize) {
                break;
            }
            seen += 1;
            r += dr;
            c += dc;
        }
    }
    seen
}

/// A Kurodoko puzzle read off a random solution: black cells apart, the white ones connected, and some
/// white cells given what they see.
fn kurodoko_puzzle<const W: usize>(grid: &Grid<W>, stream: &mut Stream) -> (ClueList, Bits<W>) {
    let target = grid.size / 5 + stream.below(grid.size as u64 / 6 + 1) as usize;
    let mut black = Bits::EMPTY;
    for cell in shuffled(grid.size, stream) {
        if black.count() as usize >= target {
            break;
        }
        if !grid.neighbours[cell].meets(&black) && connected(grid, grid.full.minus(black.with(cell))) {
            black.insert(cell);
        }
    }
    let whites: Vec<usize> = grid.full.minus(black).iter().collect();
    let every = 3 + stream.below(3);
    let mut clues: ClueList = whites
        .iter()
        .filter(|_| stream.below(every) == 0)
        .map(|&cell| (cell, Some(sight(grid, cell, black))))
        .collect();
    if clues.is_empty() {
        clues.push((whites[0], Some(sight(grid, whites[0], black))));
    }
    (clues, black)
}

/// Generated puzzles of both genres on boards up to 8x8, each with the solution it was read off.
fn generated(seed: u64, count: usize) -> Vec<(&'static Genre, usize, usize, ClueList, Bits<1>)> {
    let mut stream = Stream(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (rows, cols) = (6 + stream.below(3) as usize, 6 + stream.below(3) as usize);
        let grid = Grid::<1>::new(rows, cols);
        if out.len() % 2 == 0 {
            if let Some((clues, sea)) = nurikabe_puzzle(&grid, &mut stream) {
                out.push((&NURIKABE, rows, cols, clues, sea));
            }
        } else {
            let (clues, black) = kurodoko_puzzle(&grid, &mut stream);
            out.push((&KURODOKO, rows, cols, clues, black));
        }
    }
    out
}

// -- a solve watched rung by rung ---------------------------------------------------------------------

/// What to do beside solving.
#[derive(Clone, Copy, Default)]
struct Watch {
    /// Check each "nothing" of a probe against the same probe on a copy of the board (no memory).
    memoryless: bool,
    /// Forget the trials that stopped short of their bound before each probe runs.
    forget: bool,
}

/// What a solve driven rung by rung did.
struct Solve<const W: usize> {
    /// Each application of a rung: the rung and the cells it shaded and unshaded.
    applied: Vec<(usize, Bits<W>, Bits<W>)>,
    hardest: Level,
    /// Probe calls that found steps, that found nothing, and that waited for a sweep's findings.
    found: usize,
    quiet: usize,
    waited: usize,
    /// Probe calls whose pass that skipped probes found nothing, so that the pass without skipping ran
    /// and found steps (counted when checking against no memory).
    rescued: usize,
    /// The trials run (the memoryless checks' included).
    trials: usize,
}

/// Run the ladder to its fixpoint as `Context::run` does, calling each rung through `Context::find` so
/// that every probe's answer can be looked at.  Every step must hold in each of `truth` that agrees with
/// the board; a probe waiting for a sweep's findings must run no trial.
fn solve<const W: usize>(context: &Context<W>, board: &mut Board<W>, watch: Watch, truth: &[Bits<W>]) -> Solve<W> {
    let budget = Budget::unlimited();
    let first = trials();
    let mut out = Solve {
        applied: Vec::new(),
        hardest: Level::Bookkeeping,
        found: 0,
        quiet: 0,
        waited: 0,
        rescued: 0,
        trials: 0,
    };
    held_back(board, Level::Expert);
    while !board.is_complete() {
        let mut found = None;
        for (index, rung) in context.ladder.iter().enumerate() {
            let probe = matches!(rung.work, Work::Probe(_));
            if probe && watch.forget {
                if let Some(memory) = board.probe.as_mut() {
                    memory.settled.clear();
                }
            }
            let before = trials();
            let earlier = (probe && watch.memoryless && pending_level(board).is_none())
                .then(|| (board.copy(), board.probe.as_deref().cloned().unwrap_or_default()));
            let steps = context.find(index, board, &budget).unwrap_or_else(|stop| panic!("{}: {stop:?}", rung.name));
            if probe {
                if !steps.is_empty() {
                    out.found += 1;
                    if let Some((mut was, memory)) = earlier {
                        out.rescued += usize::from(skipping_finds_nothing(context, index, &mut was, memory));
                    }
                } else if pending_level(board).is_some_and(|level| level > rung.level) {
                    assert_eq!(trials(), before, "{} ran trials while a sweep's findings were pending", rung.name);
                    out.waited += 1;
                } else {
                    if watch.memoryless {
                        let again = context.find(index, &mut board.copy(), &budget).expect("no contradiction");
                        assert!(
                            again.is_empty(),
                            "{} said nothing, but with no memory finds {:?}",
                            rung.name,
                            again[0]
                        );
                    }
                    out.quiet += 1;
                }
            }
            if !steps.is_empty() {
                found = Some((index, steps));
                break;
            }
        }
        let Some((index, steps)) = found else { break };
        let agreeing: Vec<Bits<W>> =
            truth.iter().copied().filter(|s| board.shaded.within(s) && !s.meets(&board.unshaded)).collect();
        for step in steps {
            let wrong = oracle::disagreement(&agreeing, step.shade, step.unshade);
            assert!(wrong.is_empty(), "{} is wrong at {wrong:?}: {:?}", context.ladder[index].name, step.reason);
            board.assign(step.shade, step.unshade).expect("steps that agree");
            out.applied.push((index, step.shade, step.unshade));
        }
        out.hardest = out.hardest.max(context.ladder[index].level);
    }
    if board.is_complete() {
        context.ruleset.verify(board, &context.grid).expect("a complete board that breaks no rule");
    }
    out.trials = trials() - first;
    out
}

/// Whether the pass of the probe on rung `index` that skips failed probes, with `memory` as the board had
/// before the probe ran, finds nothing after skipping some (as `find_with` begins).
fn skipping_finds_nothing<const W: usize>(
    context: &Context<W>,
    index: usize,
    board: &mut Board<W>,
    mut memory: ProbeMemory<W>,
) -> bool {
    let Work::Probe(spec) = context.ladder[index].work else { unreachable!() };
    let fresh = board.decided().minus(memory.seen.get(&spec).copied().unwrap_or_default());
    let candidates = context.ruleset.candidates(board, &context.grid).expect("candidates");
    let order = nearest_first(&context.grid, candidates, fresh);
    let mut failed = memory.failed.remove(&spec).unwrap_or_default();
    let budget = Budget::unlimited();
    let mut pass =
        Pass { context, spec: &context.probes[spec], failed: &mut failed, ran: &mut HashMap::default(), budget: &budget };
    let (steps, _, skipped) = pass.run(board, &mut memory, &order, true).expect("no contradiction");
    steps.is_empty() && skipped
}

// -- nearest first ------------------------------------------------------------------------------------

#[test]
fn nearest_first_puts_cells_by_distance_and_keeps_ties_in_order() {
    let grid = Grid::<1>::new(7, 7);
    let centre = 3 * grid.cols + 3;
    let order: Vec<usize> = (0..grid.size).rev().filter(|&cell| cell != centre).collect(); // candidates are undecided
    let ranked = nearest_first(&grid, order.clone(), Bits::single(centre));
    let distance = |cell: usize| {
        let (r, c) = (cell / grid.cols, cell % grid.cols);
        (r.abs_diff(3) + c.abs_diff(3)).min(PROBE_RADIUS + 1)
    };
    let mut sorted = ranked.clone();
    sorted.sort_unstable();
    let mut expected = order.clone();
    expected.sort_unstable();
    assert_eq!(sorted, expected);
    let distances: Vec<usize> = ranked.iter().map(|&c| distance(c)).collect();
    let mut by_distance = distances.clone();
    by_distance.sort_unstable();
    assert_eq!(distances, by_distance);
    for d in 0..=PROBE_RADIUS + 1 {
        // within one distance, the given order stands
        let same = |cells: &[usize]| cells.iter().copied().filter(|&c| distance(c) == d).collect::<Vec<_>>();
        assert_eq!(same(&ranked), same(&order));
    }
}

#[test]
fn nearest_first_without_news_keeps_the_order() {
    let grid = Grid::<1>::new(5, 6);
    let order = vec![7, 3, 22, 0, 15];
    assert_eq!(nearest_first(&grid, order.clone(), Bits::EMPTY), order);
}

#[test]
fn nearest_first_ranks_by_the_nearest_of_several_news() {
    let grid = Grid::<1>::new(1, 12);
    let fresh = Bits::single(0).with(11);
    // distances 5, 4, 1, 3, 2, 1, 5 (beyond the radius: last, in order)
    let ranked = nearest_first(&grid, vec![5, 7, 10, 3, 2, 1, 6], fresh);
    assert_eq!(ranked, vec![10, 1, 2, 3, 5, 7, 6]);
}

// -- a probe says nothing only when a pass without memory agrees --------------------------------------

#[test]
fn probing_says_nothing_only_when_a_memoryless_pass_agrees_on_generated_puzzles() {
    let watch = Watch { memoryless: true, forget: false };
    let (mut found, mut quiet, mut rescued, mut solved) = (0, 0, 0, 0);
    for (genre, rows, cols, clues, truth) in generated(4, 12) {
        let context: Context<1> = genre.context(rows, cols, &clues, true);
        let mut board = start(&context, &clues);
        let seen = solve(&context, &mut board, watch, &[truth]);
        found += seen.found;
        quiet += seen.quiet;
        rescued += seen.rescued;
        solved += usize::from(board.is_complete());
    }
    println!("{found} probe findings ({rescued} by the full pass alone), {quiet} quiet, {solved} of 12 solved");
    assert!(found >= 10 && quiet >= 10 && solved >= 1, "{found} {quiet} {solved}");
}

#[test]
fn probing_says_nothing_only_when_a_memoryless_pass_agrees_on_published_solves() {
    // In these solves a pass that skipped probes found nothing and the pass without skipping then found
    // a step, so a shortcut that trusted the skipping would fail here.
    let cases: [(&Genre, &[&str]); 2] = [
        (&NURIKABE, &["janko-nurikabe-0015", "janko-nurikabe-0539", "janko-nurikabe-0817"]),
        (&KURODOKO, &["janko-kurodoko-029", "janko-kurodoko-039"]),
    ];
    for (genre, names) in cases {
        let Some(puzzles) = published(genre, names) else { return };
        let (mut found, mut quiet, mut rescued) = (0, 0, 0);
        for puzzle in &puzzles {
            let context: Context<4> = puzzle.context(genre, true);
            let mut board = start(&context, &puzzle.clues);
            let seen = solve(&context, &mut board, Watch { memoryless: true, forget: false }, &[puzzle.solution()]);
            assert!(board.is_complete(), "{} stalled", puzzle.name);
            found += seen.found;
            quiet += seen.quiet;
            rescued += seen.rescued;
        }
        println!("{}: {found} found, {quiet} quiet, {rescued} found by the full pass alone", genre.name);
        assert!(found >= 10 && quiet >= 1 && rescued >= 1, "{}: {found} {quiet} {rescued}", genre.name);
    }
}

#[test]
fn a_pass_that_skipped_probes_says_nothing_only_after_a_full_pass() {
    // Memory that marks every probe failed in the board's present neighbourhood: the skipping pass tries
    // nothing, so the pass without skipping must run and find what a probe with no memory finds.
    let mut checked = 0;
    for (genre, rows, cols, clues, _) in generated(5, 24) {
        let context: Context<1> = genre.context(rows, cols, &clues, true);
        let mut board = start(&context, &clues);
        if context.run(&mut board, Level::Medium, &mut Trace::new(false), None, &Budget::unlimited()).is_err() {
            continue;
        }
        let index = rung(&context, "short_contradiction");
        let Work::Probe(spec) = context.ladder[index].work else { unreachable!() };
        let fresh = context.find(index, &mut board.copy(), &Budget::unlimited()).expect("no contradiction");
        if fresh.is_empty() {
            continue;
        }
        let mut failed = Failed::default();
        let candidates = context.ruleset.candidates(&mut board, &context.grid).expect("candidates");
        for cell in candidates {
            let local = context.grid.ball(Bits::single(cell), PROBE_RADIUS);
            for shade in [true, false] {
                failed.insert(
                    (cell, shade, context.probes[spec].max_steps),
                    (board.shaded & local, board.unshaded & local),
                );
            }
        }
        let mut memory = ProbeMemory::default();
        memory.failed.insert(spec, failed);
        board.probe = Some(Box::new(memory));
        let before = trials();
        let found = context.find(index, &mut board, &Budget::unlimited()).expect("no contradiction");
        assert!(trials() > before, "the full pass ran trials");
        let cells = |steps: &[Step<1>]| steps.iter().map(|s| (s.shade, s.unshade)).collect::<Vec<_>>();
        assert_eq!(cells(&found), cells(&fresh));
        checked += 1;
    }
    println!("{checked} boards where only the full pass probed");
    assert!(checked >= 3, "{checked}");
}

// -- trials that stop short ---------------------------------------------------------------------------

/// On `board`, every trial of the first 40 undecided cells that stops short of 6 steps ends the same
/// within 20: the number of such trials.
fn compare_bounds<const W: usize>(context: &Context<W>, board: &Board<W>) -> usize {
    let budget = Budget::unlimited();
    let run = |shade: Bits<W>, unshade: Bits<W>, steps| {
        let assumption = Assumption { shade, unshade, level: Level::Medium, steps };
        trial(context, board, assumption, &mut Trace::new(false), &budget).expect("the trial ends")
    };
    let mut compared = 0;
    for cell in board.undecided().iter().take(40) {
        for (shade, unshade) in [(Bits::single(cell), Bits::EMPTY), (Bits::EMPTY, Bits::single(cell))] {
            let Outcome::Reached { shaded, unshaded, taken } = run(shade, unshade, 6) else { continue };
            if taken >= 6 {
                continue;
            }
            match run(shade, unshade, 20) {
                Outcome::Reached { shaded: s, unshaded: u, taken: t } => {
                    assert_eq!((s, u, t), (shaded, unshaded, taken))
                }
                Outcome::Broken(broken) => panic!("at {cell}, a longer bound broke {:?}", broken.reason),
            }
            compared += 1;
        }
    }
    compared
}

#[test]
fn a_trial_that_stops_short_ends_the_same_under_a_longer_bound_on_generated_puzzles() {
    let mut compared = 0;
    for (genre, rows, cols, clues, _) in generated(7, 12) {
        let context: Context<1> = genre.context(rows, cols, &clues, true);
        let mut board = start(&context, &clues);
        if context.run(&mut board, Level::Medium, &mut Trace::new(false), None, &Budget::unlimited()).is_ok() {
            compared += compare_bounds(&context, &board);
        }
    }
    println!("{compared} trials compared");
    assert!(compared > 50, "{compared}");
}

#[test]
fn a_trial_that_stops_short_ends_the_same_under_a_longer_bound_on_published_boards() {
    let Some(puzzles) = published(&NURIKABE, &["janko-nurikabe-0006", "janko-nurikabe-0404"]) else { return };
    let mut compared = 0;
    for puzzle in &puzzles {
        let context: Context<2> = puzzle.context(&NURIKABE, true);
        let mut board = start(&context, &puzzle.clues);
        context.run(&mut board, Level::Medium, &mut Trace::new(false), None, &Budget::unlimited()).unwrap();
        compared += compare_bounds(&context, &board); // a stalled board, where probing starts
    }
    println!("{compared} trials compared");
    assert!(compared > 50, "{compared}");
}

#[test]
fn reused_trials_change_no_step() {
    // The 20-step probe takes the outcome of the 6-step probe's trials that stopped short on the same
    // board; the ladder takes the same steps without that, and these solves do use it.
    let Some(puzzles) = published(&NURIKABE, &["janko-nurikabe-0006", "janko-nurikabe-0404"]) else { return };
    for puzzle in &puzzles {
        let context: Context<2> = puzzle.context(&NURIKABE, true);
        let runs: Vec<Solve<2>> = [false, true]
            .into_iter()
            .map(|forget| {
                solve(&context, &mut start(&context, &puzzle.clues), Watch { memoryless: false, forget }, &[])
            })
            .collect();
        assert_eq!(runs[0].applied, runs[1].applied, "{}", puzzle.name);
        let contradiction = rung(&context, "contradiction");
        assert!(
            runs[0].applied.iter().any(|&(index, _, _)| index == contradiction),
            "{} uses the 20-step probe",
            puzzle.name
        );
        assert!(
            runs[0].trials < runs[1].trials,
            "{}: {} trials, {} without reuse",
            puzzle.name,
            runs[0].trials,
            runs[1].trials
        );
    }
}

// -- the sweep ----------------------------------------------------------------------------------------

/// Step by step with `Context::run`: the findings handed out from a sweep's queue, and how many differ
/// from the head of the queue as the step before left it (trimmed, or the head dropped).  Every step
/// decides only open cells, and a finding of both values names the cells it decides.
fn handouts<const W: usize>(context: &Context<W>, board: &mut Board<W>) -> (usize, usize) {
    let sweep = rung(context, "contradiction");
    let (mut out, mut cut) = (0, 0);
    loop {
        let queue = queued(board);
        let open = board.undecided();
        let mut trace = Trace::new(true);
        context.run(board, Level::Expert, &mut trace, Some(1), &Budget::unlimited()).expect("no contradiction");
        if trace.count == 0 {
            return (out, cut);
        }
        for taken in &trace.steps {
            let step = &taken.step;
            assert!(step.cells().within(&open), "{:?} decides a decided cell", step.reason);
            if step.reason.key == "frame.either_way" {
                assert_eq!(step.reason.masks, vec![step.shade, step.unshade]);
            }
        }
        let first = &trace.steps[0];
        if !queue.is_empty() && first.rung == sweep {
            out += 1;
            cut += usize::from((first.step.shade, first.step.unshade) != queue[0]);
        }
    }
}

#[test]
fn a_sweep_hands_out_its_findings_while_the_probes_below_wait() {
    // The last rung's findings are handed out one at a time, each right, some trimmed of what cheaper
    // techniques decided meanwhile; while some are pending the probes below run no trial (`solve`
    // checks); the solve ends where the ladder without the sweep ends, at the same rating, with fewer
    // trials.
    let cases: [(&Genre, &[&str]); 2] = [
        (&NURIKABE, &["janko-nurikabe-0417", "janko-nurikabe-0488", "janko-nurikabe-0672", "janko-nurikabe-0977"]),
        (&KURODOKO, &["janko-kurodoko-262", "janko-kurodoko-270"]),
    ];
    for (genre, names) in cases {
        let Some(puzzles) = published(genre, names) else { return };
        let (mut handed_out, mut trimmed, mut waited) = (0, 0, 0);
        let mut trials = [0, 0];
        for puzzle in &puzzles {
            let solution = puzzle.solution::<2>();
            for (k, sweeping) in [true, false].into_iter().enumerate() {
                let context: Context<2> = puzzle.context(genre, sweeping);
                assert_eq!(context.probes.iter().any(|spec| spec.sweep), sweeping);
                let mut board = start(&context, &puzzle.clues);
                let seen = solve(&context, &mut board, Watch::default(), &[solution]);
                assert!(board.is_complete() && board.shaded == solution, "{}", puzzle.name);
                assert_eq!(seen.hardest, Level::Expert, "{}", puzzle.name);
                trials[k] += seen.trials;
                waited += seen.waited;
            }
            let context: Context<2> = puzzle.context(genre, true);
            let (out, cut) = handouts(&context, &mut start(&context, &puzzle.clues));
            handed_out += out;
            trimmed += cut;
        }
        println!("{}: {handed_out} handed out, {trimmed} trimmed, {waited} waits, trials {trials:?}", genre.name);
        assert!(handed_out >= 3 && trimmed >= 1 && waited >= 1, "{}: {handed_out} {trimmed} {waited}", genre.name);
        assert!(trials[0] < trials[1], "{}: {trials:?}", genre.name);
    }
}

#[test]
fn a_ladder_below_the_sweep_drops_its_findings() {
    // Up to hard, on a board whose sweep left findings pending, the 6-step probe does not wait for them
    // (it would wait for ever): the ladder reaches hard's own fixpoint.
    let Some(puzzles) = published(&NURIKABE, &["janko-nurikabe-0488"]) else { return };
    let context: Context<2> = puzzles[0].context(&NURIKABE, true);
    let mut board = start(&context, &puzzles[0].clues);
    let budget = Budget::unlimited();
    while pending_level(&board).is_none() {
        let mut trace = Trace::new(false);
        context.run(&mut board, Level::Expert, &mut trace, Some(1), &budget).unwrap();
        assert_eq!(trace.count, 1, "the sweep leaves findings pending before the end");
    }
    context.run(&mut board, Level::Hard, &mut Trace::new(false), None, &budget).unwrap();
    assert_eq!(pending_level(&board), None);
    let mut again = Trace::new(false);
    context.run(&mut board.copy(), Level::Hard, &mut again, None, &budget).unwrap();
    assert_eq!(again.count, 0);
}

#[test]
fn pending_findings_are_handed_out_trimmed_and_dropped() {
    // Findings put in a board's memory as a sweep leaves them: the probe below waits without a trial,
    // the sweep hands them out in order, trims what was decided meanwhile (its reason anew) and drops
    // what is all decided; a ladder stopping below their level drops them.
    let clues = [(0, Some(2)), (14, Some(3))];
    let context: Context<1> = NURIKABE.context(4, 5, &clues, true);
    let short = rung(&context, "short_contradiction");
    let sweep = rung(&context, "contradiction");
    let Work::Probe(spec) = context.ladder[sweep].work else { unreachable!() };
    let budget = Budget::unlimited();
    let b = Bits::<1>::single;
    let finding = |shade: Bits<1>, unshade: Bits<1>, cell: usize| {
        (Step::new(shade, unshade, either_way(cell, shade, unshade)), cell)
    };
    let pending = |findings| {
        Some(Box::new(ProbeMemory {
            pending: Some(Pending { level: Level::Expert, spec, findings }),
            ..Default::default()
        }))
    };
    let mut board = start(&context, &clues);
    board.probe =
        pending(vec![finding(b(1), Bits::EMPTY, 2), finding(b(7).with(8), b(9), 3), finding(Bits::EMPTY, b(19), 4)]);

    let before = trials();
    assert!(context.find(short, &mut board, &budget).unwrap().is_empty());
    assert_eq!((trials(), queued(&board).len()), (before, 3));

    let first = context.find(sweep, &mut board, &budget).unwrap();
    assert_eq!((first.len(), first[0].shade, first[0].unshade), (1, b(1), Bits::EMPTY));
    board.assign(b(1), Bits::EMPTY).unwrap();
    board.assign(b(7), Bits::EMPTY).unwrap(); // a cheaper technique decides part of the next one
    let second = context.find(sweep, &mut board, &budget).unwrap();
    assert_eq!((second[0].shade, second[0].unshade), (b(8), b(9)));
    assert_eq!(
        (second[0].reason.key, &second[0].reason.ints, &second[0].reason.masks),
        ("frame.either_way", &vec![3], &vec![b(8), b(9)])
    );
    assert_eq!(queued(&board), vec![(Bits::EMPTY, b(19))]);

    board.assign(b(8), b(9).with(19)).unwrap(); // the last is all decided: dropped, and the probe below runs
    let _ = context.find(short, &mut board, &budget); // (these made-up findings may leave no solution)
    assert_eq!(pending_level(&board), None);

    board.probe = pending(vec![finding(b(5), Bits::EMPTY, 6)]);
    held_back(&mut board, Level::Expert);
    assert_eq!(pending_level(&board), Some(Level::Expert));
    held_back(&mut board, Level::Hard);
    assert_eq!(pending_level(&board), None);
}

// -- focused probes -----------------------------------------------------------------------------------

#[test]
fn probes_inside_a_trial_stay_near_what_it_decided() {
    // On a trial's board (memory with its origin), a pass tries only cells within `FOCUS_RADIUS` of the
    // cells decided since the assumption; the same board without the origin is probed farther.
    let (mut focused, mut wider) = (0, 0);
    for (genre, rows, cols, clues, truth) in generated(3, 12) {
        let context: Context<1> = genre.context(rows, cols, &clues, true);
        let budget = Budget::unlimited();
        let mut board = start(&context, &clues);
        if context.run(&mut board, Level::Medium, &mut Trace::new(false), None, &budget).is_err() || board.is_complete()
        {
            continue;
        }
        let short = rung(&context, "short_contradiction");
        let Work::Probe(spec) = context.ladder[short].work else { unreachable!() };
        let cell = context.ruleset.candidates(&mut board, &context.grid).unwrap()[0];
        let mut attempt = board.copy();
        attempt.probe = Some(Box::new(ProbeMemory { origin: Some(attempt.decided()), ..Default::default() }));
        let bit = Bits::single(cell);
        let (shade, unshade) = if truth.has(cell) { (bit, Bits::EMPTY) } else { (Bits::EMPTY, bit) };
        attempt.assign(shade, unshade).unwrap();
        if context.run(&mut attempt, Level::Medium, &mut Trace::new(false), None, &budget).is_err()
            || attempt.is_complete()
        {
            continue;
        }
        let near = context.grid.ball(attempt.decided().minus(board.decided()), FOCUS_RADIUS);
        let mut open = attempt.copy();
        let steps = context.find(short, &mut attempt, &budget).unwrap();
        let tried = |board: &Board<1>| -> Bits<1> {
            let failed = &board.probe.as_ref().expect("memory").failed[&spec];
            failed.keys().map(|&(cell, _, _)| cell).collect()
        };
        let inside = tried(&attempt);
        assert!(inside.within(&near), "tried {:?} outside {near:?}", inside.minus(near));
        for step in &steps {
            if step.reason.key == "frame.refuted" {
                assert!(near.has(step.reason.ints[0] as usize));
            }
        }
        if steps.is_empty() {
            context.find(short, &mut open, &budget).unwrap();
            focused += inside.count();
            wider += tried(&open).count();
        }
    }
    println!("{focused} cells tried in trials, {wider} without focus");
    assert!(focused < wider, "{focused} {wider}");
}

// -- soundness ----------------------------------------------------------------------------------------

#[test]
fn every_probing_step_holds_in_every_solution_of_small_boards() {
    // Random clues on boards of at most 16 cells, some cells decided as a solution has them or at random:
    // each probe's steps hold in every solution of the board (the brute-force oracle's), it meets a
    // contradiction only on a board without one, and the trial behind each refutation breaks a rule again.
    let mut stream = Stream(2026);
    let (mut steps_checked, mut refuted, mut broken) = (0, 0, 0);
    let budget = Budget::unlimited();
    for round in 0..300 {
        let genre = if round % 2 == 0 { &NURIKABE } else { &KURODOKO };
        let (rows, cols) = (2 + stream.below(3) as usize, 3 + stream.below(2) as usize);
        let size = rows * cols;
        let most = if genre.name == "nurikabe" { 5 } else { 6 };
        let mut clues: ClueList = Vec::new();
        for cell in 0..size {
            if stream.below(4) == 0 {
                clues.push((cell, Some(1 + stream.below(most) as i64)));
            }
        }
        if clues.is_empty() {
            continue;
        }
        let context: Context<1> = genre.context(rows, cols, &clues, true);
        let start = start(&context, &clues);
        let all = oracle::solutions(context.ruleset.as_ref(), &context.grid, &start);
        let mut board = start.copy();
        let pick = all.get(round % all.len().max(1)).copied();
        for cell in board.undecided().iter() {
            if stream.below(3) == 0 {
                let shaded = match pick {
                    Some(s) if stream.below(8) != 0 => s.has(cell),
                    _ => stream.below(2) == 0,
                };
                let (s, u) = if shaded { (Bits::single(cell), Bits::EMPTY) } else { (Bits::EMPTY, Bits::single(cell)) };
                board.assign(s, u).unwrap();
            }
        }
        let agreeing: Vec<Bits<1>> =
            all.iter().copied().filter(|s| board.shaded.within(s) && !s.meets(&board.unshaded)).collect();
        for (index, rung) in context.ladder.iter().enumerate() {
            let Work::Probe(spec) = rung.work else { continue };
            match context.find(index, &mut board.copy(), &budget) {
                Ok(steps) => {
                    for step in steps {
                        let wrong = oracle::disagreement(&agreeing, step.shade, step.unshade);
                        assert!(wrong.is_empty(), "{} is wrong at {wrong:?} on {clues:?} {rows}x{cols}", rung.name);
                        steps_checked += 1;
                        if step.reason.key == "frame.refuted" {
                            let (cell, shade) = (step.reason.ints[0] as usize, step.reason.ints[1] == 1);
                            let bit = Bits::single(cell);
                            let (s, u) = if shade { (bit, Bits::EMPTY) } else { (Bits::EMPTY, bit) };
                            assert_eq!((step.shade, step.unshade), (u, s));
                            let spec = &context.probes[spec];
                            let assumption =
                                Assumption { shade: s, unshade: u, level: spec.inner_level, steps: spec.max_steps };
                            let again = trial(&context, &board, assumption, &mut Trace::new(false), &budget).unwrap();
                            assert!(
                                matches!(again, Outcome::Broken(_)),
                                "the trial of {} breaks no rule again",
                                rung.name
                            );
                            refuted += 1;
                        }
                    }
                }
                Err(Stop::Contradiction(found)) => {
                    assert!(agreeing.is_empty(), "{} says {:?} on a board with solutions", rung.name, found.reason);
                    broken += 1;
                }
                Err(other) => panic!("{other:?}"),
            }
        }
    }
    println!("{steps_checked} steps, {refuted} refutations, {broken} contradictions");
    assert!(steps_checked > 100 && refuted > 30 && broken > 10, "{steps_checked} {refuted} {broken}");
}
