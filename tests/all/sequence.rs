//! The sequence of play (`rules::sequence`, `assets/rules/*.ron` `sequence`): one engine runs
//! every rule system's phases; `validate` refuses what the phase does not allow.

use std::path::Path;
use std::sync::Arc;

use musket::rules::ai::Kind;
use musket::rules::command::validate;
use musket::rules::order::{Command, CommandError};
use musket::rules::registry::for_scenario;
use musket::rules::scenario;
use musket::rules::sequence::{Acts, Allow, PhaseState};
use musket::rules::session::Session;
use musket::rules::unit::SideId;
use proptest::prelude::*;

fn session(file: &str, seed: u64) -> Session {
    let sc = musket::rules::registry::load_scenario(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(file),
    )
    .unwrap();
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    Session::new(Arc::new(sc), rules, seed)
}

fn phase_key(s: &Session) -> String {
    s.game.sequence.phase(s.game.phase).key.clone()
}

// GBACW (assets/rules/gbacw.ron `sequence`, order [inferred] from TSS errata 8.7, 5.29):
// movement by the phasing side, defensive fire by the other side, offensive fire, melee; the
// second side's player-turn follows, then the next game turn.
#[test]
fn gbacw_phases_run_in_order_with_the_side_that_acts() {
    let mut s = session("gbacw-bloody-hill.ron", 1);
    let c = SideId(0);
    let u = SideId(1);
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push((
            s.game.turn,
            s.game.phase.phasing,
            phase_key(&s),
            s.game.active_side,
        ));
        s.execute(Command::EndPhase).unwrap();
    }
    seen.push((
        s.game.turn,
        s.game.phase.phasing,
        phase_key(&s),
        s.game.active_side,
    ));
    let want = |t, p, k: &str, a| (t, p, k.to_string(), a);
    assert_eq!(
        seen,
        vec![
            want(1, c, "movement", c),
            want(1, c, "defensive_fire", u),
            want(1, c, "offensive_fire", c),
            want(1, c, "melee", c),
            want(1, u, "movement", u),
            want(1, u, "defensive_fire", c),
            want(1, u, "offensive_fire", u),
            want(1, u, "melee", u),
            want(2, c, "movement", c),
        ]
    );
}

// `EndTurn` ends phases until the other side acts: from the Confederate movement to the Union's
// defensive fire; from there to the Confederate offensive fire; from the offensive fire past
// the melee to the Union's movement.
#[test]
fn end_turn_ends_phases_until_the_other_side_acts() {
    let mut s = session("gbacw-bloody-hill.ron", 1);
    let ev = s.execute(Command::EndTurn).unwrap();
    assert_eq!(phase_key(&s), "defensive_fire");
    assert!(ev.iter().any(|e| matches!(e, musket::rules::event::Event::PhaseBegan { phase, .. } if phase == "Defensive fire")));
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(phase_key(&s), "offensive_fire");
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(
        (phase_key(&s), s.game.phase.phasing, s.game.active_side),
        ("movement".to_string(), SideId(1), SideId(1))
    );
}

// SSI Shiloh (assets/rules/shiloh.ron `sequence`, rounds 2 [player: everygamegoing.com review]):
// two sets of Confederate and Union operations a turn; each operations phase starts with the
// whole OP allowance.
#[test]
fn shiloh_plays_two_rounds_of_operations_a_turn() {
    let mut s = session("shiloh-hornets-nest.ron", 1);
    let first = s.game.active_side;
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push((s.game.turn, s.game.phase.round, s.game.active_side));
        let ev = s.execute(Command::EndTurn).unwrap();
        assert!(
            ev.iter()
                .any(|e| matches!(e, musket::rules::event::Event::TurnEnded { .. }))
        );
    }
    seen.push((s.game.turn, s.game.phase.round, s.game.active_side));
    let (a, b) = (first, first.other());
    assert_eq!(
        seen,
        vec![(1, 0, a), (1, 0, b), (1, 1, a), (1, 1, b), (2, 0, a)]
    );
    // The OPs a unit spent in its first operations phase are back in its second.
    let mut s = session("shiloh-hornets-nest.ron", 1);
    let g = &s.game;
    let (id, to) = g
        .unit_indices()
        .filter(|u| g.unit(*u).side == g.active_side && g.unit(*u).is_combat())
        .find_map(|u| {
            let at = g.unit(u).hex?;
            at.neighbors().into_iter().find_map(|n| {
                let c = Command::Move {
                    unit: g.unit(u).id.clone(),
                    path: vec![g.label(n)],
                };
                validate(g, &c).is_ok().then(|| (g.unit(u).id.clone(), n))
            })
        })
        .expect("a unit that may move");
    let u = s.game.unit_by_id(&id).unwrap();
    s.execute(Command::Move {
        unit: id.clone(),
        path: vec![s.game.label(to)],
    })
    .unwrap();
    assert!(s.game.unit(u).spent > musket::rules::points::Mp::ZERO);
    s.execute(Command::EndTurn).unwrap();
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(s.game.phase.round, 1);
    assert_eq!(s.game.unit(u).spent, musket::rules::points::Mp::ZERO);
}

