//! Rules engine benchmarks on a generated 60x80 map with 300 units (`rules::testgen`).
//!
//! cargo bench --no-default-features --bench rules

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use musket::rules::game::Game;
use musket::rules::gcacw::Gcacw;
use musket::rules::ruleset::Ruleset;
use musket::rules::scenario::{ScenarioFile, validate};
use musket::rules::testgen::{assault_case, first_contact, generated, grand_case};

const COLUMNS: u32 = 60;
const ROWS: u32 = 80;
const UNITS: usize = 300;
const SEED: u64 = 1;

fn setup() -> (ScenarioFile, Arc<dyn Ruleset>, Game) {
    let file = generated(COLUMNS, ROWS, UNITS, SEED);
    let scenario = validate(file.clone()).expect("the generated scenario validates");
    let rules: Arc<dyn Ruleset> = Arc::new(Gcacw::builtin());
    let game = Game::new(Arc::new(scenario), rules.clone());
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
        let sc = musket::rules::scenario::load(&path).expect("shipped scenarios load");
        if sc.ruleset == "gcacw" {
            continue;
        }
        let rules = musket::rules::ruleset::builtin(&sc.ruleset).expect("built-in tables");
        let game = Game::new(Arc::new(sc), rules.clone());
        let req = first_contact(&game).expect("the scenario starts in contact");
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
    }

    c.bench_function("scenario_validate_60x80", |b| {
        b.iter_batched(
            || file.clone(),
            |f| validate(black_box(f)),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(rules_benches, benches);
criterion_main!(rules_benches);
