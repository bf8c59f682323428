//! Shiloh operations points: the card's OPERATIONS COSTS TABLE, SPECIAL ACTIONS and notes
//! (`shared/rules/seeds/shiloh-fire-melee-operations.txt`).

use crate::common;

use common::*;
use musket::rules::game::Game;
use musket::rules::map::{RouteKind, Terrain};
use musket::rules::scenario::UnitFile;
use musket::rules::shiloh::Shiloh;
use musket::rules::shiloh::ops::*;
use musket::rules::unit::{Mode, UnitKind};

fn t() -> musket::rules::shiloh::data::Tables {
    Shiloh::builtin().tables
}

// Every row and column of the card's table, orthogonal and (parenthesised) diagonal; None = P.
#[test]
fn op_table_every_row_and_column_both_directions() {
    use Class::*;
    let t = t();
    type Row = [Option<(u32, u32)>; 4];
    let rows: [(Terrain, Row); 9] = [
        (
            Terrain::Clear,
            [Some((2, 3)), Some((1, 2)), Some((2, 3)), None],
        ),
        (
            Terrain::Orchard,
            [Some((2, 3)), Some((1, 2)), Some((2, 3)), None],
        ),
        (
            Terrain::Woods,
            [Some((3, 4)), Some((2, 3)), Some((3, 4)), None],
        ),
        (
            Terrain::HeavyWoods,
            [Some((4, 6)), Some((4, 6)), Some((7, 9)), None],
        ),
        (Terrain::Swamp, [Some((6, 8)), Some((6, 8)), None, None]),
        (
            Terrain::Ravine,
            [Some((3, 4)), Some((7, 9)), Some((7, 9)), None],
        ),
        (
            Terrain::Ford,
            [Some((3, 5)), Some((1, 2)), Some((5, 7)), None],
        ),
        (
            Terrain::Bridge,
            [Some((1, 5)), Some((1, 5)), Some((1, 5)), None],
        ),
        (
            Terrain::Stream,
            [Some((4, 6)), Some((1, 2)), Some((5, 7)), None],
        ),
    ];
    for (terrain, cols) in rows {
        for (c, want) in [InfDisCav, MtdCav, LimbArt, UnlimbArt]
            .into_iter()
            .zip(cols)
        {
            assert_eq!(
                terrain_cost(&t, terrain, c, false),
                want.map(|w| w.0),
                "{terrain} {c:?}"
            );
            assert_eq!(
                terrain_cost(&t, terrain, c, true),
                want.map(|w| w.1),
                "{terrain} {c:?} diagonal"
            );
        }
    }
    // Roads [1]: 1 1 1 P.
    for c in [InfDisCav, MtdCav, LimbArt] {
        assert_eq!(road_cost(&t, c, false), Some(1));
        assert_eq!(road_cost(&t, c, true), Some(1));
    }
    assert_eq!(road_cost(&t, UnlimbArt, false), None);
}

fn cost(g: &Game, id: &str, path: &[&str]) -> Option<u32> {
    let u = g.unit_by_id(id).unwrap();
    let p: Vec<_> = path
        .iter()
        .map(|h| g.scenario.parse_hex(h).unwrap())
        .collect();
    musket::rules::shiloh::ops::move_cost(g, u, &p).total
}

fn sh() -> B {
    map(6, 6).ruleset("shiloh")
}

// On the hex map every step is orthogonal: light woods costs 3, not (4); heavy woods 4.
#[test]
fn hex_steps_pay_the_orthogonal_cost() {
    let g = sh()
        .terrain("0102", 'w')
        .terrain("0103", 'h')
        .unit("i", 'U', "0101", 1000)
        .game();
    assert_eq!(cost(&g, "i", &["0102"]), Some(3));
    assert_eq!(cost(&g, "i", &["0102", "0103"]), Some(7));
}

// "OP costs are doubled during the night turns."
#[test]
fn night_doubles() {
    let mut b = sh().unit("i", 'U', "0101", 1000);
    b.file.night_turns = vec![1];
    let g = b.game();
    assert_eq!(cost(&g, "i", &["0102"]), Some(4));
}

