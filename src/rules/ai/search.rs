//! `ai3` ("hard", the level `ai` names): the opponent that looks ahead, by simulation. Its
//! measured strength against `ai2`, `greedy` and `random` is docs/computer-players.md's table.
//!
//! **Method: policy switching over a portfolio of styles, with whole-game playouts.** At the
//! first decision of each game turn, each of six styles of `ai2`'s planner ([`portfolio`]:
//! stand, steady = `ai2`'s own, bold, all out, cautious, dig in; they differ in how boldly they
//! attack and how much they weigh the objectives to take, those to hold (and how deep), the
//! most valuable against the rest, and the danger of a position) is played for the side on
//! copies of the game, with a model of the enemy playing the enemy, to the end of the game,
//! over the same dice samples for every style (common random numbers). The default style (the rule system's, from its rules file's `computer`
//! section: [`weighed_portfolio`]; else [`DEFAULT_STYLE`], stand) plays the game turn unless
//! another ends better on average by a margin the
//! samples support ([`preferred`]), with every command still planned from the exact odds and
//! re-planned after every roll. Where the playouts see the end and the budget left pays for it,
//! each formation of the side (`rules::ai::formation`) then tries the runner-up style alone, the
//! others keeping the chosen one, on the same dice, and keeps it where [`preferred`] says so
//! ([`Search::by_formation`]).
//!
//! **The model of the enemy** is the kind of player (`ai2`, `greedy`, `rush` or `hold`: [`MODELS`]) that would
//! itself have sent most of the enemy's commands so far: each command the enemy sends is
//! compared with what each model would have sent in its place ([`Player::observe`]); `ai2`
//! until enough are seen, or when none foresees half of them. A style that waits on a hill for
//! `ai2` to come up it loses to an enemy that never comes; played against the enemy it meets,
//! the search does not make that mistake (against `greedy` on Bloody Hill it won 30 of 50 games
//! with `ai2` as the only model, 40 of 50 with the model chosen).
//!
//! Why this method: a turn here is many commands with dice between them (a stack's moves, a
//! march roll, an attack, an advance), so a tree over single commands branches far too much for
//! a budget of about a second, and searching the moves hex by hex is out of reach. Choosing
//! among whole-turn scripts by simulation is the portfolio approach of real-time strategy
//! search (Churchill and Buro's portfolio greedy search) and Chang, Givan and Chong's policy
//! switching, which plays at least as well as the best policy of its portfolio when its
//! estimates are good; whole-turn planning beat per-action search in Justesen et al.'s Hero
//! Academy study as well. The enemy's reply is played, not estimated: a style that leaves a
//! stack to be destroyed, a victory hex empty or an attack's survivors in a bad hex pays for
//! what the enemy then does, and one that gives up ground too late to recover it shows it by the
//! end. Earlier versions searched only among the attack plans of each decision, one game turn
//! deep (the [`MonteCarlo`] chooser, kept for comparison): on Bloody Hill and the Hornets' Nest
//! those plans differed by too little to matter, and the moves, which decide those fields, were
//! not searched at all.
//!
//! - **Playouts**: `ai2`'s planner for the side without its threat model (moves weigh
//!   adjacent enemies only), several times cheaper than `ai2` itself, and the model of the
//!   enemy for the enemy (`ai2`'s the same way). A playout's planner (`Strong::fast`) also
//!   keeps from plan to plan the reaches no command has changed (`rules::ai::memo`) and, in an
//!   action under way, plans for the action's units alone: a third less work to the end of
//!   South Mountain (`musket playout` measures it; docs/computer-players.md).
//! - **Evaluation** ([`value`]): a finished game is +-1000 (win / loss, 0 a draw) plus the
//!   margin; otherwise the margin alone: the difference in victory points held plus half the
//!   scenario's total points times the difference in shares of strength destroyed (the victory
//!   rules' tie-break, weighted as the material that decides the coming fights).
//! - **Budget**: [`STYLE_WORK`] units of work a choice ([`work`]: hexes settled by movement
//!   searches, attacks judged, commands planned times the units on the map — about a
//!   microsecond each, so a choice takes about the same time on a small field and a large one),
//!   in rounds of one playout of every style ([`MIN_ROUNDS`] to [`MAX_ROUNDS`]), stopping early
//!   once the choice is settled ([`settled`]). The horizon is the end of the game; where that
//!   does not fit in a playout's share of the budget (a pilot playout of the default finds how
//!   many game turns do), the default plays without more playouts: a playout cut short is
//!   judged on a game turn's gains, not on what wins ([`Search::choose_style`]).
//! - **The sequence of play** is the rules' own: a playout sends its commands through the
//!   same phase engine a game does (`rules::sequence`), so a style is judged with its
//!   activations interleaved with the enemy's as the initiative dice fall in GCACW's action
//!   cycles, in GBACW's fire phases, in NGG 1812's and Shiloh's turns. Within a style the
//!   planner times its activations by what they gain: a leader is activated when the stacks of
//!   his command gain more marching together than the best single stack, a single stack
//!   otherwise, the best gain first; a side with nothing to gain passes (`strong::activation`).
//! - **Determinism**: the dice of each round are seeded from the game's seed, the side and the
//!   game turn, never from the game's own coming dice; the budget is a count of work, not a
//!   time, so a game replays exactly. The playouts run on the machine's cores and are combined in
//!   a fixed order: the choice does not depend on how many cores there are.

use super::strong::{Chooser, Strong, Style};
use super::{Decision, Kind, Player, Progress};
use crate::rules::command::execute;
use crate::rules::dice::Dice;
use crate::rules::game::Game;
use crate::rules::order::Command;
use crate::rules::tables::{ComputerPlay, CutShort};
use crate::rules::unit::SideId;
use crate::rules::victory::outcome;
use crate::rules::work;

/// Most attack plans judged at a decision (the best rated by `ai2`; "no attack" besides).
pub const PLANS: usize = 4;

/// Dice samples per plan: at least `MIN_SAMPLES`, then more rounds (one sample of every plan
/// each) while the decision's simulated commands stay under [`COMMAND_BUDGET`], up to
/// `SAMPLES`.
pub const SAMPLES: u64 = 6;
pub const MIN_SAMPLES: u64 = 3;

/// Simulated commands a decision may spend before its last round of samples (a count, not a
/// time: the same on every machine).
pub const COMMAND_BUDGET: usize = 600;

/// Most commands one simulation plays (a guard; a game turn of South Mountain is about 200).
const MAX_SIM_COMMANDS: usize = 3000;

/// Simulated commands a side may spend in one game turn: past it the rest of the game turn's
/// decisions are `ai2`'s own (a count, not a time; it bounds the slowest game turn).
pub const GAME_TURN_BUDGET: usize = 1500;

/// What a finished game is worth to the winner.
const WIN: f64 = 1000.0;

