//! Threats: what the enemy can do to a hex in its next turn (or next action), with exact odds.
//!
//! Written once against the `Ruleset` trait and the movement model, for every rule system.
//! For a hex held by one side, every enemy stack is moved, in a copy of the game, as it could
//! move when it next acts: its side to move, its allowance whole again (each unit's fresh
//! budget; a march roll not made yet), under the rules' own movement (`movement::reachable`:
//! terrain, rivers, zones of control). Each hex next to the target that the stack can reach (or
//! the hex it stands in, when it is next to the target already) is a place it could attack
//! from:
//! - `p_reach`: 1 for a fixed allowance; for a rolled one (GCACW's march roll) the probability
//!   that the roll covers the path's cost, for the unit that pays most ([`p_roll_at_least`]).
//! - the attack: the first type the rules accept for that stack from there
//!   (`ai::options::valid_attack`: the ruleset's default type, then each of its types), and its
//!   exact result distribution from the same `Ruleset::odds` the preview and the dice use.
//!
//! Each stack's threat is its most dangerous place ([`danger`]: P(retreat or rout) plus the
//! defender's expected losses as a share of its manpower, weighted by `p_reach`). The worst
//! combination puts the most dangerous stacks on different hexes around the target (each on
//! its likeliest free hex) and asks the rules for their attack together (a grand assault, a
//! combined fire): where the rules accept it and its odds are worse for the defender than any
//! one stack's, it is reported as `combined`, its `p_reach` the chance that all get there.
//!
//! The next turn is judged under a sequence of one phase of moves and attacks (the generic
//! one): the action-phase limits of the current phase (who holds the initiative, an action
//! under way) do not hide a threat the enemy will have in its next action. Its allowances are
//! those of the enemy's next phase of moves in the rule system's own sequence
//! ([`super::sequence::Sequence::next_of`]): that phase's game turn (night doubles Shiloh's
//! costs) and the command control that applies in it (Shiloh: a unit out of command has half
//! its points; recomputed where the phase begins a new game turn), so a threat's hexes are the
//! ones `musket moves` lists for the unit when it next acts. In an action phase
//! a unit at the highest fatigue is left out: its next action is in this game turn, and it may
//! neither march nor attack in it. [`ThreatModel`]
//! builds the moved copy and each stack's reach once, so the threats of every hex of a side
//! cost one reach search per enemy stack plus the odds.

use super::ai::options::{Stack, stacks, valid_attack_with};
use super::attack::{AttackRequest, Odds};
use super::game::Game;
use super::hex::Coord;
use super::movement::{MoveContext, Reach, reachable};
use super::points::{Allowance, Mp};
use super::unit::{SideId, UnitIdx};

/// One attack the enemy could make on the hex.
#[derive(Clone, Debug)]
pub struct Threat {
    /// The attacking units (as the rules take them: a leader among them where one is needed).
    pub units: Vec<UnitIdx>,
    /// Where they attack from (one hex per stack).
    pub from: Vec<Coord>,
    /// The probability that every stack of it reaches its hex (its march roll covers the path).
    pub p_reach: f64,
    /// The request the rules accept, and its odds.
    pub request: AttackRequest,
    pub odds: Odds,
    /// `p_reach` times the danger of its result ([`danger`]).
    pub danger: f64,
}

/// The threats to one hex.
#[derive(Clone, Debug)]
pub struct HexThreats {
    pub hex: Coord,
    /// The side holding the hex.
    pub side: SideId,
    /// One per enemy stack that can attack the hex, most dangerous first.
    pub threats: Vec<Threat>,
    /// The enemy's strongest attack by several stacks together, where the rules accept one.
    pub combined: Option<Threat>,
}

impl HexThreats {
    /// The worst threat: the combined one or the first single one, whichever is more dangerous.
    pub fn worst(&self) -> Option<&Threat> {
        self.threats
            .first()
            .into_iter()
            .chain(self.combined.as_ref())
            .max_by(|a, b| a.danger.total_cmp(&b.danger))
    }
}

/// How bad an attack's result is for the defender: P(retreat or rout) plus its expected
/// losses as a share of its manpower (0 to 2).
pub fn danger(o: &Odds) -> f64 {
    let f = super::cv::prob_f64;
    let share = if o.defender_manpower > 0 {
        (f(o.defender_expected_loss) / f64::from(o.defender_manpower)).min(1.0)
    } else {
        0.0
    };
    f(o.p_retreat) + share
}