// Roads [1] and the notes: column or mounted road-to-road 1 OP (2 to enter a road in a
// ravine); "[1] Infantry units must be demibrigades ... to receive road movement benefits."
#[test]
fn road_movement() {
    let b = sh()
        .terrain("0103", 'v')
        .route(RouteKind::Road, &["0101", "0102", "0103"])
        .unit_with("demi", 'U', "0101", 800, |u| {
            u.mode = Some(Mode::Column);
            u.demibrigade = true;
        })
        .unit_with("brig", 'U', "0101", 800, |u| u.mode = Some(Mode::Column))
        .unit_with("normal", 'U', "0101", 800, |u| u.demibrigade = true)
        .unit_with("cav", 'U', "0101", 500, |u| {
            u.kind = UnitKind::Cavalry;
            u.mode = Some(Mode::Mounted);
        });
    let g = b.game();
    assert_eq!(cost(&g, "demi", &["0102"]), Some(1));
    assert_eq!(cost(&g, "demi", &["0102", "0103"]), Some(1 + 2));
    assert_eq!(
        cost(&g, "brig", &["0102"]),
        Some(2),
        "not a demibrigade: clear 2"
    );
    assert_eq!(
        cost(&g, "normal", &["0102"]),
        Some(2),
        "normal mode: no road rate"
    );
    assert_eq!(cost(&g, "cav", &["0102", "0103"]), Some(1 + 2));
    // Off the road the ravine costs the mounted column 7.
    let g = sh()
        .terrain("0102", 'v')
        .unit_with("cav", 'U', "0101", 500, |u| {
            u.kind = UnitKind::Cavalry;
            u.mode = Some(Mode::Mounted);
        })
        .game();
    assert_eq!(cost(&g, "cav", &["0102"]), Some(7));
}

// "Enter higher elevation +1 +1 +2 P"; "Unit 107 ... pays triple movement costs (including
// elevation)"; UNLIMB. ART. is P everywhere.
#[test]
fn elevation_heavy_guns_and_unlimbered() {
    let mut b = sh()
        .unit("i", 'U', "0101", 1000)
        .unit_with("lim", 'U', "0101", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Limbered);
        })
        .unit_with("s24", 'U', "0101", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Limbered);
            u.heavy_guns = true;
        })
        .unit_with("unl", 'U', "0101", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Unlimbered);
        });
    b.file.map.elevation = Some(vec![
        "000000".into(),
        "100000".into(),
        "000000".into(),
        "000000".into(),
        "000000".into(),
        "000000".into(),
    ]);
    let g = b.game();
    assert_eq!(cost(&g, "i", &["0102"]), Some(2 + 1));
    assert_eq!(cost(&g, "lim", &["0102"]), Some(2 + 2));
    assert_eq!(cost(&g, "s24", &["0102"]), Some((2 + 2) * 3));
    assert_eq!(
        cost(&g, "i", &["0102", "0103"]),
        Some(3 + 2),
        "going down costs no extra"
    );
    assert_eq!(cost(&g, "unl", &["0102"]), None);
}

// "Operations points to enter Sunken Road in normal or dismounted state are doubled."
#[test]
fn sunken_road_doubled_in_normal_and_dismounted() {
    let g = sh()
        .terrain("0102", 'u')
        .unit("n", 'U', "0101", 1000)
        .unit_with("c", 'U', "0101", 1000, |u| u.mode = Some(Mode::Column))
        .unit_with("d", 'U', "0101", 500, |u| {
            u.kind = UnitKind::Cavalry;
            u.mode = Some(Mode::Dismounted);
        })
        .game();
    assert_eq!(cost(&g, "n", &["0102"]), Some(4));
    assert_eq!(cost(&g, "d", &["0102"]), Some(4));
    assert_eq!(cost(&g, "c", &["0102"]), Some(2));
}

