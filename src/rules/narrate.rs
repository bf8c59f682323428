//! The narration of events: the line the log shows for each [`Event`], in the words of the
//! rules (unit names, hex labels).

use super::dice::DieRole;
use super::event::Event;
use super::game::Game;
use super::hex::Coord;
use super::unit::{SideId, UnitIdx};

/// An event told as a line of the log.
pub trait Describe {
    /// A line for the log.
    fn describe(&self, game: &Game) -> String;
}

impl Describe for Event {
    /// Every event is told here, one arm each: the compiler checks that none is left out. (A
    /// table, one event a line: kept out of rustfmt, which would stand each pattern on end.)
    #[rustfmt::skip]
    fn describe(&self, game: &Game) -> String {
        use Event as E;
        let n = Narrator { game };
        match self {
            E::AttackDeclared { kind, attackers, defender, attacker_drm, defender_drm, .. } =>
                n.declared(*kind, attackers, defender, (*attacker_drm, *defender_drm)),
            E::DieRolled { role, value } => n.die(*role, *value),
            E::ModifierSettled { name, value } => format!("{name} modifier settled at {value:+}"),
            E::CombatResult { differential, attacker, defender } =>
                n.result(*differential, attacker, defender),
            E::Retreated { units, path, rout } => n.retreated(units, path, *rout),
            E::Surrendered { units, why } => format!("{} surrender: {why}", n.names(units)),
            E::Advanced { units, to } if units.is_empty() =>
                format!("No advance into {}", n.label(to)),
            E::Advanced { units, to } =>
                format!("{} advance into {}", n.names(units), n.label(to)),
            E::AdvanceOffered { hex } => format!("The attacker may advance into {}", n.label(hex)),
            E::CodeNotApplied { role, letter, note } =>
                format!("{} result '{letter}': {note}", capitalise(role.name())),
            E::ChoiceOverridden { what, why } => format!("Choice of {what} not followed: {why}"),
            E::ManpowerLost { unit, amount, left } =>
                format!("{} loses {amount} manpower ({left} left)", n.name(unit)),
            E::Disorganized { unit, cv } => format!("{} is disorganized (CV {cv})", n.name(unit)),
            E::FatigueRaised { unit, from, to } =>
                format!("{} fatigue {from} -> {to}", n.name(unit)),
            E::Demoralized { unit, level } => format!("{} is Demoralized-{level}", n.name(unit)),
            E::Eliminated { unit } => format!("{} is eliminated", n.name(unit)),
            E::MoraleCheck { unit, roll, morale, passed, why } =>
                n.morale_check(unit, (*roll, *morale, *passed), why),
            E::MoraleRated { unit, dice, morale } =>
                format!("{} sees the elephant: dice {dice} -> morale {morale}", n.name(unit)),
            E::StatusChanged { unit, status } =>
                format!("{} is now {}", n.name(unit), status.name()),
            E::Captured { unit, amount, left } =>
                format!("{} loses {amount} SP captured ({left} left)", n.name(unit)),
            E::Relocated { unit, to } => format!("{} is placed in {}", n.name(unit), n.label(to)),
            E::Recovered { unit, what } => format!("{} {what}", n.name(unit)),
            E::UnitMoved { unit, path } => format!("{} moves {}", n.name(unit), n.path(path)),
            E::MarchRolled { units, dice, modifier, allowance, rule } =>
                n.march_rolled(units, dice, *modifier, *allowance, rule),
            E::MoveCost { unit, cost, left, points, lines } =>
                n.move_cost(unit, *cost, *left, points, lines),
            E::ExtendedMarch { unit, dice, modifier, loss, disorganize, source } =>
                n.extended_march(unit, (dice, *modifier), (*loss, *disorganize), source),
            E::ForcedMarch { units, dice, bonus, source } =>
                n.forced_march(units, dice, *bonus, source),
            E::TrainsUsed { side, used, left, why } => n.trains_used(*side, *used, *left, why),
            E::LeaderTransferred { leader, from, to } => n.transferred(leader, *from, *to),
            E::LeaderActivated { leader, units } => n.activated(leader, units),
            E::Note { text } => text.clone(),
            E::TurnEnded { turn, side } => format!("{} ends turn {turn}", n.side(*side)),
            E::PhaseBegan { turn, round, phase, phasing, acting } =>
                n.phase_began(*turn, *round, phase, *phasing, *acting),
            E::InitiativeRolled { dice, winner } => n.initiative(dice, *winner),
            E::Passed { side } => format!("{} passes", n.side(*side)),
            E::Yielded { to } => n.yielded(*to),
            E::CommandControl { turn, out_of_command, radius, percent } =>
                n.command_control(*turn, out_of_command, *radius, *percent),
            E::RoundRecovered { mid_point, rallied, failed, restored, rested, fatigue } =>
                n.round_recovered(*mid_point, (rallied, failed, restored), (*rested, *fatigue)),
            E::RandomEvent { dice, event } => n.random_event(dice, event.as_ref()),
            E::Reinforced { units, hex, delayed } => n.reinforced(units, hex, *delayed),
            E::FerryFull { ferry, hex, units } => n.ferry_full(ferry, hex, units),
            E::Alerted { side, sighted, routed, on_foot } =>
                n.alerted(*side, *sighted, routed, on_foot),
        }
    }
}

