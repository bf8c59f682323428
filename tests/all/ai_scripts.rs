//! The measuring players (`rules::ai`; issue 37 item 4): each style of the search's portfolio
//! played alone (`style:NAME`), and the scripts a person would try, `rush` (every stack for the
//! nearest victory hex not held) and `hold` (hold the side's victory hexes, counter-attack what
//! comes close). They finish a game against `ai2` on every shipped scenario without a refused
//! command, do what they say, replay the same game from the same seed, and their names parse.

use musket::rules::ai::scripts::{Guard, MAX_PHASE_COMMANDS, held_by};
use musket::rules::ai::search::portfolio;
use musket::rules::ai::{Decision, Kind, Player, StyleId, play_game, play_turn_with};
use musket::rules::game::Game;
use musket::rules::hex::Coord;
use musket::rules::order::Command;
use musket::rules::session::Session;
use musket::rules::unit::SideId;

use crate::common;

use common::{PLAYABLE, load_shipped as load};

/// A player that does nothing: it ends every turn (passes every action).
struct Pass;

impl Player for Pass {
    fn name(&self) -> String {
        "pass".into()
    }

    fn decide(&mut self, _: &Game) -> Decision {
        Decision {
            command: Command::EndTurn,
            why: "pass".into(),
        }
    }
}

/// Play `kind` for `side` against a player that only passes until the game turn `until`
/// begins (or the game ends); every command the script sends is accepted.
fn against_passive(name: &str, kind: Kind, side: SideId, seed: u64, until: u32) -> Session {
    let (sc, rules) = load(name);
    let mut session = Session::new(sc, rules, seed);
    let mut ps: [Box<dyn Player>; 2] = if side == SideId(0) {
        [kind.player(seed, side), Box::new(Pass)]
    } else {
        [Box::new(Pass), kind.player(seed, side)]
    };
    while !session.game.is_over() && session.game.turn < until {
        let r = play_turn_with(&mut session, &mut ps);
        assert!(r.refused.is_empty(), "{name} {kind:?}: {:?}", r.refused);
    }
    session
}

// Issue 37 item 4: on every shipped scenario `rush` and `hold` finish a game against `ai2`,
// from each side, with no command refused, and the log replays to the same game.
#[test]
fn rush_and_hold_finish_a_game_against_ai2_on_every_shipped_scenario() {
    for name in PLAYABLE {
        let (sc, rules) = load(name);
        let pairs = [
            [Kind::Rush, Kind::Ai(2)],
            [Kind::Ai(2), Kind::Rush],
            [Kind::Hold, Kind::Ai(2)],
            [Kind::Ai(2), Kind::Hold],
        ];
        for (i, pair) in pairs.into_iter().enumerate() {
            let r = play_game(sc.clone(), rules.clone(), 3 + i as u64, pair);
            assert!(r.refused.is_empty(), "{name} {pair:?}: {:?}", r.refused);
            assert!(r.session.game.is_over(), "{name} {pair:?}");
            assert_eq!(r.turns, sc.turns.unwrap(), "{name} {pair:?}");
            // The script sent commands of its own, not only the end of its turns.
            let script = if pair[0] == Kind::Ai(2) { 1 } else { 0 };
            let acted = r
                .decisions
                .iter()
                .filter(|(_, s, d)| s.0 == script && d.command != Command::EndTurn)
                .count();
            assert!(acted > 0, "{name} {pair:?}: the script did nothing");
            let back =
                Session::replay(sc.clone(), rules.clone(), r.session.seed, &r.session.log).unwrap();
            assert_eq!(back.game.units, r.session.game.units, "{name} {pair:?}");
        }
    }
}

/// The sum over the side's ground-holding units on the map in both games of their distance to
/// the nearest of `targets`, before and after (a unit lost in an attack is left out of both).
fn distances(before: &Game, after: &Game, side: SideId, targets: &[Coord]) -> (u32, u32) {
    let d = |h: Coord| targets.iter().map(|t| t.distance(h)).min().unwrap_or(0);
    let mut sums = (0, 0);
    for (a, b) in before.units.iter().zip(&after.units) {
        if a.side != side || !a.is_combat() || !a.takes_ground() {
            continue;
        }
        if let (Some(x), Some(y)) = (a.hex, b.hex) {
            sums.0 += d(x);
            sums.1 += d(y);
        }
    }
    sums
}

// `rush` marches for the victory hexes it does not hold: after its first game turn (against a
// player who only passes) its units stand nearer them, on every shipped scenario and from each
// side that has one to take.
#[test]
fn rush_moves_toward_the_victory_hexes_it_does_not_hold() {
    for name in PLAYABLE {
        for side in [SideId(0), SideId(1)] {
            let start = Session::new(load(name).0, load(name).1, 5).into_game();
            let targets = musket::rules::ai::rush::targets(&start, side);
            if targets.is_empty() {
                continue;
            }
            let end = against_passive(name, Kind::Rush, side, 5, start.turn + 1).into_game();
            let (before, after) = distances(&start, &end, side, &targets);
            assert!(
                after < before,
                "{name} {side:?}: total distance to the targets {before} -> {after}"
            );
        }
    }
}