// "Enter or leave enemy ZOC +2 +1 +3 P"; "Move from enemy ZOC to enemy ZOC [2] +5 +3 +7 P";
// "[2] In order to ... move enemy ZOC to ZOC, a unit must be moving into a friendly occupied
// square."
#[test]
fn zone_of_control_costs() {
    // Enemy in 0304; ZOC hexes include 0303, 0204 and 0205 ... and 0203 (odd column 3's NW).
    let b = sh()
        .unit("e", 'C', "0304", 1000)
        .unit("i", 'U', "0302", 1000);
    let g = b.game();
    assert_eq!(cost(&g, "i", &["0303"]), Some(2 + 2), "enter");
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit("i", 'U', "0303", 1000)
        .game();
    assert_eq!(cost(&g, "i", &["0302"]), Some(2 + 2), "leave");
    // 0303 -> 0203: both next to 0304 (0203 is its NW neighbour).
    let hex = |s: &str| g.scenario.parse_hex(s).unwrap();
    assert!(hex("0203").is_adjacent(hex("0304")) && hex("0203").is_adjacent(hex("0303")));
    assert_eq!(
        cost(&g, "i", &["0203"]),
        None,
        "ZOC to ZOC into an empty hex: prohibited"
    );
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit("i", 'U', "0303", 1000)
        .unit("f", 'U', "0203", 500)
        .game();
    assert_eq!(cost(&g, "i", &["0203"]), Some(2 + 5));
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit_with("cav", 'U', "0302", 500, |u| {
            u.kind = UnitKind::Cavalry;
            u.mode = Some(Mode::Mounted);
        })
        .game();
    assert_eq!(cost(&g, "cav", &["0303"]), Some(1 + 1));
}

// "Gunboats pay 1 OP per square."
#[test]
fn gunboats_pay_one() {
    let g = sh()
        .terrain("0102", 'h')
        .unit_with("gb", 'U', "0101", 50, |u| u.kind = UnitKind::Gunboat)
        .game();
    assert_eq!(cost(&g, "gb", &["0102", "0103"]), Some(2));
}

// SPECIAL ACTIONS and footnotes [3] and [4]; N/A and P; night doubling.
#[test]
fn special_actions_and_footnotes() {
    use Action::*;
    use Class::*;
    let t = t();
    let at = |terrain, zoc, night| ActionCtx {
        terrain,
        in_enemy_zoc: zoc,
        night,
    };
    let clear = at(Terrain::Clear, false, false);
    let table = [
        (ChangeToColumn, [Ok(2), Ok(2), Err(()), Ok(2)]),
        (ChangeToNormal, [Ok(4), Ok(4), Ok(4), Err(())]),
        (Fortify, [Ok(8), Ok(8), Err(()), Ok(8)]),
        (Reorganize, [Ok(2), Err(()), Err(()), Err(())]),
        (MeleeAttacker, [Ok(2), Ok(2), Err(()), Err(())]),
        (MeleeDefender, [Ok(2), Ok(2), Ok(2), Ok(2)]),
        (FireInFirePhase, [Ok(2), Ok(2), Err(()), Ok(4)]),
    ];
    for (action, cols) in table {
        for (c, want) in [InfDisCav, MtdCav, LimbArt, UnlimbArt]
            .into_iter()
            .zip(cols)
        {
            assert_eq!(
                special_action_cost(&t, c, action, clear).map_err(|_| ()),
                want,
                "{action:?} {c:?}"
            );
        }
    }
    // [4] "Units in woods pay 3 OPs to change into these formations. Units pay 2 extra OPs if
    // in an enemy ZOC."
    assert_eq!(
        special_action_cost(
            &t,
            InfDisCav,
            ChangeToColumn,
            at(Terrain::Woods, false, false)
        ),
        Ok(3)
    );
    assert_eq!(
        special_action_cost(
            &t,
            InfDisCav,
            ChangeToColumn,
            at(Terrain::Woods, true, false)
        ),
        Ok(5)
    );
    assert_eq!(
        special_action_cost(
            &t,
            InfDisCav,
            ChangeToColumn,
            at(Terrain::Clear, true, false)
        ),
        Ok(4)
    );
    assert_eq!(
        special_action_cost(
            &t,
            InfDisCav,
            ChangeToNormal,
            at(Terrain::Woods, true, false)
        ),
        Ok(4)
    );
    // [3] "Artillery units cannot change mode in a ravine square."
    assert!(
        special_action_cost(
            &t,
            UnlimbArt,
            ChangeToColumn,
            at(Terrain::Ravine, false, false)
        )
        .is_err()
    );
    assert!(
        special_action_cost(
            &t,
            LimbArt,
            ChangeToNormal,
            at(Terrain::Ravine, false, false)
        )
        .is_err()
    );
    assert_eq!(
        special_action_cost(
            &t,
            InfDisCav,
            ChangeToNormal,
            at(Terrain::Ravine, false, false)
        ),
        Ok(4)
    );
    // Night: doubled.
    assert_eq!(
        special_action_cost(&t, InfDisCav, Fortify, at(Terrain::Clear, false, true)),
        Ok(16)
    );
}

