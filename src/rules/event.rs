//! Events: what applying a command did, step by step, for the log and the client's animations.

use serde::Serialize;

use super::cv::Cv;
use super::dice::DieRole;
use super::game::Game;
use super::hex::Coord;
use super::ruleset::{AttackType, Role};
use super::unit::{SideId, UnitIdx};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Event {
    AttackDeclared {
        kind: AttackType,
        attackers: Vec<UnitIdx>,
        defender: Coord,
        defenders: Vec<UnitIdx>,
        /// Net modifiers (attacker die minus defender die) as previewed; with an extra die,
        /// the value for an even roll.
        attacker_drm: i32,
        defender_drm: i32,
    },
    DieRolled {
        role: DieRole,
        value: u8,
    },
    /// A modifier decided by the extra die.
    ModifierSettled {
        name: String,
        value: i32,
    },
    CombatResult {
        differential: i32,
        attacker: String,
        defender: String,
    },
    ManpowerLost {
        unit: UnitIdx,
        amount: u32,
        left: u32,
    },
    Disorganized {
        unit: UnitIdx,
        cv: Cv,
    },
    FatigueRaised {
        unit: UnitIdx,
        from: u8,
        to: u8,
    },
    Demoralized {
        unit: UnitIdx,
        level: u8,
    },
    Eliminated {
        unit: UnitIdx,
    },
    Retreated {
        units: Vec<UnitIdx>,
        path: Vec<Coord>,
        rout: bool,
    },
    Surrendered {
        units: Vec<UnitIdx>,
        why: String,
    },
    Advanced {
        units: Vec<UnitIdx>,
        to: Coord,
    },
    /// The attacker may advance into `hex` (`Command::Advance`) before the next command.
    AdvanceOffered {
        hex: Coord,
    },
    /// A result letter whose effect the sources do not give: shown, not applied.
    CodeNotApplied {
        role: Role,
        letter: char,
        note: String,
    },
    /// A choice the command carried could not be followed; the default was used.
    ChoiceOverridden {
        what: String,
        why: String,
    },
    UnitMoved {
        unit: UnitIdx,
        path: Vec<Coord>,
    },
    TurnEnded {
        turn: u32,
        side: SideId,
    },
}

impl Event {
    /// A line for the log.
    pub fn describe(&self, game: &Game) -> String {
        let name = |u: &UnitIdx| game.unit(*u).name.clone();
        let names = |us: &[UnitIdx]| us.iter().map(name).collect::<Vec<_>>().join(", ");
        let l = |c: &Coord| game.label(*c);
        match self {
            Event::AttackDeclared {
                kind,
                attackers,
                defender,
                attacker_drm,
                defender_drm,
                ..
            } => format!(
                "{} by {} on {} (attacker {:+}, defender {:+})",
                capitalise(&kind.to_string()),
                names(attackers),
                l(defender),
                attacker_drm,
                defender_drm
            ),
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
            } => format!("Differential {differential:+}: attacker {attacker}, defender {defender}"),
            Event::ManpowerLost { unit, amount, left } => {
                format!("{} loses {amount} manpower ({left} left)", name(unit))
            }
            Event::Disorganized { unit, cv } => format!("{} is disorganized (CV {cv})", name(unit)),
            Event::FatigueRaised { unit, from, to } => {
                format!("{} fatigue {from} -> {to}", name(unit))
            }
            Event::Demoralized { unit, level } => format!("{} is Demoralized-{level}", name(unit)),
            Event::Eliminated { unit } => format!("{} is eliminated", name(unit)),
            Event::Retreated { units, path, rout } => format!(
                "{} {} {} hexes: {}",
                names(units),
                if *rout { "rout" } else { "retreat" },
                path.len(),
                path.iter().map(l).collect::<Vec<_>>().join(" -> ")
            ),
            Event::Surrendered { units, why } => format!("{} surrender: {why}", names(units)),
            Event::Advanced { units, to } => format!("{} advance into {}", names(units), l(to)),
            Event::AdvanceOffered { hex } => format!("The attacker may advance into {}", l(hex)),
            Event::CodeNotApplied { role, letter, note } => {
                format!("{} result '{letter}': {note}", capitalise(role.name()))
            }
            Event::ChoiceOverridden { what, why } => {
                format!("Choice of {what} not followed: {why}")
            }
            Event::UnitMoved { unit, path } => format!(
                "{} moves {}",
                name(unit),
                path.iter().map(l).collect::<Vec<_>>().join(" -> ")
            ),
            Event::TurnEnded { turn, side } => {
                format!("{} ends turn {turn}", game.scenario.side_name(*side))
            }
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