/// The search-based opponent: `ai2`'s planner playing the style [`Search::choose_style`] picks
/// for each game turn.
pub struct Search {
    player: Strong,
    progress: Progress,
    seed: u64,
    side: SideId,
    /// The game turn whose style has been chosen, and the style's name.
    chosen: Option<(u32, &'static str)>,
    /// The work ([`work`]) a playout's game turn cost at the last choice.
    rate: Option<f64>,
    /// How each style of the game so far was chosen, in game-turn order.
    choices: Vec<Choice>,
    /// The models of the enemy, each with the enemy's commands it foresaw ([`Player::observe`]).
    models: Vec<Model>,
    /// The enemy's commands observed.
    observed: u32,
    /// Each style's paired differences from the default (`values[p][r] - values[0][r]`) at the
    /// earlier choices that saw the end, with their game turn ([`pooled_preferred`]).
    earlier: Vec<Vec<(u32, f64)>>,
}

/// A model of the enemy: a player of a known kind, asked at each of the enemy's commands what it
/// would have done there.
struct Model {
    kind: Kind,
    player: Box<dyn Player>,
    /// The enemy's commands it would have sent itself.
    hits: u32,
}

/// The kinds of player the enemy is compared with, the default (`ai2`, a competent enemy)
/// first: `greedy`, and the scripts a person tries first — `rush` for the victory hexes, `hold`
/// them and counter-attack — so a style is judged against the enemy met, not only a sound one.
pub const MODELS: [Kind; 4] = [Kind::Ai(2), Kind::Greedy, Kind::Rush, Kind::Hold];

/// The model of the enemy the playouts use: of [`MODELS`] (with `hits[m]` the enemy's commands
/// model `m` foresaw of `observed`), the one that foresaw most, the first on a tie, once at
/// least [`MIN_OBSERVED`] commands have been seen and the best foresaw at least half of them;
/// before that, or for an enemy none of them foresees (a player unlike them all), the first.
pub fn enemy_model(hits: &[u32], observed: u32) -> usize {
    if observed < MIN_OBSERVED {
        return 0;
    }
    let mut best = 0;
    for (m, &h) in hits.iter().enumerate() {
        if h > hits[best] {
            best = m;
        }
    }
    if 2 * hits[best] >= observed { best } else { 0 }
}

/// Enemy commands observed before the model of the enemy may change from `ai2`.
pub const MIN_OBSERVED: u32 = 6;

/// A player of `kind` for a playout: the `ai` levels without their threat model (several times
/// cheaper).
fn playout_player(kind: Kind, side: SideId) -> Box<dyn Player> {
    match kind {
        Kind::Ai(level) => Box::new(Strong::new(level.min(2)).fast()),
        other => other.player(0, side),
    }
}

/// A style of play the search chooses among: `ai2`'s planner with other weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Script {
    pub name: &'static str,
    pub style: Style,
}

/// The styles the search chooses among for each game turn (its portfolio of scripts), the
/// default first ([`DEFAULT_STYLE`]): the others move the weights a player shifts between when
/// ahead, behind, or out of time.
pub fn portfolio() -> [Script; 6] {
    let ai2 = Style::of_level(2);
    let stand = Style {
        take: 0.3,
        hold: 2.5,
        caution: 1.5,
        depth: 1.0,
        focus: 1.0,
        ..ai2
    };
    [
        // Stand on the most valuable hexes held, stacked deep where the enemy is; attack as
        // `ai2` does.
        Script {
            name: DEFAULT_STYLE,
            style: stand,
        },
        // `ai2`'s own.
        Script {
            name: "steady",
            style: ai2,
        },
        // After the objectives, accepting more losses.
        Script {
            name: "bold",
            style: Style {
                aggression: 0.7,
                threshold: 0.0,
                take: 2.0,
                caution: 0.5,
                ..ai2
            },
        },
        // The objectives at any cost: attacks at poor odds, little thought of the danger.
        Script {
            name: "all out",
            style: Style {
                aggression: 0.9,
                threshold: -0.1,
                take: 3.0,
                hold: 0.5,
                caution: 0.2,
                ..ai2
            },
        },
        // Only good attacks, out of danger.
        Script {
            name: "cautious",
            style: Style {
                aggression: 0.2,
                threshold: 0.2,
                take: 0.7,
                hold: 1.5,
                caution: 2.0,
                ..ai2
            },
        },
        // Stand deep as the default does, and attack only at good odds: the defence of a side
        // that cannot hold everything, and the patience of one that need not attack at poor
        // odds to win.
        Script {
            name: "dig in",
            style: Style {
                aggression: 0.0,
                threshold: 0.3,
                ..stand
            },
        },
    ]
}

/// The style the search plays unless the playouts show another to be better
/// ([`preferred`]) when the rule system's file names none ([`weighed_portfolio`]): the first of
/// the [`portfolio`]. "Stand" (`ai2`'s attacks; on the victory
/// hexes held, the most valuable first and stacked deep where the enemy is) because, each
/// style played alone against `ai2` (`ai2`'s planner with the style's weights, 40 games a
/// field, sides alternating, seed 7), it won more than `ai2`'s own on most fields, one fewer on
/// Crampton's Gap, and none on the Hornets' Nest: South Mountain 31 (steady, `ai2`'s own: 21), Fox's Gap 24
/// (18), Crampton's Gap 23 (24), Smolensk 22 (21), Bloody Hill 21 (15), the Hornets' Nest 0
/// (20; the playouts see that one: there they reach the end of the game). "Dig in", the same
/// with attacks only at good odds, won more on some (28, 29, 30, 39, 21, 0) but lets an enemy
/// stand in a hex a counter-attack would win back. The default is all the search plays where
/// its playouts cannot reach the end of the game ([`Search::choose_style`]): on South Mountain
/// one game turn of playouts is all the budget allows in its first four, and there 20 playouts
/// of each style from the Confederates' first action put dig in 6.1 +- 3.6 points ahead of
/// steady, where the same styles played to the end won 11 and 2 of 20.
pub const DEFAULT_STYLE: &str = "stand";

/// The [`portfolio`] in the order the search weighs it: the rule system's default style first
/// (its rules file's `computer.default_style`, chosen by measuring each style alone and as the
/// search's default on the tuning fields, never the held-out ones: docs/computer-players.md), else the portfolio's own first
/// ([`DEFAULT_STYLE`]); the others in the portfolio's order.
pub fn weighed_portfolio(game: &Game) -> [Script; 6] {
    let mut scripts = portfolio();
    let want = game.rules.computer().map(|c| c.default_style.as_str());
    if let Some(i) = want.and_then(|w| scripts.iter().position(|s| s.name == w)) {
        scripts[..=i].rotate_right(1);
    }
    scripts
}

/// The work a style choice may spend ([`work`]: hexes settled by movement searches, attacks
/// judged — an NGG 1812 or a Shiloh attack counts what its odds enumerate — and commands
/// planned times the units on the map; each unit of it about a microsecond in a release build
/// on every field measured): rounds of one playout of every style are played while it can pay
/// for another like the last and the choice is not settled ([`settled`]), at least
/// [`MIN_ROUNDS`], at most [`MAX_ROUNDS`]. A count, not a time: the same on every machine; and
/// one that grows with what a field costs (its map, its reaches, its odds), so a choice takes
/// about the same time on every field, about 0.6 s on two cores.
pub const STYLE_WORK: u64 = 1_200_000;
pub const MIN_ROUNDS: u64 = 2;
pub const MAX_ROUNDS: u64 = 12;