// The card: "ZOC stands for zone of control, ... the squares next to a unit": every on-map hex
// next to a combat unit, not a leader's.
#[test]
fn zoc_is_the_hexes_next_to_a_combat_unit() {
    let g = sh()
        .unit("a", 'U', "0303", 1000)
        .leader("l", 'C', "0101", 0)
        .game();
    let z = g.rules.zoc(&g);
    assert_eq!(z.len(), 6);
    let c = g.scenario.parse_hex("0302").unwrap();
    assert_eq!(g.rules.zoc_at(&g, c).len(), 1);
    assert!(
        g.rules
            .zoc_at(&g, g.scenario.parse_hex("0102").unwrap())
            .is_empty()
    );
    let g = sh().unit("a", 'U', "0101", 1000).game();
    assert_eq!(
        g.rules.zoc(&g).len(),
        2,
        "only on-map hexes: 0201 and 0102 of the corner"
    );
}

fn limbered(heavy: bool) -> impl FnOnce(&mut UnitFile) {
    move |u: &mut UnitFile| {
        u.kind = UnitKind::Artillery;
        u.guns = Some(6);
        u.mode = Some(Mode::Limbered);
        u.heavy_guns = heavy;
    }
}

fn mounted(u: &mut UnitFile) {
    u.kind = UnitKind::Cavalry;
    u.mode = Some(Mode::Mounted);
}

// "Enter or leave enemy ZOC ... LIMB. ART. +3"; "Move from enemy ZOC to enemy ZOC [2] ... +7";
// MTD. CAV. ZOC to ZOC +3 (enemy in 0304; 0303 and 0203 are both next to it).
#[test]
fn zoc_costs_of_limbered_artillery_and_mounted_cavalry() {
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit_with("lim", 'U', "0302", 96, limbered(false))
        .game();
    assert_eq!(cost(&g, "lim", &["0303"]), Some(2 + 3), "enter");
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit_with("lim", 'U', "0303", 96, limbered(false))
        .unit_with("cav", 'U', "0303", 500, mounted)
        .unit("f", 'U', "0203", 500)
        .game();
    assert_eq!(cost(&g, "lim", &["0302"]), Some(2 + 3), "leave");
    assert_eq!(cost(&g, "lim", &["0203"]), Some(2 + 7), "ZOC to ZOC");
    assert_eq!(cost(&g, "cav", &["0203"]), Some(1 + 3), "ZOC to ZOC");
    assert_eq!(cost(&g, "cav", &["0302"]), Some(1 + 1), "leave");
}

// Roads [1]: LIMB. ART. 1 (the Roads row); off the road clear costs it 2; a road into a
// ravine 2 (note); unlimbered artillery P.
#[test]
fn limbered_artillery_road_rate() {
    let g = sh()
        .terrain("0103", 'v')
        .terrain("0104", 'w')
        .route(RouteKind::Road, &["0101", "0102", "0103", "0104"])
        .unit_with("lim", 'U', "0101", 96, limbered(false))
        .unit_with("unl", 'U', "0101", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Unlimbered);
        })
        .game();
    assert_eq!(cost(&g, "lim", &["0102"]), Some(1));
    assert_eq!(cost(&g, "lim", &["0102", "0103", "0104"]), Some(1 + 2 + 1));
    assert_eq!(cost(&g, "lim", &["0201"]), Some(2), "off the road: clear 2");
    assert_eq!(cost(&g, "unl", &["0102"]), None);
}