/// A command of each kind a phase may refuse, by a unit of the side that acts now, against an
/// adjacent enemy where one is needed.
fn probes(s: &Session) -> Vec<(Allow, Command)> {
    let g = &s.game;
    let side = g.active_side;
    let mut out = Vec::new();
    for u in g.unit_indices() {
        let unit = g.unit(u);
        if unit.side != side || !unit.is_combat() {
            continue;
        }
        let Some(at) = unit.hex else { continue };
        for n in at.neighbors() {
            if !g.map().contains(n) {
                continue;
            }
            if g.units_at(n).is_empty() && out.iter().all(|(a, _)| *a != Allow::Move) {
                out.push((
                    Allow::Move,
                    Command::Move {
                        unit: unit.id.clone(),
                        path: vec![g.label(n)],
                    },
                ));
            }
            if g.side_at(n) == Some(side.other()) {
                for k in g.rules.attack_types() {
                    if out.iter().all(|(a, _)| *a != Allow::AttackOf(*k)) {
                        out.push((
                            Allow::AttackOf(*k),
                            Command::Attack {
                                attackers: vec![unit.id.clone()],
                                defender: g.label(n),
                                kind: Some(*k),
                                march_type: None,
                                choices: Default::default(),
                                options: Default::default(),
                            },
                        ));
                    }
                }
            }
        }
    }
    out
}

// In every phase of every shipped scenario's sequence, a move or an attack the phase does not
// allow is refused as out of phase, naming the phase and the side that acts; one it allows is
// never refused as out of phase.
#[test]
fn out_of_phase_commands_are_refused_naming_the_phase() {
    for file in [
        "foxs-gap.ron",
        "gbacw-bloody-hill.ron",
        "ngg1812-smolensk.ron",
        "shiloh-hornets-nest.ron",
    ] {
        let mut s = session(file, 3);
        let n = s.game.sequence.phases.len();
        let mut refused = 0;
        for _ in 0..2 * n {
            let phase = s.game.sequence.phase(s.game.phase).clone();
            let side = s.game.scenario.side_name(s.game.active_side).to_string();
            for (what, cmd) in probes(&s) {
                let allowed = phase.allows.iter().any(|a| {
                    *a == what || *a == Allow::Attack && matches!(what, Allow::AttackOf(_))
                });
                match validate(&s.game, &cmd) {
                    Err(CommandError::Phase(m)) => {
                        refused += 1;
                        assert!(!allowed, "{file} {}: {cmd:?} refused: {m}", phase.name);
                        assert!(
                            m.starts_with(&format!("{}: only the {side} acts now", phase.name)),
                            "{file}: {m}"
                        );
                    }
                    _ => assert!(allowed, "{file} {}: {cmd:?} not refused", phase.name),
                }
            }
            s.execute(Command::EndPhase).unwrap();
        }
        // Each phase of GBACW refuses something the opening position offers.
        if n > 1 {
            assert!(refused >= 2 * n, "{file}: {refused} refusals");
        }
    }
}

