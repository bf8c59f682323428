//! Movement (`rules::movement`): the reach against a brute-force search on random maps for every
//! rule system, path costs that add up, and the rules of each system's data (GCACW's march roll
//! and zones of control, GBACW's routed units, NGG 1812's forced march and capacity, Shiloh's
//! budget), enforcement, Free movement, attack limits, saves and undo with moves.

use crate::common;

use std::collections::HashMap;

use common::*;
use musket::rules::attack::AttackType;
use musket::rules::command::validate;
use musket::rules::game::Game;
use musket::rules::hex::Coord;
use musket::rules::map::{Feature, RouteKind};
use musket::rules::movement::{MoveContext, budget, price_path, reachable};
use musket::rules::order::{Command, CommandError};
use musket::rules::points::{Enforcement, Mp};
use musket::rules::session::Session;
use musket::rules::unit::{SideId, Status, UnitIdx, UnitKind};
use proptest::prelude::*;

fn mp(x: f64) -> Mp {
    Mp::from_f64(x).unwrap()
}

fn c(g: &Game, l: &str) -> Coord {
    g.scenario.parse_hex(l).unwrap()
}

fn id(g: &Game, s: &str) -> UnitIdx {
    g.unit_by_id(s).unwrap()
}

/// The reach of one unit, as (label, cost) sorted.
fn reach_of(g: &Game, unit: &str, budget: Option<Mp>) -> Vec<(String, Mp)> {
    let ctx = MoveContext::new(g);
    let r = reachable(g, &ctx, &[id(g, unit)], budget).unwrap();
    let mut v: Vec<(String, Mp)> = r
        .hexes()
        .map(|h| (g.label(g.map().coord(h.index)), h.cost))
        .collect();
    v.sort();
    v
}

fn cost_to(g: &Game, unit: &str, hex: &str) -> Option<Mp> {
    reach_of(g, unit, Some(Mp(u32::MAX / 2)))
        .into_iter()
        .find(|(l, _)| l == hex)
        .map(|(_, m)| m)
}

/// The total cost of a path for one unit (None: refused).
fn path_cost(g: &Game, unit: &str, path: &[&str]) -> Result<Mp, String> {
    let u = id(g, unit);
    let p: Vec<Coord> = path.iter().map(|l| c(g, l)).collect();
    let priced = price_path(g, u, &[u], &p);
    match priced.refused {
        Some((_, why)) => Err(why),
        None => Ok(priced.total),
    }
}

fn mv(unit: &str, path: &[&str]) -> Command {
    Command::Move {
        unit: unit.into(),
        path: path.iter().map(|s| s.to_string()).collect(),
    }
}

fn session(g: &Game, seed: u64) -> Session {
    common::generic_session(g.scenario.clone(), g.rules.clone(), seed)
}

// ---------------------------------------------------------------------------------------------
// The reach against a brute-force search, every rule system
// ---------------------------------------------------------------------------------------------

const COLS: u32 = 5;
const ROWS: u32 = 4;

#[derive(Clone, Debug)]
struct Board {
    ruleset: usize,
    terrain: Vec<usize>,
    elevation: Vec<u8>,
    sides: Vec<(usize, usize, usize)>,
    route: Vec<usize>,
    route_kind: usize,
    friends: Vec<usize>,
    enemies: Vec<usize>,
    start: usize,
    allowance: u32,
    kind: usize,
    mode: usize,
    rain: bool,
    night: bool,
    status: usize,
}

const RULESETS: [&str; 4] = ["gcacw", "gbacw", "ngg1812", "shiloh"];
const FEATURES: [Feature; 8] = Feature::ALL;
const ROUTES: [RouteKind; 4] = [
    RouteKind::Road,
    RouteKind::Pike,
    RouteKind::Trail,
    RouteKind::Railroad,
];

fn board() -> impl Strategy<Value = Board> {
    let n = (COLS * ROWS) as usize;
    (
        (
            0usize..4,
            prop::collection::vec(0usize..20, n),
            prop::collection::vec(0u8..3, n),
            prop::collection::vec((0usize..n, 0usize..6, 0usize..8), 0..10),
            prop::collection::vec(0usize..6, 0..6),
            0usize..4,
        ),
        (
            prop::collection::vec(0usize..n, 0..3),
            prop::collection::vec(0usize..n, 0..3),
            0usize..n,
            1u32..9,
            0usize..3,
            0usize..3,
            any::<bool>(),
            any::<bool>(),
            0usize..4,
        ),
    )
        .prop_map(
            |(
                (ruleset, terrain, elevation, sides, route, route_kind),
                (friends, enemies, start, allowance, kind, mode, rain, night, status),
            )| Board {
                ruleset,
                terrain,
                elevation,
                sides,
                route,
                route_kind,
                friends,
                enemies,
                start,
                allowance,
                kind,
                mode,
                rain,
                night,
                status,
            },
        )
}

/// A label on the 5x4 map of map index `i`.
fn lab(i: usize) -> String {
    format!("{:02}{:02}", i % COLS as usize + 1, i / COLS as usize + 1)
}

/// The game a board describes; the mover is `m`.
fn game_of(b: &Board) -> Game {
    builder_of(b).game()
}

