//! `ai`: the computer opponent built on the exact odds (after Wesnoth's combat AI: rate every
//! attack from its outcome distribution, execute the first step of the best plan, re-plan after
//! every die roll).
//!
//! Each decision, in order:
//! 1. **An open advance** is taken when the vacated hex is a victory hex the side does not hold,
//!    or a better position for the advancing units (`position`).
//! 2. **Attacks.** For every enemy hex within reach, the stacks that are next to it or can reach a
//!    free hex next to it this turn are combined greedily (at most `Strong::max_group` stacks),
//!    each combination simulated on a copy of the game and rated from `Ruleset::odds` for every
//!    attack type the rule system accepts: expected losses inflicted minus (1 − aggression) ×
//!    expected losses suffered, plus the retreat and rout chances, the victory hex the defender
//!    holds and the turns left (`rate`), plus what the moves into position do to the movers'
//!    position value (a victory hex left unguarded, an objective walked away from:
//!    `relocation`). The best plan above the level's threshold goes first:
//!    its march roll, its moves, then the attack.
//! 3. **Moves.** Every stack that can still move goes to the hex in reach with the best position
//!    value (`position`): victory hexes to take (drawn by their points over the distance,
//!    more as the last turn nears) or to hold (a defender on each, more when the enemy is near),
//!    and no weaker stack left next to a stronger enemy.
//! 4. **End of turn.**
//!
//! Everything goes through the trait and the movement model: no rule system has its own path.

use std::cell::{OnceCell, RefCell};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use super::memo::ReachMemo;
use super::options::{
    Stack, attack_cmd, enemy_neighbours, f, march, move_cmd, movers, needs_march, reach,
    stack_attacks, stacks, valid_attack,
};
use super::{Decision, Player};
use crate::rules::attack::{AttackRequest, ModValue, Odds};
use crate::rules::command::validate;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::{MoveContext, Reach};
use crate::rules::order::Command;
use crate::rules::points::{Allowance, Mp};
use crate::rules::threat::ThreatModel;
use crate::rules::unit::{SideId, UnitIdx};
use crate::rules::victory;

/// The number of levels (`ai1` cautious, `ai2` strong).
pub const LEVELS: u8 = 2;

/// How boldly the opponent attacks: the numbers its levels differ by, and what the search
/// level (`ai3`) chooses among.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// How much it discounts its own losses (Wesnoth's aggression).
    pub aggression: f64,
    /// The rating an attack must beat.
    pub threshold: f64,
    /// Most stacks combined against one hex.
    pub max_group: usize,
    /// How strongly the victory hexes to take draw the stacks (1: `ai2`'s measure).
    pub take: f64,
    /// How much a defender on a victory hex to hold is worth (1: `ai2`'s measure).
    pub hold: f64,
    /// How much the danger of a position weighs: the enemies next to it and the enemy's next
    /// turn (1: `ai2`'s measure).
    pub caution: f64,
    /// What each combat unit more than one on a victory hex to hold is worth, against the
    /// enemy near it (0: `ai2`'s measure, where one defender is all a hex is worth).
    pub depth: f64,
    /// How much more the most valuable victory hexes weigh than the others: each hex's points
    /// are weighed by (points / most points of a hex) to this power (0: `ai2`'s measure, by
    /// the points alone).
    pub focus: f64,
    /// How much strength a stack on a victory hex it holds keeps there against the enemy's
    /// combat strength within [`NEAR`] hexes (this multiple of it, and never fewer than one
    /// combat unit) before the rest may march off as a stack of their own ([`detachment`]):
    /// reinforcements that arrive on a held objective go on to the fight. Infinite: a stack
    /// on a held objective moves whole or not at all.
    pub garrison: f64,
    /// On the side's last game turn, when it is not ahead (`ahead_at_the_end`), it attacks at
    /// least as readily as `ai2` (no higher threshold, no lower aggression): no later turn is
    /// left to save its units for, and only an attack can still turn the result. False: the
    /// style is the same to the end (`ai1`).
    pub end_press: bool,
}

impl Style {
    /// The style of level `level` (`ai1` cautious, `ai2` strong).
    pub fn of_level(level: u8) -> Style {
        if level >= 2 {
            Style {
                aggression: 0.4,
                threshold: 0.05,
                max_group: 3,
                take: 1.0,
                hold: 1.0,
                caution: 1.0,
                depth: 0.0,
                focus: 0.0,
                garrison: 1.0,
                end_press: true,
            }
        } else {
            Style {
                aggression: 0.0,
                threshold: 0.3,
                max_group: 1,
                take: 1.0,
                hold: 1.0,
                caution: 1.0,
                depth: 0.0,
                focus: 0.0,
                garrison: 1.0,
                end_press: false,
            }
        }
    }

    /// The style as played in `game`'s position: pressing on at the end ([`Style::end_press`]).
    fn in_position(self, game: &Game) -> Style {
        let last_turn = game.scenario.turns == Some(game.turn);
        if !self.end_press || !last_turn || ahead_at_the_end(game, game.active_side) {
            return self;
        }
        let ai2 = Style::of_level(2);
        Style {
            threshold: self.threshold.min(ai2.threshold),
            aggression: self.aggression.max(ai2.aggression),
            ..self
        }
    }
}

/// Whether `side` wins if the game ends as it stands, counting a victory hex with the enemy's
/// combat units on it as theirs (it changes hands as soon as one of them enters it): the
/// points, and on equal points the losses ([`victory::ahead_with`]).
fn ahead_at_the_end(game: &Game, side: SideId) -> bool {
    let mut points = [SideId(0), SideId(1)].map(|s| game.loss_points(s));
    for (v, holder) in game.scenario.victory.iter().zip(&game.holders) {
        let on_it = game
            .units_at(v.hex)
            .iter()
            .map(|u| game.unit(*u))
            .find(|u| u.takes_ground())
            .map(|u| u.side);
        if let Some(s) = on_it.or(*holder) {
            points[usize::from(s.0)] += v.points;
        }
    }
    victory::ahead_with(game, points) == Some(side)
}

/// What chooses among the plans at an attack decision (the search level, `ai3`).
pub trait Chooser: Send + Sync {
    /// Most attack plans offered (the best rated; the moves are offered besides).
    fn most(&self) -> usize;
    /// The plan to play: an index into `plans`, whose last is "no attack now" (the moves).
    /// Each plan is the commands `ai2` would send for it, in order.
    fn choose(&mut self, game: &Game, plans: &[Vec<Decision>]) -> usize;
}

