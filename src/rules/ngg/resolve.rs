//! Resolving an NGG 1812 combat.
//!
//! Procedure (each default applies only when the command carries no choice):
//! 1. The attack is checked first ([`Assessment::new`]); a refused attack rolls no dice and
//!    changes nothing.
//! 2. Dice, in this order: the attacker's d6 (FAV, 11.5), the defender's d6 (FDV, 11.7), then,
//!    when one side wins, 11.15's d6 for the loser's hits; then one d6 per commander who must
//!    try to escape (11.19). No FAV/FDV dice are rolled when a cavalry-only defender withdraws
//!    before combat (11.1) or only commanders are attacked (11.19). The outcome is
//!    [`Assessment::outcome`], the function the odds enumerate.
//! 3. Hits (11.17): the defender's, then the attacker's. A player's `defender_losses` /
//!    `attacker_losses` list gives one unit per hit in turn (name a unit twice to disrupt, then
//!    eliminate it); the default (and the rest after the list) disrupts the stack's undisrupted
//!    units in unit order, then eliminates its disrupted ones, then the same in the supporting
//!    stacks (every combat unit of a supporting hex, disrupted included, on both sides). A list
//!    that puts fewer than half the hits on the stack itself is overridden.
//!    11.17's odd-hit option and 11.16's pursuit hit take the first disrupted unit in unit order.
//! 4. Withdrawal (11.11): the whole defending stack, commanders included, to one adjacent hex:
//!    the player's `retreat` hex if legal, else the first legal hex of: straight away from the
//!    attacking stack, then N, NE, SE, S, SW, NW.
//! 5. Commander escape (11.19): on a roll in `eliminated_on` the commander is eliminated; else
//!    placed on the nearest friendly hex holding a combat unit within `range` hexes (ties: the
//!    lowest label), else eliminated. Seed silent: the rules let the owner choose any friendly
//!    stack within range; `Choices` carries no field for it (its `retreat` is the withdrawal
//!    hex), so this default always applies.
//! 6. Every unit of the attacking, defending and supporting stacks has taken part in one more
//!    combat (11.2 bullet 2), unless no values were compared.
//! 7. Advance (11.1, 11.12, 11.13): with the units the command names, if allowed; if it names
//!    none, the game offers the advance (`Command::Advance`) until the next command.

use crate::rules::attack::{AttackError, AttackRequest, AttackType, Choices};
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::{AdvanceOption, Game};
use crate::rules::hex::Coord;
use crate::rules::unit::{Status, UnitIdx};

use super::Ngg;
use super::assess::{Assessment, Outcome, Res, Step, Why, Withdrawal};

fn apply_steps(game: &mut Game, steps: &[Step], ev: &mut Vec<Event>) {
    for s in steps {
        if !game.unit(s.unit).on_map() {
            continue;
        }
        match s.why {
            Why::Hit => {}
            Why::OddHit => ev.push(Event::Note {
                text: format!(
                    "11.17: {} takes the optional extra hit on an odd number",
                    game.unit(s.unit).name
                ),
            }),
            Why::Pursuit => ev.push(Event::Note {
                text: format!(
                    "11.16: pursued by cavalry, {} takes a hit",
                    game.unit(s.unit).name
                ),
            }),
            Why::NoWithdrawal => ev.push(Event::Note {
                text: format!("11.12: {} cannot withdraw", game.unit(s.unit).name),
            }),
        }
        if s.eliminated {
            game.unit_mut(s.unit).status = Status::Disrupted;
            game.place(s.unit, None);
            ev.push(Event::Eliminated { unit: s.unit });
        } else {
            game.unit_mut(s.unit).status = Status::Disrupted;
            ev.push(Event::StatusChanged {
                unit: s.unit,
                status: Status::Disrupted,
            });
        }
    }
}