impl Search {
    pub fn new(seed: u64, side: SideId) -> Self {
        let progress = Progress::default();
        let mut player = Strong::new(2);
        if ATTACK_SEARCH {
            player = player.with_chooser(Box::new(MonteCarlo {
                seed,
                side,
                decisions: 0,
                spent: (0, 0),
                progress: progress.clone(),
            }));
        }
        let enemy = side.other();
        Search {
            player,
            progress,
            seed,
            side,
            chosen: None,
            rate: None,
            choices: Vec::new(),
            models: MODELS
                .iter()
                .map(|&kind| Model {
                    kind,
                    player: playout_player(kind, enemy),
                    hits: 0,
                })
                .collect(),
            observed: 0,
            earlier: Vec::new(),
        }
    }

    /// The kind of player the playouts play the enemy with ([`enemy_model`]).
    pub fn enemy(&self) -> Kind {
        let hits: Vec<u32> = self.models.iter().map(|m| m.hits).collect();
        self.models[enemy_model(&hits, self.observed)].kind
    }

    /// Choose the style of this game turn: every script of the [`portfolio`] played for the
    /// side against the model of the enemy on copies of the game to the end of the game, over
    /// the same dice samples (common random numbers); the best on average if its gain over the
    /// default is real ([`preferred`]), else the default. Its name.
    ///
    /// Where a playout cannot reach the end of the game within its share of the budget (a
    /// pilot, the default on the first dice, finds how far it reaches), the rule system's file
    /// decides ([`CutShort`]): where it values a playout cut short by the chance of winning
    /// fitted to games played out, rounds to a shorter horizon within a budget of its own
    /// ([`Search::cut_short`]; GCACW's file since stop 68, fitted with South Mountain's
    /// positions: the stop 64 fit, on generated fields alone, did worse there); else its far
    /// style plays
    /// (`computer.far_style`, the default where the file names none), with no more playouts: a
    /// playout cut short ends on the points held and the losses, which rank the styles by
    /// what they gain in a game turn or two, not by what wins, and switching on them did worse
    /// than the default alone (docs/computer-players.md).
    fn choose_style(&mut self, game: &Game) -> &'static str {
        let scripts = weighed_portfolio(game);
        let enemy = self.enemy();
        let base = mix(self.seed
            ^ (u64::from(self.side.0) << 56)
            ^ (u64::from(game.turn) << 40)
            ^ 0x0053_5459_4c45);
        // A playout's share of the budget at the fewest rounds.
        let cap = STYLE_WORK / (scripts.len() as u64 * MIN_ROUNDS);
        let left = game
            .scenario
            .turns
            .map_or(10, |t| t.saturating_sub(game.turn) + 1)
            .max(1);
        // values[p][r]: style p's value on round r's dice.
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); scripts.len()];
        let mut spent = Spent::default();
        // How far a playout sees: as many game turns as it can take within its share of the
        // budget, from what a playout's game turn cost at the last choice; where that is short
        // of the end (and at the first choice), a pilot (the default style on the first dice)
        // finds it.
        let expected = self
            .rate
            .map(|rate| ((cap as f64 / rate.max(1.0)).floor() as u32).clamp(1, left));
        let (h, first) = match expected {
            Some(h) if h >= left => (h, 0),
            _ => {
                self.progress.set(0, MAX_ROUNDS as u32);
                let pilot = play_style(game, scripts[0].style, enemy, mix(base), Horizon::Cap(cap));
                values[0].push(pilot.0);
                spent.add(pilot.1, pilot.2);
                (pilot.2, 1)
            }
        };
        let computer = game.rules.computer();
        let cut = computer.and_then(|c| c.cut_short.as_ref());
        // The style played where the playouts fall short and nothing values them there.
        let far = computer
            .and_then(|c| c.far_style.as_deref())
            .and_then(|f| scripts.iter().position(|s| s.name == f))
            .unwrap_or(0);
        let unchosen = if h >= left || cut.is_some() { 0 } else { far };
        let (best, h) = match cut {
            _ if h >= left => {
                let rounds = Rounds {
                    scripts: &scripts,
                    enemy,
                    base,
                    turns: h,
                    work: STYLE_WORK,
                };
                self.play_rounds(game, &rounds, first, &mut values, &mut spent);
                (self.preferred_here(game.turn, computer, &values), h)
            }
            None => (far, h),
            Some(cut) => self.cut_short(
                game,
                &scripts,
                cut,
                (enemy, base),
                h,
                &mut values,
                &mut spent,
            ),
        };
        let formations = if h >= left {
            self.by_formation(game, &scripts, best, &values, &mut spent, enemy, base, h)
        } else {
            None
        };
        self.rate = Some(spent.work as f64 / spent.turns.max(1) as f64);
        self.player.set_style(scripts[best].style);
        self.choices.push(Choice {
            turn: game.turn,
            style: scripts[best].name,
            switched: best != unchosen,
            by_formation: formations.is_some(),
            turns: h,
            sees_end: h >= left,
            rounds: values.iter().map(Vec::len).min().unwrap_or(0),
            work: spent.work,
        });
        self.player.set_formation_styles(formations);
        scripts[best].name
    }

    /// The choice where the playouts cannot reach the end (`h` game turns within a playout's
    /// share of the budget, found by the pilot) and the rules file values a playout cut
    /// short ([`CutShort`]): rounds of every style to a horizon that leaves
    /// [`CUT_SHORT_ROUNDS`] rounds within the cut-short budget (one game turn at least, `h` at
    /// most; the pilot's value kept if that is `h`), valued by [`cut_value`]. The style and
    /// the horizon.
    #[allow(clippy::too_many_arguments)]
    fn cut_short(
        &self,
        game: &Game,
        scripts: &[Script],
        cut: &CutShort,
        (enemy, base): (Kind, u64),
        h: u32,
        values: &mut [Vec<f64>],
        spent: &mut Spent,
    ) -> (usize, u32) {
        let work = (cut.budget * STYLE_WORK as f64) as u64;
        let rate = spent.work as f64 / spent.turns.max(1) as f64;
        let per_turn = scripts.len() as f64 * CUT_SHORT_ROUNDS * rate.max(1.0);
        let turns = ((work as f64 / per_turn).floor() as u32).clamp(1, h);
        let mut first = 1;
        if turns != h {
            values[0].clear();
            first = 0;
        }
        let rounds = Rounds {
            scripts,
            enemy,
            base,
            turns,
            work,
        };
        self.play_rounds(game, &rounds, first, values, spent);
        (preferred(values), turns)
    }

    /// A style per formation (issue 49 item 2), after the whole side's: each formation along
    /// the front tries the runner-up style with the others keeping the chosen one, over the
    /// same dice as the chosen style's rounds, and keeps it where [`preferred`] says the side
    /// ends better; only where the budget left pays for every formation's rounds. `None`: the
    /// chosen style for every unit.
    #[allow(clippy::too_many_arguments)]
    fn by_formation(
        &self,
        game: &Game,
        scripts: &[Script],
        best: usize,
        values: &[Vec<f64>],
        spent: &mut Spent,
        enemy: Kind,
        base: u64,
        turns: u32,
    ) -> Option<Vec<Style>> {
        let n = super::formation::formations(game, self.side).len();
        let rounds = values[best].len() as u64;
        let playouts: u64 = values.iter().map(|v| v.len() as u64).sum();
        if n < 2 || rounds < MIN_ROUNDS || playouts == 0 {
            return None;
        }
        let each = spent.work / playouts;
        if spent.work + each * rounds * n as u64 > STYLE_WORK {
            return None;
        }
        let mean = |v: &Vec<f64>| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let runner = (0..scripts.len())
            .filter(|p| *p != best && !values[*p].is_empty())
            .max_by(|a, b| {
                mean(&values[*a])
                    .total_cmp(&mean(&values[*b]))
                    .then(b.cmp(a))
            })?;
        let chosen = scripts[best].style;
        let tasks: Vec<(usize, u64)> = (0..n)
            .flat_map(|f| (0..rounds).map(move |r| (f, r)))
            .collect();
        let results = run_tasks(game, &tasks, |g, &(f, r)| {
            let mut styles = vec![chosen; n];
            styles[f] = scripts[runner].style;
            play_formations(
                g,
                chosen,
                Some(styles),
                enemy,
                mix(base.wrapping_add(r)),
                Horizon::Turns(turns),
            )
        });
        let mut tried: Vec<Vec<f64>> = vec![Vec::new(); n];
        for (&(f, _), (v, w, t)) in tasks.iter().zip(results) {
            tried[f].push(v);
            spent.add(w, t);
        }
        let mut styles = vec![chosen; n];
        let mut any = false;
        for f in 0..n {
            if preferred(&[values[best].clone(), tried[f].clone()]) == 1 {
                styles[f] = scripts[runner].style;
                any = true;
            }
        }
        any.then_some(styles)
    }

    /// The style a choice that saw the end plays: [`preferred`] on its own rounds, or where the
    /// rules file pools the game's choices (`computer.pooled`), [`pooled_preferred`] over its
    /// rounds and the earlier choices' (whose differences it then keeps for the next).
    fn preferred_here(
        &mut self,
        turn: u32,
        computer: Option<&ComputerPlay>,
        values: &[Vec<f64>],
    ) -> usize {
        let Some(weight) = computer.and_then(|c| c.pooled) else {
            return preferred(values);
        };
        self.earlier.resize(values.len(), Vec::new());
        let best = pooled_preferred(values, &self.earlier, turn, weight);
        let n = values[0].len();
        for (p, v) in values.iter().enumerate().skip(1) {
            self.earlier[p].extend(diffs(v, &values[0], n).map(|d| (turn, d)));
        }
        best
    }

    /// How the last style was chosen (none before the first decision).
    pub fn last_choice(&self) -> Option<Choice> {
        self.choices.last().copied()
    }

    /// Play rounds of one playout of every style (from style `first` on the first round: the
    /// pilot played the default's) while the budget can pay for one more like the last and the
    /// choice is not [`settled`], at least [`MIN_ROUNDS`], at most [`MAX_ROUNDS`].
    fn play_rounds(
        &self,
        game: &Game,
        rounds: &Rounds,
        first: usize,
        values: &mut [Vec<f64>],
        spent: &mut Spent,
    ) {
        let n = rounds.scripts.len();
        // The rounds the budget is expected to allow (for the progress shown), at what a
        // game turn of the pilot or of the last choice's playouts cost.
        let rate = match spent.turns {
            0 => self.rate.unwrap_or(rounds.work as f64),
            t => spent.work as f64 / t as f64,
        };
        let per_round = rate * f64::from(rounds.turns) * n as f64;
        let expected =
            ((rounds.work as f64 / per_round.max(1.0)) as u64).clamp(MIN_ROUNDS, MAX_ROUNDS);
        let mut r = 0;
        let mut last = 0;
        while r < MAX_ROUNDS
            && (r < MIN_ROUNDS || (spent.work + last <= rounds.work && !settled(values)))
        {
            self.progress
                .set((r.min(expected - 1)) as u32, expected as u32);
            let tasks: Vec<(usize, u64)> =
                (first * usize::from(r == 0)..n).map(|p| (p, r)).collect();
            let results = run_tasks(game, &tasks, |g, &(p, k)| {
                play_style(
                    g,
                    rounds.scripts[p].style,
                    rounds.enemy,
                    mix(rounds.base.wrapping_add(k)),
                    Horizon::Turns(rounds.turns),
                )
            });
            let before = spent.work;
            for (&(p, _), (v, w, t)) in tasks.iter().zip(results) {
                values[p].push(v);
                spent.add(w, t);
            }
            last = spent.work - before;
            r += 1;
        }
    }
}