/// The computer opponent.
pub struct Strong {
    level: u8,
    style: Style,
    /// Where the search level chooses among the attack plans (`None`: the best rated).
    chooser: Option<Box<dyn Chooser>>,
    /// Moves without the threat model (the adjacency measure only): the search's playouts.
    fast: bool,
    /// Commands planned on the current state, each checked again before it is sent.
    queue: VecDeque<Decision>,
    /// A playout's reaches kept from plan to plan (`fast` only: [`ReachMemo`]).
    memo: Mutex<ReachMemo>,
    /// The styles the side's formations play (`rules::ai::formation`: formation `i` along the
    /// front plays `formation_styles[i % len]`); `None`: `style` for every unit.
    formation_styles: Option<Vec<Style>>,
}

impl Strong {
    pub fn new(level: u8) -> Self {
        let level = level.clamp(1, LEVELS);
        Strong::with_style(level, Style::of_level(level))
    }

    /// Level `level`'s name with another style (the search level's candidates).
    pub fn with_style(level: u8, style: Style) -> Self {
        Strong {
            level: level.clamp(1, LEVELS),
            style,
            chooser: None,
            fast: false,
            queue: VecDeque::new(),
            memo: Mutex::new(ReachMemo::default()),
            formation_styles: None,
        }
    }

    /// `ai2`'s planner with its formations playing two styles in turn along the front (a
    /// measuring player: `split:A/B`).
    pub fn with_split(styles: [Style; 2]) -> Self {
        let mut s = Strong::with_style(2, styles[0]);
        s.formation_styles = Some(styles.to_vec());
        s
    }

    /// Play a style per formation from the next plan on (formation `i` along the front plays
    /// `styles[i % len]`; `None`: the one style for every unit); what is queued is dropped.
    pub fn set_formation_styles(&mut self, styles: Option<Vec<Style>>) {
        if styles != self.formation_styles {
            self.formation_styles = styles;
            self.queue.clear();
        }
    }

    /// Moves without the threat model: about ten times cheaper, for the search's playouts.
    pub fn fast(mut self) -> Self {
        self.fast = true;
        self
    }

    /// Let `chooser` pick among the attack plans.
    pub fn with_chooser(mut self, chooser: Box<dyn Chooser>) -> Self {
        self.chooser = Some(chooser);
        self
    }

    /// The style it plays now.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The reaches a playout found and those it kept from an earlier plan ([`ReachMemo`]).
    pub fn reaches_found_and_kept(&self) -> (u64, u64) {
        let m = lock(&self.memo);
        (m.found, m.reused)
    }

    /// Play another style from the next plan on (what is queued is dropped).
    pub fn set_style(&mut self, style: Style) {
        if style != self.style {
            self.style = style;
            self.queue.clear();
        }
    }
}

impl Player for Strong {
    fn name(&self) -> String {
        format!("ai{}", self.level)
    }

    fn decide(&mut self, game: &Game) -> Decision {
        if let Some(d) = advance(game, self.style) {
            self.queue.clear();
            return d;
        }
        if let Some((command, why)) = super::options::gain_action(game) {
            self.queue.clear();
            return Decision {
                command,
                why: format!("ai: {why}"),
            };
        }
        if let Some((command, why)) = super::options::transfer(game, game.active_side) {
            self.queue.clear();
            return Decision {
                command,
                why: format!("ai: {why}"),
            };
        }
        while let Some(d) = self.queue.pop_front() {
            if validate(game, &d.command).is_ok() {
                return d;
            }
        }
        // The plan's commands the current phase allows (`rules::sequence`), in order.
        let plan = self.plan(game);
        self.queue.extend(plan);
        while let Some(d) = self.queue.pop_front() {
            if validate(game, &d.command).is_ok() {
                return d;
            }
        }
        // The plan was for another phase (an attack where only moves are made now): the moves.
        if let Some(d) = self
            .moves(&view(
                game,
                self.style,
                self.formation_styles.as_deref(),
                self.fast,
                &self.memo,
            ))
            .into_iter()
            .find(|d| validate(game, &d.command).is_ok() && !matches!(d.command, Command::EndTurn))
        {
            return d;
        }
        Decision {
            command: Command::EndTurn,
            why: "ai: nothing worth doing".into(),
        }
    }
}

/// Take an open advance into a victory hex the side does not hold, or into a hex where the
/// advancing units stand better than where they are ([`position`]: nearer the objectives,
/// out of the danger of a stronger enemy); otherwise let it lapse.
fn advance(game: &Game, style: Style) -> Option<Decision> {
    let opt = game.advance_option.as_ref()?;
    let side = game.active_side;
    let movers: Vec<UnitIdx> = opt
        .units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map() && game.unit(*u).takes_ground())
        .collect();
    let from = movers.first().and_then(|u| game.unit(*u).hex)?;
    let why = match game.scenario.victory_at(opt.hex).copied() {
        Some(i) if game.holders[i as usize] != Some(side) => format!(
            "ai: advance into {} ({} points)",
            game.label(opt.hex),
            game.scenario.victory[i as usize].points
        ),
        _ => {
            let v = View::new(game, style);
            let gain = position(&v, &movers, opt.hex, from) - position(&v, &movers, from, from);
            if gain <= 0.05 {
                return None;
            }
            format!(
                "ai: advance into {} (position +{gain:.2})",
                game.label(opt.hex)
            )
        }
    };
    let units: Vec<String> = movers.iter().map(|u| game.unit(*u).id.clone()).collect();
    let cmd = Command::Advance { units };
    validate(game, &cmd).ok()?;
    Some(Decision { command: cmd, why })
}

/// What the evaluation needs to know of a game, computed once per plan.
struct View<'a> {
    game: &'a Game,
    side: SideId,
    /// Strength per unit on average at the start (the unit of value).
    scale: f64,
    /// 0 at the first turn, 1 at the last.
    lateness: f64,
    /// This is the side's last move of the game: no enemy turn follows.
    last_move: bool,
    ctx: Arc<MoveContext>,
    /// The positional weights (`take`, `hold`, `caution`) of the style played.
    style: Style,
    /// The reaches found so far (a stack's movers, a march roll not made yet at its median):
    /// the attacks and the moves of one plan ask for the same stacks' reaches, on the same game.
    reaches: RefCell<Vec<(Vec<UnitIdx>, Option<Arc<Reach>>)>>,
    /// Per victory hex, whether an enemy combat unit is within [`NEAR`] hexes, and the enemy's
    /// strength next to it; and the hexes of the enemy's combat units: what every hex's
    /// [`position`] asks of them, found once per plan.
    around: OnceCell<(Vec<(bool, f64)>, Vec<Coord>)>,
    /// [`View::weights`].
    weights: OnceCell<Vec<f64>>,
    /// Each unit's style, where the side's formations play different ones ([`Strong::formation_styles`]);
    /// `None`: every unit plays `style`.
    styles: Option<Vec<Style>>,
    /// A playout's planner ([`Strong::fast`]) in an action under way plans for the action's
    /// units alone (the only ones that may move or attack until it ends); `None`: every stack.
    acting: Option<Vec<UnitIdx>>,
    /// A playout's reaches kept from the plans before ([`ReachMemo`]).
    memo: Option<&'a Mutex<ReachMemo>>,
}