// A phase's attack limit counts the attacks of that phase only (GBACW: a unit that fired in
// the defensive fire fires again in its own offensive fire).
#[test]
fn phase_limits_restart_with_each_phase() {
    let s = session("gbacw-bloody-hill.ron", 1);
    let seq = &s.game.sequence;
    let limited: Vec<&str> = seq
        .phases
        .iter()
        .filter(|p| p.attacks_per_unit == Some(1))
        .map(|p| p.key.as_str())
        .collect();
    assert_eq!(limited, ["defensive_fire", "offensive_fire", "melee"]);
    assert_eq!(seq.phases[1].acts, Acts::NonPhasing);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    // Random play on every shipped rule system never leaves the phase machine in an undefined
    // state (the phase exists, the side acting is the one the phase names), and the log
    // replays to the identical game.
    #[test]
    fn random_games_keep_the_phase_machine_defined_and_replay_exactly(
        scenario in 0usize..4,
        seed in any::<u64>(),
        commands in 1usize..200,
    ) {
        let file = ["foxs-gap.ron", "gbacw-bloody-hill.ron", "ngg1812-smolensk.ron",
            "shiloh-hornets-nest.ron"][scenario];
        let mut s = session(file, seed);
        let mut players = [Kind::Random.player(seed, SideId(0)), Kind::Random.player(seed ^ 1, SideId(1))];
        for _ in 0..commands {
            if s.game.is_over() { break; }
            let d = players[s.game.active_side.0 as usize].decide(&s.game);
            prop_assert!(validate(&s.game, &d.command).is_ok(), "{file}: {:?}", d.command);
            s.execute(d.command).unwrap();
            let g = &s.game;
            let PhaseState { index, phasing, round } = g.phase;
            prop_assert!(index < g.sequence.phases.len());
            prop_assert!(round < g.sequence.rounds);
            prop_assert_eq!(g.active_side, g.sequence.acting(g.phase).unwrap_or(g.active_side));
            prop_assert!(phasing.0 < 2);
            // An action phase: the initiative's winner acts; a leader's activation is his
            // group's action (GCACW: random play activates and transfers leaders too).
            if musket::rules::gate::on_initiative(g) && !g.is_over() {
                prop_assert_eq!(g.cycle.winner, Some(g.active_side));
            }
            if let Some(l) = g.cycle.leader {
                prop_assert!(g.cycle.units.contains(&l));
            }
        }
        let back = Session::replay(s.game.scenario.clone(), s.game.rules.clone(), seed, &s.log).unwrap();
        prop_assert_eq!(&back.game.units, &s.game.units);
        prop_assert_eq!(back.game.phase, s.game.phase);
        prop_assert_eq!(back.game.turn, s.game.turn);
        prop_assert_eq!(back.game.active_side, s.game.active_side);
    }
}

/// An action phase on the initiative, once a game turn (the engine GCACW's action cycles will
/// run on; no shipped rules file uses it yet).
fn action_phase() -> musket::rules::sequence::Sequence {
    use musket::rules::sequence::*;
    Sequence {
        structure: Structure::GameTurn,
        phases: vec![Phase {
            key: "action".into(),
            name: "Action phase".into(),
            acts: Acts::Initiative,
            allows: vec![Allow::Move, Allow::Special, Allow::Attack],
            attacks_per_unit: None,
            from_turn: None,
            skip_when_idle: false,
            source: "test".into(),
        }],
        initiative: Some(InitiativeRules {
            dice: 1,
            ties: Ties::Reroll,
            pass: PassRule::Reroll,
            alternate: false,
            source: "test".into(),
        }),
        fatigue: Some(FatigueRules {
            per_march: 1,
            max: 4,
            recovery: 2,
            extended: None,
            forced: None,
            source: "test fatigue".into(),
        }),
        recovery: None,
        trains: None,
        command_control: None,
        round_recovery: None,
        leader_transfer: None,
        activation: None,
        assault: None,
        rounds: 1,
        source: "test".into(),
    }
}

fn action_session(seed: u64) -> Session {
    let sc = musket::rules::registry::load_scenario(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/foxs-gap.ron"),
    )
    .unwrap();
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    Session::with_sequence(Arc::new(sc), rules, seed, Arc::new(action_phase()))
}