/// What a choice's rounds play: the styles, the enemy's kind, the dice's base seed and the
/// game turns a playout looks ahead.
struct Rounds<'a> {
    scripts: &'a [Script],
    enemy: Kind,
    base: u64,
    turns: u32,
    /// The budget of the choice ([`work`]).
    work: u64,
}

/// How a game turn's style was chosen: the game turn, the style and whether the playouts
/// switched to it from the one played without them (the default, or where they fall short
/// the rules file's `computer.far_style`), whether some formations play the runner-up, the
/// game turns a playout looked ahead and whether that reached the end of the game, the
/// rounds of playouts of every style (0: no rounds, its playouts short of the end) and the work
/// they took ([`work`]). `musket selfplay --json` sums them up (`style_choices`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub turn: u32,
    pub style: &'static str,
    pub switched: bool,
    pub by_formation: bool,
    pub turns: u32,
    pub sees_end: bool,
    pub rounds: usize,
    pub work: u64,
}

/// The work a style choice has spent and the game turns its playouts looked ahead.
#[derive(Default)]
struct Spent {
    work: u64,
    turns: u64,
}

impl Spent {
    fn add(&mut self, work: u64, turns: u32) {
        self.work += work;
        self.turns += u64::from(turns);
    }
}

impl Player for Search {
    fn name(&self) -> String {
        "ai3".into()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let style = match self.chosen {
            Some((turn, name)) if turn == game.turn => name,
            _ => {
                let name = self.choose_style(game);
                self.chosen = Some((game.turn, name));
                name
            }
        };
        let mut d = self.player.decide(game);
        let why = d.why.strip_prefix("ai: ").unwrap_or(&d.why).to_string();
        d.why = match self.enemy() {
            Kind::Ai(2) => format!("ai3 ({style}): {why}"),
            enemy => format!("ai3 ({style}, against {}): {why}", enemy.name()),
        };
        self.progress.set(0, 0);
        d
    }