impl<'a> View<'a> {
    fn new(game: &'a Game, style: Style) -> Self {
        View::with_ctx(game, style, Arc::new(MoveContext::new(game)))
    }

    /// [`View::new`] on zones of control and holders of the hexes already found.
    fn with_ctx(game: &'a Game, style: Style, ctx: Arc<MoveContext>) -> Self {
        let units: Vec<u32> = game
            .scenario
            .units
            .iter()
            .filter(|u| u.manpower > 0)
            .map(|u| u.manpower)
            .collect();
        let scale =
            (units.iter().map(|m| f64::from(*m)).sum::<f64>() / units.len().max(1) as f64).max(1.0);
        let lateness = match game.scenario.turns {
            Some(t) if t > game.scenario.first_turn => {
                f64::from(game.turn.saturating_sub(game.scenario.first_turn))
                    / f64::from(t - game.scenario.first_turn)
            }
            _ => 0.5,
        };
        let last_move = game.scenario.turns == Some(game.turn) && game.active_side == SideId(1);
        View {
            game,
            side: game.active_side,
            scale,
            lateness,
            last_move,
            ctx,
            style: style.in_position(game),
            reaches: RefCell::new(Vec::new()),
            around: OnceCell::new(),
            weights: OnceCell::new(),
            styles: None,
            acting: None,
            memo: None,
        }
    }

    /// The view of a playout's planner: its kept reaches, and in an action under way the
    /// action's units alone.
    fn fast(mut self, memo: &'a Mutex<ReachMemo>) -> Self {
        if !self.game.cycle.units.is_empty() {
            self.acting = Some(self.game.cycle.units.clone());
        }
        self.memo = Some(memo);
        self
    }

    /// The side's stacks the plan is for ([`View::acting`]), each with only its acting units.
    fn stacks(&self) -> Vec<Stack> {
        let mut all = stacks(self.game, self.side);
        if let Some(only) = &self.acting {
            for s in &mut all {
                s.units.retain(|u| only.contains(u));
            }
            all.retain(|s| !s.units.is_empty());
        }
        all
    }

    /// Each victory hex's points as the style weighs them: more for the most valuable
    /// (`Style::focus`), found once per plan for the view's style.
    fn weights(&self, focus: f64) -> std::borrow::Cow<'_, [f64]> {
        let of = |focus: f64| -> Vec<f64> {
            let victory = &self.game.scenario.victory;
            let most = victory.iter().map(|vh| vh.points).max();
            let most = f64::from(most.unwrap_or(1).max(1));
            victory
                .iter()
                .map(|vh| {
                    let pts = f64::from(vh.points);
                    if focus == 0.0 {
                        pts
                    } else {
                        pts * (pts / most).powf(focus)
                    }
                })
                .collect()
        };
        if focus == self.style.focus {
            std::borrow::Cow::Borrowed(self.weights.get_or_init(|| of(focus)))
        } else {
            std::borrow::Cow::Owned(of(focus))
        }
    }

    /// The style `units` play: their formation's ([`View::styles`], by the first unit), else
    /// the view's.
    fn style_of(&self, units: &[UnitIdx]) -> Style {
        match (&self.styles, units.first()) {
            (Some(styles), Some(u)) => styles.get(u.i()).copied().unwrap_or(self.style),
            _ => self.style,
        }
    }

    /// [`View::around`]: per victory hex, an enemy combat unit within [`NEAR`] hexes and the
    /// enemy's strength next to it; the enemy's combat units' hexes.
    fn around(&self) -> &(Vec<(bool, f64)>, Vec<Coord>) {
        self.around.get_or_init(|| {
            let enemies: Vec<Coord> = self
                .game
                .units
                .iter()
                .filter(|u| u.side != self.side && u.is_combat())
                .filter_map(|u| u.hex)
                .collect();
            let victory = self
                .game
                .scenario
                .victory
                .iter()
                .map(|vh| {
                    let near = enemies.iter().any(|e| e.distance(vh.hex) <= NEAR);
                    (near, self.enemy_next_to(vh.hex))
                })
                .collect();
            (victory, enemies)
        })
    }

    /// The reach of `movers` (one stack's, or some of them), a march roll not made yet at its
    /// median: found once per plan.
    fn reach(&self, movers: &[UnitIdx]) -> Option<Arc<Reach>> {
        if let Some((_, r)) = self.reaches.borrow().iter().find(|(m, _)| m == movers) {
            return r.clone();
        }
        let r = match self.memo {
            None => reach(self.game, &self.ctx, movers, median_roll).map(Arc::new),
            Some(memo) => {
                let lefts = super::options::lefts(self.game, movers, median_roll);
                let mut memo = lock(memo);
                match memo.get(movers, &lefts) {
                    Some(r) => r,
                    None => {
                        let r = crate::rules::movement::reachable_within(
                            self.game, &self.ctx, movers, &lefts,
                        )
                        .map(Arc::new);
                        memo.keep(self.game, movers, lefts, r.clone());
                        r
                    }
                }
            }
        };
        self.reaches.borrow_mut().push((movers.to_vec(), r.clone()));
        r
    }

    /// Combat strength of units in `scale` units.
    fn strength(&self, units: &[UnitIdx]) -> f64 {
        units
            .iter()
            .map(|u| self.game.unit(*u))
            .filter(|u| u.is_combat())
            .map(|u| f64::from(u.manpower))
            .sum::<f64>()
            / self.scale
    }

    /// Enemy combat strength in the hexes next to `h`.
    fn enemy_next_to(&self, h: Coord) -> f64 {
        h.neighbors()
            .into_iter()
            .map(|n| {
                let there = self.game.units_at(n);
                if self.game.side_at(n).is_some_and(|s| s != self.side) {
                    self.strength(there)
                } else {
                    0.0
                }
            })
            .sum()
    }
}

/// The allowance a march roll not made yet is planned with: its median.
fn median_roll(game: &Game, u: UnitIdx) -> Mp {
    match game.rules.movement().allowance(game, u) {
        Allowance::Roll {
            dice,
            modifier,
            min,
        } => Mp::whole(((7 * i32::from(dice)) / 2 + modifier).max(0) as u32).max(min),
        a => a.max(),
    }
}