/// The scenario a board describes (see [`game_of`]).
fn builder_of(b: &Board) -> B {
    let rs = RULESETS[b.ruleset];
    let letters: Vec<char> = musket::rules::registry::terrain_letters(rs)
        .chars()
        .collect();
    let rows: Vec<String> = (0..ROWS as usize)
        .map(|r| {
            (0..COLS as usize)
                .map(|col| letters[b.terrain[r * COLS as usize + col] % letters.len()])
                .collect()
        })
        .collect();
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut bld = map(COLS, ROWS).ruleset(rs).terrain_rows(&refs);
    for (h, d, f) in &b.sides {
        bld = bld.hexside(&lab(*h), Dir::ALL[*d], &[FEATURES[*f]]);
    }
    // A route: a walk from the start through adjacent hexes.
    let mut at = Coord::new(
        (b.start % COLS as usize) as i32 + 1,
        (b.start / COLS as usize) as i32 + 1,
    );
    let mut route = vec![at];
    for d in &b.route {
        let n = at.neighbor(Dir::ALL[*d]);
        if n.col >= 1
            && n.col <= COLS as i32
            && n.row >= 1
            && n.row <= ROWS as i32
            && !route.contains(&n)
        {
            route.push(n);
            at = n;
        }
    }
    if route.len() >= 2 {
        let labels: Vec<String> = route.iter().map(|c| c.label(2)).collect();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let kind = if rs == "shiloh" {
            RouteKind::Road
        } else {
            ROUTES[b.route_kind]
        };
        bld = bld.route(kind, &refs);
    }
    if rs == "shiloh" {
        bld.file.map.elevation = Some(
            (0..ROWS as usize)
                .map(|r| {
                    (0..COLS as usize)
                        .map(|col| char::from(b'0' + b.elevation[r * COLS as usize + col]))
                        .collect()
                })
                .collect(),
        );
    }
    if b.rain {
        bld = bld.rain();
    }
    if b.night {
        bld.file.night_turns = vec![1];
    }
    let kinds = [UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Artillery];
    let kind = kinds[b.kind];
    let start = lab(b.start);
    bld = bld.unit_with("m", 'U', &start, 400, |u| {
        u.kind = kind;
        u.movement = Some(b.allowance as f64);
        match rs {
            "ngg1812" => u.class = Some(musket::rules::unit::Class::Line),
            "shiloh" => {
                let modes = musket::rules::shiloh::profile::modes(kind);
                u.mode = Some(modes[b.mode % modes.len()]);
                if kind == UnitKind::Artillery {
                    u.guns = Some(4);
                }
            }
            "gbacw" => {
                u.morale = Some(3);
                if b.status == 1 {
                    u.status = Some(Status::Routed);
                }
            }
            _ => {}
        }
    });
    let mut used = vec![b.start];
    for (k, (list, side)) in [(&b.friends, 'U'), (&b.enemies, 'C')]
        .into_iter()
        .enumerate()
    {
        for (j, h) in list.iter().enumerate() {
            if used.contains(h) {
                continue;
            }
            used.push(*h);
            bld = bld.unit_with(&format!("x{k}{j}"), side, &lab(*h), 300, |u| match rs {
                "ngg1812" => u.class = Some(musket::rules::unit::Class::Veteran),
                "gbacw" => u.morale = Some(3),
                _ => {}
            });
        }
    }
    bld
}