/// The words the lines are made of: a game's unit names, hex labels and side names.
struct Narrator<'a> {
    game: &'a Game,
}

impl Narrator<'_> {
    fn name(&self, u: &UnitIdx) -> String {
        self.game.unit(*u).name.clone()
    }

    /// Unit names, comma-separated.
    fn names(&self, us: &[UnitIdx]) -> String {
        us.iter()
            .map(|u| self.name(u))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn label(&self, c: &Coord) -> String {
        self.game.label(*c)
    }

    /// Hexes of a path, "0101 -> 0102".
    fn path(&self, path: &[Coord]) -> String {
        path.iter()
            .map(|c| self.label(c))
            .collect::<Vec<_>>()
            .join(" -> ")
    }

    fn side(&self, side: SideId) -> &str {
        self.game.scenario.side_name(side)
    }
}

/// Attacks, their dice and results, and what follows on the field.
impl Narrator<'_> {
    fn declared(
        &self,
        kind: super::attack::AttackType,
        attackers: &[UnitIdx],
        defender: &Coord,
        (attacker_drm, defender_drm): (i32, i32),
    ) -> String {
        let head = format!(
            "{} by {} on {}",
            capitalise(&kind.to_string()),
            self.names(attackers),
            self.label(defender)
        );
        // Die modifiers are GCACW's; the other systems log their values as notes.
        if self.game.rules.reads_differential() {
            format!("{head} (attacker {attacker_drm:+}, defender {defender_drm:+})")
        } else {
            head
        }
    }

    fn die(&self, role: DieRole, value: u8) -> String {
        let whose = match role {
            DieRole::Artillery => "Artillery",
            DieRole::Attacker => "Attacker's",
            DieRole::Defender => "Defender's",
            DieRole::Other => "A",
        };
        format!("{whose} die: {value}")
    }

    fn result(&self, differential: i32, attacker: &str, defender: &str) -> String {
        if self.game.rules.reads_differential() {
            format!("Differential {differential:+}: attacker {attacker}, defender {defender}")
        } else {
            // What the number means differs by system; its notes have said it.
            format!("Result: attacker {attacker}, defender {defender}")
        }
    }

    fn retreated(&self, units: &[UnitIdx], path: &[Coord], rout: bool) -> String {
        format!(
            "{} {} {} hexes: {}",
            self.names(units),
            if rout { "rout" } else { "retreat" },
            path.len(),
            self.path(path)
        )
    }

    fn morale_check(
        &self,
        unit: &UnitIdx,
        (roll, morale, passed): (u8, u8, bool),
        why: &str,
    ) -> String {
        format!(
            "{} morale check ({why}): rolls {roll} against morale {morale}: {}",
            self.name(unit),
            if passed { "passes" } else { "fails" }
        )
    }
}

