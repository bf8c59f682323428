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
            } => {
                let head = format!(
                    "{} by {} on {}",
                    capitalise(&kind.to_string()),
                    names(attackers),
                    l(defender)
                );
                // Die modifiers are GCACW's; the other systems log their values as notes.
                if game.rules.reads_differential() {
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
                if game.rules.reads_differential() {
                    format!(
                        "Differential {differential:+}: attacker {attacker}, defender {defender}"
                    )
                } else {
                    // What the number means differs by system; its notes have said it.
                    format!("Result: attacker {attacker}, defender {defender}")
                }
            }
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
            Event::MoraleCheck {
                unit,
                roll,
                morale,
                passed,
                why,
            } => format!(
                "{} morale check ({why}): rolls {roll} against morale {morale}: {}",
                name(unit),
                if *passed { "passes" } else { "fails" }
            ),
            Event::MoraleRated { unit, dice, morale } => format!(
                "{} sees the elephant: dice {dice} -> morale {morale}",
                name(unit)
            ),
            Event::StatusChanged { unit, status } => {
                format!("{} is now {}", name(unit), status.name())
            }
            Event::Captured { unit, amount, left } => {
                format!("{} loses {amount} SP captured ({left} left)", name(unit))
            }
            Event::Relocated { unit, to } => format!("{} is placed in {}", name(unit), l(to)),
            Event::MarchRolled {
                units,
                dice,
                modifier,
                allowance,
                rule,
            } => format!(
                "{} march{}: dice {}{} = {allowance} MP ({rule})",
                units.iter().map(name).collect::<Vec<_>>().join(", "),
                if units.len() == 1 { "es" } else { "" },
                dice.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("+"),
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
                name(unit),
                left.map_or(String::new(), |l| format!(", {l} left")),
                lines.join("; ")
            ),
            Event::Note { text } => text.clone(),
            Event::TurnEnded { turn, side } => {
                format!("{} ends turn {turn}", game.scenario.side_name(*side))
            }
            Event::CommandControl {
                turn,
                out_of_command,
                radius,
                percent,
            } => {
                if out_of_command.is_empty() {
                    format!("Command control (turn {turn}): every unit is in command")
                } else {
                    let names: Vec<String> = out_of_command.iter().map(name).collect();
                    format!(
                        "Command control (turn {turn}): out of command, no leader within {radius} \
                         hexes, {percent}% of their points this turn: {}",
                        names.join(", ")
                    )
                }
            }
            Event::RoundRecovered {
                mid_point,
                rallied,
                failed,
                restored,
                rested,
                fatigue,
            } => {
                let mut parts = Vec::new();
                for (u, d) in rallied {
                    parts.push(format!("{} rallies (die {d})", name(u)));
                }
                for (u, d) in failed {
                    parts.push(format!("{} stays routed (die {d})", name(u)));
                }
                for u in restored {
                    parts.push(format!("{} is in good order again", name(u)));
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
            Event::PhaseBegan {
                turn,
                round,
                phase,
                phasing,
                acting,
            } => match acting {
                // A game-turn sequence (GCACW) has no player-turns: the phase and who acts.
                Some(acting) if game.sequence.structure == super::sequence::Structure::GameTurn => {
                    format!(
                        "turn {turn}: {phase} ({} acts)",
                        game.scenario.side_name(*acting)
                    )
                }
                Some(acting) => format!(
                    "turn {turn}{}, {} player-turn: {phase} ({} acts)",
                    round.map_or(String::new(), |r| format!(", round {r}")),
                    game.scenario.side_name(*phasing),
                    game.scenario.side_name(*acting)
                ),
                None => format!("turn {turn}: {phase} (the initiative decides who acts)"),
            },
            Event::InitiativeRolled { dice, winner } => {
                let roll = |s: usize| super::dice::dice_text(&dice[s]);
                format!(
                    "Initiative: {} {}, {} {}: {}",
                    game.scenario.side_name(SideId(0)),
                    roll(0),
                    game.scenario.side_name(SideId(1)),
                    roll(1),
                    match winner {
                        Some(w) => format!("{} acts", game.scenario.side_name(*w)),
                        None => "a tie, rolled again".into(),
                    }
                )
            }
            Event::Passed { side } => format!("{} passes", game.scenario.side_name(*side)),
            Event::Yielded { to } => format!(
                "{} has the action (yielded): it acts, or passes too and the phase ends",
                game.scenario.side_name(*to)
            ),
            Event::TrainsUsed {
                side,
                used,
                left,
                why,
            } => format!(
                "{}: {used} supply train{} for {why}, {left} left this turn",
                game.scenario.side_name(*side),
                if *used == 1 { "" } else { "s" }
            ),
            Event::ExtendedMarch {
                unit,
                dice,
                modifier,
                loss,
                disorganize,
                source,
            } => {
                let sum: i32 = dice.iter().map(|d| i32::from(*d)).sum();
                let what = match (loss, disorganize) {
                    (0, false) => "no effect".to_string(),
                    (0, true) => "disorganized".to_string(),
                    (l, false) => format!("loses {l} manpower"),
                    (l, true) => format!("loses {l} manpower and is disorganized"),
                };
                format!(
                    "{}: extended march, dice {}{modifier:+} = {}: {what} ({source})",
                    name(unit),
                    super::dice::dice_text(dice),
                    sum + modifier
                )
            }
            Event::Recovered { unit, what } => format!("{} {what}", name(unit)),
            Event::ForcedMarch {
                units,
                dice,
                bonus,
                source,
            } => format!(
                "{} force-march: dice {}: +{bonus} MP ({source})",
                names(units),
                super::dice::dice_text(dice)
            ),
            Event::RandomEvent { dice, event } => {
                use crate::rules::scenario::RandomEvent as R;
                let what = match event {
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
                game.label(*hex),
                names(units)
            ),
            Event::Reinforced {
                units,
                hex,
                delayed: true,
            } => format!(
                "Reinforcements delayed: the enemy holds {}, where {} would enter (next turn)",
                game.label(*hex),
                names(units)
            ),
            Event::LeaderTransferred { leader, from, to } => format!(
                "{} transfers {}-> {}",
                name(leader),
                from.map_or(String::new(), |f| format!("{} ", game.label(f))),
                game.label(*to)
            ),
            Event::LeaderActivated { leader, units } => format!(
                "{} activates {} of his command: {}",
                name(leader),
                units.len(),
                names(units)
            ),
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