/// Every hex reachable by trying every simple path (priced by `price_path`, which `validate`
/// uses): the cheapest cost of each within the budget.
fn brute_force(g: &Game, u: UnitIdx, budget: Mp) -> HashMap<Coord, Mp> {
    let start = g.unit(u).hex.unwrap();
    let side = g.unit(u).side;
    let first_free = g.rules.movement().minimum_one_hex().is_some() && g.unit(u).spent == Mp::ZERO;
    let mut best: HashMap<Coord, Mp> = HashMap::from([(start, Mp::ZERO)]);
    let mut path = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn go(
        g: &Game,
        u: UnitIdx,
        side: SideId,
        budget: Mp,
        first_free: bool,
        path: &mut Vec<Coord>,
        best: &mut HashMap<Coord, Mp>,
        start: Coord,
    ) {
        let at = *path.last().unwrap_or(&start);
        for n in at.neighbors() {
            if !g.map().contains(n) || n == start || path.contains(&n) {
                continue;
            }
            if g.side_at(n).is_some_and(|s| s != side) {
                continue;
            }
            path.push(n);
            let p = price_path(g, u, &[u], path);
            let ok_budget = p.total <= budget || (first_free && path.len() == 1);
            if p.refused.is_none() && ok_budget {
                let e = best.entry(n).or_insert(Mp::INFINITE);
                if p.total < *e {
                    *e = p.total;
                }
                let stops = p.steps.last().is_some_and(|s| s.stop) || p.total > budget;
                if !stops {
                    go(g, u, side, budget, first_free, path, best, start);
                }
            }
            path.pop();
        }
    }
    go(g, u, side, budget, first_free, &mut path, &mut best, start);
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    // Issue 9: the reach equals a brute-force search, and each listed path is adjacent steps,
    // never into an enemy-held hex, whose costs add up to the listed cost.
    #[test]
    fn reach_equals_brute_force_and_paths_add_up(b in board()) {
        let g = game_of(&b);
        let u = id(&g, "m");
        let budget = budget(&g, u).left.unwrap();
        let ctx = MoveContext::new(&g);
        let r = reachable(&g, &ctx, &[u], None).unwrap();
        let got: HashMap<Coord, Mp> = r.hexes().map(|h| (g.map().coord(h.index), h.cost)).collect();
        let want = brute_force(&g, u, budget);
        prop_assert_eq!(&got, &want, "ruleset {}", RULESETS[b.ruleset]);
        for (&hex, &cost) in &got {
            let path = r.path(&g, hex).unwrap();
            let mut at = g.unit(u).hex.unwrap();
            for s in &path {
                prop_assert!(s.is_adjacent(at));
                prop_assert!(g.side_at(*s).is_none_or(|x| x == SideId(0)));
                at = *s;
            }
            let priced = price_path(&g, u, &[u], &path);
            prop_assert!(priced.refused.is_none());
            prop_assert_eq!(priced.total, cost);
            let steps: Mp = priced.steps.iter().fold(Mp::ZERO, |a, s| a + s.cost);
            prop_assert_eq!(steps, cost);
        }
    }

    // Whatever the reach offers, `validate` accepts (Move of the listed path), and a hex it
    // does not offer is refused along the cheapest path.
    #[test]
    fn validate_agrees_with_the_reach(b in board()) {
        let g = game_of(&b);
        let u = id(&g, "m");
        let ctx = MoveContext::new(&g);
        let r = reachable(&g, &ctx, &[u], None).unwrap();
        let anywhere = reachable(&g, &ctx, &[u], Some(Mp(u32::MAX / 2))).unwrap();
        for h in anywhere.hexes() {
            let hex = g.map().coord(h.index);
            if Some(hex) == g.unit(u).hex {
                continue;
            }
            let within = r.cost(&g, hex).is_some();
            let path = if within { r.path(&g, hex) } else { anywhere.path(&g, hex) }.unwrap();
            let labels: Vec<String> = path.iter().map(|c| g.label(*c)).collect();
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            let res = validate(&g, &mv("m", &refs));
            prop_assert_eq!(res.is_ok(), within, "{} {:?}: {:?}", g.label(hex), labels, res);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// GCACW
// ---------------------------------------------------------------------------------------------

// [pub] takasawas play example 1: "because a road crosses the hexside, entering the woods hex
// costs only 1 MP"; [obs] Seven Pines: "it costs 2 movement points to move along a road in the
// rain".
#[test]
fn gcacw_a_road_hexside_pays_the_road_rate_whatever_the_hex() {
    let b = map(6, 3)
        .terrain("0201", 'w')
        .terrain("0202", 'w')
        .route(RouteKind::Road, &["0101", "0201"])
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(9.0));
    let g = b.game();
    assert_eq!(path_cost(&g, "u", &["0201"]), Ok(mp(1.0)));
    // Off the road the woods cost 2 [project default].
    assert_eq!(path_cost(&g, "u", &["0102"]), Ok(mp(1.0)));
    assert_eq!(path_cost(&g, "u", &["0102", "0202"]), Ok(mp(3.0)));
    let g = b.clone().rain().game();
    assert_eq!(path_cost(&g, "u", &["0201"]), Ok(mp(2.0)));
    // A pike: 1/2 MP [project default].
    let g = map(6, 1)
        .route(RouteKind::Pike, &["0101", "0201", "0301", "0401"])
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(2.0))
        .game();
    assert_eq!(path_cost(&g, "u", &["0201", "0301", "0401"]), Ok(mp(1.5)));
    assert_eq!(cost_to(&g, "u", "0401"), Some(mp(1.5)));
}

// [pub] "major rivers are impassable except at fords or bridges".
#[test]
fn gcacw_major_rivers_only_at_a_crossing() {
    let b = map(4, 3)
        .hexside("0101", Dir::S, &[Feature::MajorRiver])
        .hexside("0201", Dir::S, &[Feature::MajorRiver, Feature::Bridge])
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(9.0));
    let g = b.game();
    let e = path_cost(&g, "u", &["0102"]).unwrap_err();
    assert!(e.contains("major river") && e.contains("[pub]"), "{e}");
    assert_eq!(path_cost(&g, "u", &["0201", "0202"]), Ok(mp(2.0)));
    let r = validate(&g, &mv("u", &["0102"])).unwrap_err();
    assert!(
        matches!(&r, CommandError::Move(m) if m.contains("step 1 to 0102") && m.contains("major river")),
        "{r}"
    );
}

// [pub] takasawas play example 1: entering a normal enemy ZOC ends the march; a ZOC across a
// woods hexside (restricted) does not affect movement; leaving a normal ZOC costs more
// ([project default] +1).
#[test]
fn gcacw_zones_of_control() {
    // 0304 is next to the enemy in 0404 (its NW neighbour); 0303 and 0204 are not.
    let b = map(6, 5)
        .unit_with("u", 'U', "0302", 3, |u| u.movement = Some(9.0))
        .unit("c", 'C', "0404", 3);
    let g = b.game();
    let r = validate(&g, &mv("u", &["0303", "0304", "0204"])).unwrap_err();
    assert!(format!("{r}").contains("must end in 0304"), "{r}");
    let mut s = session(&g, 1);
    s.execute(mv("u", &["0303", "0304"])).unwrap();
    assert!(s.game.unit(id(&s.game, "u")).stopped);
    assert!(s.execute(mv("u", &["0204"])).is_err());
    // Starting in it, leaving costs +1.
    let g = map(6, 5)
        .unit_with("u", 'U', "0304", 3, |u| u.movement = Some(9.0))
        .unit("c", 'C', "0404", 3)
        .game();
    assert_eq!(path_cost(&g, "u", &["0204"]), Ok(mp(2.0)));
    // Across a woods hexside the ZOC is restricted: no stop, no cost.
    let g = map(6, 5)
        .hexside("0304", Dir::SE, &[Feature::Woods])
        .unit_with("u", 'U', "0302", 3, |u| u.movement = Some(9.0))
        .unit("c", 'C', "0404", 3)
        .game();
    assert_eq!(path_cost(&g, "u", &["0303", "0304", "0204"]), Ok(mp(3.0)));
}