/// Moves and marches: their rolls, costs and checks, the trains they use, leaders' moves.
impl Narrator<'_> {
    fn march_rolled(
        &self,
        units: &[UnitIdx],
        dice: &[u8],
        modifier: i32,
        allowance: super::points::Mp,
        rule: &str,
    ) -> String {
        format!(
            "{} march{}: dice {}{} = {allowance} MP ({rule})",
            self.names(units),
            if units.len() == 1 { "es" } else { "" },
            super::dice::dice_text(dice),
            if modifier != 0 {
                format!(" {modifier:+}")
            } else {
                String::new()
            }
        )
    }

    fn move_cost(
        &self,
        unit: &UnitIdx,
        cost: super::points::Mp,
        left: Option<super::points::Mp>,
        points: &str,
        lines: &[String],
    ) -> String {
        format!(
            "{}: {cost} {points}{} ({})",
            self.name(unit),
            left.map_or(String::new(), |l| format!(", {l} left")),
            lines.join("; ")
        )
    }

    /// An extended-march check: its dice, modifier and cost.
    fn extended_march(
        &self,
        unit: &UnitIdx,
        (dice, modifier): (&[u8], i32),
        (loss, disorganize): (u32, bool),
        source: &str,
    ) -> String {
        let sum: i32 = dice.iter().map(|d| i32::from(*d)).sum();
        let what = match (loss, disorganize) {
            (0, false) => "no effect".to_string(),
            (0, true) => "disorganized".to_string(),
            (l, false) => format!("loses {l} manpower"),
            (l, true) => format!("loses {l} manpower and is disorganized"),
        };
        format!(
            "{}: extended march, dice {}{modifier:+} = {}: {what} ({source})",
            self.name(unit),
            super::dice::dice_text(dice),
            sum + modifier
        )
    }

    fn forced_march(
        &self,
        units: &[UnitIdx],
        dice: &[u8],
        bonus: super::points::Mp,
        source: &str,
    ) -> String {
        format!(
            "{} force-march: dice {}: +{bonus} MP ({source})",
            self.names(units),
            super::dice::dice_text(dice)
        )
    }

    fn trains_used(&self, side: SideId, used: u32, left: u32, why: &str) -> String {
        format!(
            "{}: {used} supply train{} for {why}, {left} left this turn",
            self.side(side),
            if used == 1 { "" } else { "s" }
        )
    }

    fn transferred(&self, leader: &UnitIdx, from: Option<Coord>, to: Coord) -> String {
        format!(
            "{} transfers {}-> {}",
            self.name(leader),
            from.map_or(String::new(), |f| format!("{} ", self.game.label(f))),
            self.game.label(to)
        )
    }

    fn activated(&self, leader: &UnitIdx, units: &[UnitIdx]) -> String {
        format!(
            "{} activates {} of his command: {}",
            self.name(leader),
            units.len(),
            self.names(units)
        )
    }
}

