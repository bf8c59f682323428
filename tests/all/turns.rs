//! `command::validate` is the judge of whose turn it is and of when the game is over, in every
//! rule system; and who takes a victory hex (README "Scenario format": a combat unit that
//! enters it, passing through included).

use crate::common;

use std::path::Path;
use std::sync::Arc;

use musket::rules::command::validate;
use musket::rules::game::Game;
use musket::rules::order::{Command, CommandError};
use musket::rules::registry::{builtin, for_scenario};
use musket::rules::session::{SaveError, Session};
use musket::rules::unit::SideId;

fn load(path: &str) -> Game {
    let sc = musket::rules::registry::load_scenario(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(path).as_path(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    musket::rules::flow::new_game(Arc::new(sc), rules)
}

/// The game at its first phase of moves (GCACW's leader-transfer phases passed), from the first
/// seed whose dice give the first side the move there.
fn load_at_moves(path: &str) -> Game {
    (0..100)
        .map(|seed| {
            let mut g = load(path);
            let mut dice = musket::rules::dice::Dice::new(seed);
            while !g
                .sequence
                .phase(g.phase)
                .allows
                .contains(&musket::rules::sequence::Allow::Move)
            {
                musket::rules::flow::end_phase(&mut g, &mut dice);
            }
            g
        })
        .find(|g| g.active_side == SideId(0))
        .expect("a seed where the first side moves first")
}

fn session(path: &str, seed: u64) -> Session {
    let g = load(path);
    common::generic_session(g.scenario.clone(), g.rules.clone(), seed)
}

fn mv(unit: &str, path: &[&str]) -> Command {
    Command::Move {
        unit: unit.into(),
        path: path.iter().map(|s| s.to_string()).collect(),
    }
}

fn march(unit: &str) -> Command {
    Command::March {
        units: vec![unit.into()],
    }
}

fn attack(attackers: &[&str], defender: &str, opts: &[(&str, &str)]) -> Command {
    common::attack_cmd(attackers, defender, None, opts)
}

fn turn_error<T: std::fmt::Debug>(r: Result<T, CommandError>) -> String {
    match r {
        Err(CommandError::Turn(m)) => m,
        other => panic!("expected a turn error, got {other:?}"),
    }
}

// The example: Fox's Gap, Union to move; D. H. Hill may not move.
#[test]
fn fox_gap_a_confederate_move_in_the_union_turn_is_refused() {
    let g = load_at_moves("scenarios/foxs-gap.ron");
    assert_eq!(g.active_side, SideId(0));
    let m = turn_error(validate(&g, &mv("csa-dhhill", &["0605"])));
    assert!(
        m.contains("D. H. Hill") && m.contains("Confederate") && m.contains("Union's turn"),
        "{m}"
    );
    assert!(m.contains("turn 1 of 4"), "{m}");
}

/// The id of a combat unit of `side` with a neighbouring hex that `want`s, and that hex.
fn next_to(
    g: &Game,
    side: SideId,
    want: impl Fn(musket::rules::hex::Coord) -> bool,
) -> Option<(String, String)> {
    g.unit_indices()
        .filter(|u| g.unit(*u).side == side && g.unit(*u).is_combat())
        .find_map(|u| {
            let at = g.unit(u).hex?;
            at.neighbors()
                .into_iter()
                .find(|n| want(*n))
                .map(|n| (g.unit(u).id.clone(), g.label(n)))
        })
}

/// A move and an attack by the side not to move are refused in every rule system; the same
/// move passes the turn check in its own side's turn.
#[test]
fn every_ruleset_refuses_the_side_not_to_move() {
    for file in [
        "scenarios/foxs-gap.ron",
        "scenarios/gbacw-bloody-hill.ron",
        "scenarios/ngg1812-smolensk.ron",
        "scenarios/shiloh-hornets-nest.ron",
    ] {
        let mut g = load_at_moves(file);
        let enemy = g.active_side.other();
        // A combat unit of the side not to move with an empty hex next to it.
        let (id, to) = next_to(&g, enemy, |n| {
            g.map().contains(n) && g.units_at(n).is_empty()
        })
        .unwrap();
        let m = turn_error(validate(&g, &mv(&id, &[&to])));
        let name = &g.unit(g.unit_by_id(&id).unwrap()).name;
        assert!(m.contains(name.as_str()), "{file}: {m}");
        // An attack by that side on an adjacent hex of the side to move, in a phase of the
        // sequence of play where the side to move attacks (GBACW: its offensive fire).
        let mut ga = g.clone();
        let side = g.active_side;
        while !(ga.active_side == side
            && ga.sequence.phase(ga.phase).allows.iter().any(|a| {
                matches!(
                    a,
                    musket::rules::sequence::Allow::Attack
                        | musket::rules::sequence::Allow::AttackOf(_)
                )
            }))
        {
            musket::rules::flow::end_phase(&mut ga, &mut musket::rules::dice::Dice::new(0));
        }
        let (a, target) = next_to(&ga, enemy, |n| ga.side_at(n) == Some(side))
            .unwrap_or_else(|| panic!("{file}: no two enemy units are adjacent"));
        let m = turn_error(validate(&ga, &attack(&[&a], &target, &[])));
        let name = &ga.unit(ga.unit_by_id(&a).unwrap()).name;
        assert!(m.contains(name.as_str()), "{file}: {m}");
        // In that side's own turn the move passes the turn check (GCACW then asks for the
        // march roll).
        g.set_active_side(enemy);
        assert!(
            !matches!(validate(&g, &mv(&id, &[&to])), Err(CommandError::Turn(_))),
            "{file}"
        );
    }
}

// Shiloh card footnotes * and ***: Final Defensive Fire is the defender's fire, made by the
// side not to move; ordinary fire only by the side to move.
#[test]
fn shiloh_final_defensive_fire_is_the_side_not_to_move() {
    let mut g = load("scenarios/shiloh-hornets-nest.ron");
    // Find a Union unit and an adjacent Confederate hex.
    let (u, target) = g
        .unit_indices()
        .filter(|u| g.unit(*u).side == SideId(0) && g.unit(*u).is_combat())
        .find_map(|u| {
            let h = g.unit(u).hex?;
            h.neighbors()
                .into_iter()
                .find(|n| g.side_at(*n) == Some(SideId(1)))
                .map(|n| (u, n))
        })
        .expect("a Union unit next to a Confederate one");
    let id = g.unit(u).id.clone();
    let t = g.label(target);
    let fdf = attack(&[&id], &t, &[("phase", "final-defensive")]);
    // In the Union's own turn its Final Defensive Fire is refused...
    g.set_active_side(SideId(0));
    let m = turn_error(validate(&g, &fdf));
    assert!(m.contains("Final Defensive Fire"), "{m}");
    // ...and in the Confederate turn it passes the turn check.
    g.set_active_side(SideId(1));
    assert!(
        !matches!(validate(&g, &fdf), Err(CommandError::Turn(_))),
        "{:?}",
        validate(&g, &fdf)
    );
    // Ordinary fire by the Union in the Confederate turn is refused.
    let m = turn_error(validate(&g, &attack(&[&id], &t, &[])));
    assert!(m.contains("Confederate's turn"), "{m}");
}

#[test]
fn no_command_after_the_last_turn() {
    let mut s = session("scenarios/foxs-gap.ron", 1);
    for _ in 0..8 {
        s.execute(Command::EndTurn).unwrap();
    }
    assert!(s.game.is_over());
    assert_eq!(s.game.turn, 5);
    for cmd in [
        Command::EndTurn,
        mv("usa-crook", &["0807"]),
        attack(&["usa-crook"], "0606", &[]),
    ] {
        let e = s.execute(cmd).unwrap_err();
        assert!(
            matches!(&e, CommandError::Turn(m) if m.contains("game is over") && m.contains("(4)")),
            "{e}"
        );
    }
    assert_eq!(s.log.len(), 8);
}

// The issue: a save with 4,000,000 EndTurns loaded to turn 2,000,001 of 4.
#[test]
fn a_save_with_too_many_end_turns_is_refused_at_the_first_extra_one() {
    let s = session("scenarios/foxs-gap.ron", 1);
    let mut save = s.to_save();
    save.commands = vec![Command::EndTurn; 20];
    save.digest = Some(musket::rules::session::Digest::of_game(
        &save.scenario,
        save.seed,
        &save.commands,
        &save.reseeds,
        Some((
            save.sequence.as_ref().unwrap(),
            save.tables.as_deref().unwrap(),
        )),
    ));
    let text = musket::rules::scenario::ron_options()
        .to_string(&save)
        .unwrap();
    match Session::load_save(&text, "long.ron", &Default::default()) {
        Err(SaveError::Replay { index, source, .. }) => {
            assert_eq!(index, 8);
            assert!(source.to_string().contains("game is over"), "{source}");
        }
        other => panic!(
            "expected a replay error, got {:?}",
            other.map(|s| s.game.turn)
        ),
    }
}

// The issue: with one EndTurn removed, the wrong side would make the next command.
#[test]
fn a_log_with_an_end_turn_removed_fails_where_the_wrong_side_acts() {
    let mut s = session("scenarios/foxs-gap.ron", 3);
    s.execute(march("usa-crook")).unwrap();
    s.execute(mv("usa-crook", &["0807"])).unwrap();
    s.execute(Command::EndTurn).unwrap();
    s.execute(march("csa-garland")).unwrap();
    s.execute(mv("csa-garland", &["0608"])).unwrap();
    let mut log = s.log.clone();
    log.remove(2);
    let g = load("scenarios/foxs-gap.ron");
    let generic = Arc::new(musket::rules::sequence::generic());
    let (index, e) =
        Session::replay_with(g.scenario.clone(), g.rules.clone(), 3, generic, &log).unwrap_err();
    assert_eq!(index, 2);
    assert!(matches!(e, CommandError::Turn(_)), "{e}");
}

// README "Scenario format": a hex changes hands when a combat unit enters it. GBACW wagons
// (and leaders) do not take it.
#[test]
fn a_gbacw_wagon_does_not_take_a_victory_hex() {
    let mut g = load("scenarios/gbacw-bloody-hill.ron");
    let ford = g.scenario.parse_hex("1106").unwrap();
    let v = *g.scenario.victory_at(ford).unwrap() as usize;
    let csa = g.unit(g.unit_by_id("csa-slack").unwrap()).side;
    let inf = g.unit_by_id("usa-2ks").unwrap();
    let usa = g.unit(inf).side;
    assert_eq!(g.holders[v], Some(csa));
    let trains = g.unit_by_id("usa-trains").unwrap();
    g.place(trains, Some(ford));
    assert_eq!(g.holders[v], Some(csa), "a wagon took the ford");
    let lyon = g.unit_by_id("usa-lyon").unwrap();
    g.place(lyon, Some(ford));
    assert_eq!(g.holders[v], Some(csa), "a leader took the ford");
    g.place(inf, Some(ford));
    assert_eq!(g.holders[v], Some(usa));
}

// Decided (README): a combat unit passing through a victory hex on a move takes it.
#[test]
fn passing_through_a_victory_hex_takes_it() {
    let b = common::map(6, 3)
        .unit_with("u", 'U', "0102", 3, |u| u.movement = Some(6.0))
        .unit("c", 'C', "0603", 3);
    let mut file = b.file.clone();
    file.victory = vec![musket::rules::scenario::VictoryHexFile {
        hex: "0202".into(),
        points: 2,
        name: None,
        holder: Some("Confederate".into()),
    }];
    let sc = musket::rules::registry::validate_scenario(file).unwrap();
    let g = musket::rules::flow::new_game(
        Arc::new(sc),
        builtin(musket::rules::registry::default_id()).unwrap(),
    );
    let mut s = common::generic_session(g.scenario.clone(), g.rules.clone(), 1);
    assert_eq!(s.game.score(SideId(1)), 2);
    s.execute(mv("u", &["0202", "0302"])).unwrap();
    assert_eq!(s.game.holders[0], Some(SideId(0)));
    assert_eq!((s.game.score(SideId(0)), s.game.score(SideId(1))), (2, 0));
}