// [obs] "a stacking penalty of 1 MP for moving through Cox".
#[test]
fn gcacw_friendly_hexes_cost_one_more() {
    let g = map(6, 2)
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(9.0))
        .unit("f", 'U', "0201", 3)
        .game();
    assert_eq!(path_cost(&g, "u", &["0201", "0301"]), Ok(mp(3.0)));
    // A stack moving together does not pay for itself.
    let g = map(6, 2)
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(9.0))
        .unit_with("v", 'U', "0101", 3, |u| u.movement = Some(9.0))
        .game();
    let mut s = session(&g, 1);
    s.execute(Command::MoveStack {
        units: vec!["u".into(), "v".into()],
        path: vec!["0201".into(), "0301".into()],
    })
    .unwrap();
    for x in ["u", "v"] {
        assert_eq!(s.game.unit(id(&s.game, x)).spent, mp(2.0), "{x}");
    }
}

// [pub] motoi-s: "Union: no modifier; Union leader or Confederate: +1; Confederate leader:
// +2"; [obs] cavalry marches on two dice.
#[test]
fn gcacw_the_march_roll() {
    let b = map(8, 4)
        .unit("u", 'U', "0101", 3)
        .leader("ul", 'U', "0102", 1)
        .unit("ul2", 'U', "0102", 3)
        .unit("c", 'C', "0801", 3)
        .unit_with("cav", 'U', "0103", 1, |u| u.kind = UnitKind::Cavalry);
    let g = b.game();
    let mut s = crate::common::Table::of(&session(&g, 1));
    let roll = |s: &mut crate::common::Table, units: &[&str], dice: &[u8]| -> Mp {
        let cmd = Command::March {
            units: units.iter().map(|u| u.to_string()).collect(),
        };
        s.execute_with(&cmd, dice).unwrap();
        s.game.unit(id(&s.game, units[0])).march.unwrap()
    };
    assert_eq!(roll(&mut s, &["u"], &[3]), mp(3.0));
    assert_eq!(roll(&mut s, &["ul", "ul2"], &[3]), mp(4.0));
    assert_eq!(s.game.unit(id(&s.game, "ul2")).march, Some(mp(4.0)));
    assert_eq!(roll(&mut s, &["cav"], &[5, 4]), mp(9.0));
    // A unit rolls once a turn, and a move before the roll is refused with what to do.
    assert!(
        validate(
            &s.game,
            &Command::March {
                units: vec!["u".into()]
            }
        )
        .is_err()
    );
    s.execute_with(&Command::EndTurn, &[]).unwrap();
    let e = validate(&s.game, &mv("c", &["0701"])).unwrap_err();
    assert!(format!("{e}").contains("march"), "{e}");
    assert_eq!(roll(&mut s, &["c"], &[3]), mp(4.0));
}