/// The probability that `dice` d6 plus `modifier` (at least `min`) comes to `need` or more.
pub fn p_roll_at_least(dice: u8, modifier: i32, min: Mp, need: Mp) -> f64 {
    let mut dist = vec![1.0f64];
    for _ in 0..dice {
        let mut next = vec![0.0; dist.len() + 6];
        for (s, p) in dist.iter().enumerate() {
            for f in 1..=6 {
                next[s + f] += p / 6.0;
            }
        }
        dist = next;
    }
    dist.iter()
        .enumerate()
        .filter(|(s, p)| {
            **p > 0.0 && Mp::whole((*s as i32 + modifier).max(0) as u32).max(min) >= need
        })
        .map(|(_, p)| p)
        .sum()
}

/// An enemy stack as it could move when it next acts.
struct Mover {
    stack: Stack,
    reach: Option<Reach>,
    /// The stack's allowance roll, if rolled: dice, modifier, minimum.
    roll: Option<(u8, i32, Mp)>,
}

/// The enemy's next turn, prepared once for the threats to any hex of `side`.
pub struct ThreatModel {
    /// The game with the enemy to move, every unit's turn fresh.
    scratch: Game,
    side: SideId,
    movers: Vec<Mover>,
    /// Per map index: some enemy stack stands next to the hex or may reach a hex next to it
    /// (a hex not marked has no threat, whoever stands there). Built on first use.
    exposed: std::sync::OnceLock<Vec<bool>>,
    /// The odds explained, as `musket odds` explains them (for a player to read).
    explain: bool,
}

impl ThreatModel {
    /// The threats of `side`'s enemy, judged from `game` as it stands, each with its odds
    /// explained.
    pub fn new(game: &Game, side: SideId) -> ThreatModel {
        ThreatModel {
            explain: true,
            ..Self::unexplained(game, side)
        }
    }

    /// [`ThreatModel::new`] with the odds' numbers alone (the computer players' planning).
    pub fn unexplained(game: &Game, side: SideId) -> ThreatModel {
        let enemy = side.other();
        // In an action phase (GCACW) the enemy's next action comes in this game turn: a unit at
        // the highest fatigue may neither march nor attack in it.
        let spent = |u: UnitIdx| {
            super::gate::on_initiative(game)
                && game.scenario.movement == super::points::Enforcement::Enforced
                && game.sequence.fatigue.as_ref().is_some_and(|f| {
                    let unit = game.unit(u);
                    !unit.is_leader() && unit.fatigue >= f.max
                })
        };
        let scratch = super::movement::as_it_next_moves(game, enemy);
        let ctx = MoveContext::new(&scratch);
        let mv = scratch.rules.movement();
        let movers: Vec<Mover> = stacks(&scratch, enemy)
            .into_iter()
            .map(|mut s| {
                s.units.retain(|u| !spent(*u));
                s
            })
            .filter(|s| s.units.iter().any(|u| scratch.unit(*u).is_combat()))
            .map(|stack| {
                let reach = reachable(&scratch, &ctx, &stack.units, None);
                let refs: Vec<&super::unit::Unit> =
                    stack.units.iter().map(|u| scratch.unit(*u)).collect();
                let rolled = stack.units.iter().any(|u| {
                    let unit = scratch.unit(*u);
                    unit.movement.is_none()
                        && matches!(mv.allowance(&scratch, *u), Allowance::Roll { .. })
                });
                let roll = if rolled {
                    mv.march_roll(&scratch, &refs)
                        .map(|(d, m, min, _)| (d, m, min))
                } else {
                    None
                };
                Mover { stack, reach, roll }
            })
            .collect();
        ThreatModel {
            scratch,
            side,
            movers,
            exposed: std::sync::OnceLock::new(),
            explain: false,
        }
    }

    /// Whether any enemy stack may attack `hex` in its next turn, whoever stands there: cheap,
    /// for skipping the hexes no threat can reach.
    pub fn exposed(&self, hex: Coord) -> bool {
        let map = self.scratch.map();
        let exposed = self.exposed.get_or_init(|| {
            let mut out = vec![false; map.len()];
            for m in &self.movers {
                let from = m.reach.iter().flat_map(|r| r.hexes().map(|h| h.index));
                for i in map.index(m.stack.hex).into_iter().chain(from) {
                    for d in 0..6 {
                        if let Some(n) = map.neighbor_ix(i, d) {
                            out[n] = true;
                        }
                    }
                }
            }
            out
        });
        map.index(hex).is_some_and(|i| exposed[i])
    }