/// The turn's flow: its phases, initiative, passes, the steps between game turns.
impl Narrator<'_> {
    fn phase_began(
        &self,
        turn: u32,
        round: Option<u8>,
        phase: &str,
        phasing: SideId,
        acting: Option<SideId>,
    ) -> String {
        match acting {
            // A game-turn sequence (GCACW) has no player-turns: the phase and who acts.
            Some(acting)
                if self.game.sequence.structure == super::sequence::Structure::GameTurn =>
            {
                format!("turn {turn}: {phase} ({} acts)", self.side(acting))
            }
            Some(acting) => format!(
                "turn {turn}{}, {} player-turn: {phase} ({} acts)",
                round.map_or(String::new(), |r| format!(", round {r}")),
                self.side(phasing),
                self.side(acting)
            ),
            None => format!("turn {turn}: {phase} (the initiative decides who acts)"),
        }
    }

    fn initiative(&self, dice: &[Vec<u8>; 2], winner: Option<SideId>) -> String {
        let roll = |s: usize| super::dice::dice_text(&dice[s]);
        format!(
            "Initiative: {} {}, {} {}: {}",
            self.side(SideId(0)),
            roll(0),
            self.side(SideId(1)),
            roll(1),
            match winner {
                Some(w) => format!("{} acts", self.side(w)),
                None => "a tie, rolled again".into(),
            }
        )
    }

    fn yielded(&self, to: SideId) -> String {
        format!(
            "{} has the action (yielded): it acts, or passes too and the phase ends",
            self.side(to)
        )
    }

    fn command_control(&self, turn: u32, out: &[UnitIdx], radius: u32, percent: u32) -> String {
        if out.is_empty() {
            format!("Command control (turn {turn}): every unit is in command")
        } else {
            format!(
                "Command control (turn {turn}): out of command, no leader within {radius} \
                 hexes, {percent}% of their points this turn: {}",
                self.names(out)
            )
        }
    }

    fn random_event(
        &self,
        dice: &[u8],
        drawn: Option<&crate::rules::scenario::RandomEvent>,
    ) -> String {
        use crate::rules::scenario::RandomEvent as R;
        let what = match drawn {
            None => "no event".to_string(),
            Some(R::Rain) => "rain: this turn's weather is rain".to_string(),
            Some(R::Dry) => "dry weather this turn".to_string(),
            Some(R::Note(n)) => format!("{n} (apply as the scenario's rules say)"),
        };
        format!(
            "Random events: dice {}: {what}",
            super::dice::dice_text(dice)
        )
    }

    fn reinforced(&self, units: &[UnitIdx], hex: &Coord, delayed: bool) -> String {
        if delayed {
            format!(
                "Reinforcements delayed: the enemy holds {}, where {} would enter (next turn)",
                self.label(hex),
                self.names(units)
            )
        } else {
            format!(
                "Reinforcements enter at {}: {}",
                self.label(hex),
                self.names(units)
            )
        }
    }

    fn ferry_full(&self, ferry: &str, hex: &Coord, units: &[UnitIdx]) -> String {
        let cap = self
            .game
            .scenario
            .ferries
            .iter()
            .find(|f| f.name == ferry)
            .map(ferry_capacity)
            .unwrap_or_default();
        format!(
            "Ferry full: {ferry} lands {cap} at {}; waiting for the next turn: {}",
            self.label(hex),
            self.names(units)
        )
    }

    /// The recovery step: who rallied, stayed routed, is in good order again, rested.
    fn alerted(
        &self,
        side: SideId,
        sighted: Option<(UnitIdx, UnitIdx)>,
        routed: &[UnitIdx],
        on_foot: &[UnitIdx],
    ) -> String {
        let why = match sighted {
            Some((enemy, own)) => {
                format!("{} is in sight of {}", self.name(&enemy), self.name(&own))
            }
            None => "the alert's last turn has come".to_string(),
        };
        let mut s = format!("{} is alerted ({why})", self.side(side));
        if routed.is_empty() {
            s.push_str(": every unit passes its morale check");
        } else {
            s.push_str(&format!(": {} rout", self.names(routed)));
        }
        if !on_foot.is_empty() {
            s.push_str(&format!(
                "; {} lose their horses and fight on foot",
                self.names(on_foot)
            ));
        }
        s
    }

    fn round_recovered(
        &self,
        mid_point: bool,
        (rallied, failed, restored): (&[(UnitIdx, u8)], &[(UnitIdx, u8)], &[UnitIdx]),
        (rested, fatigue): (u32, u8),
    ) -> String {
        let mut parts = Vec::new();
        for (u, d) in rallied {
            parts.push(format!("{} rallies (die {d})", self.name(u)));
        }
        for (u, d) in failed {
            parts.push(format!("{} stays routed (die {d})", self.name(u)));
        }
        for u in restored {
            parts.push(format!("{} is in good order again", self.name(u)));
        }
        if rested > 0 {
            parts.push(if rested == 1 {
                format!("1 unit rests ({fatigue} fatigue off)")
            } else {
                format!("{rested} units rest ({fatigue} fatigue off)")
            });
        }
        let when = if mid_point {
            "Mid-point recovery"
        } else {
            "Recovery"
        };
        if parts.is_empty() {
            format!("{when}: nothing to recover")
        } else {
            format!("{when}: {}", parts.join("; "))
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// "at most 4600 men a turn" (and/or units).
fn ferry_capacity(f: &crate::rules::scenario::Ferry) -> String {
    let mut parts = Vec::new();
    if let Some(m) = f.men_per_turn {
        parts.push(format!("{m} men"));
    }
    if let Some(u) = f.units_per_turn {
        parts.push(format!("{u} units"));
    }
    format!("at most {} a turn", parts.join(" and "))
}