/// A contribution to an attack: a stack's attacking units, and where they attack from (and the
/// path there, empty if they are there already).
#[derive(Clone, Debug)]
struct Part {
    units: Vec<UnitIdx>,
    from: Coord,
    to: Coord,
    path: Vec<Coord>,
}

/// A stack that may attack: its units, those that may move, and where they can go this turn.
struct Cand {
    units: Vec<UnitIdx>,
    movers: Vec<UnitIdx>,
    hex: Coord,
    reach: Option<Arc<Reach>>,
}

/// Each of the side's stacks with a combat unit, and its reach (a march roll not made yet at
/// its median).
fn candidates(v: &View) -> Vec<Cand> {
    let game = v.game;
    v.stacks()
        .iter()
        .filter_map(|s: &Stack| {
            let units: Vec<UnitIdx> = s.units.clone();
            if !units.iter().any(|u| game.unit(*u).is_combat()) {
                return None;
            }
            let m = movers(game, s);
            let r = if m.is_empty() { None } else { v.reach(&m) };
            Some(Cand {
                units,
                movers: m,
                hex: s.hex,
                reach: r,
            })
        })
        .collect()
}

/// The enemy hexes some stack can attack this turn: next to it, or next to a hex in its reach
/// (in the order found).
fn targets(v: &View, cands: &[Cand]) -> Vec<Coord> {
    let game = v.game;
    let mut targets: Vec<Coord> = Vec::new();
    for c in cands {
        for t in enemy_neighbours(game, c.hex, v.side) {
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        if let Some(r) = &c.reach {
            for h in r.hexes() {
                let hex = game.map().coord(h.index);
                for t in enemy_neighbours(game, hex, v.side) {
                    if !targets.contains(&t) {
                        targets.push(t);
                    }
                }
            }
        }
    }
    targets
}

/// The parts that can join an attack on `t`: from where they stand, or from the cheapest free
/// hex next to the target they can reach.
fn parts_against(v: &View, cands: &[Cand], t: Coord) -> Vec<Part> {
    let game = v.game;
    let mut parts: Vec<Part> = Vec::new();
    for c in cands {
        if c.hex.is_adjacent(t) {
            parts.push(Part {
                units: c.units.clone(),
                from: c.hex,
                to: c.hex,
                path: Vec::new(),
            });
            continue;
        }
        let Some(r) = &c.reach else { continue };
        let spot = t
            .neighbors()
            .into_iter()
            .filter(|n| {
                game.map().contains(*n)
                    && game.side_at(*n).is_none_or(|s| s == v.side)
                    && r.cost(game, *n).is_some()
            })
            .min_by_key(|n| (r.cost(game, *n), n.col, n.row));
        if let Some(n) = spot
            && let Some(path) = r.path(game, n)
        {
            parts.push(Part {
                units: c.movers.clone(),
                from: c.hex,
                to: n,
                path,
            });
        }
    }
    parts
}

/// An attack plan and its rating.
struct AttackPlan {
    parts: Vec<Part>,
    req: AttackRequest,
    odds: Odds,
    rating: f64,
}

/// The rating of an attack: expected losses inflicted minus (1 − aggression) × expected losses
/// suffered (in average units), plus the defender's retreat (worth a share of its strength and
/// the victory points of its hex) and rout.
fn rate(v: &View, target: Coord, o: &Odds, aggression: f64) -> f64 {
    let kill = f(o.defender_expected_loss) / v.scale;
    let cost = f(o.attacker_expected_loss) / v.scale;
    let def = f64::from(o.defender_manpower) / v.scale;
    let p_ret = f(o.p_retreat);
    let p_rout = f(o.p_rout);
    let vp = vp_at(v.game, target, v.side);
    kill - (1.0 - aggression) * cost
        + p_ret * (0.25 * def + vp * (0.5 + v.lateness))
        + p_rout * 0.25 * def
}

/// The points of a victory hex at `h` the side does not hold (0 elsewhere).
fn vp_at(game: &Game, h: Coord, side: SideId) -> f64 {
    match game.scenario.victory_at(h) {
        Some(&i) if game.holders[i as usize] != Some(side) => {
            f64::from(game.scenario.victory[i as usize].points)
        }
        _ => 0.0,
    }
}

impl Strong {
    fn plan(&mut self, game: &Game) -> Vec<Decision> {
        let v = view(
            game,
            self.style,
            self.formation_styles.as_deref(),
            self.fast,
            &self.memo,
        );
        let mut attacks = self.attacks(&v);
        attacks.retain(|p| {
            let units = p.parts.first().map_or(&[][..], |q| &q.units[..]);
            p.rating > v.style_of(units).threshold
        });
        if let Some(mut chooser) = self.chooser.take() {
            // The search level: the best attack of each target, and no attack (the moves).
            if !attacks.is_empty() {
                attacks.truncate(chooser.most());
                let mut plans: Vec<Vec<Decision>> = attacks
                    .into_iter()
                    .map(|p| self.execute_attack(&v, p))
                    .collect();
                plans.push(self.moves(&v));
                let i = chooser.choose(game, &plans).min(plans.len() - 1);
                self.chooser = Some(chooser);
                return plans.swap_remove(i);
            }
            self.chooser = Some(chooser);
            return self.moves(&v);
        }
        match attacks.into_iter().next() {
            Some(p) => self.execute_attack(&v, p),
            None => self.moves(&v),
        }
    }

    /// The best attack plan against each enemy hex the side can attack this turn, with the
    /// moves into position it needs, best first (ties: the target found first).
    fn attacks(&self, v: &View) -> Vec<AttackPlan> {
        let game = v.game;
        let cands = candidates(v);
        let mut best: Vec<AttackPlan> = Vec::new();
        // One copy of the game for every trial (each puts it back as it found it).
        let mut scratch = game.clone();
        let assaults = crate::rules::actions::assaults_in_force(game);
        for t in targets(v, &cands) {
            let parts = parts_against(v, &cands, t);
            if parts.is_empty() {
                continue;
            }
            if let Some(plan) = self.combine(v, &mut scratch, assaults, &parts, t) {
                best.push(plan);
            }
        }
        // Stable: among equal ratings the target found first stays first.
        best.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        best
    }

    /// The parts combined greedily against `t` (at most `max_group`): each round adds the part
    /// whose attack together with those chosen rates best, while that rating improves.
    fn combine(
        &self,
        v: &View,
        scratch: &mut Game,
        assaults: bool,
        parts: &[Part],
        t: Coord,
    ) -> Option<AttackPlan> {
        let mut chosen: Vec<Part> = Vec::new();
        let mut current: Option<(AttackRequest, Odds, f64)> = None;
        for _ in 0..v.style.max_group {
            let mut best_add: Option<(usize, AttackRequest, Odds, f64)> = None;
            for (i, p) in parts.iter().enumerate() {
                if chosen.iter().any(|c| c.from == p.from) {
                    continue;
                }
                let mut trial = chosen.clone();
                trial.push(p.clone());
                // A part the rules leave out of the attack (Shiloh's limbered guns: the
                // others attack without them) would only move for nothing. (Where GCACW's
                // assaults are in force the strongest unit alone stands for the group, as
                // measured: unchanged.)
                if let Some((req, o)) = simulate(scratch, &trial, t)
                    && (assaults || p.units.iter().any(|u| req.attackers.contains(u)))
                    && let r = rate(v, t, &o, v.style_of(&trial[0].units).aggression)
                        + relocation(v, &trial)
                    && best_add.as_ref().is_none_or(|b| r > b.3)
                {
                    best_add = Some((i, req, o, r));
                }
            }
            match best_add {
                Some((i, req, o, r)) if current.as_ref().is_none_or(|c| r > c.2 + 1e-9) => {
                    chosen.push(parts[i].clone());
                    current = Some((req, o, r));
                }
                _ => break,
            }
        }
        let (req, odds, rating) = current?;
        Some(AttackPlan {
            parts: chosen,
            req,
            odds,
            rating,
        })
    }

    /// The commands of an attack plan: the first march roll it needs (then a new plan), else
    /// its moves and the attack.
    fn execute_attack(&self, v: &View, p: AttackPlan) -> Vec<Decision> {
        let game = v.game;
        let mut out = Vec::new();
        for part in &p.parts {
            if part.path.is_empty() {
                continue;
            }
            if needs_march(game, &part.units)
                && let Some(c) = march(game, &part.units)
            {
                return vec![Decision {
                    command: c,
                    why: format!("ai: march to attack {}", game.label(p.req.defender)),
                }];
            }
            out.push(Decision {
                command: move_cmd(game, &part.units, &part.path),
                why: format!(
                    "ai: into position at {} to attack {}",
                    game.label(part.to),
                    game.label(p.req.defender)
                ),
            });
        }
        let o = &p.odds;
        let net = match (o.attacker_drm, o.defender_drm) {
            (ModValue::Fixed(a), ModValue::Fixed(d)) if a != d => format!(" at net {:+}", a - d),
            _ => String::new(),
        };
        out.push(Decision {
            command: attack_cmd(game, &p.req),
            why: format!(
                "ai: {} ({}){net}: P(retreat or rout) {:.0}%, expected losses {:.1} vs {:.1} (rating {:.2})",
                game.label(p.req.defender),
                o.kind,
                100.0 * f(o.p_retreat),
                f(o.attacker_expected_loss),
                f(o.defender_expected_loss),
                p.rating
            ),
        });
        out
    }

    /// Moves of the stacks that can still move, best improvement first (each checked again
    /// before it is sent; a stack that must roll its march first rolls, then the side plans
    /// again). Two stacks never head for the same hex.
    fn moves(&self, v: &View) -> Vec<Decision> {
        let game = v.game;
        let mut wanted: Vec<Wanted> = Vec::new();
        // No enemy turn follows the side's last move of the game: nothing to fear.
        let mut threats =
            (!v.last_move && !self.fast).then(|| ThreatModel::unexplained(game, v.side));
        for s in v.stacks() {
            let m = movers(game, &s);
            if m.is_empty() {
                continue;
            }
            // The whole stack, or the units a held objective does not need
            // ([`detachment`]), whichever gains more.
            let mut best = Self::stack_move(v, &m, s.hex, threats.as_mut(), &wanted);
            if let Some(d) = detachment(v, &s, &m)
                && let Some(w) = Self::stack_move(v, &d, s.hex, threats.as_mut(), &wanted)
                && best.as_ref().is_none_or(|b| w.0 > b.0)
            {
                best = Some(w);
            }
            wanted.extend(best);
        }
        wanted.sort_by(|a, b| b.0.total_cmp(&a.0));
        // In an action phase, a leader's activation when it moves more than the best stack.
        if let Some(d) = activation(game, &wanted) {
            return vec![d];
        }
        // A march roll (or a forced march's) changes what the side can do: plan again after
        // the first one.
        if let Some(i) = wanted.iter().position(|w| {
            matches!(
                w.1.command,
                Command::March { .. } | Command::ForceMarch { .. }
            )
        }) {
            wanted.truncate(i + 1);
        }
        if wanted.is_empty() {
            if let Some(d) = free_shot(game, v.side) {
                return vec![d];
            }
            return vec![Decision {
                command: Command::EndTurn,
                why: "ai: every stack is where it should be".into(),
            }];
        }
        wanted.into_iter().map(|w| w.1).collect()
    }

    /// The move of `m` (a stack's units that can move, or some of them) standing at `from`:
    /// its gain, the decision, where it heads and the units; none when no hex in reach gains
    /// enough.
    fn stack_move(
        v: &View,
        m: &[UnitIdx],
        from: Coord,
        mut threats: Option<&mut ThreatModel>,
        wanted: &[Wanted],
    ) -> Option<Wanted> {
        let game = v.game;
        let r = v.reach(m)?;
        // Combat stacks weigh the threats of the enemy's next turn (`rules::threat`);
        // leaders and trains keep the rough measure of the enemies next to them.
        let weighed = threats.as_deref_mut().filter(|_| v.strength(m) > 0.0);
        let (value, to, here) = best_destination(v, m, from, &r, weighed, wanted)?;
        let gain = value - here;
        if gain <= 0.02 {
            return None;
        }
        // A march into the extended-march check is made only for a gain worth its risk.
        let risk: f64 = if m.iter().any(|u| game.unit(*u).march.is_none()) {
            m.iter()
                .map(|u| crate::rules::actions::extended_march_risk(game, *u))
                .sum()
        } else {
            0.0
        };
        if risk > 0.0 && gain < 0.5 + risk {
            return None;
        }
        let d = if let Some(c) = march(game, m) {
            Decision {
                command: c,
                why: format!("ai: march toward {}", game.label(to)),
            }
        } else if let Some(d) = force_march(v, m, from, value, threats, wanted) {
            d
        } else {
            let path = r.path(game, to)?;
            Decision {
                command: move_cmd(game, m, &path),
                why: format!(
                    "ai: move to {} (position {value:.2}, +{gain:.2})",
                    game.label(to)
                ),
            }
        };
        Some((gain, d, to, m.to_vec()))
    }
}

/// How near (in hexes) the enemy counts against a held objective: the same reach as
/// [`position`]'s "enemies near" a victory hex to hold.
pub const NEAR: u32 = 3;

/// The units of stack `s` (of which `movers` can move) that a victory hex it holds does not
/// need: the combat movers beyond a garrison of at least one combat unit whose strength is the
/// style's [`Style::garrison`] times the enemy's within [`NEAR`] hexes (the units that cannot
/// move first, then the strongest). None off a held victory hex, or when nothing is spare.
fn detachment(v: &View, s: &Stack, movers: &[UnitIdx]) -> Option<Vec<UnitIdx>> {
    let game = v.game;
    let held = game
        .scenario
        .victory_at(s.hex)
        .is_some_and(|&i| game.holders[i as usize] == Some(v.side));
    let garrison = v.style_of(&s.units).garrison;
    if !held || !garrison.is_finite() {
        return None;
    }
    let enemy: f64 = game
        .units
        .iter()
        .filter(|u| u.side != v.side && u.is_combat())
        .filter(|u| u.hex.is_some_and(|h| h.distance(s.hex) <= NEAR))
        .map(|u| f64::from(u.manpower))
        .sum::<f64>()
        / v.scale;
    let need = garrison * enemy;
    let combat = |u: &&UnitIdx| game.unit(**u).is_combat();
    let fixed: Vec<UnitIdx> = s
        .units
        .iter()
        .filter(combat)
        .filter(|u| !movers.contains(u))
        .copied()
        .collect();
    let mut free: Vec<UnitIdx> = movers.iter().filter(combat).copied().collect();
    // The strongest first; the first listed on a tie.
    free.sort_by(|a, b| v.strength(&[*b]).total_cmp(&v.strength(&[*a])));
    let (mut kept, mut strength) = (fixed.len(), v.strength(&fixed));
    let spare = free.into_iter().skip_while(|u| {
        let keep = kept == 0 || strength < need;
        if keep {
            kept += 1;
            strength += v.strength(&[*u]);
        }
        keep
    });
    let out: Vec<UnitIdx> = spare.collect();
    (!out.is_empty()).then_some(out)
}

/// Before the turn ends with every stack where it should be: the attack from where a stack
/// stands that costs the attackers nothing whatever the dice (every attacker result "-": fire
/// in Shiloh and GBACW) and inflicts most, if any inflicts something. Such an attack is below
/// the rating threshold only because it inflicts little; with nothing else to do, a little is
/// better than nothing.
fn free_shot(game: &Game, side: SideId) -> Option<Decision> {
    let free = |o: &Odds| o.attacker_results.iter().all(|(code, _)| code == "-");
    stack_attacks(game, side)
        .into_iter()
        .filter(|(_, o)| free(o) && f(o.defender_expected_loss) > 0.0)
        .max_by(|a, b| {
            f(a.1.defender_expected_loss)
                .total_cmp(&f(b.1.defender_expected_loss))
                .then_with(|| {
                    (b.0.defender.col, b.0.defender.row).cmp(&(a.0.defender.col, a.0.defender.row))
                })
        })
        .map(|(req, o)| Decision {
            command: attack_cmd(game, &req),
            why: format!(
                "ai: {} ({}): costs nothing, expected losses {:.1} to the defender",
                game.label(req.defender),
                o.kind,
                f(o.defender_expected_loss)
            ),
        })
}

/// The best hex in reach for `units` (standing at `from`) that no other stack heads for: its
/// value, the hex, and the value of staying.
///
/// With a threat model (combat stacks, unless no enemy turn follows), each hex's [`position`]
/// also pays [`threat_risk`]: what the enemy's real next turn (`rules::threat`: who can reach
/// the hex, how likely, at what odds) may cost the stack there. The risk is never negative, so
/// the hexes are taken best position first and the search stops as soon as no position left
/// can beat the best value found (a branch and bound: few hexes are judged, only those some
/// enemy can attack, at most [`JUDGED`] of them per stack).
fn best_destination(
    v: &View,
    units: &[UnitIdx],
    from: Coord,
    r: &crate::rules::movement::Reach,
    model: Option<&mut ThreatModel>,
    wanted: &[Wanted],
) -> Option<(f64, Coord, f64)> {
    let game = v.game;
    let free = |h: &Coord| *h != from && !wanted.iter().any(|w| w.2 == *h);
    let order = |dests: &mut Vec<(f64, Coord)>| {
        dests.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then_with(|| (a.1.col, a.1.row).cmp(&(b.1.col, b.1.row)))
        })
    };
    let hexes = r.hexes().map(|h| game.map().coord(h.index)).filter(free);
    let Some(model) = model else {
        let here = position(v, units, from, from);
        let mut dests: Vec<(f64, Coord)> =
            hexes.map(|h| (position(v, units, h, from), h)).collect();
        order(&mut dests);
        return dests.first().map(|&(value, h)| (value, h, here));
    };
    let mut dests: Vec<(f64, Coord)> = hexes.map(|h| (position(v, units, h, from), h)).collect();
    order(&mut dests);
    let here = position(v, units, from, from) - threat_risk(v, model, units, from);
    let mut best: Option<(f64, Coord)> = None;
    let mut judged = 0;
    for (bound, h) in dests {
        if best.is_some_and(|b| bound <= b.0) {
            break;
        }
        // A bound on the threats judged per stack: past it, only hexes no enemy can attack.
        if model.exposed(h) {
            if judged == JUDGED {
                continue;
            }
            judged += 1;
        }
        let value = bound - threat_risk(v, model, units, h);
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, h));
        }
    }
    best.map(|(value, h)| (value, h, here))
}