// [obs] "makes the minimum 1-hex movement": a unit may always move one hex, its whole move.
#[test]
fn gcacw_a_unit_may_always_move_one_hex() {
    let g = map(4, 2)
        .terrain("0201", 'm')
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(1.0))
        .game();
    let mut s = session(&g, 1);
    s.execute(mv("u", &["0201"])).unwrap();
    let u = s.game.unit(id(&s.game, "u"));
    assert!(u.stopped);
    assert_eq!(u.spent, mp(3.0));
    assert!(s.execute(mv("u", &["0301"])).is_err());
    // Not two hexes beyond the allowance.
    let e = validate(&g, &mv("u", &["0201", "0301"])).unwrap_err();
    assert!(format!("{e}").contains("it has 1 MP left"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// GBACW, NGG 1812, Shiloh
// ---------------------------------------------------------------------------------------------

// [pub] Stonewall GBACW Vol. 0 21.13: mounted cavalry and leaders 10 MP, 21.12 artillery 8;
// errata 5.2: "Routed and out of command regiments may move only one hex (regardless of
// terrain costs)" and "may not enter an enemy Zone of Control".
#[test]
fn gbacw_allowances_and_routed_units() {
    let g = map(12, 3)
        .ruleset("gbacw")
        .unit_with("cav", 'U', "0101", 3, |u| {
            u.kind = UnitKind::Cavalry;
            u.morale = Some(3);
        })
        .unit_with("art", 'U', "0102", 3, |u| {
            u.kind = UnitKind::Artillery;
            u.morale = Some(3);
        })
        .unit_with("rt", 'U', "0103", 3, |u| {
            u.status = Some(Status::Routed);
            u.morale = Some(3);
        })
        .unit_with("en", 'C', "1202", 3, |u| u.morale = Some(3))
        .game();
    assert_eq!(budget(&g, id(&g, "cav")).left, Some(mp(10.0)));
    assert_eq!(budget(&g, id(&g, "art")).left, Some(mp(8.0)));
    assert_eq!(budget(&g, id(&g, "rt")).left, Some(mp(1.0)));
    assert!(validate(&g, &mv("rt", &["0203"])).is_ok());
    assert!(validate(&g, &mv("rt", &["0203", "0303"])).is_err());
    // A routed unit next to an enemy may not step into its ZOC.
    let g = map(4, 2)
        .ruleset("gbacw")
        .unit_with("rt", 'U', "0101", 3, |u| {
            u.status = Some(Status::Routed);
            u.morale = Some(3);
        })
        .unit_with("en", 'C', "0301", 3, |u| u.morale = Some(3))
        .game();
    let e = validate(&g, &mv("rt", &["0201"])).unwrap_err();
    assert!(
        format!("{e}").contains("may not enter an enemy zone of control"),
        "{e}"
    );
    // A pinned unit exerts no ZOC (TSS 10.84).
    let g = map(4, 2)
        .ruleset("gbacw")
        .unit_with("u", 'U', "0101", 3, |u| u.morale = Some(3))
        .unit_with("en", 'C', "0301", 3, |u| {
            u.morale = Some(3);
            u.status = Some(Status::Pinned);
        })
        .game();
    let en = id(&g, "en");
    assert!(
        !g.rules
            .zoc_at(&g, c(&g, "0201"))
            .iter()
            .any(|e| e.unit == en)
    );
}

// NGG 1812 8.4: "up to three (3) hexes ... or up to five (5) by virtue of forced marching"; 8.3:
// one strategic move a turn; 4.1: six friendly OF at all times.
#[test]
fn ngg_hexes_forced_march_one_move_and_capacity() {
    let b = map(8, 2)
        .ruleset("ngg1812")
        .unit_with("u", 'U', "0101", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Line)
        })
        .unit_with("c", 'C', "0802", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Line)
        });
    let g = b.game();
    let mut s = session(&g, 1);
    s.execute(mv("u", &["0201", "0301", "0401"])).unwrap();
    assert!(!s.game.unit(id(&s.game, "u")).forced_march);
    let e = s.execute(mv("u", &["0501"])).unwrap_err();
    assert!(format!("{e}").contains("8.3"), "{e}");
    let mut s = session(&g, 1);
    let ev = s
        .execute(mv("u", &["0201", "0301", "0401", "0501", "0601"]))
        .unwrap();
    assert!(s.game.unit(id(&s.game, "u")).forced_march);
    assert!(ev.iter().any(|e| matches!(e, musket::rules::event::Event::Note { text } if text.contains("force-marches"))));
    assert!(
        validate(
            &g,
            &mv("u", &["0201", "0301", "0401", "0501", "0601", "0701"])
        )
        .is_err()
    );
    // Capacity: a conscript (2 OF) may not pass through a hex holding 5 OF (2 + 2 + 1).
    let g = map(4, 1)
        .ruleset("ngg1812")
        .unit_with("a", 'U', "0101", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Conscript)
        })
        .unit_with("b", 'U', "0201", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Conscript)
        })
        .unit_with("x", 'U', "0201", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Conscript)
        })
        .unit_with("y", 'U', "0201", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Veteran)
        })
        .unit_with("c", 'C', "0401", 1, |u| {
            u.class = Some(musket::rules::unit::Class::Line)
        })
        .game();
    let e = validate(&g, &mv("a", &["0201", "0301"])).unwrap_err();
    assert!(format!("{e}").contains("4.1"), "{e}");
}

// The card gives no budget: 16 OPs a turn [project default]; "Fire in fire phase 2" and
// "Melee (attacker) 2" spend from it; Final Defensive Fire is not priced.
#[test]
fn shiloh_budget_and_attack_ops() {
    let g = map(10, 3)
        .ruleset("shiloh")
        .unit("i", 'U', "0101", 800)
        .unit("t", 'C', "0201", 800)
        .game();
    assert_eq!(budget(&g, id(&g, "i")).left, Some(mp(16.0)));
    let mut s = session(&g, 1);
    s.execute(attack_cmd(&["i"], "0201", None, &[])).unwrap();
    assert_eq!(s.game.unit(id(&s.game, "i")).spent, mp(2.0));
    // A second fire is refused (once a turn); a melee is another phase.
    let e = validate(&s.game, &attack_cmd(&["i"], "0201", None, &[])).unwrap_err();
    assert!(matches!(e, CommandError::Limit(_)), "{e}");
    s.execute(attack_cmd(&["i"], "0201", Some(AttackType::Melee), &[]))
        .unwrap();
    assert_eq!(s.game.unit(id(&s.game, "i")).spent, mp(4.0));
    // In the Confederate turn, Union Final Defensive Fire costs no OP.
    s.execute(Command::EndTurn).unwrap();
    let fdf = attack_cmd(&["i"], "0201", None, &[("phase", "final-defensive")]);
    s.execute(fdf).unwrap();
    assert_eq!(s.game.unit(id(&s.game, "i")).spent, Mp::ZERO);
}

// ---------------------------------------------------------------------------------------------
// Enforcement, attack limits, Free movement, saves and undo
// ---------------------------------------------------------------------------------------------

#[test]
fn partial_moves_add_up_and_a_turn_restores_them() {
    let g = map(8, 1)
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(3.0))
        .unit("c", 'C', "0801", 3)
        .game();
    let mut s = session(&g, 1);
    s.execute(mv("u", &["0201"])).unwrap();
    s.execute(mv("u", &["0301", "0401"])).unwrap();
    let e = s.execute(mv("u", &["0501"])).unwrap_err();
    assert!(format!("{e}").contains("0 MP left of 3 this turn"), "{e}");
    s.execute(Command::EndTurn).unwrap();
    s.execute(Command::EndTurn).unwrap();
    s.execute(mv("u", &["0501"])).unwrap();
}

