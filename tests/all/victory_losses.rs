//! Victory points for the enemy's losses (`victory_losses`, a project addition to the scenario
//! format: docs/scenario-format.md): a side scores a point for every `per` of the enemy's
//! strength destroyed, on top of its victory hexes; checked, written back by the editor, and
//! counted in the outcome. And every shipped scenario survives the editor's writer unchanged.

use std::path::Path;

use musket::rules::registry::parse_scenario as parse;
use musket::rules::unit::SideId;

const EXAMPLE: &str = include_str!("../../scenarios/example-flank.ron");

/// The example (Garland's 4 SP against Cox, Scammon and Crook) with `extra` as a top-level
/// field and eight turns, so that it is a game with a result.
fn with(extra: &str) -> String {
    EXAMPLE.replacen(
        "sides: [\"Union\", \"Confederate\"],",
        &format!("sides: [\"Union\", \"Confederate\"], turn: 1, turns: 8, {extra}"),
        1,
    )
}

fn refused(text: &str) -> String {
    match parse(text, Path::new("losses.ron")) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.to_string(),
    }
}

// The Union scores a point for every 2 SP of the Confederates' destroyed, rounded down: none
// at the start, 1 when Garland has lost 3 of his 4, 2 when all 4; the Confederates, who have no
// entry, none for the Union's losses. With no victory hexes the points then decide.
#[test]
fn a_side_scores_a_point_for_every_per_of_the_enemy_destroyed() {
    let sc = parse(
        &with("victory_losses: [(side: \"Union\", per: 2, source: \"[project default] test\")],"),
        Path::new("losses.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    let mut g = musket::rules::flow::new_game(std::sync::Arc::new(sc), rules);
    let (union, csa) = (SideId(0), SideId(1));
    assert_eq!((g.loss_points(union), g.score(union)), (0, 0));
    let garland = g.unit_by_id("csa-garland").unwrap();
    g.unit_mut(garland).manpower = 1;
    assert_eq!(g.manpower_lost(csa), 3);
    assert_eq!((g.loss_points(union), g.score(union)), (1, 1));
    let cox = g.unit_by_id("usa-cox").unwrap();
    g.unit_mut(cox).manpower = 0;
    assert_eq!(g.loss_points(csa), 0, "the Confederates have no entry");
    let o = musket::rules::victory::outcome(&g);
    assert_eq!(o.points, [1, 0]);
    assert!(
        o.reason.contains("Union 1 points to 0")
            && o.reason.contains("for the enemy's losses: Union 1"),
        "{}",
        o.reason
    );
    g.unit_mut(garland).manpower = 0;
    assert_eq!(g.score(union), 2);
    let l = &g.scenario.victory_losses[0];
    assert_eq!(
        l.describe(&g.scenario.sides),
        "Union: a victory point for every 2 of the enemy's strength destroyed"
    );
}

#[test]
fn bad_entries_are_refused_with_the_field_named() {
    let e = refused(&with("victory_losses: [(side: \"Rebels\", per: 2)],"));
    assert!(
        e.contains("victory_losses[0].side") && e.contains("Union, Confederate"),
        "{e}"
    );
    let e = refused(&with("victory_losses: [(side: \"Union\", per: 0)],"));
    assert!(
        e.contains("victory_losses[0].per") && e.contains("1 to"),
        "{e}"
    );
    let e = refused(&with(
        "victory_losses: [(side: \"Union\", per: 2), (side: \"Union\", per: 3)],",
    ));
    assert!(
        e.contains("victory_losses[1].side") && e.contains("listed twice"),
        "{e}"
    );
    let e = refused(&with("victory_losses: [(side: \"Union\", each: 2)],"));
    assert!(e.contains("each"), "{e}");
}

// The editor's writer keeps every field of every shipped scenario (and the new one): what it
// writes parses back to the same file.
#[test]
fn every_shipped_scenario_survives_the_editors_writer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let mut texts: Vec<(String, String)> = files
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
        .collect();
    texts.push((
        "with victory_losses".into(),
        with("victory_losses: [(side: \"Confederate\", per: 3, source: \"[project default]\")],"),
    ));
    for (name, text) in texts {
        let sc = parse(&text, Path::new(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = musket::editor::write::scenario_text(&sc.file);
        let back = parse(&again, Path::new(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            back.file, sc.file,
            "{name}: the writer lost or changed a field"
        );
    }
}