    fn progress(&self) -> Option<Progress> {
        Some(self.progress.clone())
    }

    fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// Each of the enemy's commands is compared with what every model of the enemy would have
    /// sent in its place (each model follows the game through the enemy's eyes, so one that
    /// is the enemy's own kind foresees every command).
    fn observe(&mut self, before: &Game, command: &Command) {
        if before.active_side == self.side || before.is_over() {
            return;
        }
        self.observed += 1;
        for m in &mut self.models {
            if m.player.decide(before).command == *command {
                m.hits += 1;
            }
        }
    }
}

/// The least gain on average (in points of [`value`]) for which a style other than the default
/// is played: less is noise, or a difference no player would see.
pub const MIN_GAIN: f64 = 0.5;

/// How many standard errors of the paired differences (a style's value less the default's on
/// the same dice) a gain must be to be believed. Six styles compared on a few samples each:
/// the best of five differences of pure noise is most often above half a point, so without
/// this the search leaves a good default for a style the dice favoured (with "dig in" the
/// default and [`MIN_GAIN`] alone, South Mountain: 23 of 40 games against `ai2`; with two
/// standard errors, 29 of 40). One, not two: on 20 tuning fields (GCACW and GBACW, `musket
/// fields` seeds 11-22 and 11-18, 10 games each against `ai2`, seat-adjusted) one standard
/// error scored +0.23 (+0.145 to +0.315) against two's +0.16 (+0.07 to +0.25), better on 11
/// fields and worse on 3; on 12 Shiloh tuning fields +0.25 either way, on 8 NGG 1812 ones +0.09
/// against +0.075.
/// (A single round in which a style won and the default lost is exactly one standard error of
/// the differences: one standard error tries such a style when nothing better shows.)
pub const SIGNIFICANCE: f64 = 1.0;

/// The fewest rounds on which a style other than the default may be played. A standard error
/// estimated from two differences has one degree of freedom: one standard error is then
/// passed by a quarter of the differences of pure noise (Student's t), and with five styles
/// against the default most choices of two rounds left it on noise. Where the budget allowed
/// two rounds (South Mountain, the full Shiloh battle, one game turn ahead) switching on them
/// scored +0.16 against `ai2` (100 games), stand alone +0.23; on Shiloh 1862 +0.15, bold alone
/// +0.20 (20 games). (Those choices now play the default without rounds, their playouts being
/// short of the end; the rule still holds a choice the budget leaves two rounds to the end.)
pub const MIN_SWITCH_ROUNDS: usize = 3;

/// The style to play, from each style's values over the same dice (`values[p][r]`, the default
/// first): on at least [`MIN_SWITCH_ROUNDS`] rounds, of those whose gain on average over the
/// default is at least [`MIN_GAIN`] and at least [`SIGNIFICANCE`] standard errors of their
/// differences from it, the one with the greatest gain; else the default.
pub fn preferred(values: &[Vec<f64>]) -> usize {
    greatest_gain(values, &[], 0, 1.0)
}

/// [`preferred`] with the game's earlier choices pooled (`computer.pooled`), where the choice's
/// own rounds keep the default: each style's paired differences from the default on this
/// choice's rounds (weight 1) and at the earlier choices (`earlier[p]`: game turn and
/// difference; weight `weight` to the power of the game turns since), their weighted mean the
/// gain, its standard error from the weighted variance over the effective number of samples
/// ((Σw)² / Σw²), which must be [`MIN_SWITCH_ROUNDS`] at least; the same bars. A style the
/// own rounds show better is played whatever the earlier choices say: the best style changes
/// over a game (all out in the last game turns of a small field), and many rounds tell it.
/// Why pool at all: at South Mountain's size a choice plays about three rounds, which rarely
/// show a gain, while which style is best holds for most of a game on one field
/// (docs/computer-players.md, "Pooled choices").
pub fn pooled_preferred(
    values: &[Vec<f64>],
    earlier: &[Vec<(u32, f64)>],
    turn: u32,
    weight: f64,
) -> usize {
    match preferred(values) {
        0 => greatest_gain(values, earlier, turn, weight),
        own => own,
    }
}

/// The style of greatest gain over the default on the pooled samples ([`pooled_preferred`]),
/// of those at least [`MIN_GAIN`] and [`SIGNIFICANCE`] standard errors; else the default.
fn greatest_gain(
    values: &[Vec<f64>],
    earlier: &[Vec<(u32, f64)>],
    turn: u32,
    weight: f64,
) -> usize {
    let n = values[0].len();
    let mut best = (0, MIN_GAIN);
    for (p, v) in values.iter().enumerate().skip(1) {
        let own = diffs(v, &values[0], n).map(|d| (1.0, d));
        let old = earlier.get(p).into_iter().flatten();
        let old = old.map(|&(t, d)| (weight.powi(turn.saturating_sub(t) as i32), d));
        let samples: Vec<(f64, f64)> = own.chain(old).collect();
        let Some((gain, se)) = weighted(&samples) else {
            continue;
        };
        if gain >= best.1 && gain >= SIGNIFICANCE * se {
            best = (p, gain);
        }
    }
    best.0
}

/// The weighted mean of `(weight, value)` samples and its standard error, where their effective
/// number ((Σw)² / Σw²) is at least [`MIN_SWITCH_ROUNDS`]. The variance is the unbiased one for
/// reliability weights, Σw(x − mean)² / (Σw − Σw²/Σw): with every weight 1 the very operations
/// of [`paired`], so an unpooled choice is bit for bit what it was.
fn weighted(samples: &[(f64, f64)]) -> Option<(f64, f64)> {
    let sw: f64 = samples.iter().map(|s| s.0).sum();
    let sw2: f64 = samples.iter().map(|s| s.0 * s.0).sum();
    let neff = sw * sw / sw2;
    if sw <= 0.0 || neff < MIN_SWITCH_ROUNDS as f64 {
        return None;
    }
    let mean = samples.iter().map(|s| s.0 * s.1).sum::<f64>() / sw;
    let spread: f64 = samples.iter().map(|s| s.0 * (s.1 - mean).powi(2)).sum();
    let var = spread / (sw - sw2 / sw);
    Some((mean, (var / neff).sqrt()))
}

/// Whether more rounds are unlikely to change the choice: after at least [`SETTLE_ROUNDS`]
/// rounds, every other style is below the one [`preferred`] picks by [`SIGNIFICANCE`]
/// standard errors of their paired differences (below the default by [`MIN_GAIN`] and more,
/// when the default is picked). Deterministic: it reads only the values.
pub fn settled(values: &[Vec<f64>]) -> bool {
    let n = values.iter().map(Vec::len).min().unwrap_or(0);
    if n < SETTLE_ROUNDS {
        return false;
    }
    let best = preferred(values);
    let bar = if best == 0 { MIN_GAIN } else { 0.0 };
    values.iter().enumerate().all(|(p, v)| {
        if p == best {
            return true;
        }
        let (mean, se) = paired(v, &values[best], n);
        mean + SIGNIFICANCE * se < bar
    })
}