    /// The worst threat `units` would be in at `hex` ([`HexThreats::worst`], `None` where there
    /// is none): what the computer opponent weighs a move by.
    pub fn worst_if(&mut self, units: &[UnitIdx], hex: Coord) -> Option<Threat> {
        if !self.exposed(hex) {
            return None;
        }
        let mut t = self.danger_if(units, hex).ok()?;
        match t.combined.take() {
            Some(c) if t.threats.first().is_none_or(|f| c.danger > f.danger) => Some(c),
            _ => t.threats.into_iter().next(),
        }
    }

    /// The side whose hexes are threatened.
    pub fn side(&self) -> SideId {
        self.side
    }

    /// The game turn the enemy's next phase of moves falls in (what its costs and command
    /// control were judged for).
    pub fn next_turn(&self) -> u32 {
        self.scratch.turn
    }

    /// The points enemy unit `u` was given for its next phase (a march roll not made yet: its
    /// most), as `musket moves` gives them.
    pub fn points(&self, u: UnitIdx) -> Option<Mp> {
        let g = &self.scratch;
        super::movement::budget(g, u)
            .left
            .or_else(|| Some(g.rules.movement().allowance(g, u).max()))
    }

    /// The threats to `hex`, which `side` must hold.
    pub fn at(&mut self, hex: Coord) -> Result<HexThreats, String> {
        let g = &self.scratch;
        if !g.map().contains(hex) {
            return Err(format!("hex {} is off the map", g.label(hex)));
        }
        match g.side_at(hex) {
            None => {
                return Err(format!(
                    "hex {} is empty: a threat is to units that hold a hex",
                    g.label(hex)
                ));
            }
            Some(s) if s != self.side => {
                return Err(format!(
                    "hex {} is held by {}, not {}",
                    g.label(hex),
                    g.scenario.side_name(s),
                    g.scenario.side_name(self.side)
                ));
            }
            Some(_) => {}
        }
        let mut threats = Vec::new();
        // Per stack: every place it could attack from, with its reach probability and odds.
        let mut places: Vec<Vec<(Coord, f64)>> = Vec::new();
        for i in 0..self.movers.len() {
            let options = self.places(i, hex);
            let mut best: Option<Threat> = None;
            for &(from, p) in &options {
                if let Some(t) = self.attack(&[(i, from)], hex, p)
                    && best.as_ref().is_none_or(|b| t.danger > b.danger)
                {
                    best = Some(t);
                }
            }
            places.push(options);
            threats.extend(best);
        }
        threats.sort_by(|a, b| b.danger.total_cmp(&a.danger));
        let combined = self.combined(hex, &threats, &places);
        Ok(HexThreats {
            hex,
            side: self.side,
            threats,
            combined,
        })
    }

    /// The threats to `units` (of `side`) if they stood at `hex` (a move being planned): they
    /// are placed there in the copy for the question. The enemy's reaches are those already
    /// built: the zones of control of the units that moved are not moved with them.
    pub fn danger_if(&mut self, units: &[UnitIdx], hex: Coord) -> Result<HexThreats, String> {
        if units
            .iter()
            .any(|u| self.scratch.unit(*u).side != self.side)
        {
            return Err("the units are not of the threatened side".into());
        }
        if self.scratch.side_at(hex).is_some_and(|s| s != self.side) {
            return Err(format!(
                "hex {} is held by the enemy",
                self.scratch.label(hex)
            ));
        }
        let moved: Vec<(UnitIdx, Option<Coord>)> = units
            .iter()
            .map(|u| (*u, self.scratch.unit(*u).hex))
            .collect();
        for &u in units {
            self.scratch.place(u, Some(hex));
        }
        let out = self.at(hex);
        for (u, h) in moved.into_iter().rev() {
            self.scratch.place(u, h);
        }
        out
    }

    /// The threats to every hex `side` holds, in map order.
    pub fn all(&mut self) -> Vec<HexThreats> {
        let hexes: Vec<Coord> = self
            .scratch
            .map()
            .coords()
            .filter(|c| self.scratch.side_at(*c) == Some(self.side))
            .collect();
        hexes.into_iter().filter_map(|h| self.at(h).ok()).collect()
    }

    /// Where mover `i` could attack `hex` from: its own hex if next to it, and each hex next to
    /// it the stack can reach, with the probability it gets there.
    fn places(&self, i: usize, hex: Coord) -> Vec<(Coord, f64)> {
        let g = &self.scratch;
        let m = &self.movers[i];
        let mut out = Vec::new();
        if m.stack.hex.is_adjacent(hex) {
            out.push((m.stack.hex, 1.0));
        }
        let Some(reach) = &m.reach else { return out };
        for n in hex.neighbors() {
            if n == m.stack.hex || !g.map().contains(n) {
                continue;
            }
            let Some(cost) = reach.cost(g, n) else {
                continue;
            };
            let p = match m.roll {
                Some((dice, modifier, min)) => p_roll_at_least(dice, modifier, min, cost),
                None => 1.0,
            };
            if p > 0.0 {
                out.push((n, p));
            }
        }
        out
    }