pub fn resolve(
    rules: &Ngg,
    game: &mut Game,
    req: &AttackRequest,
    choices: &Choices,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, AttackError> {
    let a = Assessment::new(rules, game, req, choices)?;
    let mut ev = vec![Event::AttackDeclared {
        kind: AttackType::Combat,
        attackers: req.attackers.clone(),
        defender: a.defender_hex,
        defenders: game.units_at(a.defender_hex).to_vec(),
        attacker_drm: a.fav_base,
        defender_drm: a.fdv_base,
    }];
    let combat = a.pre_withdrawal.is_none() && !a.leaders_only;
    let o = if combat {
        let (ad, dd, ld) = roll(&a, dice, &mut ev);
        let o = a.outcome(rules, game, ad, dd, ld);
        result_events(&a, &o, (ad, dd, ld), &mut ev);
        o
    } else {
        a.outcome(rules, game, 1, 1, 1)
    };
    for n in &o.notes {
        ev.push(Event::Note { text: n.clone() });
    }
    // 11.17: the defender's hits, the attacker's, then the defender's pursuit (11.16) and
    // no-withdrawal (11.12) losses.
    let (def_hits, def_after): (Vec<Step>, Vec<Step>) = o
        .defender_steps
        .iter()
        .partition(|s| matches!(s.why, Why::Hit | Why::OddHit));
    apply_steps(game, &def_hits, &mut ev);
    apply_steps(game, &o.attacker_steps, &mut ev);
    apply_steps(game, &def_after, &mut ev);
    withdraw(game, &a, &o, &mut ev);
    for &c in &o.escapes {
        escape(rules, game, &a, c, dice, &mut ev);
    }
    if combat {
        took_part(game, &a);
    }
    advance(game, &a, &o, &mut ev);
    Ok(ev)
}

/// 11.5, 11.7, 11.15: the attacker's die, the defender's, then 11.15's die when one side wins
/// (1 on a tie, not rolled).
fn roll(a: &Assessment, dice: &mut dyn DieSource, ev: &mut Vec<Event>) -> (u8, u8, u8) {
    let ad = crate::rules::event::roll_die(dice, DieRole::Attacker, ev);
    let dd = crate::rules::event::roll_die(dice, DieRole::Defender, ev);
    let diff = (a.fav_base + i32::from(ad)) - (a.fdv_base + i32::from(dd));
    let ld = if diff != 0 {
        crate::rules::event::roll_die(dice, DieRole::Other, ev)
    } else {
        1
    };
    (ad, dd, ld)
}

/// The FAV and FDV with their dice, the hits (11.14, 11.15) and the combat result.
fn result_events(a: &Assessment, o: &Outcome, dice: (u8, u8, u8), ev: &mut Vec<Event>) {
    let (ad, dd, ld) = dice;
    ev.push(Event::Note {
        text: format!(
            "{} + die {ad} = {}",
            a.fav_text.trim_end_matches(" + 1d6"),
            o.fav
        ),
    });
    ev.push(Event::Note {
        text: format!(
            "{} + die {dd} = {}",
            a.fdv_text.trim_end_matches(" + 1d6"),
            o.fdv
        ),
    });
    if let Some(adj) = o.adjustment {
        ev.push(Event::Note {
            text: format!(
                "Hits: winner inflicts {} (difference {}, capped 11.14); loser inflicts {} (half the difference, die {ld} adjusts {adj:+}, 11.15)",
                if o.res == Res::Win { o.defender_hits } else { o.attacker_hits },
                o.diff.abs(),
                if o.res == Res::Win { o.attacker_hits } else { o.defender_hits },
            ),
        });
    }
    ev.push(Event::CombatResult {
        differential: o.diff,
        attacker: format!("{} ({} hits)", o.res.code(), o.attacker_hits),
        defender: format!("{} hits", o.defender_hits),
    });
}

/// 11.11: the defending stack, commanders included (not those who roll to escape), withdraws.
fn withdraw(game: &mut Game, a: &Assessment, o: &Outcome, ev: &mut Vec<Event>) {
    let Withdrawal::To(h) = o.withdrawal else {
        return;
    };
    let units: Vec<UnitIdx> = game
        .units_at(a.defender_hex)
        .iter()
        .copied()
        .filter(|u| !o.escapes.contains(u))
        .collect();
    if !units.is_empty() {
        for &u in &units {
            game.place(u, Some(h));
        }
        ev.push(Event::Retreated {
            units,
            path: vec![h],
            rout: false,
        });
    }
}

/// 11.19: commander `c` rolls to escape: eliminated on `eliminated_on`, else placed on the
/// nearest friendly stack within range, else eliminated.
fn escape(
    rules: &Ngg,
    game: &mut Game,
    a: &Assessment,
    c: UnitIdx,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) {
    let t = &rules.tables;
    if !game.unit(c).on_map() {
        return;
    }
    let roll = crate::rules::event::roll_die(dice, DieRole::Other, ev);
    let from = game.unit(c).hex.unwrap_or(a.defender_hex);
    let to = if t.commander_escape.eliminated_on.contains(&roll) {
        ev.push(Event::Note {
            text: format!("11.19: {} rolls {roll}: eliminated", game.unit(c).name),
        });
        None
    } else {
        let best = escape_hex(rules, game, c, from);
        if best.is_none() {
            ev.push(Event::Note {
                text: format!(
                    "11.19: {} escapes but no friendly stack is within {} hexes: eliminated",
                    game.unit(c).name,
                    t.commander_escape.range
                ),
            });
        }
        best
    };
    match to {
        Some(h) => {
            game.place(c, Some(h));
            ev.push(Event::Relocated { unit: c, to: h });
        }
        None => {
            game.place(c, None);
            ev.push(Event::Eliminated { unit: c });
        }
    }
}

/// 11.19: the nearest hex within `range` of `from` holding a combat unit of commander `c`'s
/// side (ties: the lowest label).
fn escape_hex(rules: &Ngg, game: &Game, c: UnitIdx, from: Coord) -> Option<Coord> {
    let range = rules.tables.commander_escape.range;
    let side = game.unit(c).side;
    let mut best: Option<(u32, Coord)> = None;
    for h in game.map().coords() {
        let d = h.distance(from);
        if h == from || d > range {
            continue;
        }
        let friendly = game.units_at(h).iter().any(|u| {
            let x = game.unit(*u);
            x.side == side && !x.is_leader()
        });
        if friendly && best.is_none_or(|(bd, bh)| (d, h) < (bd, bh)) {
            best = Some((d, h));
        }
    }
    best.map(|(_, h)| h)
}

/// 11.2 bullet 2: every unit of the attacking, defending and supporting stacks has taken part
/// in one more combat.
fn took_part(game: &mut Game, a: &Assessment) {
    let mut all: Vec<UnitIdx> = a.stack.combat.clone();
    all.extend(&a.stack.leaders);
    for s in &a.attacker_supports {
        all.extend(&s.combat);
        all.extend(&s.leaders);
    }
    all.extend(&a.defence.combat);
    all.extend(&a.defence.leaders);
    for s in &a.defender_supports {
        all.extend(&s.combat);
        all.extend(&s.leaders);
    }
    for u in all {
        if let Some(x) = super::state::unit_mut(game, u) {
            x.combats = x.combats.saturating_add(1);
        }
    }
}

/// 11.1, 11.12, 11.13: the advance into the vacated hex: the command's units if allowed (else
/// the choice is overridden), or, when it names none, offered until the next command.
fn advance(game: &mut Game, a: &Assessment, o: &Outcome, ev: &mut Vec<Event>) {
    let movers: Vec<UnitIdx> = o
        .advance
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    let vacated = game.units_at(a.defender_hex).is_empty();
    if let Some(chosen) = &a.advance_choice {
        let bad: Vec<&UnitIdx> = chosen.iter().filter(|u| !movers.contains(u)).collect();
        if !vacated || movers.is_empty() {
            ev.push(Event::ChoiceOverridden {
                what: "advance".into(),
                why: "the result gives no advance into a vacated hex".into(),
            });
        } else if !bad.is_empty() {
            ev.push(Event::ChoiceOverridden {
                what: "advance".into(),
                why: format!(
                    "{} may not advance (11.12: only undisrupted units; cavalry only on a win by 1 or 2)",
                    bad.iter().map(|u| game.unit(**u).name.clone()).collect::<Vec<_>>().join(", ")
                ),
            });
        } else if !chosen.is_empty() {
            for &u in chosen {
                game.place(u, Some(a.defender_hex));
            }
            ev.push(Event::Advanced {
                units: chosen.clone(),
                to: a.defender_hex,
            });
        }
    } else if vacated && !movers.is_empty() {
        game.set_advance_option(Some(AdvanceOption {
            units: movers,
            hex: a.defender_hex,
        }));
        ev.push(Event::AdvanceOffered {
            hex: a.defender_hex,
        });
    }
}
