//! Helpers for building small positions in tests.
#![allow(dead_code)]

use std::sync::Arc;

use musket::rules::attack::{AttackRequest, AttackType, Odds};
use musket::rules::cv::Prob;
use musket::rules::game::Game;
use musket::rules::gcacw::Gcacw;
use musket::rules::gcacw::assess::Assessment;
use musket::rules::map::{Feature, RouteKind, Weather};
use musket::rules::registry::validate_scenario as validate;
use musket::rules::scenario::{
    HexsideFile, MapFile, RouteFile, ScenarioFile, StrengthFile, UnitFile,
};
use musket::rules::unit::UnitKind;

pub use musket::rules::hex::Dir;

/// A scenario under construction: a clear map, sides "Union" (U) and "Confederate" (C).
#[derive(Clone)]
pub struct B {
    pub file: ScenarioFile,
}

pub fn map(columns: u32, rows: u32) -> B {
    B {
        file: ScenarioFile {
            title: "test".into(),
            ruleset: "gcacw".into(),
            sides: vec!["Union".into(), "Confederate".into()],
            weather: Weather::Dry,
            turn: None,
            turns: None,
            weather_by_turn: None,
            briefing: None,
            night_turns: Vec::new(),
            random_events: None,
            supply_trains: None,
            ferries: Vec::new(),
            surprise: None,
            alert: None,
            initiative_ties: None,
            map: MapFile {
                orientation: Default::default(),
                columns: columns as i64,
                rows: rows as i64,
                terrain: vec!["c".repeat(columns as usize); rows as usize],
                hexsides: Vec::new(),
                routes: Vec::new(),
                elevation: None,
                labels: Default::default(),
            },
            units: Vec::new(),
            victory: Vec::new(),
            victory_losses: Vec::new(),
            movement: Default::default(),
            underlay: None,
            module: None,
        },
    }
}

fn side_name(s: char) -> String {
    match s {
        'U' => "Union".into(),
        _ => "Confederate".into(),
    }
}

impl B {
    pub fn terrain(mut self, hex: &str, letter: char) -> Self {
        let col: usize = hex[..2].parse().unwrap();
        let row: usize = hex[2..].parse().unwrap();
        let line = &mut self.file.map.terrain[row - 1];
        let mut chars: Vec<char> = line.chars().collect();
        chars[col - 1] = letter;
        *line = chars.into_iter().collect();
        self
    }

    pub fn hexside(mut self, hex: &str, dir: Dir, features: &[Feature]) -> Self {
        self.file.map.hexsides.push(HexsideFile {
            hex: hex.into(),
            dir: musket::rules::hex::Orientation::Flat.compass(dir),
            features: features.to_vec(),
        });
        self
    }

    pub fn route(mut self, kind: RouteKind, hexes: &[&str]) -> Self {
        self.file.map.routes.push(RouteFile {
            kind,
            hexes: hexes.iter().map(|h| h.to_string()).collect(),
        });
        self
    }

    pub fn rain(mut self) -> Self {
        self.file.weather = Weather::Rain;
        self
    }

    /// A combat unit: `side` 'U' or 'C', organized `cv`.
    pub fn unit(self, id: &str, side: char, hex: &str, cv: u32) -> Self {
        self.unit_with(id, side, hex, cv, |_| {})
    }

    pub fn unit_with(
        mut self,
        id: &str,
        side: char,
        hex: &str,
        cv: u32,
        f: impl FnOnce(&mut UnitFile),
    ) -> Self {
        let mut u = UnitFile {
            id: id.into(),
            name: id.into(),
            side: side_name(side),
            kind: UnitKind::Infantry,
            hex: hex.into(),
            strength: Some(StrengthFile::Organized(cv as f64)),
            artillery: 0,
            tactical: 0,
            tactical_defence: None,
            fatigue: 0,
            demoralized: 0,
            entrenched: false,
            active: true,
            ..UnitFile::blank()
        };
        f(&mut u);
        self.file.units.push(u);
        self
    }

    /// A disorganized combat unit with a CV in halves.
    pub fn disorganized(self, id: &str, side: char, hex: &str, cv: f64, manpower: u32) -> Self {
        self.unit_with(id, side, hex, 0, |u| {
            u.strength = Some(StrengthFile::Disorganized {
                cv,
                manpower: manpower as f64,
            })
        })
    }