/// A forced march (GCACW; `sequence.fatigue.forced`) for a stack that has rolled its march in
/// this action, when the farther reach its median bonus gives is worth the fatigue level it
/// costs and the extended-march check that level may bring: the best value it reaches must beat
/// the best of the rolled march (`value`) by 0.5 plus that check's expected cost.
fn force_march(
    v: &View,
    units: &[UnitIdx],
    from: Coord,
    value: f64,
    model: Option<&mut ThreatModel>,
    wanted: &[Wanted],
) -> Option<Decision> {
    let game = v.game;
    let f = game.sequence.fatigue.as_ref()?.forced.as_ref()?;
    let ids: Vec<String> = units.iter().map(|u| game.unit(*u).id.clone()).collect();
    if crate::rules::actions::forced_march_refusal(game, &ids).is_some() {
        return None;
    }
    let bonus = Mp::whole(
        ((7 * i32::from(f.dice)) / 2 + f.modifier)
            .max(f.min as i32)
            .max(0) as u32,
    );
    let lefts: Vec<Mp> = units
        .iter()
        .map(|u| {
            crate::rules::movement::budget(game, *u)
                .left
                .unwrap_or(Mp::ZERO)
                + bonus
        })
        .collect();
    let far = crate::rules::movement::reachable_within(game, &v.ctx, units, &lefts)?;
    let model = model.filter(|_| v.strength(units) > 0.0);
    let (farther, to, _) = best_destination(v, units, from, &far, model, wanted)?;
    // The fatigue level it adds may bring the extended-march check.
    let risk: f64 = units
        .iter()
        .map(|u| crate::rules::actions::extended_march_risk(game, *u))
        .sum();
    if farther - value <= 0.5 + risk {
        return None;
    }
    Some(Decision {
        command: Command::ForceMarch { units: ids },
        why: format!(
            "ai: force-march toward {} (position {farther:.2} instead of {value:.2})",
            game.label(to)
        ),
    })
}