// GCACW limits attacks by fatigue, not by a count a turn (sequence-of-play.md 1.9; the
// sequence's `assault` rules): a unit attacks once an action, and an attack made without a
// march is a march of no hexes, which tires the unit.
#[test]
fn a_unit_attacks_once_an_action_and_each_attack_tires_it() {
    let g = map(4, 2)
        .unit("a", 'U', "0101", 9)
        .unit("d", 'C', "0201", 1)
        .unit("e", 'C', "0102", 1)
        .game();
    // GCACW's own sequence (the helper `session` plays the generic one).
    let mut s = Session::new(g.scenario.clone(), g.rules.clone(), 3);
    let union = s.game.unit(id(&s.game, "a")).side;
    while s.game.active_side != union {
        s.execute(Command::EndTurn).unwrap();
    }
    s.execute(attack_cmd(&["a"], "0201", None, &[])).unwrap();
    assert_eq!(s.game.unit(id(&s.game, "a")).fatigue, 1);
    let e = s
        .execute(attack_cmd(&["a"], "0102", None, &[]))
        .unwrap_err();
    assert!(
        matches!(&e, CommandError::Limit(m) if m.contains("has attacked in this action")),
        "{e}"
    );
    // In its side's next action it may again (the action ends; the other side may act first).
    s.execute(Command::EndTurn).unwrap();
    for _ in 0..6 {
        if s.game.active_side == union {
            break;
        }
        s.execute(Command::EndTurn).unwrap();
    }
    assert_eq!(s.game.active_side, union);
    assert!(validate(&s.game, &attack_cmd(&["a"], "0102", None, &[])).is_ok());
}

#[test]
fn free_movement_logs_instead_of_refusing() {
    let mut b = map(8, 1)
        .unit_with("u", 'U', "0101", 3, |u| u.movement = Some(1.0))
        .unit("c", 'C', "0801", 3);
    b.file.movement = Enforcement::Free;
    let g = b.game();
    let mut s = session(&g, 1);
    let ev = s.execute(mv("u", &["0201", "0301", "0401"])).unwrap();
    assert_eq!(s.game.unit(id(&s.game, "u")).spent, mp(3.0));
    assert!(
        ev.iter()
            .any(|e| matches!(e, musket::rules::event::Event::MoveCost { .. }))
    );
    // Geometry is still the rule: no enemy-held hex.
    assert!(
        s.execute(mv("u", &["0501", "0601", "0701", "0801"]))
            .is_err()
    );
    // The save keeps the setting.
    let back = Session::load_save(&s.save_string(), "free.ron", &Default::default()).unwrap();
    assert_eq!(back.game.scenario.movement, Enforcement::Free);
}

#[test]
fn saves_replay_and_undo_carry_moves_and_rolls() {
    let g = map(8, 3)
        .unit("u", 'U', "0101", 3)
        .unit("v", 'U', "0101", 3)
        .unit("c", 'C', "0803", 3)
        .game();
    let mut s = session(&g, 11);
    s.execute(Command::March {
        units: vec!["u".into(), "v".into()],
    })
    .unwrap();
    let left = budget(&s.game, id(&s.game, "u")).left.unwrap();
    s.execute(Command::MoveStack {
        units: vec!["u".into(), "v".into()],
        path: vec!["0201".into()],
    })
    .unwrap();
    let back = Session::load_save(&s.save_string(), "m.ron", &Default::default()).unwrap();
    assert_eq!(back.game.units, s.game.units);
    // Undo takes the move back, not the roll.
    assert_eq!(s.undoable(), 1);
    s.undo(1);
    let u = s.game.unit(id(&s.game, "u"));
    assert_eq!(u.hex, Some(c(&s.game, "0101")));
    assert_eq!(budget(&s.game, id(&s.game, "u")).left, Some(left));
    assert!(u.march.is_some());
}

