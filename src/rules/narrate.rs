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
    fn describe(&self, game: &Game) -> String {
        let n = Narrator { game };
        match self {
            Event::AttackDeclared { .. }
            | Event::DieRolled { .. }
            | Event::ModifierSettled { .. }
            | Event::CombatResult { .. }
            | Event::Retreated { .. }
            | Event::Surrendered { .. }
            | Event::Advanced { .. }
            | Event::AdvanceOffered { .. }
            | Event::CodeNotApplied { .. }
            | Event::ChoiceOverridden { .. } => n.combat(self),
            Event::ManpowerLost { .. }
            | Event::Disorganized { .. }
            | Event::FatigueRaised { .. }
            | Event::Demoralized { .. }
            | Event::Eliminated { .. }
            | Event::MoraleCheck { .. }
            | Event::MoraleRated { .. }
            | Event::StatusChanged { .. }
            | Event::Captured { .. }
            | Event::Relocated { .. }
            | Event::Recovered { .. } => n.unit_state(self),
            Event::UnitMoved { .. }
            | Event::MarchRolled { .. }
            | Event::MoveCost { .. }
            | Event::ExtendedMarch { .. }
            | Event::ForcedMarch { .. }
            | Event::TrainsUsed { .. }
            | Event::LeaderTransferred { .. }
            | Event::LeaderActivated { .. } => n.movement(self),
            Event::Note { .. }
            | Event::TurnEnded { .. }
            | Event::CommandControl { .. }
            | Event::RoundRecovered { .. }
            | Event::PhaseBegan { .. }
            | Event::InitiativeRolled { .. }
            | Event::Passed { .. }
            | Event::Yielded { .. }
            | Event::RandomEvent { .. }
            | Event::Reinforced { .. }
            | Event::FerryFull { .. } => n.turn(self),
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

    /// A path of hexes: `0604 -> 0605`.
    fn path(&self, path: &[Coord]) -> String {
        path.iter()
            .map(|c| self.label(c))
            .collect::<Vec<_>>()
            .join(" -> ")
    }

    fn side(&self, side: SideId) -> &str {
        self.game.scenario.side_name(side)
    }

    /// Attacks, their dice and results, and what follows on the field.
    fn combat(&self, event: &Event) -> String {
        match event {
            Event::AttackDeclared {
                kind,
                attackers,
                defender,
                attacker_drm,
                defender_drm,
                ..
            } => {
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
            Event::DieRolled { role, value } => format!(
                "{} die: {value}",
                match role {
                    DieRole::Artillery => "Artillery",
                    DieRole::Attacker => "Attacker's",
                    DieRole::Defender => "Defender's",
                    DieRole::Other => "A",
                }
            ),
            Event::ModifierSettled { name, value } => {
                format!("{name} modifier settled at {value:+}")
            }
            Event::CombatResult {
                differential,
                attacker,
                defender,
            } => {
                if self.game.rules.reads_differential() {
                    format!(
                        "Differential {differential:+}: attacker {attacker}, defender {defender}"
                    )
                } else {
                    // What the number means differs by system; its notes have said it.
                    format!("Result: attacker {attacker}, defender {defender}")
                }
            }
            _ => self.after_combat(event),
        }
    }

    /// What follows an attack's result: retreats, surrenders, advances, results not applied.
    fn after_combat(&self, event: &Event) -> String {
        match event {
            Event::Retreated { units, path, rout } => format!(
                "{} {} {} hexes: {}",
                self.names(units),
                if *rout { "rout" } else { "retreat" },
                path.len(),
                self.path(path)
            ),
            Event::Surrendered { units, why } => format!("{} surrender: {why}", self.names(units)),
            Event::Advanced { units, to } => {
                format!("{} advance into {}", self.names(units), self.label(to))
            }
            Event::AdvanceOffered { hex } => {
                format!("The attacker may advance into {}", self.label(hex))
            }
            Event::CodeNotApplied { role, letter, note } => {
                format!("{} result '{letter}': {note}", capitalise(role.name()))
            }
            Event::ChoiceOverridden { what, why } => {
                format!("Choice of {what} not followed: {why}")
            }
            _ => unreachable!("not a combat event: {event:?}"),
        }
    }

    /// What happened to one unit: losses, fatigue, morale, status, a new place.
    fn unit_state(&self, event: &Event) -> String {
        match event {
            Event::ManpowerLost { unit, amount, left } => {
                format!("{} loses {amount} manpower ({left} left)", self.name(unit))
            }
            Event::Disorganized { unit, cv } => {
                format!("{} is disorganized (CV {cv})", self.name(unit))
            }
            Event::FatigueRaised { unit, from, to } => {
                format!("{} fatigue {from} -> {to}", self.name(unit))
            }
            Event::Demoralized { unit, level } => {
                format!("{} is Demoralized-{level}", self.name(unit))
            }
            Event::Eliminated { unit } => format!("{} is eliminated", self.name(unit)),
            Event::MoraleCheck {
                unit,
                roll,
                morale,
                passed,
                why,
            } => format!(
                "{} morale check ({why}): rolls {roll} against morale {morale}: {}",
                self.name(unit),
                if *passed { "passes" } else { "fails" }
            ),
            Event::MoraleRated { unit, dice, morale } => format!(
                "{} sees the elephant: dice {dice} -> morale {morale}",
                self.name(unit)
            ),
            Event::StatusChanged { unit, status } => {
                format!("{} is now {}", self.name(unit), status.name())
            }
            Event::Captured { unit, amount, left } => {
                format!(
                    "{} loses {amount} SP captured ({left} left)",
                    self.name(unit)
                )
            }
            Event::Relocated { unit, to } => {
                format!("{} is placed in {}", self.name(unit), self.label(to))
            }
            Event::Recovered { unit, what } => format!("{} {what}", self.name(unit)),
            _ => unreachable!("not an event of a unit's state: {event:?}"),
        }
    }

    /// Moves and marches: their rolls, costs and checks, the trains they use, leaders' moves.
    fn movement(&self, event: &Event) -> String {
        match event {
            Event::UnitMoved { unit, path } => {
                format!("{} moves {}", self.name(unit), self.path(path))
            }
            Event::MarchRolled {
                units,
                dice,
                modifier,
                allowance,
                rule,
            } => format!(
                "{} march{}: dice {}{} = {allowance} MP ({rule})",
                self.names(units),
                if units.len() == 1 { "es" } else { "" },
                super::dice::dice_text(dice),
                if *modifier != 0 {
                    format!(" {modifier:+}")
                } else {
                    String::new()
                }
            ),
            Event::MoveCost {
                unit,
                cost,
                left,
                points,
                lines,
            } => format!(
                "{}: {cost} {points}{} ({})",
                self.name(unit),
                left.map_or(String::new(), |l| format!(", {l} left")),
                lines.join("; ")
            ),
            Event::ExtendedMarch {
                unit,
                dice,
                modifier,
                loss,
                disorganize,
                source,
            } => self.extended_march(unit, dice, *modifier, *loss, *disorganize, source),
            Event::ForcedMarch {
                units,
                dice,
                bonus,
                source,
            } => format!(
                "{} force-march: dice {}: +{bonus} MP ({source})",
                self.names(units),
                super::dice::dice_text(dice)
            ),
            _ => self.supply_and_leaders(event),
        }
    }

    /// An extended-march check: its dice, modifier and cost.
    fn extended_march(
        &self,
        unit: &UnitIdx,
        dice: &[u8],
        modifier: i32,
        loss: u32,
        disorganize: bool,
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

    /// Supply trains used, leaders transferred and activated.
    fn supply_and_leaders(&self, event: &Event) -> String {
        match event {
            Event::TrainsUsed {
                side,
                used,
                left,
                why,
            } => format!(
                "{}: {used} supply train{} for {why}, {left} left this turn",
                self.side(*side),
                if *used == 1 { "" } else { "s" }
            ),
            Event::LeaderTransferred { leader, from, to } => format!(
                "{} transfers {}-> {}",
                self.name(leader),
                from.map_or(String::new(), |f| format!("{} ", self.game.label(f))),
                self.game.label(*to)
            ),
            Event::LeaderActivated { leader, units } => format!(
                "{} activates {} of his command: {}",
                self.name(leader),
                units.len(),
                self.names(units)
            ),
            _ => unreachable!("not an event of movement: {event:?}"),
        }
    }

    /// The turn's flow: its phases, initiative, passes, the steps between game turns.
    fn turn(&self, event: &Event) -> String {
        match event {
            Event::Note { text } => text.clone(),
            Event::TurnEnded { turn, side } => {
                format!("{} ends turn {turn}", self.side(*side))
            }
            Event::PhaseBegan {
                turn,
                round,
                phase,
                phasing,
                acting,
            } => self.phase_began(*turn, *round, phase, *phasing, *acting),
            Event::InitiativeRolled { dice, winner } => {
                let roll = |s: usize| super::dice::dice_text(&dice[s]);
                format!(
                    "Initiative: {} {}, {} {}: {}",
                    self.side(SideId(0)),
                    roll(0),
                    self.side(SideId(1)),
                    roll(1),
                    match winner {
                        Some(w) => format!("{} acts", self.side(*w)),
                        None => "a tie, rolled again".into(),
                    }
                )
            }
            Event::Passed { side } => format!("{} passes", self.side(*side)),
            Event::Yielded { to } => format!(
                "{} has the action (yielded): it acts, or passes too and the phase ends",
                self.side(*to)
            ),
            _ => self.between_turns(event),
        }
    }

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

    /// The steps between game turns: command control, recovery, random events,
    /// reinforcements.
    fn between_turns(&self, event: &Event) -> String {
        match event {
            Event::CommandControl {
                turn,
                out_of_command,
                radius,
                percent,
            } => {
                if out_of_command.is_empty() {
                    format!("Command control (turn {turn}): every unit is in command")
                } else {
                    format!(
                        "Command control (turn {turn}): out of command, no leader within {radius} \
                         hexes, {percent}% of their points this turn: {}",
                        self.names(out_of_command)
                    )
                }
            }
            Event::RoundRecovered { .. } => self.round_recovered(event),
            Event::RandomEvent { dice, event: drawn } => {
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
            Event::Reinforced {
                units,
                hex,
                delayed: false,
            } => format!(
                "Reinforcements enter at {}: {}",
                self.game.label(*hex),
                self.names(units)
            ),
            Event::Reinforced {
                units,
                hex,
                delayed: true,
            } => format!(
                "Reinforcements delayed: the enemy holds {}, where {} would enter (next turn)",
                self.game.label(*hex),
                self.names(units)
            ),
            Event::FerryFull { ferry, hex, units } => {
                let cap = self
                    .game
                    .scenario
                    .ferries
                    .iter()
                    .find(|f| &f.name == ferry)
                    .map(ferry_capacity)
                    .unwrap_or_default();
                format!(
                    "Ferry full: {ferry} lands {cap} at {}; waiting for the next turn: {}",
                    self.game.label(*hex),
                    self.names(units)
                )
            }
            _ => unreachable!("not an event of the turn: {event:?}"),
        }
    }

    /// The recovery step: who rallied, stayed routed, is in good order again, rested.
    fn round_recovered(&self, event: &Event) -> String {
        let Event::RoundRecovered {
            mid_point,
            rallied,
            failed,
            restored,
            rested,
            fatigue,
        } = event
        else {
            unreachable!("not a recovery: {event:?}")
        };
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
        if *rested > 0 {
            parts.push(if *rested == 1 {
                format!("1 unit rests ({fatigue} fatigue off)")
            } else {
                format!("{rested} units rest ({fatigue} fatigue off)")
            });
        }
        format!(
            "{}: {}",
            if *mid_point {
                "Mid-point recovery"
            } else {
                "Recovery"
            },
            if parts.is_empty() {
                "nothing to recover".to_string()
            } else {
                parts.join("; ")
            }
        )
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