/// The mean of the paired differences `a[k] - b[k]` over the first `n` samples (the same dice)
/// and its standard error.
fn paired(a: &[f64], b: &[f64], n: usize) -> (f64, f64) {
    let nf = n as f64;
    let diffs: Vec<f64> = diffs(a, b, n).collect();
    let mean = diffs.iter().sum::<f64>() / nf;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (nf - 1.0).max(1.0);
    (mean, (var / nf).sqrt())
}

/// The paired differences `a[k] - b[k]` over the first `n` samples (the same dice).
fn diffs<'a>(a: &'a [f64], b: &'a [f64], n: usize) -> impl Iterator<Item = f64> + 'a {
    a.iter().zip(b).take(n).map(|(x, y)| x - y)
}

/// The fewest rounds after which a choice may be found settled ([`settled`]).
pub const SETTLE_ROUNDS: usize = 3;

/// How far a playout looks ahead.
#[derive(Clone, Copy, Debug)]
pub enum Horizon {
    /// This many game turns: to the same point of the side's turn that many game turns on.
    Turns(u32),
    /// As many game turns as fit in this much work ([`work`]), judged at each game turn's
    /// point (the next is expected to cost what the average so far did).
    Cap(u64),
}

/// Play `style` for the side to move and a player of kind `enemy` (its playout form:
/// [`playout_player`]) for the enemy on a copy of the game, to the horizon or the end of the
/// game: the value to the side ([`value`]), the commands played and the game turns looked ahead.
pub fn play_style(
    game: &Game,
    style: Style,
    enemy: Kind,
    dice_seed: u64,
    horizon: Horizon,
) -> (f64, u64, u32) {
    play_formations(game, style, None, enemy, dice_seed, horizon)
}

/// [`play_style`] with a style per formation (`rules::ai::formation`; formation `i` along the
/// front plays `formations[i]`), where given.
fn play_formations(
    game: &Game,
    style: Style,
    formations: Option<Vec<Style>>,
    enemy: Kind,
    dice_seed: u64,
    horizon: Horizon,
) -> (f64, u64, u32) {
    let mut g = game.clone();
    let mut dice = Dice::new(dice_seed);
    let mut players = [SideId(0), SideId(1)].map(|s| playout_player(enemy, s));
    let mut me = Strong::with_style(2, style).fast();
    me.set_formation_styles(formations);
    players[game.active_side.0.min(1) as usize] = Box::new(me);
    let p = play_on(game, &mut g, &mut dice, &mut players, horizon);
    let cut = game.rules.computer().and_then(|c| c.cut_short.as_ref());
    let v = match cut {
        Some(cut) if !g.is_over() => cut_value(&g, game.active_side, cut),
        _ => value(&g, game.active_side),
    };
    (v, p.work, p.ahead)
}

/// What a playout did: the commands it played, the work they took ([`work`]) and the game
/// turns it looked ahead.
#[derive(Clone, Copy, Debug)]
struct Played {
    commands: usize,
    work: u64,
    ahead: u32,
}

/// Play `g` (a copy of `game`, perhaps with commands played since) on with `players` (both
/// sides, without the threat model: several times cheaper), to the horizon counted from
/// `game`'s point (the same point of its side's turn that many game turns on) or the end: the
/// commands played and the game turns looked ahead.
fn play_on(
    game: &Game,
    g: &mut Game,
    dice: &mut Dice,
    players: &mut [Box<dyn Player>; 2],
    horizon: Horizon,
) -> Played {
    let me = game.active_side;
    let start_work = work::done();
    // A command's planning weighs every unit on the map: its work, besides the searches and
    // attacks it counts itself.
    let units = game.units.iter().filter(|u| u.on_map()).count() as u64;
    let start = (game.turn, game.phase.round, game.phase.index);
    // The game turns ahead the playout has reached.
    let mut ahead = 0;
    let mut played = 0;
    let most = MAX_SIM_COMMANDS
        * game
            .scenario
            .turns
            .map_or(10, |t| t.saturating_sub(game.turn) as usize + 1);
    for _ in 0..most {
        if g.is_over() {
            break;
        }
        let here = (g.phase.round, g.phase.index);
        let k = ahead + 1;
        if g.turn >= start.0 + k
            && (g.turn > start.0 + k || (g.active_side == me && here >= (start.1, start.2)))
        {
            ahead = k;
            let stop = match horizon {
                Horizon::Turns(h) => ahead >= h,
                Horizon::Cap(cap) => {
                    let spent = work::done() - start_work;
                    spent * (u64::from(ahead) + 1) > cap * u64::from(ahead)
                }
            };
            if stop {
                break;
            }
        }
        played += 1;
        work::add(units);
        let side = g.active_side;
        let d = players[side.0 as usize].decide(g);
        let ok = execute(g, &d.command, dice).is_ok();
        if !ok && execute(g, &Command::EndTurn, dice).is_err() {
            break;
        }
    }
    if g.is_over() {
        ahead = ahead.max(
            game.scenario
                .turns
                .map_or(ahead, |t| t.saturating_sub(game.turn) + 1),
        );
    }
    Played {
        commands: played,
        work: work::done() - start_work,
        ahead: ahead.max(1),
    }
}

/// Run every task on the shared game, on the machine's cores; the results in task order (so
/// the choice does not depend on how many cores there are).
fn run_tasks<T: Sync, R: Send + Clone + Default>(
    game: &Game,
    tasks: &[T],
    f: impl Fn(&Game, &T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(tasks.len())
        .max(1);
    if threads == 1 {
        return tasks.iter().map(|t| f(game, t)).collect();
    }
    let mut out = vec![R::default(); tasks.len()];
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    tasks
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, task)| (i, f(game, task)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, v) in h.join().expect("a simulation thread panicked") {
                out[i] = v;
            }
        }
    });
    out
}

/// Whether the search also chooses among `ai2`'s attack plans ([`MonteCarlo`]).
const ATTACK_SEARCH: bool = false;

/// Flat Monte Carlo over the plans of an attack decision: each plan played on copies of the
/// game, then one game turn of `ai2` against `ai2`, over the same dice samples.
pub struct MonteCarlo {
    seed: u64,
    side: SideId,
    /// Decisions taken (a part of each decision's dice seeds).
    decisions: u64,
    /// The game turn being played and the commands simulated in it so far.
    spent: (u32, usize),
    /// The dice samples played in the decision in progress, of [`SAMPLES`].
    progress: Progress,
}

impl Chooser for MonteCarlo {
    fn most(&self) -> usize {
        PLANS
    }

