//! The project's optional additions to the scenario format for the other rule systems (README
//! "Scenario format"): old files load unchanged, the new fields load where their ruleset uses
//! them, and every misuse is refused with the field and the problem named.

use std::path::Path;

use musket::rules::map::Terrain;
use musket::rules::registry::parse_scenario as parse;
use musket::rules::unit::{Class, Mode, Status, UnitKind};

const EXAMPLE: &str = include_str!("../../scenarios/example-flank.ron");

/// The example, switched to `ruleset` and with `extra` appended to Garland's unit entry.
fn example(ruleset: &str, extra: &str) -> String {
    let base = if ruleset == "shiloh" {
        // Shiloh's card has no rolling ground or mountains.
        EXAMPLE
            .replacen("\"cclccc\"", "\"cccccc\"", 1)
            .replacen("\"ccccmc\"", "\"cccccc\"", 1)
    } else {
        EXAMPLE.to_string()
    };
    base.replacen("ruleset: \"gcacw\"", &format!("ruleset: {ruleset:?}"), 1)
        .replacen(
            "strength: Organized(4), artillery: 1, tactical: 1)",
            &format!("strength: Organized(4), artillery: 1, tactical: 1{extra})"),
            1,
        )
}

fn refused(text: &str) -> String {
    match parse(text, Path::new("bad.ron")) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn old_files_load_unchanged_with_every_new_field_at_its_default() {
    let sc = parse(EXAMPLE, Path::new("example-flank.ron")).unwrap();
    let (u, s) = (&sc.units[0], &sc.setup[0]);
    assert_eq!(u.status, Status::Normal);
    assert_eq!((s.morale, s.green, s.rating, s.combats), (0, false, 0, 0));
    assert_eq!((s.efficiency, s.command_control), (100, 1.0));
    assert_eq!(s.mode, Mode::Normal);
    assert!(sc.night_turns.is_empty());
    assert_eq!(sc.map.elevation(sc.units[0].hex.unwrap()), 0);
}

#[test]
fn gbacw_fields_load() {
    let sc = parse(
        &example("gbacw", ", morale: 4, status: Pinned"),
        Path::new("x.ron"),
    )
    .unwrap();
    assert_eq!(
        (sc.setup[0].morale, sc.units[0].status),
        (4, Status::Pinned)
    );
}

#[test]
fn ngg_fields_load() {
    let sc = parse(
        &example(
            "ngg1812",
            ", class: Veteran, status: Disrupted, forced_march: true, combats: 1",
        ),
        Path::new("x.ron"),
    )
    .unwrap();
    let (u, s) = (&sc.units[0], &sc.setup[0]);
    assert_eq!(s.class, Some(Class::Veteran));
    assert!(u.is_disrupted() && u.forced_march && s.combats == 1);
}

#[test]
fn shiloh_fields_load() {
    let sc = parse(
        &example(
            "shiloh",
            ", efficiency: 75, command_control: 1.3, leader_bonus: 15, mode: Column, fortification: 2, out_of_ammo: true",
        ),
        Path::new("x.ron"),
    )
    .unwrap();
    let u = &sc.setup[0];
    assert_eq!((u.efficiency, u.leader_bonus, u.fortification), (75, 15, 2));
    assert_eq!(u.command_control, 1.3);
    assert_eq!(u.mode, Mode::Column);
    assert!(u.out_of_ammo);
}

#[test]
fn a_field_of_another_ruleset_is_refused_with_its_owner_named() {
    let msg = refused(&example("gcacw", ", morale: 4"));
    assert!(
        msg.contains("units[0].morale")
            && msg.contains("does not use this field")
            && msg.contains("gbacw"),
        "{msg}"
    );
    let msg = refused(&example("gbacw", ", efficiency: 60"));
    assert!(
        msg.contains("units[0].efficiency") && msg.contains("shiloh"),
        "{msg}"
    );
}

#[test]
fn out_of_range_values_are_refused() {
    for (ruleset, extra, field) in [
        ("gbacw", ", morale: 7", "units[0].morale"),
        ("shiloh", ", efficiency: 101", "units[0].efficiency"),
        (
            "shiloh",
            ", command_control: 2.5",
            "units[0].command_control",
        ),
        ("shiloh", ", fatigue: 201", "units[0].fatigue"),
        ("gcacw", ", fatigue: 5", "units[0].fatigue"),
        ("ngg1812", ", combats: 10", "units[0].combats"),
    ] {
        let msg = refused(&example(ruleset, extra));
        assert!(msg.contains(field), "{ruleset} {extra}: {msg}");
    }
}

#[test]
fn a_rating_belongs_to_a_leader_and_a_green_unit_has_no_morale_yet() {
    let msg = refused(&example("ngg1812", ", rating: 2"));
    assert!(msg.contains("only a leader"), "{msg}");
    let msg = refused(&example("gbacw", ", morale: 3, green: true"));
    assert!(msg.contains("green unit"), "{msg}");
}

#[test]
fn statuses_belong_to_their_rulesets() {
    let msg = refused(&example("gbacw", ", status: Disrupted"));
    assert!(msg.contains("Disrupted"), "{msg}");
    let msg = refused(&example("shiloh", ", status: Pinned"));
    assert!(msg.contains("pinned or engaged"), "{msg}");
}

#[test]
fn a_terrain_letter_outside_the_rulesets_tables_is_refused() {
    // A Shiloh ravine has no GCACW price.
    let text = EXAMPLE.replacen("\"ccwccc\"", "\"ccvccc\"", 1);
    let msg = refused(&text);
    assert!(
        msg.contains("map.terrain[2]") && msg.contains("'v'") && msg.contains("gcacw"),
        "{msg}"
    );
    // The same letter is a ravine in a Shiloh map.
    let text = example("shiloh", "").replacen("\"ccwccc\"", "\"ccvccc\"", 1);
    let sc = parse(&text, Path::new("x.ron")).unwrap();
    let c = musket::rules::hex::parse_label("0303", 2).unwrap();
    assert_eq!(sc.map.terrain(c), Some(Terrain::Ravine));
}

#[test]
fn unit_kinds_belong_to_their_rulesets() {
    let wagon = EXAMPLE.replacen(
        "kind: Leader,\n         hex: \"0302\", strength: Organized(0), tactical: 2)",
        "kind: Wagon,\n         hex: \"0302\")",
        1,
    );
    assert_ne!(wagon, EXAMPLE, "the needle must match");
    let msg = refused(&wagon);
    assert!(
        msg.contains("units[4].kind") && msg.contains("no wagon units"),
        "{msg}"
    );
    let sc = parse(
        &wagon.replacen("ruleset: \"gcacw\"", "ruleset: \"gbacw\"", 1),
        Path::new("x.ron"),
    )
    .unwrap();
    assert_eq!(sc.units[4].kind, UnitKind::Wagon);
    assert!(!sc.units[4].is_combat(), "a wagon has no combat strength");
}

#[test]
fn elevation_rows_load_and_bad_ones_are_placed() {
    let with_elev = |rows: &str| {
        EXAMPLE.replacen(
            "        hexsides: [",
            &format!("        elevation: [{rows}],\n        hexsides: ["),
            1,
        )
    };
    let good = with_elev(r#""000000", "000000", "001200", "000000", "000009""#);
    let sc = parse(&good, Path::new("x.ron")).unwrap();
    let at = |l: &str| {
        sc.map
            .elevation(musket::rules::hex::parse_label(l, 2).unwrap())
    };
    assert_eq!(
        (at("0303"), at("0403"), at("0605"), at("0101")),
        (1, 2, 9, 0)
    );
    let msg = refused(&with_elev(
        r#""000000", "000000", "00x000", "000000", "000000""#,
    ));
    assert!(
        msg.contains("map.elevation[2]") && msg.contains("not a digit"),
        "{msg}"
    );
    let msg = refused(&with_elev(r#""000000""#));
    assert!(
        msg.contains("map.elevation") && msg.contains("5 rows"),
        "{msg}"
    );
}

#[test]
fn night_turns_load_and_are_checked() {
    let text = EXAMPLE.replacen(
        "    weather: Dry,",
        "    weather: Dry,\n    night_turns: [7, 8],",
        1,
    );
    let sc = parse(&text, Path::new("x.ron")).unwrap();
    assert!(sc.is_night(7) && sc.is_night(8) && !sc.is_night(6));
    let bad = EXAMPLE.replacen(
        "    weather: Dry,",
        "    weather: Dry,\n    night_turns: [0],",
        1,
    );
    assert!(refused(&bad).contains("night_turns[0]"));
}

#[test]
fn an_unknown_ruleset_lists_the_known_ones() {
    let msg = refused(&example("gbacx", ""));
    assert!(msg.contains("gcacw, gbacw, ngg1812, shiloh"), "{msg}");
}

/// A scenario the format allows but its rule system's tables do not: NGG 1812's classes (3.3)
/// and hex capacity (4.1) are checked when the game is set up (`for_scenario`, which `musket
/// check`, `odds`, the client and save loading all use).
#[test]
fn ngg1812_refuses_a_classless_unit_and_an_overfull_hex() {
    use musket::rules::registry::{RulesOverrides, for_scenario};
    let ov = RulesOverrides::default();
    // Garland (4 CV) alone in 0303 with no class.
    let sc = parse(&example("ngg1812", ""), Path::new("x.ron")).unwrap();
    let e = for_scenario(&sc, &ov).expect_err("refused").to_string();
    assert!(e.contains("units[0].class") && e.contains("3.3"), "{e}");
    // Classes everywhere; then four Conscripts (OF 2 each = 8) in one hex.
    let mut text = example("ngg1812", ", class: Veteran");
    for id in ["usa-cox", "usa-scammon", "usa-crook"] {
        let at = text.find(&format!("id: \"{id}\"")).unwrap();
        let close = at + text[at..].find(')').unwrap();
        let close = close + text[close + 1..].find(')').unwrap() + 1;
        text.insert_str(close, ", class: Line");
    }
    let sc = parse(&text, Path::new("x.ron")).unwrap();
    assert!(
        for_scenario(&sc, &ov).is_ok(),
        "classes given, no hex over 6 OF"
    );
    let crowded = text.replace("class: Veteran", "class: Conscript").replacen(
        "hex: \"0202\"",
        "hex: \"0303\"",
        0,
    );
    // Put Garland (Conscript, 2) with three more Conscripts: add them in 0303.
    let extra: String = (1..=3)
        .map(|k| {
            format!(
                "        (id: \"csa-x{k}\", name: \"X{k}\", side: \"Confederate\", kind: Infantry, hex: \"0303\", strength: Organized(1), class: Conscript),\n"
            )
        })
        .collect();
    let crowded = crowded.replacen("    ],\n)", &format!("{extra}    ],\n)"), 1);
    let sc = parse(&crowded, Path::new("x.ron")).unwrap();
    let e = for_scenario(&sc, &ov).expect_err("refused").to_string();
    assert!(
        e.contains("0303") && e.contains("OF 8") && e.contains("4.1"),
        "{e}"
    );
}

// The Shiloh card's operations table pairs modes by column (infantry and dismounted cavalry;
// mounted cavalry; limbered and unlimbered artillery) and its special actions change infantry
// column <-> normal, cavalry mounted <-> dismounted, artillery limbered <-> unlimbered: a mode
// the unit's type cannot take is refused, the field named.
#[test]
fn shiloh_modes_belong_to_their_unit_types() {
    // Garland's unit (units[0]) is infantry.
    for bad in ["Mounted", "Dismounted", "Limbered", "Unlimbered"] {
        let msg = refused(&example("shiloh", &format!(", mode: {bad}")));
        assert!(
            msg.contains("units[0].mode") && msg.contains(bad) && msg.contains("infantry"),
            "{bad}: {msg}"
        );
    }
    for good in ["Normal", "Column", "Routed"] {
        parse(
            &example("shiloh", &format!(", mode: {good}")),
            Path::new("x.ron"),
        )
        .unwrap_or_else(|e| panic!("{good}: {e}"));
    }
    let as_kind = |kind: &str, extra: &str| {
        example("shiloh", extra).replacen(
            "side: \"Confederate\", kind: Infantry,",
            &format!("side: \"Confederate\", kind: {kind},"),
            1,
        )
    };
    assert!(
        as_kind("Cavalry", "").contains("kind: Cavalry"),
        "the example changed"
    );
    for (kind, bad) in [
        ("Cavalry", "Column"),
        ("Cavalry", "Normal"),
        ("Cavalry", "Limbered"),
        ("Artillery", "Column"),
        ("Artillery", "Mounted"),
        ("Artillery", "Normal"),
    ] {
        let msg = refused(&as_kind(kind, &format!(", mode: {bad}")));
        assert!(msg.contains("units[0].mode"), "{kind} {bad}: {msg}");
    }
    // Without a mode each type stands in its card pair's default: "Change mode to normal,
    // dismounted, or unlimbered".
    for (kind, want) in [
        ("Infantry", Mode::Normal),
        ("Cavalry", Mode::Dismounted),
        ("Artillery", Mode::Unlimbered),
    ] {
        let sc = parse(&as_kind(kind, ""), Path::new("x.ron")).unwrap();
        assert_eq!(sc.setup[0].mode, want, "{kind}");
    }
}

/// Issue 51: `men`, the sources' figure of a unit's men where its rule system counts strength
/// points, loads in every rule system, is written back as read (and omitted when absent), and
/// is refused out of range naming the unit's field.
#[test]
fn the_sources_men_load_in_every_ruleset_and_round_trip() {
    for ruleset in ["gcacw", "gbacw", "ngg1812", "shiloh"] {
        let text = example(ruleset, ", men: 884");
        let sc = parse(&text, Path::new("men.ron")).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        let garland = sc.file.units.iter().find(|u| u.men.is_some()).unwrap();
        assert_eq!(garland.men, Some(884), "{ruleset}");
        let again = musket::editor::write::scenario_text(&sc.file);
        assert!(again.contains("men: 884"), "{ruleset}");
        assert_eq!(
            again.matches("men:").count(),
            1,
            "{ruleset}: only where given"
        );
    }
    let e = refused(&example("gbacw", ", men: -5"));
    assert!(e.contains(".men") && e.contains("-5"), "{e}");
}