#[test]
fn a_per_unit_movement_allowance_loads_and_is_checked() {
    let text = include_str!("../../scenarios/example-flank.ron").replacen(
        "strength: Organized(4), artillery: 1, tactical: 1)",
        "strength: Organized(4), artillery: 1, tactical: 1, movement: 2.5)",
        1,
    );
    let sc = musket::rules::registry::parse_scenario(&text, std::path::Path::new("x.ron")).unwrap();
    assert_eq!(sc.units[0].movement, Some(mp(2.5)));
    let bad = text.replace("movement: 2.5", "movement: -1");
    let e =
        musket::rules::registry::parse_scenario(&bad, std::path::Path::new("x.ron")).unwrap_err();
    assert!(e.to_string().contains("units[0].movement"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Stacks: the reach is exactly what `validate` accepts (issue 16, item 1)
// ---------------------------------------------------------------------------------------------

/// A second mover stacked with `m`: kind (infantry, cavalry, artillery, leader), its fixed
/// allowance, and a variant (GBACW routed, Shiloh mode, NGG 1812 class).
type Second = (usize, u32, usize);

fn stack_game(b: &Board, second: Second) -> Game {
    let rs = RULESETS[b.ruleset];
    let (kind, allowance, variant) = second;
    let kinds = [
        UnitKind::Infantry,
        UnitKind::Cavalry,
        UnitKind::Artillery,
        UnitKind::Leader,
    ];
    let kind = kinds[kind];
    builder_of(b)
        .unit_with("m2", 'U', &lab(b.start), 200, |u| {
            u.kind = kind;
            u.movement = Some(allowance as f64);
            if kind == UnitKind::Leader {
                u.strength = Some(musket::rules::scenario::StrengthFile::Organized(0.0));
            }
            match rs {
                "ngg1812" if kind != UnitKind::Leader => {
                    let classes = [
                        musket::rules::unit::Class::Line,
                        musket::rules::unit::Class::Veteran,
                        musket::rules::unit::Class::Conscript,
                    ];
                    u.class = Some(classes[variant % classes.len()]);
                }
                "shiloh" => {
                    if kind == UnitKind::Leader {
                        u.strength = None;
                        u.leader_bonus = Some(10);
                    } else {
                        let modes = musket::rules::shiloh::profile::modes(kind);
                        u.mode = Some(modes[variant % modes.len()]);
                        if kind == UnitKind::Artillery {
                            u.guns = Some(4);
                        }
                    }
                }
                "gbacw" => {
                    u.morale = Some(3);
                    if variant == 1 {
                        u.status = Some(Status::Routed);
                    }
                }
                _ => {}
            }
        })
        .game()
}

fn stack_cmd(g: &Game, units: &[UnitIdx], path: &[Coord]) -> Command {
    Command::MoveStack {
        units: units.iter().map(|u| g.unit(*u).id.clone()).collect(),
        path: path.iter().map(|c| g.label(*c)).collect(),
    }
}

/// Every hex a move of `units` along some simple path ends in that `validate` accepts, by
/// trying every path (a refused path is never the start of an accepted one: a step refused, a
/// stop before the end and a budget overspent stay so when the path goes on).
fn accepted_by_validate(g: &Game, units: &[UnitIdx]) -> std::collections::BTreeSet<Coord> {
    let start = g.unit(units[0]).hex.unwrap();
    let side = g.unit(units[0]).side;
    let mut found = std::collections::BTreeSet::new();
    fn go(
        g: &Game,
        units: &[UnitIdx],
        side: SideId,
        start: Coord,
        path: &mut Vec<Coord>,
        found: &mut std::collections::BTreeSet<Coord>,
    ) {
        let at = *path.last().unwrap_or(&start);
        for n in at.neighbors() {
            if !g.map().contains(n) || n == start || path.contains(&n) {
                continue;
            }
            if g.side_at(n).is_some_and(|s| s != side) {
                continue;
            }
            path.push(n);
            if validate(g, &stack_cmd(g, units, path)).is_ok() {
                found.insert(n);
                go(g, units, side, start, path, found);
            }
            path.pop();
        }
    }
    go(g, units, side, start, &mut Vec::new(), &mut found);
    found
}

/// The reach of `units` (their own budgets) against `validate`, both ways, and each unit's cost
/// along each path shown equal to what `price_path` charges it.
fn check_stack_reach(g: &Game, units: &[UnitIdx]) -> Result<(), TestCaseError> {
    let ctx = MoveContext::new(g);
    let r = reachable(g, &ctx, units, None).unwrap();
    let origin = g.unit(units[0]).hex.unwrap();
    let got: std::collections::BTreeSet<Coord> = r
        .hexes()
        .map(|h| g.map().coord(h.index))
        .filter(|c| *c != origin)
        .collect();
    let want = accepted_by_validate(g, units);
    let labels = |s: &std::collections::BTreeSet<Coord>| -> Vec<String> {
        s.iter().map(|c| g.label(*c)).collect()
    };
    prop_assert_eq!(
        labels(&got),
        labels(&want),
        "reach (left) vs validate (right), units {:?}",
        units
            .iter()
            .map(|u| g.unit(*u).id.clone())
            .collect::<Vec<_>>()
    );
    for &hex in &got {
        let path = r.path(g, hex).unwrap();
        let res = validate(g, &stack_cmd(g, units, &path));
        prop_assert!(res.is_ok(), "{}: {:?}", g.label(hex), res);
        let each = r.unit_costs(g, hex).unwrap();
        for (k, &u) in units.iter().enumerate() {
            let priced = price_path(g, u, units, &path);
            prop_assert_eq!(priced.total, each[k], "{} {}", g.label(hex), g.unit(u).id);
        }
        prop_assert_eq!(r.cost(g, hex), each.iter().copied().max());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // Issue 16 item 1: a stack of two units of different kinds (a leader with his brigade, a
    // routed unit with a fresh one, cavalry with guns) reaches exactly the hexes `validate`
    // accepts for `MoveStack`, found by trying every simple path, in all four rule systems.
    #[test]
    fn a_stacks_reach_is_exactly_what_validate_accepts(
        b in board(),
        second in (0usize..4, 1u32..9, 0usize..3),
    ) {
        let g = stack_game(&b, second);
        let units = [id(&g, "m"), id(&g, "m2")];
        check_stack_reach(&g, &units)?;
        // Each unit alone too.
        check_stack_reach(&g, &units[..1])?;
    }
}

// Issue 16 item 1, the case reported: from the start of Hornets' Nest, Prentiss with his 1st
// Brigade may move 0402 0303 0304 0305 (validate accepts it), so 0305 is in the stack's reach,
// at what each unit pays: the brigade 5+4+3+3 OP, Prentiss less. Before, every step was priced
// at the dearer unit's cost (19 OP in all) against 16 OP, and 0305 was left out.
#[test]
fn shiloh_a_leader_with_his_brigade_reaches_what_validate_accepts() {
    let p =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/shiloh-hornets-nest.ron");
    let sc = musket::rules::registry::load_scenario(&p).unwrap();
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    let mut s = Session::new(std::sync::Arc::new(sc), rules, 1);
    while s.game.active_side != s.game.unit(s.game.unit_by_id("usa-prentiss").unwrap()).side {
        s.execute(Command::EndTurn).unwrap();
    }
    let g = &s.game;
    let units = [id(g, "usa-prentiss-b1"), id(g, "usa-prentiss")];
    let path: Vec<Coord> = ["0402", "0303", "0304", "0305"]
        .iter()
        .map(|l| c(g, l))
        .collect();
    assert!(validate(g, &stack_cmd(g, &units, &path)).is_ok());
    let ctx = MoveContext::new(g);
    let r = reachable(g, &ctx, &units, None).unwrap();
    let each = r
        .unit_costs(g, c(g, "0305"))
        .expect("0305 in the stack's reach");
    for (k, &u) in units.iter().enumerate() {
        let own = price_path(g, u, &units, &r.path(g, c(g, "0305")).unwrap()).total;
        assert_eq!(each[k], own);
        assert!(own <= budget(g, u).left.unwrap());
    }
    assert!(
        each[0] > each[1],
        "the brigade pays more than its leader: {each:?}"
    );
    // And the stack's whole reach agrees with validate, path by path.
    check_stack_reach(g, &units).unwrap();
}

/// The stacks of the side to move: every hex's units of that side, two or more.
fn stacks_to_move(g: &Game) -> Vec<Vec<UnitIdx>> {
    let mut by_hex: std::collections::BTreeMap<Coord, Vec<UnitIdx>> = Default::default();
    for (i, u) in g.units.iter().enumerate() {
        if u.side == g.active_side
            && let Some(h) = u.hex
        {
            by_hex.entry(h).or_default().push(UnitIdx(i as u32));
        }
    }
    by_hex.into_values().filter(|v| v.len() > 1).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    // Issue 16 item 1, on the shipped scenarios of all four rule systems after some random
    // play (units that have moved, marched, attacked, stopped in a zone of control): every hex
    // of a stack's reach is accepted by `validate` along the path shown, at each unit's own
    // price; and every path `validate` accepts that we try — each unit's own cheapest path to
    // every hex, and random walks — ends in the reach.
    #[test]
    fn stack_reach_agrees_with_validate_on_shipped_scenarios(
        scenario in 0usize..5,
        seed in any::<u64>(),
        commands in 0usize..60,
    ) {
        use musket::rules::ai::Kind;
        let name = ["foxs-gap.ron", "crampton-gap.ron", "gbacw-bloody-hill.ron",
            "ngg1812-smolensk.ron", "shiloh-hornets-nest.ron"][scenario];
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name);
        let sc = musket::rules::registry::load_scenario(&p).unwrap();
        let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
        let mut s = Session::new(std::sync::Arc::new(sc), rules, seed);
        let mut players = [Kind::Random.player(seed, SideId(0)), Kind::Random.player(seed ^ 1, SideId(1))];
        for _ in 0..commands {
            if s.game.is_over() { break; }
            let d = players[s.game.active_side.0 as usize].decide(&s.game);
            if validate(&s.game, &d.command).is_ok() {
                s.execute(d.command).unwrap();
            }
        }
        let g = &s.game;
        if g.is_over() {
            return Ok(());
        }
        let ctx = MoveContext::new(g);
        let mut walk = seed;
        for units in stacks_to_move(g) {
            // Only stacks whose budgets are known (a march roll made): `validate` refuses a move
            // before it, while the reach shows the largest roll.
            if units.iter().any(|u| budget(g, *u).left.is_none()) {
                continue;
            }
            let r = reachable(g, &ctx, &units, None).unwrap();
            let origin = g.unit(units[0]).hex.unwrap();
            for h in r.hexes() {
                let hex = g.map().coord(h.index);
                if hex == origin { continue; }
                let path = r.path(g, hex).unwrap();
                let res = validate(g, &stack_cmd(g, &units, &path));
                prop_assert!(res.is_ok(), "{} {}: {:?}", name, g.label(hex), res);
                let each = r.unit_costs(g, hex).unwrap();
                for (k, &u) in units.iter().enumerate() {
                    prop_assert_eq!(price_path(g, u, &units, &path).total, each[k]);
                }
            }
            let mut tried: Vec<Vec<Coord>> = Vec::new();
            for &u in &units {
                let alone = reachable(g, &ctx, &[u], Some(Mp(u32::MAX / 2))).unwrap();
                for h in alone.hexes() {
                    let hex = g.map().coord(h.index);
                    if hex != origin {
                        tried.push(alone.path(g, hex).unwrap());
                    }
                }
            }
            for _ in 0..40 {
                let mut path = Vec::new();
                let mut at = origin;
                for _ in 0..8 {
                    walk = walk.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let n = at.neighbor(Dir::ALL[(walk >> 33) as usize % 6]);
                    if !g.map().contains(n) || n == origin || path.contains(&n) { break; }
                    path.push(n);
                    at = n;
                    tried.push(path.clone());
                }
            }
            for path in tried {
                let end = *path.last().unwrap();
                if validate(g, &stack_cmd(g, &units, &path)).is_ok() {
                    prop_assert!(r.cost(g, end).is_some(),
                        "{}: validate accepts {:?} but the reach leaves {} out",
                        name, path.iter().map(|c| g.label(*c)).collect::<Vec<_>>(), g.label(end));
                }
            }
        }
    }
}