/// The most hexes in some enemy's reach whose threats are judged for one stack's move.
const JUDGED: usize = 8;

/// What standing at `h` may cost combat `units`: the enemy's worst attack there
/// ([`ThreatModel::worst_if`]) weighed by the chance it gets there, P(reach) × the expected
/// losses it would inflict less those it would suffer (in average units, never below 0), half
/// of it, and less as the end nears (as [`position`]'s own measure of the enemies next to the
/// hex). The losses, not the retreat chance: weighing the retreats as well kept attackers back
/// from the ground they had to cross (selfplay against `greedy` on Bloody Hill fell from 93 to
/// 80 of 100).
fn threat_risk(v: &View, model: &mut ThreatModel, units: &[UnitIdx], h: Coord) -> f64 {
    let Some(t) = model.worst_if(units, h) else {
        return 0.0;
    };
    let o = &t.odds;
    let net = (f(o.defender_expected_loss) - f(o.attacker_expected_loss)) / v.scale;
    0.5 * v.style_of(units).caution * t.p_reach * net.max(0.0) * (1.0 - 0.8 * v.lateness)
}

/// A stack's wanted move: its gain, the command, where to, its units.
type Wanted = (f64, Decision, Coord, Vec<UnitIdx>);

/// The best leader's activation of the side (`rules::activation`), when no action has begun:
/// the leader whose radius reaches the most gain among the stacks that want to march (every
/// unit of a stack of his command and eligible), if that is two stacks or more and more than
/// the best single stack's gain. The leader marches in his activation too: his own wanted
/// march counts with it, not against it.
fn activation(game: &Game, wanted: &[Wanted]) -> Option<Decision> {
    if game.sequence.activation.is_none()
        || !crate::rules::gate::on_initiative(game)
        || game.cycle.acted
    {
        return None;
    }
    let marches: Vec<Vec<UnitIdx>> = wanted
        .iter()
        .filter(|w| matches!(w.1.command, Command::March { .. }))
        .map(|w| {
            w.3.iter()
                .copied()
                .filter(|u| !game.unit(*u).is_leader())
                .collect::<Vec<_>>()
        })
        .filter(|troops| !troops.is_empty())
        .collect();
    if marches.len() < 2 {
        return None;
    }
    let mut best: Option<(f64, Decision)> = None;
    for l in game.unit_indices() {
        let leader = game.unit(l);
        if !leader.is_leader() || leader.side != game.active_side || leader.command.is_empty() {
            continue;
        }
        // His radius is traced only when two of the marches are of his command (the units he
        // may activate are of his command): the rest cannot be activated by him.
        let his = |troops: &&Vec<UnitIdx>| troops.iter().all(|u| leader.command.contains(u));
        if marches.iter().filter(his).count() < 2 {
            continue;
        }
        let Some(r) = crate::rules::actions::reach(game, l) else {
            continue;
        };
        // The leader's own march (alone in his hex), and the best other single stack's.
        let alone = |w: &&Wanted| w.3 == [l];
        let own: f64 = wanted.iter().filter(alone).map(|w| w.0).sum();
        let single = wanted
            .iter()
            .filter(|w| !alone(w))
            .map(|w| w.0)
            .fold(0.0, f64::max);
        let (mut gain, mut units, mut stacks) = (own, Vec::new(), 0);
        for w in wanted
            .iter()
            .filter(|w| matches!(w.1.command, Command::March { .. }))
        {
            let troops: Vec<UnitIdx> =
                w.3.iter()
                    .copied()
                    .filter(|u| !game.unit(*u).is_leader())
                    .collect();
            if !troops.is_empty() && troops.iter().all(|u| r.eligible.contains(u)) {
                gain += w.0;
                units.extend(troops);
                stacks += 1;
            }
        }
        if stacks >= 2 && gain > single && best.as_ref().is_none_or(|b| gain > b.0) {
            let ids = units.iter().map(|u| game.unit(*u).id.clone()).collect();
            best = Some((
                gain,
                Decision {
                    command: Command::Activate {
                        leader: leader.id.clone(),
                        units: ids,
                    },
                    why: format!(
                        "ai: activate {} with {} stacks of his command (+{gain:.2})",
                        leader.name, stacks
                    ),
                },
            ));
        }
    }
    best.map(|b| b.1)
}

