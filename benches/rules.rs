//! Rules engine benchmarks on a generated 60x80 map with 300 units (`rules::testgen`).
//!
//! cargo bench --no-default-features --bench rules

use std::hint::black_box;
use std::sync::Arc;

#[path = "../tests/all/support/testgen.rs"]
mod testgen;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use musket::rules::command::validate as validate_command;
use musket::rules::game::Game;
use musket::rules::gcacw::Gcacw;
use musket::rules::order::Command;
use musket::rules::registry::parse_scenario as parse;
use musket::rules::registry::validate_scenario as validate;
use musket::rules::ruleset::Ruleset;
use musket::rules::scenario::ScenarioFile;
use musket::rules::scenario::to_ron;
use testgen::{LongList, assault_case, big_stack, first_contact, generated, grand_case, long_list};

const COLUMNS: u32 = 60;
const ROWS: u32 = 80;
const UNITS: usize = 300;
const SEED: u64 = 1;

fn setup() -> (ScenarioFile, Arc<dyn Ruleset>, Game) {
    let file = generated(COLUMNS, ROWS, UNITS, SEED);
    let scenario = validate(file.clone()).expect("the generated scenario validates");
    let rules: Arc<dyn Ruleset> = Arc::new(Gcacw::builtin());
    let game = musket::rules::flow::new_game(Arc::new(scenario), rules.clone());
    (file, rules, game)
}

fn benches(c: &mut Criterion) {
    let (file, rules, game) = setup();

    c.bench_function("zoc_whole_map", |b| b.iter(|| rules.zoc(black_box(&game))));

    let assault = assault_case(&game).expect("an assault from one hex");
    rules.odds(&game, &assault).expect("the assault is legal");
    c.bench_function("odds_assault", |b| {
        b.iter(|| rules.odds(black_box(&game), black_box(&assault)))
    });

    if let Some(grand) = grand_case(&game) {
        rules
            .odds(&game, &grand)
            .expect("the grand assault is legal");
        c.bench_function("odds_grand_assault", |b| {
            b.iter(|| rules.odds(black_box(&game), black_box(&grand)))
        });
    }

    // The other rule systems: the first contact of each of their scenarios.
    let mut files: Vec<_> = std::fs::read_dir("scenarios")
        .expect("run from the package root")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    for path in files {
        let sc = musket::rules::registry::load_scenario(&path).expect("shipped scenarios load");
        if sc.ruleset == "gcacw" {
            continue;
        }
        let rules = musket::rules::registry::builtin(sc.ruleset).expect("built-in tables");
        let game = musket::rules::flow::new_game(Arc::new(sc), rules.clone());
        // A scenario whose armies start apart (Shiloh 1862 at 5 a.m.) has no first contact.
        let Some(req) = first_contact(&game) else {
            eprintln!("{}: no attack at the start, no odds timed", path.display());
            continue;
        };
        rules
            .odds(&game, &req)
            .expect("the first contact can attack");
        let name = format!(
            "odds_{}",
            path.file_stem().unwrap_or_default().to_string_lossy()
        );
        c.bench_function(&name, |b| {
            b.iter(|| rules.odds(black_box(&game), black_box(&req)))
        });
        // The computer players' odds: the same numbers without the explanation.
        c.bench_function(&format!("{name}_unexplained"), |b| {
            b.iter(|| rules.odds_unexplained(black_box(&game), black_box(&req)))
        });
    }

    c.bench_function("scenario_validate_60x80", |b| {
        b.iter_batched(
            || file.clone(),
            |f| validate(black_box(f)),
            BatchSize::SmallInput,
        )
    });
}

/// The loader on files with one list 100,000 entries long (issue 8.7: every check linear or
/// n log n): text to a checked scenario, RON parsing included.
fn loader(c: &mut Criterion) {
    let mut group = c.benchmark_group("loader");
    group.sample_size(10);
    for list in LongList::ALL {
        let text = to_ron(&long_list(list, 100_000));
        parse(&text, std::path::Path::new("long.ron")).expect("the long list loads");
        group.bench_function(format!("load_100k_{}", list.name()), |b| {
            b.iter(|| parse(black_box(&text), std::path::Path::new("long.ron")))
        });
    }
    group.finish();
}