    /// The attack of movers placed at their hexes on `hex`, if the rules accept it.
    fn attack(&mut self, placed: &[(usize, Coord)], hex: Coord, p_reach: f64) -> Option<Threat> {
        let mut moved = Vec::new();
        let mut units = Vec::new();
        for &(i, at) in placed {
            for &u in &self.movers[i].stack.units {
                moved.push((u, self.scratch.unit(u).hex));
                self.scratch.place(u, Some(at));
                units.push(u);
            }
        }
        let r = valid_attack_with(&self.scratch, &units, hex, self.explain);
        for (u, h) in moved.into_iter().rev() {
            self.scratch.place(u, h);
        }
        let (request, odds) = r?;
        let danger = p_reach * danger(&odds);
        // The hexes of the stacks the rules took into the attack.
        let from: Vec<Coord> = placed
            .iter()
            .filter(|(i, _)| {
                self.movers[*i]
                    .stack
                    .units
                    .iter()
                    .any(|u| request.attackers.contains(u))
            })
            .map(|(_, h)| *h)
            .collect();
        Some(Threat {
            units: request.attackers.clone(),
            from,
            p_reach,
            request,
            odds,
            danger,
        })
    }

    /// The most dangerous stacks on different hexes around `hex`, attacking together.
    fn combined(
        &mut self,
        hex: Coord,
        threats: &[Threat],
        places: &[Vec<(Coord, f64)>],
    ) -> Option<Threat> {
        if threats.len() < 2 {
            return None;
        }
        // The stacks in order of their own danger, each on its likeliest free hex.
        let mut order: Vec<usize> = (0..self.movers.len())
            .filter(|i| !places[*i].is_empty())
            .collect();
        let rank = |i: &usize| {
            threats
                .iter()
                .position(|t| {
                    self.movers[*i]
                        .stack
                        .units
                        .iter()
                        .any(|u| t.units.contains(u))
                })
                .unwrap_or(usize::MAX)
        };
        order.sort_by_key(rank);
        let mut placed: Vec<(usize, Coord)> = Vec::new();
        let mut p = 1.0;
        for i in order {
            let free = places[i]
                .iter()
                .filter(|(h, _)| !placed.iter().any(|(_, q)| q == h))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some(&(h, q)) = free {
                placed.push((i, h));
                p *= q;
            }
        }
        if placed.len() < 2 {
            return None;
        }
        // Reported where the rules take them together and the result is worse than any one
        // stack's alone (the odds, whatever the chance that all of them get there).
        let alone = threats.iter().map(|t| danger(&t.odds)).fold(0.0, f64::max);
        self.attack(&placed, hex, p)
            .filter(|t| t.from.len() >= 2 && danger(&t.odds) > alone)
    }
}

/// One threat in words, as the attack preview says it, its units by id (the command line's).
pub fn text(game: &Game, t: &Threat) -> String {
    text_by(game, t, |u| game.unit(u).id.as_str())
}

/// [`text`] with its units by name, as a player reads them ("Garland's Brigade").
pub fn text_named(game: &Game, t: &Threat) -> String {
    text_by(game, t, |u| game.unit(u).name.as_str())
}

fn text_by<'a>(game: &Game, t: &Threat, name: impl Fn(UnitIdx) -> &'a str) -> String {
    let f = super::cv::prob_f64;
    let names: Vec<&str> = t.units.iter().map(|u| name(*u)).collect();
    let from: Vec<String> = t.from.iter().map(|h| game.label(*h)).collect();
    format!(
        "{} from {} ({}): P(reach) {:.0}%, P(retreat or rout) {:.0}%, expected losses {:.1} vs \
         {:.1}",
        names.join(" + "),
        from.join(", "),
        t.odds.kind.name(),
        100.0 * t.p_reach,
        100.0 * f(t.odds.p_retreat),
        f(t.odds.attacker_expected_loss),
        f(t.odds.defender_expected_loss),
    )
}

/// The threats to one hex of `game`, judged for the side holding it.
pub fn threats(game: &Game, hex: Coord) -> Result<HexThreats, String> {
    let side = game.side_at(hex).ok_or_else(|| {
        format!(
            "hex {} is empty: a threat is to units that hold a hex",
            game.label(hex)
        )
    })?;
    ThreatModel::new(game, side).at(hex)
}