/// What moving the parts into their attack positions does to the objective part of their
/// position value ([`position_parts`]; the danger is the attack's to weigh): leaving a victory hex to be held, or walking away from one to be taken, costs
/// the plan what it would cost a move.
fn relocation(v: &View, parts: &[Part]) -> f64 {
    parts
        .iter()
        .filter(|p| !p.path.is_empty())
        .map(|p| {
            let (to, to_risk) = position_parts(v, &p.units, p.to, p.from);
            let (from, from_risk) = position_parts(v, &p.units, p.from, p.from);
            to - from - 0.25 * (to_risk - from_risk)
        })
        .sum()
}

/// An attack by the parts on `t`, simulated on `scratch` (a copy of the game, left as it was
/// found) with the moving parts placed where they go: the request the rules accept and its
/// odds.
fn simulate(scratch: &mut Game, parts: &[Part], t: Coord) -> Option<(AttackRequest, Odds)> {
    let holders = scratch.holders.clone();
    let mut moved = Vec::new();
    for p in parts {
        if !p.path.is_empty() {
            for u in &p.units {
                moved.push((*u, scratch.unit(*u).hex));
                scratch.place(*u, Some(p.to));
            }
        }
    }
    let attackers: Vec<UnitIdx> = parts.iter().flat_map(|p| p.units.iter().copied()).collect();
    // In a phase of moves only (NGG 1812's strategic movement), the attack is judged as it
    // will be made: in the side's next phase of combat this turn.
    let kept = (scratch.phase, scratch.active_side, scratch.cycle.clone());
    if let Some(i) = next_attack_phase(scratch) {
        scratch.set_phase(crate::rules::sequence::PhaseState {
            index: i,
            ..scratch.phase
        });
        *scratch.cycle_mut() = Default::default();
    } else if !moved.is_empty() {
        // The attack follows the moves in the same action (GCACW: a march attack, not an
        // assault, which is an action of its own).
        scratch.cycle_mut().acted = true;
    }
    let r = valid_attack(scratch, &attackers, t);
    scratch.set_phase(kept.0);
    scratch.set_active_side(kept.1);
    *scratch.cycle_mut() = kept.2;
    for (u, h) in moved.into_iter().rev() {
        scratch.place(u, h);
    }
    scratch.set_holders(holders);
    r
}