/// The winner of rolls drawn from `dice` as the engine draws them: the first side's die, then
/// the second's, again on a tie.
fn expected_winner(dice: &mut musket::rules::dice::Dice) -> SideId {
    loop {
        let (a, b) = (dice.d6(), dice.d6());
        if a != b {
            return if a > b { SideId(0) } else { SideId(1) };
        }
    }
}

// The game begins with an initiative roll (before any command): the higher die acts, a tie is
// rolled again; every roll is in the events.
#[test]
fn an_action_phase_begins_with_the_initiative_roll() {
    use musket::rules::event::Event;
    for seed in 0..20 {
        let s = action_session(seed);
        let mut d = musket::rules::dice::Dice::new(seed);
        let want = expected_winner(&mut d);
        assert_eq!(s.game.active_side, want, "seed {seed}");
        assert_eq!(s.dice.rolls(), d.rolls(), "seed {seed}");
        let last = s.opening.last().unwrap();
        assert!(matches!(last, Event::InitiativeRolled { winner: Some(w), .. } if *w == want));
        assert!(s.game.sequence.problems().is_empty());
    }
}

// One action is one unit's or one group's: after the winner's first command, other units are
// refused until the action ends; ending it rolls the initiative again.
#[test]
fn an_action_is_one_stack_and_ending_it_rolls_again() {
    let mut s = action_session(3);
    let side = s.game.active_side;
    let g = &s.game;
    // Two units of the side to act, in different hexes, each able to roll its march.
    let marchers: Vec<_> = g
        .unit_indices()
        .filter(|u| {
            let unit = g.unit(*u);
            unit.side == side
                && unit.is_combat()
                && validate(
                    g,
                    &Command::March {
                        units: vec![unit.id.clone()],
                    },
                )
                .is_ok()
        })
        .collect();
    let a = marchers[0];
    let b = *marchers
        .iter()
        .find(|u| g.unit(**u).hex != g.unit(a).hex)
        .expect("another");
    let (ida, idb) = (g.unit(a).id.clone(), g.unit(b).id.clone());
    let name_a = g.unit(a).name.clone();
    s.execute(Command::March {
        units: vec![ida.clone()],
    })
    .unwrap();
    let e = validate(
        &s.game,
        &Command::March {
            units: vec![idb.clone()],
        },
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains(&format!("this action is {name_a}'s")),
        "{e}"
    );
    let rolls = s.dice.rolls();
    s.execute(Command::EndTurn).unwrap();
    assert!(s.dice.rolls() >= rolls + 2, "a new initiative roll");
    assert_eq!(s.game.cycle.actions[side.0 as usize], 1);
    assert!(s.game.cycle.units.is_empty());
    // The marched unit may march again in a later action (its allowance is spent).
    assert!(s.game.unit(a).march.is_none());
}

// The phase ends when both sides have passed since the last action (ending an action without
// a command is a pass); the game turn then ends and the next begins with a roll.
#[test]
fn both_sides_passing_ends_the_action_phase_and_the_turn() {
    use musket::rules::event::Event;
    let mut s = action_session(7);
    let mut passed = [false, false];
    let mut guard = 0;
    while s.game.turn == 1 {
        let side = s.game.active_side;
        let ev = s.execute(Command::EndTurn).unwrap();
        assert!(ev.contains(&Event::Passed { side }));
        passed[side.0 as usize] = true;
        if s.game.turn == 1 {
            assert!(
                !(passed[0] && passed[1]),
                "both passed and the turn goes on"
            );
        }
        guard += 1;
        assert!(guard < 100);
    }
    assert!(passed[0] && passed[1]);
    assert_eq!(s.game.turn, 2);
    assert!(
        s.game.cycle.winner.is_some(),
        "the new turn's initiative is rolled"
    );
    // A replay of the log is the same game.
    let back = Session::replay_with(
        s.game.scenario.clone(),
        s.game.rules.clone(),
        7,
        s.game.sequence.clone(),
        &s.log,
    )
    .unwrap();
    assert_eq!(back.game.active_side, s.game.active_side);
    assert_eq!(back.dice.rolls(), s.dice.rolls());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    // Random play in an action phase: the side that acts is always the initiative's winner,
    // every command the random player sends is accepted, and the log replays exactly.
    #[test]
    fn random_play_on_the_initiative_stays_defined(seed in any::<u64>(), commands in 1usize..300) {
        let mut s = action_session(seed);
        let mut players = [Kind::Random.player(seed, SideId(0)), Kind::Random.player(seed ^ 1, SideId(1))];
        for _ in 0..commands {
            if s.game.is_over() { break; }
            prop_assert_eq!(s.game.cycle.winner, Some(s.game.active_side));
            let d = players[s.game.active_side.0 as usize].decide(&s.game);
            prop_assert!(validate(&s.game, &d.command).is_ok(), "{:?}", d.command);
            s.execute(d.command).unwrap();
        }
        let back = Session::replay_with(s.game.scenario.clone(), s.game.rules.clone(), seed,
            s.game.sequence.clone(), &s.log).unwrap();
        prop_assert_eq!(&back.game.units, &s.game.units);
        prop_assert_eq!(&back.game.cycle, &s.game.cycle);
    }
}