/// Commands on a 10,000-unit stack (issue 8.9: units found by id through an index).
fn stack(c: &mut Criterion) {
    let n = 10_000;
    // An army leader in the stack leads its assault (GCACW 7.1, `sequence.assault`).
    let mut file = big_stack(n);
    file.units.push(musket::rules::scenario::UnitFile {
        id: "army".into(),
        name: "Army".into(),
        side: "Union".into(),
        kind: musket::rules::unit::UnitKind::Leader,
        hex: "0505".into(),
        strength: Some(musket::rules::scenario::StrengthFile::Organized(0.0)),
        army: true,
        ..musket::rules::scenario::UnitFile::blank()
    });
    let sc = validate(file).expect("the stack validates");
    let game = musket::rules::flow::new_game(Arc::new(sc), Arc::new(Gcacw::builtin()));
    let mut group = c.benchmark_group("stack");
    let mv = Command::Move {
        unit: format!("u{}", n - 1),
        path: vec!["0506".into()],
    };
    validate_command(&game, &mv).expect("the move is legal");
    group.bench_function("validate_move_from_10k_stack", |b| {
        b.iter(|| validate_command(black_box(&game), black_box(&mv)))
    });
    let attack = Command::Attack {
        attackers: (0..n)
            .map(|i| format!("u{i}"))
            .chain(["army".to_string()])
            .collect(),
        defender: "0605".into(),
        kind: None,
        march_type: None,
        choices: Default::default(),
        options: Default::default(),
    };
    validate_command(&game, &attack).expect("the assault is legal");
    group.bench_function("validate_assault_by_10k_stack", |b| {
        b.iter(|| validate_command(black_box(&game), black_box(&attack)))
    });
    group.bench_function("move_10k_stack_one_hex", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                let to = g.scenario.parse_hex("0506").expect("on the map");
                for i in 0..n {
                    g.place(musket::rules::unit::UnitIdx(i as u32), Some(to));
                }
                g
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// Movement on the 60x80 generated map with 300 units (issue 9): the reach of one stack, of
/// every unit, and the shared context (each side's enemy ZOC) they need.
fn movement(c: &mut Criterion) {
    use musket::rules::movement::{MoveContext, reachable};
    let (_, _, game) = setup();
    let ctx = MoveContext::new(&game);
    let mut group = c.benchmark_group("movement");
    group.bench_function("move_context_60x80", |b| {
        b.iter(|| MoveContext::new(black_box(&game)))
    });
    // The first infantry stack, and the units one by one (a roll not made yet counts at its
    // largest: 1d6 + 1 for Confederate infantry, 2d6 for cavalry).
    let first = game
        .unit_indices()
        .find(|u| {
            game.unit(*u).on_map() && game.unit(*u).kind == musket::rules::unit::UnitKind::Infantry
        })
        .expect("an infantry unit");
    let hex = game.unit(first).hex.expect("on the map");
    let stack: Vec<_> = game
        .units_at(hex)
        .iter()
        .copied()
        .filter(|u| game.unit(*u).side == game.unit(first).side)
        .collect();
    let r = reachable(&game, &ctx, &stack, None).expect("a reach");
    eprintln!(
        "reach of one stack ({} units): {} hexes",
        stack.len(),
        r.len()
    );
    group.bench_function("reach_one_stack", |b| {
        b.iter(|| reachable(black_box(&game), &ctx, black_box(&stack), None))
    });
    let all: Vec<_> = game
        .unit_indices()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    group.bench_function("reach_all_300_units", |b| {
        b.iter(|| {
            all.iter()
                .map(|u| {
                    reachable(&game, &ctx, std::slice::from_ref(u), None).map_or(0, |r| r.len())
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

/// One turn of the computer opponent on the 60x80 generated map with 300 units (issue 10): its
/// thinking and its commands applied, from a fresh game each time.
fn ai_turn(c: &mut Criterion) {
    use musket::rules::ai::{Kind, play_turn};
    use musket::rules::session::Session;
    use musket::rules::unit::SideId;
    let (_, rules, game) = setup();
    let mut group = c.benchmark_group("ai");
    group.sample_size(20);
    group.bench_function("ai_turn_60x80_300_units", |b| {
        b.iter_batched(
            || {
                (
                    Session::new(game.scenario.clone(), rules.clone(), SEED),
                    Kind::Ai(2).player(SEED, SideId(0)),
                )
            },
            |(mut s, mut p)| play_turn(&mut s, p.as_mut()),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// The scenario editor on a 999x999 map (issue 16 item 5): undo keeps what each edit changed,
/// so 2,000 single-hex paints and 50 unit copies cost in proportion to the edits, not the map.
fn editor(c: &mut Criterion) {
    use musket::editor::{EditAction, Editor};
    let file = generated(999, 999, 40, SEED);
    let ed = Editor::new(file);
    let unit = ed.file.units[0].id.clone();
    let hex = ed.file.units[0].hex.clone();
    let letter = ed.file.map.terrain[0].chars().next().unwrap_or('c');
    let other = if letter == 'w' { 'c' } else { 'w' };
    let mut group = c.benchmark_group("editor");
    group.sample_size(10);
    group.bench_function("editor_2000_paints_999x999", |b| {
        b.iter_batched(
            || ed.clone(),
            |mut ed| {
                for i in 0..2000u32 {
                    let (col, row) = (1 + (i * 7) % 999, 1 + (i * 13) % 999);
                    let t = if i % 2 == 0 { other } else { letter };
                    ed.apply(&EditAction::Paint {
                        terrain: t,
                        hexes: vec![format!("{col:03}{row:03}")],
                    })
                    .expect("a paint");
                }
                ed
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("editor_50_copy_unit_999x999", |b| {
        b.iter_batched(
            || ed.clone(),
            |mut ed| {
                for i in 0..50 {
                    ed.apply(&EditAction::CopyUnit {
                        id: unit.clone(),
                        new_id: format!("copy-{i}"),
                        hex: hex.clone(),
                    })
                    .expect("a copy");
                }
                ed
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// Issue 18 targets (release, 2 cores): the threats of one hex < 2 ms, of every hex of a side
/// < 50 ms, on South Mountain (66 units).
fn threats(c: &mut Criterion) {
    use musket::rules::threat::{ThreatModel, threats as hex_threats};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/south-mountain.ron");
    let game = musket::cli::load_game(std::path::Path::new(path), &Default::default())
        .unwrap_or_else(|e| panic!("{}", e.0));
    let side = game.active_side.other();
    // The hex of the side with the most threats.
    let hex = ThreatModel::new(&game, side)
        .all()
        .into_iter()
        .max_by_key(|t| t.threats.len())
        .expect("a threatened hex")
        .hex;
    c.bench_function("threats_one_hex_south_mountain", |b| {
        b.iter(|| hex_threats(black_box(&game), hex).expect("threats"))
    });
    c.bench_function("threats_whole_side_south_mountain", |b| {
        b.iter(|| ThreatModel::new(black_box(&game), side).all())
    });
}

/// What a search over games costs per node (issue 19): a copy of a South Mountain game, and a
/// copy plus the first command the strongest computer player sends (validated and applied).
fn game_copy(c: &mut Criterion) {
    use musket::rules::ai::Kind;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/south-mountain.ron");
    let game = musket::cli::load_game(std::path::Path::new(path), &Default::default())
        .unwrap_or_else(|e| panic!("{}", e.0));
    let cmd = Kind::Ai(2)
        .player(1, game.active_side)
        .decide(&game)
        .command;
    c.bench_function("game_clone_south_mountain", |b| {
        b.iter(|| black_box(&game).clone())
    });
    c.bench_function("game_clone_and_apply_south_mountain", |b| {
        b.iter_batched(
            || musket::rules::dice::Dice::new(1),
            |mut dice| {
                let mut g = black_box(&game).clone();
                musket::rules::command::execute(&mut g, &cmd, &mut dice).expect("a valid command");
                g
            },
            BatchSize::SmallInput,
        )
    });
}

/// The search level (`ai3`, issue 19) on South Mountain: one playout (a game copy played on by
/// the playout players, `ai2`'s style for the side, for one game turn) and the first game turn
/// with `ai3`
/// playing the first side's actions and `ai2` the second's (all of both sides' thinking and
/// their commands applied; `musket selfplay`'s `game_turn_ms` gives `ai3`'s share alone).
fn search(c: &mut Criterion) {
    use musket::rules::ai::{Kind, search};
    use musket::rules::session::Session;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/south-mountain.ron");
    let game = musket::cli::load_game(std::path::Path::new(path), &Default::default())
        .unwrap_or_else(|e| panic!("{}", e.0));
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("ai3_playout_one_game_turn_south_mountain", |b| {
        let style = search::portfolio()
            .into_iter()
            .find(|s| s.name == "steady")
            .expect("ai2's own style")
            .style;
        b.iter(|| {
            search::play_style(
                black_box(&game),
                style,
                musket::rules::ai::Kind::Ai(2),
                7,
                search::Horizon::Turns(1),
            )
        })
    });
    // Issue 49: a playout to the end of the game (eight game turns from the opening), the
    // default style against `ai2`'s: what a style choice that sees the end pays per playout.
    group.bench_function("ai3_playout_to_the_end_south_mountain", |b| {
        let stand = search::portfolio()[0].style;
        b.iter(|| {
            search::play_style(
                black_box(&game),
                stand,
                musket::rules::ai::Kind::Ai(2),
                7,
                search::Horizon::Turns(u32::MAX),
            )
        })
    });
    group.bench_function("ai3_first_game_turn_south_mountain", |b| {
        b.iter_batched(
            || Session::new(game.scenario.clone(), game.rules.clone(), SEED),
            |mut s| {
                let mut players = [
                    Kind::Ai(3).player(SEED, musket::rules::unit::SideId(0)),
                    Kind::Ai(2).player(SEED, musket::rules::unit::SideId(1)),
                ];
                let turn = s.game.turn;
                while s.game.turn == turn && !s.game.is_over() {
                    let side = s.game.active_side.0 as usize;
                    musket::rules::ai::play_turn(&mut s, players[side].as_mut());
                }
                s
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(
    rules_benches,
    benches,
    loader,
    stack,
    movement,
    ai_turn,
    editor,
    threats,
    game_copy,
    search
);
criterion_main!(rules_benches);