/// The side to act's next phase of this turn in which it attacks, when the current phase is
/// one of moves taken in turns (on the initiative) that allows no attacks (`None` otherwise, or
/// when there is none). A player-turn's movement phase (GBACW) plans its moves as before: its
/// attacks come after the enemy's defensive fire.
fn next_attack_phase(game: &Game) -> Option<usize> {
    use crate::rules::sequence::{Acts, Allow};
    let seq = &game.sequence;
    if !crate::rules::gate::on_initiative(game) {
        return None;
    }
    let attacks = |i: usize| {
        seq.phases[i]
            .allows
            .iter()
            .any(|a| matches!(a, Allow::Attack | Allow::AttackOf(_)))
    };
    if attacks(game.phase.index.min(seq.phases.len() - 1)) {
        return None;
    }
    (game.phase.index + 1..seq.phases.len()).find(|&i| {
        let state = crate::rules::sequence::PhaseState {
            index: i,
            ..game.phase
        };
        attacks(i)
            && (seq.phases[i].acts == Acts::Initiative
                || seq.acting(state) == Some(game.active_side))
    })
}

/// The value of `units` standing at `h` (they stand at `from` now): victory hexes to take and to
/// hold, and the danger of standing next to a stronger enemy. Only combat units take and hold
/// ground; leaders and trains keep with the army, away from the enemy.
fn position(v: &View, units: &[UnitIdx], h: Coord, from: Coord) -> f64 {
    let (objective, danger) = position_parts(v, units, h, from);
    objective - danger
}

/// [`position`] in two parts: the value of the objectives (victory hexes to take and hold, or
/// the nearness of the enemy where there are none), and the danger of standing next to a
/// stronger enemy.
fn position_parts(v: &View, units: &[UnitIdx], h: Coord, from: Coord) -> (f64, f64) {
    let game = v.game;
    let own = v.strength(units);
    let combat = own > 0.0;
    let mut value = 0.0;
    let mut risk = 0.0;
    if combat {
        let urgency = 0.5 + v.lateness;
        let st = v.style_of(units);
        let weights = v.weights(st.focus);
        for (i, vh) in game.scenario.victory.iter().enumerate() {
            let pts = weights[i];
            let d = f64::from(vh.hex.distance(h));
            let others = game
                .units_at(vh.hex)
                .iter()
                .any(|u| !units.contains(u) && game.unit(*u).is_combat());
            if game.holders[i] != Some(v.side) {
                // To take: drawn by its points over the distance, more as the end nears; taken
                // by standing on it.
                value += st.take * pts * urgency / (1.0 + d);
                if d == 0.0 {
                    value += st.take * pts * (2.0 + 4.0 * v.lateness);
                }
            } else if !others {
                // To hold: one combat defender on it, more when enemies are near.
                let (near, next_to) = v.around().0[i];
                let threat = next_to + if near { 0.5 } else { 0.0 };
                if d == 0.0 {
                    value += st.hold * pts * (1.0 + threat);
                } else {
                    value += st.hold * pts * 0.3 * threat / (1.0 + d);
                }
            } else if d == 0.0 && st.depth > 0.0 {
                // Another defender on a hex already held, against the enemy next to it.
                value += st.depth * pts * 0.5 * v.around().0[i].1;
            }
        }
        if game.scenario.victory.is_empty() || value == 0.0 {
            // Nothing to take or hold: close with the enemy.
            value += 1.0 / (1.0 + f64::from(nearest_enemy(v, h)));
        }
        // Standing next to a stronger enemy: less and less as the end nears, nothing on the
        // side's last move of the game.
        let enemy = v.enemy_next_to(h);
        let danger = 0.15 * enemy + 0.5 * (enemy - own).max(0.0);
        if !v.last_move {
            risk = st.caution * (1.0 - 0.8 * v.lateness) * danger;
        }
    } else {
        // Leaders and trains: with the army, behind it.
        let friends = h.neighbors().into_iter().chain([h]).any(|n| {
            game.side_at(n) == Some(v.side)
                && game
                    .units_at(n)
                    .iter()
                    .any(|u| !units.contains(u) && game.unit(*u).is_combat())
        });
        value += if friends { 0.3 } else { 0.0 } + 0.1 / (1.0 + f64::from(nearest_enemy(v, h)));
        risk = 0.3 * v.enemy_next_to(h);
    }
    let _ = from;
    (value, risk)
}

/// Distance from `h` to the nearest enemy combat unit.
fn nearest_enemy(v: &View, h: Coord) -> u32 {
    v.around()
        .1
        .iter()
        .map(|e| e.distance(h))
        .min()
        .unwrap_or(0)
}

/// The memo's lock (a panic while it was held leaves nothing half-done in it: a reach is kept
/// whole or not at all).
fn lock(m: &Mutex<ReachMemo>) -> std::sync::MutexGuard<'_, ReachMemo> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The view a plan is made on: a playout's ([`Strong::fast`]) with its kept reaches and, in an
/// action under way, of the action's units alone; each unit playing its formation's style where
/// `formation_styles` are given ([`Strong::formation_styles`]). (The planner's fields one by
/// one, not `&Strong`: the plan takes its chooser out while the view is in use.)
fn view<'a>(
    game: &'a Game,
    style: Style,
    formation_styles: Option<&[Style]>,
    fast: bool,
    memo: &'a Mutex<ReachMemo>,
) -> View<'a> {
    let mut v = if fast {
        let ctx = lock(memo).refresh(game);
        View::with_ctx(game, style, ctx).fast(memo)
    } else {
        View::new(game, style)
    };
    if let Some(played) = formation_styles.filter(|p| !p.is_empty()) {
        let played: Vec<Style> = played.iter().map(|s| s.in_position(game)).collect();
        let mut styles = vec![v.style; game.units.len()];
        for (i, f) in super::formation::formations(game, game.active_side)
            .iter()
            .enumerate()
        {
            for u in f {
                styles[u.i()] = played[i % played.len()];
            }
        }
        v.styles = Some(styles);
    }
    v
}
