//! The header's checks (title, ruleset, sides, turns, weather) and those of the scenario-wide
//! project additions (night turns, underlay, initiative ties, supply trains, random events).

use std::collections::HashSet;

use super::{Check, MAX_TURN, Profiles, RandomEvent, RandomEventsFile, ScenarioFile, quoted};

/// The checked turns: the turn play starts on, and the last turn if the scenario has a length.
#[derive(Clone, Copy, Debug)]
pub(super) struct Turns {
    pub first: u32,
    pub last: Option<u32>,
}

/// Check the header: the title, the ruleset, the sides, the turns and the weather.
pub(super) fn check_header(ck: &mut Check, file: &ScenarioFile, profiles: Profiles) -> Turns {
    check_names(ck, file, profiles);
    let turns = check_turns(ck, file);
    check_weather(ck, file, turns);
    turns
}

/// The title is not empty, the ruleset is known, and there are two sides, each named once.
fn check_names(ck: &mut Check, file: &ScenarioFile, profiles: Profiles) {
    if file.title.trim().is_empty() {
        ck.bad("title", quoted(&file.title), "the title is empty");
    }
    if profiles.get(&file.ruleset).is_none() {
        ck.bad(
            "ruleset",
            quoted(&file.ruleset),
            format!("unknown ruleset; known: {}", profiles.ids().join(", ")),
        );
    }
    if file.sides.len() != 2 {
        ck.bad(
            "sides",
            format!("{:?}", file.sides),
            format!("a scenario has exactly two sides, not {}", file.sides.len()),
        );
    }
    let mut side_names: HashSet<&str> = HashSet::new();
    for (i, s) in file.sides.iter().enumerate() {
        if s.trim().is_empty() {
            ck.bad(format!("sides[{i}]"), quoted(s), "a side name is empty");
        } else if !side_names.insert(s.as_str()) {
            ck.bad(
                format!("sides[{i}]"),
                quoted(s),
                "the same side is named twice",
            );
        }
    }
}

/// The first turn (`turn`, 1 without it) and the last (`turns`), each from 1 to [`MAX_TURN`],
/// the last not before the first. An out-of-range value counts as absent.
fn check_turns(ck: &mut Check, file: &ScenarioFile) -> Turns {
    let first_turn = match file.turn {
        None => 1,
        Some(t) if (1..=MAX_TURN).contains(&t) => t as u32,
        Some(t) => {
            ck.bad(
                "turn",
                t,
                format!("out of range: turns are counted from 1 to {MAX_TURN}"),
            );
            1
        }
    };
    let turns = match file.turns {
        None => None,
        Some(n) if (1..=MAX_TURN).contains(&n) => {
            if (n as u32) < first_turn {
                ck.bad(
                    "turns",
                    n,
                    format!("the last turn comes before turn {first_turn}"),
                );
            }
            Some(n as u32)
        }
        Some(n) => {
            ck.bad(
                "turns",
                n,
                format!("out of range: the number of turns is 1 to {MAX_TURN}"),
            );
            None
        }
    };
    Turns {
        first: first_turn,
        last: turns,
    }
}

/// `weather_by_turn`, where given, is not empty and gives the weather of every turn.
fn check_weather(ck: &mut Check, file: &ScenarioFile, turns: Turns) {
    let Some(w) = &file.weather_by_turn else {
        return;
    };
    if w.is_empty() {
        ck.bad(
            "weather_by_turn",
            "[]",
            "the list is empty; leave the field out instead",
        );
    } else if let Some(n) = turns.last {
        if w.len() < n as usize {
            ck.bad(
                "weather_by_turn",
                format!("{} entries", w.len()),
                format!("the scenario has {n} turns; give the weather of every turn"),
            );
        }
    } else if w.len() < turns.first as usize {
        ck.bad(
            "weather_by_turn",
            format!("{} entries", w.len()),
            format!("the scenario starts on turn {}", turns.first),
        );
    }
}

/// Check the scenario-wide project additions: the night turns, the underlay, the initiative
/// ties, the supply trains and the random events.
pub(super) fn check_additions(ck: &mut Check, file: &ScenarioFile, profiles: Profiles) {
    for (i, t) in file.night_turns.iter().enumerate() {
        if !(1..=MAX_TURN).contains(t) {
            ck.bad(
                format!("night_turns[{i}]"),
                t,
                format!("out of range: turns are counted from 1 to {MAX_TURN}"),
            );
        }
    }
    if let Some(u) = &file.underlay {
        for (field, value, why) in u.problems() {
            ck.bad(field, value, why);
        }
    }
    if let Some(t) = &file.initiative_ties
        && !file.sides.contains(&t.winner)
    {
        ck.bad(
            "initiative_ties.winner",
            &t.winner,
            format!("not a side of the scenario ({})", file.sides.join(", ")),
        );
    }
    if let Some(t) = &file.supply_trains {
        check_supply_trains(ck, file, profiles, t);
    }
    if let Some(r) = &file.random_events {
        check_random_events(ck, r);
    }
}

/// Supply trains: in a rule system that has them, two numbers (one a side), each 0 to 99.
fn check_supply_trains(ck: &mut Check, file: &ScenarioFile, profiles: Profiles, t: &[u32]) {
    let profile = profiles.get(&file.ruleset);
    if profile.is_none_or(|p| p.supply_trains.is_none()) {
        let whose: Vec<&str> = profiles.0.iter().filter_map(|p| p.supply_trains).collect();
        ck.bad(
            "supply_trains",
            format!("{t:?}"),
            format!(
                "supply trains are {}; the {} rules have none",
                whose.join(", "),
                file.ruleset
            ),
        );
    }
    if t.len() != 2 {
        ck.bad(
            "supply_trains",
            format!("{t:?}"),
            "two numbers, each side's trains in the sides' order",
        );
    }
    for (i, n) in t.iter().enumerate() {
        if *n > 99 {
            ck.bad(
                format!("supply_trains[{i}]"),
                n,
                "out of range: 0 to 99 trains a turn",
            );
        }
    }
}

/// Random events: 1 to 3 dice; each total the dice can roll, and each at most once; a note
/// says something.
fn check_random_events(ck: &mut Check, r: &RandomEventsFile) {
    if !(1..=3).contains(&r.dice) {
        ck.bad("random_events.dice", r.dice, "1 to 3 dice");
    }
    let (lo, hi) = (r.dice.clamp(1, 3), 6 * r.dice.clamp(1, 3));
    let mut seen = std::collections::BTreeSet::new();
    for (i, e) in r.events.iter().enumerate() {
        for (j, t) in e.rolls.iter().enumerate() {
            let at = format!("random_events.events[{i}].rolls[{j}]");
            if !(lo..=hi).contains(t) {
                ck.bad(
                    at,
                    t,
                    format!("out of range: {} dice roll {lo} to {hi}", r.dice),
                );
            } else if !seen.insert(*t) {
                ck.bad(at, t, "this total has an event already");
            }
        }
        if let RandomEvent::Note(n) = &e.event
            && n.trim().is_empty()
        {
            ck.bad(
                format!("random_events.events[{i}].event"),
                "Note(\"\")",
                "a note says what happens",
            );
        }
    }
}