    fn choose(&mut self, game: &Game, plans: &[Vec<Decision>]) -> usize {
        self.decisions += 1;
        if self.spent.0 != game.turn {
            self.spent = (game.turn, 0);
        }
        if self.spent.1 >= GAME_TURN_BUDGET {
            return 0;
        }
        let base = mix(self.seed
            ^ (u64::from(self.side.0) << 56)
            ^ (u64::from(game.turn) << 40)
            ^ self.decisions);
        // values[p][k]: plan p's value on sample k's dice.
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); plans.len()];
        let mut spent = 0usize;
        for k in 0..SAMPLES {
            if k >= MIN_SAMPLES && spent >= COMMAND_BUDGET {
                break;
            }
            self.progress.set(k as u32, SAMPLES as u32);
            let dice = mix(base.wrapping_add(k));
            let tasks: Vec<(usize, u64)> = (0..plans.len()).map(|p| (p, dice)).collect();
            let results = run_tasks(game, &tasks, |g, (p, d)| simulate(g, &plans[*p], *d));
            for ((p, _), (v, n)) in tasks.iter().zip(results) {
                values[*p].push(v);
                spent += n;
            }
        }
        self.spent.1 += spent;
        let n = values[0].len();
        // Paired with the first plan (`ai2`'s own choice) over the same dice: another plan is
        // played only when it beats that one by more than twice the standard error of the
        // difference.
        let mut best = 0;
        let mut best_gain = 0.0;
        for p in 1..plans.len() {
            let (mean, se) = paired(&values[p], &values[0], n);
            if mean > 2.0 * se + 1e-9 && mean > best_gain {
                best = p;
                best_gain = mean;
            }
        }
        best
    }
}

/// SplitMix64's finaliser: spreads a seed's bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Play `plan` on a copy of the game, then `ai2` for both sides to the same point of the next
/// game turn (the rest of the side's turn or actions, then the enemy's whole reply), or the
/// end. The value to the side that acts now, and the commands played.
pub fn simulate(game: &Game, plan: &[Decision], dice_seed: u64) -> (f64, usize) {
    let mut g = game.clone();
    let mut dice = Dice::new(dice_seed);
    for d in plan {
        if execute(&mut g, &d.command, &mut dice).is_err() {
            break;
        }
    }
    // The simulated reply is the threat that matters here.
    let mut players = [
        playout_player(Kind::Ai(2), SideId(0)),
        playout_player(Kind::Ai(2), SideId(1)),
    ];
    let p = play_on(game, &mut g, &mut dice, &mut players, Horizon::Turns(1));
    (value(&g, game.active_side), plan.len() + p.commands)
}

/// Where a game stands for `side`: whether it is over and who won, the victory points the side
/// holds less the enemy's, all the points its victory hexes hold (at least 1), and the enemy's
/// share of its strength lost less the side's.
struct Standing {
    over: bool,
    winner: Option<SideId>,
    points: f64,
    total: f64,
    losses: f64,
}

impl Standing {
    fn of(game: &Game, side: SideId) -> Standing {
        let o = outcome(game);
        let (me, them) = (side.0 as usize, 1 - side.0 as usize);
        let total: u32 = game.scenario.victory.iter().map(|v| v.points).sum();
        let share = |s: usize| f64::from(o.lost[s]) / f64::from(o.start[s].max(1));
        Standing {
            over: o.over,
            winner: o.winner,
            points: f64::from(o.points[me]) - f64::from(o.points[them]),
            total: f64::from(total.max(1)),
            losses: share(them) - share(me),
        }
    }

    /// The points held and half of all the points times the shares of strength destroyed.
    fn margin(&self) -> f64 {
        self.points + 0.5 * self.total * self.losses
    }
}

/// What a game is worth to `side`: a finished game's result, else the points held and the
/// shares of strength destroyed.
pub fn value(game: &Game, side: SideId) -> f64 {
    let s = Standing::of(game, side);
    if s.over {
        let w = match s.winner {
            Some(w) if w == side => WIN,
            Some(_) => -WIN,
            None => 0.0,
        };
        return w + s.margin();
    }
    s.margin()
}

/// The rounds a choice whose playouts are cut short aims at within its budget
/// ([`CutShort::budget`]): the horizon is the most game turns that leave this many.
pub const CUT_SHORT_ROUNDS: f64 = 6.0;

/// What an unfinished game is worth to `side` where the rules file values a playout cut short
/// ([`CutShort`]): its chance of winning scaled as a result (a win [`WIN`], a loss −[`WIN`]),
/// plus the margin of [`value`].
pub fn cut_value(game: &Game, side: SideId, cut: &CutShort) -> f64 {
    let s = Standing::of(game, side);
    let f = Features::from(game, side, &s);
    let p = cut.chance(f.first_side, f.points, f.losses, f.turns_left);
    WIN * (2.0 * p - 1.0) + s.margin()
}

/// Where a game stands for `side`, as a [`CutShort`] model reads it: what `musket selfplay
/// --positions` writes for fitting one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    /// 1 for the scenario's first side, 0 for the second.
    pub first_side: f64,
    /// The side's victory points less the enemy's, over all the points of the victory hexes.
    pub points: f64,
    /// The enemy's share of its strength lost less the side's.
    pub losses: f64,
    /// The share of the game turns left, this one included (1 on the first, 1/turns on the
    /// last; a scenario without a last turn counts 10).
    pub turns_left: f64,
}

impl Features {
    pub fn of(game: &Game, side: SideId) -> Features {
        Features::from(game, side, &Standing::of(game, side))
    }