// `hold` holds what its side holds: against a player who only passes, by the start of game turn
// 4 it stands on every victory hex its side holds or held at the start, on every shipped
// scenario and from each side that has one (Fox's Gap's Union marches two turns to Bolivar;
// Crampton's Gap's Union and South Mountain's start with some of theirs empty).
#[test]
fn hold_stands_on_its_own_victory_hexes() {
    let mut filled = 0;
    for name in PLAYABLE {
        for side in [SideId(0), SideId(1)] {
            let start = Session::new(load(name).0, load(name).1, 5).into_game();
            let own = musket::rules::ai::hold::objectives(&start, side);
            if own.is_empty() {
                continue;
            }
            let empty_at_start = own.iter().filter(|o| !held_by(&start, **o, side)).count();
            let end = against_passive(name, Kind::Hold, side, 5, 4).into_game();
            for o in &own {
                assert!(
                    held_by(&end, *o, side),
                    "{name} {side:?}: {} is not held by a unit of the side",
                    end.label(*o)
                );
            }
            filled += empty_at_start;
        }
    }
    // The test is not only of hexes held from the start.
    assert!(filled >= 4, "{filled} objectives filled");
}

// A side with no victory hex of its own (Smolensk's French) holds the ground it stands on:
// against a player who only passes, `hold` moves nothing.
#[test]
fn hold_without_objectives_stands_where_it_is() {
    let name = "ngg1812-smolensk.ron";
    let side = SideId(0);
    let start = Session::new(load(name).0, load(name).1, 5).into_game();
    assert!(musket::rules::ai::hold::objectives(&start, side).is_empty());
    let end = against_passive(name, Kind::Hold, side, 5, 3).into_game();
    for (a, b) in start.units.iter().zip(&end.units) {
        if a.side == side && !b.is_leader() {
            assert_eq!(a.hex, b.hex, "{} moved", a.id);
        }
    }
}

// The same seed plays the same game (every choice of the scripts is in a fixed order).
#[test]
fn the_scripts_replay_the_same_game_from_the_same_seed() {
    for name in [
        "foxs-gap.ron",
        "gbacw-bloody-hill.ron",
        "shiloh-hornets-nest.ron",
    ] {
        let (sc, rules) = load(name);
        for pair in [[Kind::Rush, Kind::Hold], [Kind::Hold, Kind::Rush]] {
            let a = play_game(sc.clone(), rules.clone(), 9, pair);
            let b = play_game(sc.clone(), rules.clone(), 9, pair);
            assert_eq!(a.session.log, b.session.log, "{name} {pair:?}");
            assert_eq!(a.outcome, b.outcome, "{name} {pair:?}");
        }
    }
}

// `style:steady` is `ai2`'s own style: played alone it plays exactly `ai2`'s game; another
// style (dig in: attacks only at good odds) plays another game, and says which it is.
#[test]
fn a_fixed_style_is_ai2s_planner_with_that_styles_weights() {
    let (sc, rules) = load("foxs-gap.ron");
    let steady = Kind::parse("style:steady").unwrap();
    let dig_in = Kind::parse("style:dig-in").unwrap();
    let ai2 = play_game(sc.clone(), rules.clone(), 4, [Kind::Ai(2), Kind::Ai(2)]);
    let same = play_game(sc.clone(), rules.clone(), 4, [steady, Kind::Ai(2)]);
    assert_eq!(ai2.session.log, same.session.log);
    let mut differs = false;
    for seed in 4..8 {
        let a = play_game(sc.clone(), rules.clone(), seed, [Kind::Ai(2), Kind::Ai(2)]);
        let d = play_game(sc.clone(), rules.clone(), seed, [dig_in, Kind::Ai(2)]);
        assert!(d.refused.is_empty());
        assert!(
            d.decisions
                .iter()
                .filter(|(_, s, _)| s.0 == 0)
                .all(|(_, _, x)| x.why.starts_with("style:dig-in: ")),
            "seed {seed}"
        );
        differs |= a.session.log != d.session.log;
    }
    assert!(differs, "dig in played ai2's games");
}

// Every style of the portfolio parses as `style:NAME` (hyphens or spaces, any case) and prints
// back to the same name; an unknown style is a clear error listing the styles; `rush` and
// `hold` parse.
#[test]
fn style_rush_and_hold_names_parse() {
    let styles = StyleId::all();
    assert_eq!(styles.len(), portfolio().len());
    for (s, script) in styles.iter().zip(portfolio()) {
        let name = format!("style:{}", script.name.replace(' ', "-"));
        assert_eq!(Kind::parse(&name), Ok(Kind::Style(*s)));
        assert_eq!(Kind::Style(*s).name(), name);
        let spaced = format!("Style:{}", script.name.to_uppercase());
        assert_eq!(Kind::parse(&spaced), Ok(Kind::Style(*s)), "{spaced}");
    }
    assert_eq!(
        Kind::parse("style:all_out").map(Kind::name),
        Ok("style:all-out".into())
    );
    let e = Kind::parse("style:reckless").unwrap_err();
    assert!(e.contains("unknown style \"reckless\""), "{e}");
    for script in portfolio() {
        assert!(e.contains(&script.name.replace(' ', "-")), "{e}");
    }
    assert_eq!(Kind::parse("rush"), Ok(Kind::Rush));
    assert_eq!(Kind::parse("HOLD"), Ok(Kind::Hold));
    assert_eq!(Kind::Rush.name(), "rush");
    assert_eq!(Kind::Hold.name(), "hold");
    let e = Kind::parse("charge").unwrap_err();
    assert!(e.contains("rush, hold or style:NAME"), "{e}");
    assert!(StyleId::new(portfolio().len()).is_none());
}

// The guard: a script sends at most MAX_PHASE_COMMANDS commands in one phase, then ends its
// turn; the count starts again in the next phase.
#[test]
fn the_guard_ends_a_phase_that_would_not_end() {
    let (sc, rules) = load("foxs-gap.ron");
    let mut game = Session::new(sc, rules, 1).into_game();
    let mut guard = Guard::default();
    for _ in 0..MAX_PHASE_COMMANDS {
        assert!(guard.allow(&game));
    }
    assert!(!guard.allow(&game));
    game.set_turn(game.turn + 1);
    assert!(guard.allow(&game));
}