    pub fn leader(self, id: &str, side: char, hex: &str, tactical: i64) -> Self {
        self.unit_with(id, side, hex, 0, |u| {
            u.kind = UnitKind::Leader;
            u.strength = Some(StrengthFile::Organized(0.0));
            u.tactical = tactical;
        })
    }

    /// Use another rule system (`gbacw`, `ngg1812`, `shiloh`).
    pub fn ruleset(mut self, id: &str) -> Self {
        self.file.ruleset = id.into();
        self
    }

    /// Set the terrain rows (one string per row, scenario letters).
    pub fn terrain_rows(mut self, rows: &[&str]) -> Self {
        self.file.map.terrain = rows.iter().map(|r| r.to_string()).collect();
        self
    }

    pub fn game(&self) -> Game {
        let sc =
            validate(self.file.clone()).unwrap_or_else(|p| panic!("test scenario invalid: {p:?}"));
        let rules: Arc<dyn musket::rules::ruleset::Ruleset> = if sc.ruleset == "gcacw" {
            Arc::new(Gcacw::builtin())
        } else {
            musket::rules::registry::builtin(sc.ruleset)
                .unwrap_or_else(|e| panic!("ruleset {}: {e}", sc.ruleset))
        };
        musket::rules::flow::new_game(Arc::new(sc), rules)
    }
}

pub fn request(
    game: &Game,
    attackers: &[&str],
    defender: &str,
    kind: Option<AttackType>,
) -> AttackRequest {
    AttackRequest {
        attackers: attackers
            .iter()
            .map(|a| game.unit_by_id(a).unwrap_or_else(|| panic!("no unit {a}")))
            .collect(),
        defender: game.scenario.parse_hex(defender).unwrap(),
        kind,
        march_type: None,
        options: Default::default(),
    }
}

pub fn assess(
    game: &Game,
    attackers: &[&str],
    defender: &str,
    kind: Option<AttackType>,
) -> Assessment {
    let rules = Gcacw::builtin();
    Assessment::new(&rules, game, &request(game, attackers, defender, kind)).unwrap()
}

pub fn odds(game: &Game, attackers: &[&str], defender: &str, kind: Option<AttackType>) -> Odds {
    game.rules
        .odds(game, &request(game, attackers, defender, kind))
        .unwrap()
}

/// Labels as strings.
pub fn labels(game: &Game, cs: &[musket::rules::hex::Coord]) -> Vec<String> {
    cs.iter().map(|c| game.label(*c)).collect()
}

pub fn p(n: u64, d: u64) -> Prob {
    Prob::new(n, d)
}

pub fn sum(list: &[(String, Prob)]) -> Prob {
    list.iter().fold(Prob::from_integer(0), |a, (_, p)| a + *p)
}

/// A defender in 0303 (odd column) with neighbours N 0302, NE 0402, SE 0403, S 0304,
/// SW 0203, NW 0202, on a 6x6 clear map.
pub fn ring() -> B {
    map(6, 6)
}

/// A unit by id.
pub fn unit<'a>(g: &'a Game, id: &str) -> &'a musket::rules::unit::Unit {
    g.unit(g.unit_by_id(id).unwrap_or_else(|| panic!("no unit {id}")))
}

/// A request with attack options set (`--opt key=value`).
pub fn with_opts(mut req: AttackRequest, opts: &[(&str, &str)]) -> AttackRequest {
    for (k, v) in opts {
        req.options.insert(k.to_string(), v.to_string());
    }
    req
}

/// Resolve an attack with these choices and these dice, in the rule system's draw order.
pub fn roll(
    g: &mut Game,
    req: &AttackRequest,
    choices: &musket::rules::attack::Choices,
    dice: &[u8],
) -> Vec<musket::rules::event::Event> {
    let rules = g.rules.clone();
    rules
        .resolve(
            g,
            req,
            choices,
            &mut musket::rules::dice::FixedDice::new(dice),
        )
        .unwrap()
}