// Fatigue in an action phase: every march adds one level to the marching units (not leaders);
// a unit at the highest level may not march; the recovery at the end of the game turn takes
// levels off (the test sequence: +1 a march, 4 the highest, 2 recovered).
#[test]
fn marching_tires_units_and_the_recovery_rests_them() {
    let mut s = action_session(11);
    let g = &s.game;
    let side = g.active_side;
    let u = g
        .unit_indices()
        .find(|u| {
            let unit = g.unit(*u);
            unit.side == side
                && unit.is_combat()
                && !unit.is_leader()
                && validate(
                    g,
                    &Command::March {
                        units: vec![unit.id.clone()],
                    },
                )
                .is_ok()
        })
        .expect("a unit to march");
    let id = s.game.unit(u).id.clone();
    let start = s.game.unit(u).fatigue;
    let mut marches = 0;
    // March the unit in each action its side wins; the other side passes.
    while s.game.turn == 1 {
        if s.game.active_side == side {
            let march = Command::March {
                units: vec![id.clone()],
            };
            match validate(&s.game, &march) {
                Ok(_) => {
                    let ev = s.execute(march).unwrap();
                    marches += 1;
                    let want = (start + marches).min(4);
                    assert_eq!(s.game.unit(u).fatigue, want);
                    if start + marches <= 4 {
                        assert!(ev.iter().any(|e| matches!(
                            e,
                            musket::rules::event::Event::FatigueRaised { to, .. } if *to == want
                        )));
                    }
                }
                Err(e) => {
                    assert_eq!(s.game.unit(u).fatigue, 4, "{e}");
                    assert!(e.to_string().contains("fatigue 4, the highest"), "{e}");
                }
            }
        }
        s.execute(Command::EndTurn).unwrap();
        assert!(marches < 50);
    }
    assert!(marches >= 1);
    let before = (start + marches).min(4);
    assert_eq!(s.game.unit(u).fatigue, before.saturating_sub(2));
}