// "Unit 107 ... pays triple movement costs (including elevation)": terrain and elevation
// tripled, the ZOC cost added untripled [project default: the note names movement costs and
// elevation only].
#[test]
fn heavy_guns_leaving_or_entering_zoc_untripled() {
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit_with("s24", 'U', "0303", 96, limbered(true))
        .game();
    assert_eq!(cost(&g, "s24", &["0302"]), Some(2 * 3 + 3), "leave");
    let g = sh()
        .unit("e", 'C', "0304", 1000)
        .unit_with("s24", 'U', "0302", 96, limbered(true))
        .game();
    assert_eq!(cost(&g, "s24", &["0303"]), Some(2 * 3 + 3), "enter");
}

// "OP costs are doubled during the night turns." with the ZOC costs: the step's whole cost.
#[test]
fn night_doubles_zoc_costs_too() {
    let mut b = sh()
        .unit("e", 'C', "0304", 1000)
        .unit("i", 'U', "0302", 1000)
        .unit("j", 'U', "0303", 1000)
        .unit("f", 'U', "0203", 500);
    b.file.night_turns = vec![1];
    let g = b.game();
    assert_eq!(cost(&g, "i", &["0303"]), Some((2 + 2) * 2), "enter");
    assert_eq!(cost(&g, "j", &["0203"]), Some((2 + 5) * 2), "ZOC to ZOC");
}

// "Gunboats pay 1 OP per square." and night doubling.
#[test]
fn gunboats_at_night() {
    let mut b = sh()
        .terrain("0102", 'h')
        .unit_with("gb", 'U', "0101", 50, |u| u.kind = UnitKind::Gunboat);
    b.file.night_turns = vec![1];
    let g = b.game();
    assert_eq!(cost(&g, "gb", &["0102", "0103"]), Some(2 * 2));
}

// SPECIAL ACTIONS as commands: "Change mode to column, mounted, or limbered" 2 (3 in woods [4]),
// "Change mode to normal, dismounted, or unlimbered" 4, "Fortify" 8, paid from the unit's OPs
// this turn (16, a project default); the new mode changes what a move costs.
#[test]
fn special_actions_change_mode_and_fortify_for_their_ops() {
    use musket::rules::movement::budget;
    use musket::rules::order::Command;
    use musket::rules::points::Mp;
    let g = sh()
        .route(RouteKind::Road, &["0101", "0102", "0103", "0104"])
        .unit_with("i", 'U', "0101", 800, |u| u.demibrigade = true)
        .unit("e", 'C', "0606", 800)
        .game();
    let i = g.unit_by_id("i").unwrap();
    let keys: Vec<String> = g
        .rules
        .special_actions(&g, i)
        .iter()
        .map(|a| a.key.clone())
        .collect();
    assert_eq!(
        keys,
        vec![
            "column".to_string(),
            "reorganize".to_string(),
            "fortify".to_string()
        ]
    );
    let mut s = musket::rules::session::Session::new(g.scenario.clone(), g.rules.clone(), 1);
    let special = |a: &str| Command::Special {
        units: vec!["i".into()],
        action: a.into(),
    };
    s.execute(special("column")).unwrap();
    assert_eq!(shiloh(&s.game, i).mode, Mode::Column);
    assert_eq!(s.game.unit(i).spent, Mp::whole(2));
    // In column, a demibrigade takes the road rate: 1 a hex instead of clear's 2.
    assert_eq!(cost(&s.game, "i", &["0102"]), Some(1));
    s.execute(special("fortify")).unwrap();
    assert_eq!(shiloh(&s.game, i).fortification, 1);
    assert_eq!(budget(&s.game, i).left, Some(Mp::whole(6)));
    // Back to normal costs 4; a second fortify (8) no longer fits.
    let e = s.execute(special("fortify")).unwrap_err();
    assert!(e.to_string().contains("costs 8 OP"), "{e}");
    s.execute(special("deploy")).unwrap();
    assert_eq!(shiloh(&s.game, i).mode, Mode::Normal);
    assert_eq!(budget(&s.game, i).left, Some(Mp::whole(2)));
    // Nothing a unit cannot do.
    assert!(s.execute(special("limber")).is_err());
}

/// A unit's Shiloh values (its formation, fortification …).
fn shiloh(g: &Game, u: musket::rules::unit::UnitIdx) -> &musket::rules::shiloh::state::ShilohUnit {
    musket::rules::shiloh::state::unit(g, u)
}
