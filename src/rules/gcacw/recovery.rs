//! GCACW's recovery phase at the end of each game turn (the sequence's `fatigue.recovery` and
//! `recovery` rules): fatigue comes off every unit; disorganized units reorganize, through
//! their exhausted side where the rules say, and demoralized ones recover, each away from the
//! enemy where the rules say, in unit order.

use crate::rules::cv::Cv;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::sequence::RecoveryRules;
use crate::rules::unit::UnitIdx;

/// The recovery phase: fatigue, then the recovery of disorganized and demoralized units.
pub fn recovery_phase(game: &mut Game) -> Vec<Event> {
    let seq = game.sequence.clone();
    if let Some(f) = &seq.fatigue {
        for u in game.units_mut() {
            u.fatigue = u.fatigue.saturating_sub(f.recovery);
        }
    }
    match &seq.recovery {
        Some(r) => recover(game, r),
        None => Vec::new(),
    }
}

/// A disorganized unit reorganizes: its CV is its manpower again; the events.
fn reorganize(game: &mut Game, unit: UnitIdx) -> Vec<Event> {
    match super::state::unit_mut(game, unit) {
        Some(own) if own.disorganized => own.disorganized = false,
        _ => return Vec::new(),
    }
    let u = game.unit_mut(unit);
    u.cv = Cv::whole(u.manpower);
    vec![Event::Recovered {
        unit,
        what: format!("reorganized (CV {})", u.cv),
    }]
}

/// The recovery of disorganized and demoralized units (`RecoveryRules`), in unit order.
fn recover(game: &mut Game, r: &RecoveryRules) -> Vec<Event> {
    let ctx = crate::rules::movement::MoveContext::new(game);
    let mut events = Vec::new();
    for u in game.unit_indices().collect::<Vec<_>>() {
        let (unit, own) = (game.unit(u), super::state::unit(game, u).clone());
        let Some(i) = unit.hex.and_then(|h| game.map().index(h)) else {
            continue;
        };
        let exhausted = own.exhausted && r.exhausted;
        if !(own.disorganized && r.reorganize
            || own.demoralized > 0 && r.demoralization
            || exhausted)
        {
            continue;
        }
        if r.away_from_enemy && ctx.zoc_for(unit.side, i).kind.is_some() {
            continue;
        }
        let set = |game: &mut Game, f: &dyn Fn(&mut super::state::GcacwUnit)| {
            if let Some(o) = super::state::unit_mut(game, u) {
                f(o);
            }
        };
        // The exhausted side first: a unit exhausted since the last recovery is itself again.
        if exhausted {
            set(game, &|o| o.exhausted = false);
            events.push(Event::Recovered {
                unit: u,
                what: "no longer exhausted".into(),
            });
        }
        if own.disorganized && r.reorganize {
            events.extend(reorganize(game, u));
            if r.exhausted {
                set(game, &|o| o.exhausted = true);
                events.push(Event::Recovered {
                    unit: u,
                    what: "exhausted (reorganized: on its exhausted side until the next recovery)"
                        .into(),
                });
            }
        }
        if own.demoralized > 0 && r.demoralization {
            set(game, &|o| o.demoralized = 0);
            events.push(Event::Recovered {
                unit: u,
                what: "no longer demoralized".into(),
            });
        }
    }
    events
}