// NGG 1812 (the data: strategic movement in alternating single stacks, 8.2-8.4, then each
// side's combat): the French move one stack, then the Russians; a second stack waits for the
// next turn of the alternation; attacks wait for the combat phase; when both pass in a row the
// French fight, then the Russians; the next game turn starts with the French moving again.
#[test]
fn ngg_strategic_movement_alternates_single_stacks_then_combat() {
    use musket::rules::gate::on_initiative;
    let mut s = session("ngg1812-smolensk.ron", 5);
    let key = |s: &Session| s.game.sequence.phase(s.game.phase).key.clone();
    assert_eq!(
        (key(&s), s.game.active_side),
        ("movement".to_string(), SideId(0))
    );
    assert!(on_initiative(&s.game));
    assert_eq!(s.dice.rolls(), 0, "the alternation rolls no dice");
    // Attacks wait for the combat phases (out of phase: refused, naming where they belong).
    let g = &s.game;
    let attack = g.unit_indices().find_map(|u| {
        let unit = g.unit(u);
        let h = unit.hex?;
        (unit.side == SideId(0) && unit.is_combat())
            .then(|| {
                h.neighbors()
                    .into_iter()
                    .find(|n| g.side_at(*n) == Some(SideId(1)))
            })
            .flatten()
            .map(|n| Command::Attack {
                attackers: vec![unit.id.clone()],
                defender: g.label(n),
                kind: None,
                march_type: None,
                choices: Default::default(),
                options: Default::default(),
            })
    });
    let a = attack.expect("a French unit next to a Russian one at the start");
    let e = validate(g, &a).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("Strategic movement: only the French acts now, with moves"),
        "{e}"
    );
    assert!(e.to_string().contains("come in Combat"), "{e}");
    // The French move one stack (any unit able to move one hex).
    let g = &s.game;
    let mut moved = None;
    for u in g
        .unit_indices()
        .filter(|u| g.unit(*u).side == SideId(0) && g.unit(*u).is_combat())
    {
        let h = g.unit(u).hex.unwrap();
        for n in h.neighbors() {
            let cmd = Command::Move {
                unit: g.unit(u).id.clone(),
                path: vec![g.label(n)],
            };
            if validate(g, &cmd).is_ok() {
                moved = Some((u, cmd));
                break;
            }
        }
        if moved.is_some() {
            break;
        }
    }
    let (u, cmd) = moved.expect("a French unit that can move");
    s.execute(cmd).unwrap();
    // Another French stack elsewhere waits.
    let g = &s.game;
    let other = g
        .unit_indices()
        .find(|o| {
            g.unit(*o).side == SideId(0)
                && g.unit(*o).is_combat()
                && g.unit(*o).hex != g.unit(u).hex
        })
        .unwrap();
    let h = g.unit(other).hex.unwrap();
    let e = validate(
        g,
        &Command::Move {
            unit: g.unit(other).id.clone(),
            path: vec![g.label(h.neighbors()[0])],
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("acts in another action"), "{e}");
    // End the action: the Russians move next; they pass, and so do the French: combat.
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(s.game.active_side, SideId(1));
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(
        (key(&s), s.game.active_side),
        ("movement".to_string(), SideId(0))
    );
    // The unit that moved does not move again this phase (8.3).
    let e = validate(
        &s.game,
        &Command::Move {
            unit: s.game.unit(u).id.clone(),
            path: vec![s.game.label(s.game.unit(u).hex.unwrap().neighbors()[0])],
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("made its move"), "{e}");
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(
        (key(&s), s.game.active_side),
        ("combat_first".to_string(), SideId(0))
    );
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(
        (key(&s), s.game.active_side),
        ("combat_second".to_string(), SideId(1))
    );
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(
        (s.game.turn, key(&s), s.game.active_side),
        (2, "movement".to_string(), SideId(0))
    );
}

/// Fox's Gap under the built-in GCACW rules at the first action phase: its leader-transfer
/// phases passed.
fn gcacw_action(seed: u64) -> Session {
    let mut s = session("foxs-gap.ron", seed);
    let mut guard = 0;
    while phase_key(&s) != "action" {
        s.execute(Command::EndPhase).unwrap();
        guard += 1;
        assert!(guard < 10, "no action phase");
    }
    s
}

// GCACW plays its leader-transfer phases on the first turn too: "The Confederates transfer
// Longstreet from Hagerstown to Boonsboro ... exactly 10 hexes away" on turn 1 of the HCR South
// Mountain replay (wargamereplays); the first side's, then the second side's.
#[test]
fn gcacw_leader_transfers_are_played_on_the_first_turn() {
    let s = session("foxs-gap.ron", 1);
    assert_eq!(s.game.turn, 1);
    assert_eq!(phase_key(&s), "transfer_first");
    assert_eq!(s.game.active_side, SideId(0));
    let leader = s
        .game
        .unit_indices()
        .find(|u| s.game.unit(*u).is_leader() && s.game.unit(*u).side == SideId(0))
        .expect("a Union leader");
    let g = &s.game;
    // A transfer is taken (its refusal, if any, is not about the phase or the turn).
    let to = g
        .unit_indices()
        .filter(|u| g.unit(*u).side == SideId(0) && g.unit(*u).is_combat())
        .filter_map(|u| g.unit(u).hex)
        .find(|h| Some(*h) != g.unit(leader).hex)
        .unwrap();
    let cmd = Command::TransferLeader {
        leader: g.unit(leader).id.clone(),
        to: g.label(to),
    };
    if let Err(e) = validate(g, &cmd) {
        let e = e.to_string();
        assert!(!e.contains("phase") && !e.contains("turn"), "{e}");
    }
}

// GCACW 5.1 as a player reads it beside Lee vs Grant's ("In GCACW a pass by the die-roll winner
// is merely an automatic yield", consim.morssweb.com): a pass hands the action to the other
// side in the same cycle, no dice rolled; that side acts or passes, and its pass ends the phase.
#[test]
fn a_gcacw_pass_yields_the_action_and_a_second_pass_ends_the_phase() {
    use musket::rules::event::Event;
    for seed in 0..10 {
        let mut s = gcacw_action(seed);
        let winner = s.game.active_side;
        let rolls = s.dice.rolls();
        let ev = s.execute(Command::EndPhase).unwrap();
        assert!(ev.contains(&Event::Passed { side: winner }), "seed {seed}");
        assert!(
            ev.contains(&Event::Yielded { to: winner.other() }),
            "seed {seed}"
        );
        assert_eq!(
            s.dice.rolls(),
            rolls,
            "no roll for the yielded action (seed {seed})"
        );
        assert_eq!(s.game.active_side, winner.other());
        assert_eq!(s.game.turn, 1);
        assert_eq!(phase_key(&s), "action");
        // The other side passes too: the action phase, and the game turn, end.
        let ev = s.execute(Command::EndPhase).unwrap();
        assert!(ev.contains(&Event::Passed {
            side: winner.other()
        }));
        assert_eq!(s.game.turn, 2, "seed {seed}");
    }
}

// After a yield the other side may act; the action over, the next cycle rolls again and the
// first pass no longer counts.
#[test]
fn after_a_yielded_action_the_initiative_is_rolled_again() {
    let mut s = gcacw_action(2);
    let winner = s.game.active_side;
    s.execute(Command::EndPhase).unwrap();
    let other = s.game.active_side;
    assert_eq!(other, winner.other());
    let g = &s.game;
    let u = g
        .unit_indices()
        .find(|u| {
            let unit = g.unit(*u);
            unit.side == other
                && validate(
                    g,
                    &Command::March {
                        units: vec![unit.id.clone()],
                    },
                )
                .is_ok()
        })
        .expect("a unit that may march");
    let id = g.unit(u).id.clone();
    s.execute(Command::March { units: vec![id] }).unwrap();
    let rolls = s.dice.rolls();
    s.execute(Command::EndPhase).unwrap();
    assert!(s.dice.rolls() > rolls, "the next cycle's initiative roll");
    assert_eq!(s.game.cycle.passed, [false, false]);
    assert_eq!(s.game.turn, 1);
}

// A scenario whose game gives initiative ties to one side says so (`initiative_ties`), and
// that side wins every tie, whatever the rule system's `ties`.
#[test]
fn a_scenario_may_give_initiative_ties_to_a_side() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/foxs-gap.ron");
    let mut f: scenario::ScenarioFile =
        scenario::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap();
    f.initiative_ties = Some(scenario::InitiativeTiesFile {
        winner: "Confederate".into(),
        source: "test".into(),
    });
    let sc = Arc::new(musket::rules::registry::validate_scenario(f.clone()).unwrap());
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    let mut ties = 0;
    for seed in 0..200 {
        let s = Session::new(sc.clone(), rules.clone(), seed);
        let mut s = s;
        while phase_key(&s) != "action" {
            s.execute(Command::EndPhase).unwrap();
        }
        if let Some([a, b]) = &s.game.cycle.rolled
            && a == b
        {
            ties += 1;
            assert_eq!(s.game.active_side, SideId(1), "seed {seed}");
        }
    }
    assert!(ties > 10, "ties seen: {ties}");
    // A side that is not the scenario's is refused, by name.
    f.initiative_ties.as_mut().unwrap().winner = "Rebels".into();
    let e = musket::rules::registry::validate_scenario(f).unwrap_err();
    assert!(
        e.iter().any(|p| p.field == "initiative_ties.winner"),
        "{e:?}"
    );
}