/// An attack command by `units` on `hex`, of `kind` (the default when `None`), with options.
pub fn attack_cmd(
    units: &[&str],
    hex: &str,
    kind: Option<AttackType>,
    opts: &[(&str, &str)],
) -> musket::rules::order::Command {
    musket::rules::order::Command::Attack {
        attackers: units.iter().map(|u| u.to_string()).collect(),
        defender: hex.into(),
        kind,
        march_type: None,
        choices: Default::default(),
        options: opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// A session in the generic turn (each side in turn moves and attacks), whatever its rule
/// system's sequence of play: for the tests of other rules (movement, combat, saves, turns),
/// which set up positions for a side to act. `tests/sequence.rs` tests the sequences.
#[allow(dead_code)]
pub fn generic_session(
    scenario: Arc<musket::rules::scenario::Scenario>,
    rules: Arc<dyn musket::rules::ruleset::Ruleset>,
    seed: u64,
) -> musket::rules::session::Session {
    musket::rules::session::Session::with_sequence(
        scenario,
        rules,
        seed,
        Arc::new(musket::rules::sequence::generic()),
    )
}

/// The shipped scenarios every computer player must play to the end.
pub const PLAYABLE: [&str; 6] = [
    "foxs-gap.ron",
    "crampton-gap.ron",
    "south-mountain.ron",
    "gbacw-bloody-hill.ron",
    "ngg1812-smolensk.ron",
    "shiloh-hornets-nest.ron",
];

/// A shipped scenario (`scenarios/NAME`) and its built-in rules.
pub fn load_shipped(
    name: &str,
) -> (
    Arc<musket::rules::scenario::Scenario>,
    Arc<dyn musket::rules::ruleset::Ruleset>,
) {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    let sc = musket::rules::registry::load_scenario(&p).unwrap_or_else(|e| panic!("{e}"));
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    (Arc::new(sc), rules)
}

/// A unit with its GCACW values (artillery, tactical, disorganized, demoralized, works …).
pub fn gcu(g: &Game, u: musket::rules::unit::UnitIdx) -> musket::rules::gcacw::state::Gu<'_> {
    musket::rules::gcacw::state::gu(g, u)
}

/// The unit with this id, with its GCACW values.
pub fn gc<'a>(g: &'a Game, id: &str) -> musket::rules::gcacw::state::Gu<'a> {
    gcu(
        g,
        g.unit_by_id(id).unwrap_or_else(|| panic!("no unit {id}")),
    )
}

/// A game and its dice, for tests that choose some of the dice themselves (a session's log
/// would no longer replay from its seed): every command still goes through the one judge,
/// `command::execute`.
pub struct Table {
    pub game: Game,
    pub dice: musket::rules::dice::Dice,
}

impl Table {
    /// The session's game and dice as they stand (its opening roll made).
    pub fn of(s: &musket::rules::session::Session) -> Table {
        Table {
            game: s.game.clone(),
            dice: s.dice.clone(),
        }
    }

    /// A command, with the table's dice.
    pub fn execute(
        &mut self,
        cmd: musket::rules::order::Command,
    ) -> Result<Vec<musket::rules::event::Event>, musket::rules::order::CommandError> {
        musket::rules::command::execute(&mut self.game, &cmd, &mut self.dice)
    }

    /// A command, with the dice `values` in this order.
    pub fn execute_with(
        &mut self,
        cmd: &musket::rules::order::Command,
        values: &[u8],
    ) -> Result<Vec<musket::rules::event::Event>, musket::rules::order::CommandError> {
        let mut d = musket::rules::dice::FixedDice::new(values);
        musket::rules::command::execute(&mut self.game, cmd, &mut d)
    }
}

/// A GCACW rules text (`assets/rules/gcacw.ron`, or `musket rules gcacw`'s) without the computer
/// players' value of a playout cut short: its `cut_short` block deleted (played since stop 68).
pub fn without_cut_short(text: &str) -> String {
    let mut off = false;
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("cut_short: Some((") {
            off = true;
        }
        if !off {
            out.push_str(line);
            out.push('\n');
        } else if t == "))," {
            off = false;
        }
    }
    assert!(
        text.contains("\n        cut_short: Some((") && !out.contains("cut_short: Some(("),
        "no cut_short block to delete"
    );
    out
}