    /// The features of `s`, where `game` stands for `side` ([`Standing::of`]).
    fn from(game: &Game, side: SideId, s: &Standing) -> Features {
        let turns = game.scenario.turns.unwrap_or(10).max(1);
        Features {
            first_side: if side.0 == 0 { 1.0 } else { 0.0 },
            points: s.points / s.total,
            losses: s.losses,
            turns_left: f64::from(turns.saturating_sub(game.turn) + 1) / f64::from(turns),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        MIN_GAIN, MIN_OBSERVED, MIN_SWITCH_ROUNDS, SETTLE_ROUNDS, SIGNIFICANCE, enemy_model,
        pooled_preferred, preferred, settled,
    };

    // The model of the enemy: the one that foresaw most of its commands, the first (`ai2`) on
    // a tie, before MIN_OBSERVED commands, or when the best foresaw fewer than half.
    #[test]
    fn the_enemy_is_modelled_by_the_player_that_foresaw_it_best() {
        let n = MIN_OBSERVED;
        assert_eq!(enemy_model(&[0, n - 1, 0], n - 1), 0, "too few seen");
        assert_eq!(enemy_model(&[1, n, 0], n), 1);
        assert_eq!(enemy_model(&[n, n, n], n), 0, "a tie");
        assert_eq!(enemy_model(&[2, 5, 9], 12), 2);
        assert_eq!(enemy_model(&[2, 5, 9], 19), 0, "none foresaw half");
        assert_eq!(enemy_model(&[20, 5, 9], 19 * 2), 0);
    }

    // Pooled choices (`computer.pooled`): two rounds of a choice never switch alone, but with
    // an earlier choice's rounds that agree (the style 4 points ahead each time) they do, at
    // full weight; at weight 0 the earlier choice counts for nothing, noise pooled with noise
    // stays the default, and the earlier choices never overrule the choice's own rounds.
    #[test]
    fn pooled_choices_switch_on_evidence_that_agrees_over_the_game() {
        let default = vec![10.0, -5.0];
        let ahead = vec![14.0, -1.0];
        let values = [default.clone(), ahead.clone()];
        assert_eq!(preferred(&values), 0, "two rounds alone");
        let earlier = vec![Vec::new(), vec![(1, 4.0), (1, 4.5), (1, 3.5)]];
        assert_eq!(pooled_preferred(&values, &earlier, 3, 1.0), 1);
        assert_eq!(pooled_preferred(&values, &earlier, 3, 0.0), 0);
        let noise = vec![Vec::new(), vec![(1, 2000.0), (1, -2000.0), (2, -2000.0)]];
        assert_eq!(pooled_preferred(&values, &noise, 3, 1.0), 0);
        // Where its own rounds show a style better (2 points ahead on three dice), that style
        // plays, though the earlier choices found it 9 points behind and a third style 9 ahead.
        let values = [
            vec![10.0, -5.0, 0.0],
            vec![12.0, -3.0, 2.5],
            vec![10.0, -5.0, 0.0],
        ];
        let against = vec![Vec::new(), vec![(1, -9.0); 9], vec![(1, 9.0); 9]];
        assert_eq!(preferred(&values), 1);
        assert_eq!(pooled_preferred(&values, &against, 3, 1.0), 1);
    }

    // The search plays the default style unless another ends better on average over the same
    // dice by at least MIN_GAIN and by SIGNIFICANCE standard errors of the differences: a near
    // tie is noise (it once kept a weak brigade in danger for a gain of 0.005), and so is a win
    // the dice gave in one round and took back in another; two wins in four are not, nor a
    // gain the samples agree on.
    #[test]
    fn another_style_is_played_only_for_a_real_gain() {
        let default = vec![-1004.0, -1004.0, 996.0, -1004.0];
        let shifted =
            |d: &[f64]| -> Vec<f64> { default.iter().zip(d).map(|(v, d)| v + d).collect() };
        let tie = shifted(&[0.01, 0.0, 0.0, 0.0]);
        assert_eq!(preferred(&[default.clone(), tie.clone()]), 0);
        let small = shifted(&[MIN_GAIN / 2.0; 4]);
        assert_eq!(preferred(&[default.clone(), small.clone()]), 0, "too small");
        assert_eq!(SIGNIFICANCE, 1.0, "the cases below are worked for one");
        // Two more wins and one more loss in four: a gain of 500 with a standard error of 957.
        let noisy = shifted(&[2000.0, -2000.0, 2000.0, 0.0]);
        assert_eq!(preferred(&[default.clone(), noisy.clone()]), 0, "noisy");
        // One more win in four, nothing else: 500 with a standard error of 500 (one
        // standard error exactly, whatever the number of rounds): tried.
        let lucky = shifted(&[0.0, 2000.0, 0.0, 0.0]);
        assert_eq!(
            preferred(&[default.clone(), lucky.clone()]),
            1,
            "one win more"
        );
        // Two more wins in four: 1000 against a standard error of 577.
        let two = shifted(&[2000.0, 0.0, 2000.0, 0.0]);
        assert_eq!(preferred(&[default.clone(), two.clone()]), 1, "two of four");
        // Three more in four: 1500 against 500.
        let three = shifted(&[2000.0, 2000.0, 0.0, 2000.0]);
        assert_eq!(preferred(&[default.clone(), three.clone()]), 1);
        // Three points on every sample: a small gain, but the samples agree.
        let steady_gain = shifted(&[3.0; 4]);
        assert_eq!(preferred(&[default.clone(), steady_gain.clone()]), 1);
        // The greatest of the real gains is played.
        let more = shifted(&[4.0, 6.0, 5.0, 5.0]);
        assert_eq!(
            preferred(&[
                default.clone(),
                tie,
                steady_gain.clone(),
                noisy.clone(),
                more.clone()
            ]),
            4
        );
        assert_eq!(
            preferred(&[default.clone(), three.clone(), more, two, lucky, noisy]),
            1
        );
        assert_eq!(preferred(&[default.clone(), small, steady_gain]), 2);
        // On fewer than MIN_SWITCH_ROUNDS rounds the default is played whatever the others
        // did: two rounds are one difference's worth of a standard error.
        let few = |v: &[f64]| v[..MIN_SWITCH_ROUNDS - 1].to_vec();
        assert_eq!(preferred(&[few(&default), few(&three)]), 0, "two rounds");
        let far_better: Vec<f64> = default.iter().map(|v| v + 50.0).collect();
        assert_eq!(preferred(&[few(&default), few(&far_better)]), 0);
        assert_eq!(preferred(&[default.clone(), far_better]), 1);
        assert_eq!(super::portfolio()[0].name, super::DEFAULT_STYLE);
        let names = super::portfolio().map(|s| s.name);
        assert_eq!(
            names,
            crate::rules::tables::STYLE_NAMES,
            "what a rules file may name"
        );
    }

    // Sampling stops early only when no other style could plausibly be picked: each is below
    // the pick by SIGNIFICANCE standard errors (below the default by MIN_GAIN as well when the
    // default is the pick), after SETTLE_ROUNDS rounds at least.
    #[test]
    fn sampling_stops_when_the_choice_is_settled() {
        let default = vec![10.0, -4.0, 7.0, 1.0];
        let worse: Vec<f64> = default.iter().map(|v| v - 20.0).collect();
        let noisy: Vec<f64> = default
            .iter()
            .zip([30.0, -30.0, 30.0, -31.0])
            .map(|(v, d)| v + d)
            .collect();
        assert!(settled(&[default.clone(), worse.clone()]));
        assert!(!settled(&[default.clone(), noisy.clone()]), "a noisy rival");
        let few: Vec<Vec<f64>> = [&default, &worse]
            .iter()
            .map(|v| v[..SETTLE_ROUNDS - 1].to_vec())
            .collect();
        assert!(!settled(&few), "too few rounds");
        // A rival that ends exactly as the default on every sample plays alike: settled.
        let alike = default.clone();
        assert!(settled(&[default.clone(), alike]));
        // One a little above the default on average, but noisily: it might yet gain MIN_GAIN.
        let slightly: Vec<f64> = default
            .iter()
            .zip([1.0, -0.5, 0.8, -0.9])
            .map(|(v, d)| v + d)
            .collect();
        assert!(!settled(&[default.clone(), slightly]));
        let just_below: Vec<f64> = default.iter().map(|v| v - 2.0 * MIN_GAIN).collect();
        assert!(settled(&[default.clone(), just_below]));
        // A clear winner over the default, and the default clearly below it: settled on it.
        let better: Vec<f64> = default.iter().map(|v| v + 50.0).collect();
        assert_eq!(preferred(&[default.clone(), better.clone()]), 1);
        assert!(settled(&[default.clone(), better.clone()]));
        let rival: Vec<f64> = better
            .iter()
            .zip(&noisy)
            .zip(&default)
            .map(|((b, n), d)| b + n - d)
            .collect();
        assert!(
            !settled(&[default, better, rival]),
            "a noisy rival of the pick"
        );
    }
}
