//! Scenario files, format version 1 (`shared/formats/scenario.md`, normative).
//!
//! Loading is two steps: RON parsing into the `*File` structs (syntax errors carry the line and
//! column), then validation into a [`Scenario`] (errors name the field and the value). Either
//! step fails as a whole: there is no partial load.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::cv::Cv;
use super::hex::{Coord, Dir, parse_label};
use super::map::{Feature, Map, Route, RouteKind, Terrain, Weather, label_width};
use super::unit::{Class, Mode, SideId, Status, Unit, UnitIdx, UnitKind};

/// A validated victory hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VictoryHex {
    pub hex: Coord,
    pub points: u32,
    pub name: String,
    /// Who holds it at the start.
    pub holder: Option<SideId>,
}

/// The formations a unit of each kind may be in, its default first.
pub type Formations = fn(UnitKind) -> &'static [Mode];

/// What one rule system's scenarios may hold beyond the format every scenario shares: its
/// terrain letters, unit kinds, optional unit fields and ranges. Each rule system gives its own
/// (`<system>/profile.rs`); the registry lists them ([`super::registry::profiles`]), and
/// validation reads them, so the format names no rule system.
#[derive(Debug)]
pub struct Profile {
    /// The id a scenario's `ruleset` names.
    pub id: &'static str,
    /// Its name in messages ("NGG 1812").
    pub name: &'static str,
    /// The terrain letters its tables know (a letter outside the list is an error, so a Shiloh
    /// ravine cannot slip into a GCACW map unpriced).
    pub terrain: &'static str,
    /// The unit kinds it knows.
    pub unit_kinds: &'static [UnitKind],
    /// The optional fields of the format's own unit shape it reads (the editor's form offers
    /// them; `artillery`, `fatigue` …).
    pub core_fields: &'static [&'static str],
    /// The optional unit fields it adds (of [`EXTRA_UNIT_FIELDS`], and `command`).
    pub unit_fields: &'static [&'static str],
    /// Its units may be disrupted (`status: Disrupted`).
    pub disrupted: bool,
    /// Its units may be pinned or engaged.
    pub pinned: bool,
    /// The highest fatigue a unit may start with, and the editor's word for the field.
    pub max_fatigue: i64,
    pub fatigue_help: &'static str,
    /// The formations (`mode`) a unit of each kind may be in, its default first, and why
    /// (where the rule system has formations).
    pub modes: Option<(Formations, &'static str)>,
    /// Its supply trains' rule (`supply_trains`), where it has them.
    pub supply_trains: Option<&'static str>,
}

impl Profile {
    /// The formation a unit of `kind` starts in without a `mode`.
    pub fn first_mode(&self, kind: UnitKind) -> Mode {
        match self.modes {
            Some((modes, _)) => modes(kind)[0],
            None => Mode::default(),
        }
    }
}

/// The unit kinds a scenario of an unknown rule system is checked against.
const DEFAULT_KINDS: &[UnitKind] = &[
    UnitKind::Infantry,
    UnitKind::Cavalry,
    UnitKind::Artillery,
    UnitKind::Leader,
];

/// Every rule system's profile, in the registry's order: what validation checks a file against.
#[derive(Clone, Copy, Debug)]
pub struct Profiles<'a>(pub &'a [&'a Profile]);

impl<'a> Profiles<'a> {
    pub fn get(&self, id: &str) -> Option<&'a Profile> {
        self.0.iter().copied().find(|p| p.id == id)
    }

    /// The ids, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.0.iter().map(|p| p.id).collect()
    }

    /// The terrain letters of rule system `id` (of an unknown one: every system's).
    pub fn terrain_letters(&self, id: &str) -> String {
        match self.get(id) {
            Some(p) => p.terrain.to_string(),
            // Every system's, in the terrains' own order.
            None => Terrain::ALL
                .iter()
                .map(|t| t.letter())
                .filter(|ch| self.0.iter().any(|p| p.terrain.contains(*ch)))
                .collect(),
        }
    }

    /// The unit kinds of rule system `id` (of an unknown one: the four every system has).
    pub fn unit_kinds(&self, id: &str) -> &'a [UnitKind] {
        self.get(id).map_or(DEFAULT_KINDS, |p| p.unit_kinds)
    }

    /// The ids of the rule systems that use unit field `field`.
    pub fn users(&self, field: &str) -> Vec<&'static str> {
        self.0
            .iter()
            .filter(|p| p.unit_fields.contains(&field))
            .map(|p| p.id)
            .collect()
    }

    /// The names of the rule systems `pred` accepts, "A and B".
    fn names(&self, pred: impl Fn(&Profile) -> bool) -> String {
        let n: Vec<&str> = self.0.iter().filter(|p| pred(p)).map(|p| p.name).collect();
        n.join(" and ")
    }
}

/// The largest CV or manpower a unit may have (GCACW counters print at most a few dozen; Shiloh
/// counts men, up to this many in one unit).
pub const MAX_STRENGTH: u32 = 10_000;
/// The last turn a scenario may have.
pub const MAX_TURN: i64 = 10_000;

/// The strengths a unit of this kind may have, for messages.
fn strength_range(leader: bool, kind: UnitKind) -> String {
    if leader {
        format!("a {} has none: Organized(0)", kind.name())
    } else {
        format!("from 1 to {MAX_STRENGTH}")
    }
}

/// The largest per-unit movement allowance a scenario may give.
pub const MAX_MOVEMENT: crate::rules::points::Mp = crate::rules::points::Mp::whole(1000);

/// Most units a scenario may have.
pub const MAX_UNITS: usize = 1_000_000;

/// Largest map accepted (both parts of a label have at most three digits).
pub const MAX_MAP_SIDE: i64 = 999;

// ---------------------------------------------------------------------------------------------
// File shape
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub title: String,
    pub ruleset: String,
    pub sides: Vec<String>,
    #[serde(default)]
    pub weather: Weather,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather_by_turn: Option<Vec<Weather>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub briefing: Option<String>,
    /// Project addition (optional): the night turns (Shiloh doubles operations costs then).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub night_turns: Vec<i64>,
    /// Project addition (optional): the scenario's random events table, rolled at the start of
    /// every game turn (GCACW's Random Events Phase, where a game has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub random_events: Option<RandomEventsFile>,
    /// Project addition (optional): who wins a tied initiative roll in this scenario, where its
    /// game says so (GCACW's action phase; otherwise the rule system's `initiative.ties`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative_ties: Option<InitiativeTiesFile>,
    /// Project addition (optional): each side's supply trains for every game turn, in the
    /// sides' order (NGG 1812's Table 7.3; `rules::supply`). Without it trains are not counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_trains: Option<Vec<u32>>,
    pub map: MapFile,
    pub units: Vec<UnitFile>,
    /// Project addition (optional): hexes worth victory points to the side holding them at the
    /// end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<VictoryHexFile>,
    /// Project addition (optional): `Enforced` (the default) or `Free`: in Free mode movement
    /// costs and attack limits are shown and logged but nothing is refused.
    #[serde(default, skip_serializing_if = "is_enforced")]
    pub movement: crate::rules::points::Enforcement,
    /// Project addition (optional): the player's own map scan under the grid, and how it is
    /// aligned (the editor's; never needed to play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underlay: Option<UnderlayFile>,
}

/// `random_events: (dice: 2, events: [(rolls: [2, 3], event: Rain), (rolls: [6], event:
/// Note("Union paralysis"))])`: at the start of each game turn `dice` d6 are rolled; a total
/// listed gives its event, any other none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomEventsFile {
    pub dice: i64,
    pub events: Vec<RandomEventFile>,
}

/// One row of a random events table: the totals that give it, and what it does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomEventFile {
    pub rolls: Vec<i64>,
    pub event: RandomEvent,
}

/// What a random event does. `Rain` and `Dry` set the turn's weather; a `Note` is announced in
/// the log for the players to apply as their rules say (an effect Musket does not model).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RandomEvent {
    Rain,
    Dry,
    Note(String),
}

/// `initiative_ties: (winner: "Confederate", source: "…")`: the side that wins a tied
/// initiative roll, and where the game says so.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeTiesFile {
    pub winner: String,
    pub source: String,
}

/// `underlay: (image: "scans/south-mountain.jpg", opacity: 0.6, align: [...])`: the player's own
/// map scan, drawn under the grid in the editor (and, if shown, in play). `align` holds the
/// pixel position of the centre of two hexes on the image (two different hexes, far apart for
/// precision).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnderlayFile {
    /// The image file (PNG or JPEG), relative to the scenario file or absolute.
    pub image: String,
    /// 0 (invisible) to 1 (opaque).
    #[serde(default = "half_opacity")]
    pub opacity: f64,
    /// Whether it is drawn.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub visible: bool,
    /// Two hex centres on the image (pixels, from the top-left corner, y down).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub align: Vec<AlignPoint>,
}

fn half_opacity() -> f64 {
    0.5
}

impl UnderlayFile {
    /// What is wrong with its numbers: (field, value, why). NaN and infinity are refused by
    /// name (a scan cannot be drawn at them, and RON writes them as words).
    pub fn problems(&self) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        if !self.opacity.is_finite() || !(0.0..=1.0).contains(&self.opacity) {
            out.push((
                "underlay.opacity".to_string(),
                self.opacity.to_string(),
                "from 0 (invisible) to 1 (opaque)".to_string(),
            ));
        }
        for (i, p) in self.align.iter().enumerate() {
            for (axis, v) in [("x", p.x), ("y", p.y)] {
                if !v.is_finite() {
                    out.push((
                        format!("underlay.align[{i}].{axis}"),
                        v.to_string(),
                        "not a number of pixels: a finite number is needed".to_string(),
                    ));
                }
            }
        }
        out
    }
}

/// The centre of hex `hex` is at pixel (`x`, `y`) of the image.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlignPoint {
    pub hex: String,
    pub x: f64,
    pub y: f64,
}

fn is_enforced(e: &crate::rules::points::Enforcement) -> bool {
    *e == crate::rules::points::Enforcement::Enforced
}

/// A victory hex: `(hex: "1203", points: 5, name: "Turner's Gap", holder: "Confederate")`.
/// `name` and `holder` are optional; without a holder, the side with units in the hex at the
/// start holds it, else nobody until a combat unit enters it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryHexFile {
    pub hex: String,
    pub points: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub columns: i64,
    pub rows: i64,
    pub terrain: Vec<String>,
    #[serde(default)]
    pub hexsides: Vec<HexsideFile>,
    #[serde(default)]
    pub routes: Vec<RouteFile>,
    /// Project addition (optional): elevation levels, one string of digits 0-9 per row, like
    /// `terrain` (Shiloh's "higher elevation").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elevation: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideFile {
    pub hex: String,
    pub dir: Dir,
    pub features: Vec<Feature>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteFile {
    pub kind: RouteKind,
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum StrengthFile {
    /// CV = manpower = the number.
    Organized(f64),
    /// CV (a multiple of 1/2) and manpower.
    Disorganized { cv: f64, manpower: f64 },
}

fn yes() -> bool {
    true
}

fn is_zero(v: &i64) -> bool {
    *v == 0
}

fn is_true(v: &bool) -> bool {
    *v
}

fn is_false(v: &bool) -> bool {
    !*v
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    pub id: String,
    pub name: String,
    pub side: String,
    pub kind: UnitKind,
    pub hex: String,
    /// Required for combat units; a leader's defaults to `Organized(0)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<StrengthFile>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub artillery: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tactical: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactical_defence: Option<i64>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fatigue: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub demoralized: i64,
    #[serde(default, skip_serializing_if = "is_false")]
    pub entrenched: bool,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub active: bool,
    // Project additions for the other rule systems (all optional; README "Scenario
    // additions"). Each is refused in a ruleset that does not use it.
    /// GBACW morale rating, 1 to 6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<i64>,
    /// GBACW: a green unit, rated on the Seeing the Elephant table [13.15].
    #[serde(default, skip_serializing_if = "is_false")]
    pub green: bool,
    /// GBACW / NGG 1812 / Shiloh status (default Normal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// NGG 1812 class: Veteran, Line or Conscript (combat units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<Class>,
    /// NGG 1812 Commander Rating of a leader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// NGG 1812: force-marched this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub forced_march: bool,
    /// NGG 1812: combats already taken part in this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combats: Option<i64>,
    /// Shiloh: guns of an artillery unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guns: Option<i64>,
    /// Shiloh: efficiency 0 to 100 (default 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub efficiency: Option<i64>,
    /// Shiloh: command control multiplier, 0.1 to 2.0 (default 1.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_control: Option<f64>,
    /// Shiloh: leader bonus in percent, 0 to 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader_bonus: Option<i64>,
    /// Shiloh: formation mode (default Normal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// Shiloh: out of ammunition.
    #[serde(default, skip_serializing_if = "is_false")]
    pub out_of_ammo: bool,
    /// Shiloh: fortification level 0 to 10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fortification: Option<i64>,
    /// Shiloh: an infantry demibrigade (A and B reorganized): gets the road rate (card note \[1\]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub demibrigade: bool,
    /// Shiloh: pays triple movement costs, elevation included (the card's unit 107, TENN ARM
    /// artillery with S24 guns).
    #[serde(default, skip_serializing_if = "is_false")]
    pub heavy_guns: bool,
    /// This unit's movement allowance per turn, in the rule system's points (movement points,
    /// operations points, hexes), in place of the rule system's (or of GCACW's march roll).
    /// Fractions as multiples of 1/60.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<f64>,
    /// GCACW: a leader's command, the ids of the units he activates (an action of the
    /// leader and the units of his command within his command radius).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    /// GCACW: an army leader (the army's commander: he leads grand assaults, with any unit of
    /// his side).
    #[serde(default, skip_serializing_if = "is_false")]
    pub army: bool,
    /// GCACW: on its exhausted side (the recovery's step between disorganized and normal).
    #[serde(default, skip_serializing_if = "is_false")]
    pub exhausted: bool,
    /// A reinforcement: the game turn at whose start the unit enters the map at its `hex`
    /// (absent: on the map from the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<i64>,
}

impl UnitFile {
    /// An infantry unit with no id, name, side or hex and every optional field at its default
    /// (for building files in code: `UnitFile { id, .., ..UnitFile::blank() }`).
    pub fn blank() -> UnitFile {
        UnitFile {
            id: String::new(),
            name: String::new(),
            side: String::new(),
            kind: UnitKind::Infantry,
            hex: String::new(),
            strength: None,
            artillery: 0,
            tactical: 0,
            tactical_defence: None,
            fatigue: 0,
            demoralized: 0,
            entrenched: false,
            active: true,
            morale: None,
            green: false,
            status: None,
            class: None,
            rating: None,
            forced_march: false,
            combats: None,
            guns: None,
            efficiency: None,
            command_control: None,
            leader_bonus: None,
            mode: None,
            out_of_ammo: false,
            fortification: None,
            demibrigade: false,
            heavy_guns: false,
            movement: None,
            command: Vec::new(),
            army: false,
            exhausted: false,
            arrives: None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// One thing wrong with a file: the field (a path such as `units[2].hex`), its value and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub value: String,
    pub problem: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_empty() {
            write!(f, "{}: {}", self.field, self.problem)
        } else {
            write!(f, "{} = {}: {}", self.field, self.value, self.problem)
        }
    }
}

/// Why a scenario file was refused.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("{path}: cannot read the file: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{col}: {message}")]
    Syntax {
        path: PathBuf,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{}", format_problems(path, problems))]
    Invalid {
        path: PathBuf,
        problems: Vec<Problem>,
    },
}

fn format_problems(path: &Path, problems: &[Problem]) -> String {
    let mut s = format!("{}: {}", path.display(), problems[0]);
    if problems.len() > 1 {
        s.push_str(&format!("\n  and {} more:", problems.len() - 1));
        for p in &problems[1..] {
            s.push_str(&format!("\n  {p}"));
        }
    }
    s
}

impl ScenarioError {
    /// The problems of a semantic refusal (empty for I/O and syntax errors).
    pub fn problems(&self) -> &[Problem] {
        match self {
            ScenarioError::Invalid { problems, .. } => problems,
            _ => &[],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Validated scenario
// ---------------------------------------------------------------------------------------------

/// A validated scenario: its map and its units as they start.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub title: String,
    pub ruleset: String,
    pub sides: Vec<String>,
    pub briefing: Option<String>,
    /// The turn play starts on (1-based).
    pub first_turn: u32,
    /// The last turn, if the scenario has a length.
    pub turns: Option<u32>,
    weather: Weather,
    weather_by_turn: Option<Vec<Weather>>,
    pub map: Map,
    pub units: Vec<Unit>,
    pub victory: Vec<VictoryHex>,
    /// Night turns (project addition; Shiloh doubles operations costs then), sorted.
    pub night_turns: Vec<u32>,
    /// The side that wins a tied initiative roll, where the scenario says (project addition).
    pub initiative_ties: Option<SideId>,
    /// Whether movement and attack limits are enforced.
    pub movement: crate::rules::points::Enforcement,
    /// The file as read, kept so a save can hold the scenario itself.
    pub file: ScenarioFile,
    /// Each unit's index by id (ids are unique and never change in a game).
    unit_ids: HashMap<String, UnitIdx>,
    /// Each victory hex's index in `victory`, by hex.
    victory_ids: HashMap<Coord, u32>,
}

impl Scenario {
    /// The index of the unit with this id.
    pub fn unit_by_id(&self, id: &str) -> Option<UnitIdx> {
        self.unit_ids.get(id).copied()
    }

    /// The index in `victory` of the victory hex at `hex`, if it is one.
    pub fn victory_at(&self, hex: Coord) -> Option<&u32> {
        self.victory_ids.get(&hex)
    }

    /// Whether `turn` is a night turn.
    pub fn is_night(&self, turn: u32) -> bool {
        self.night_turns.binary_search(&turn).is_ok()
    }

    /// The weather of a turn: `weather_by_turn` when given (its last entry beyond its end),
    /// else `weather`.
    pub fn weather_on(&self, turn: u32) -> Weather {
        match &self.weather_by_turn {
            Some(w) if !w.is_empty() => {
                let i = (turn.max(1) as usize - 1).min(w.len() - 1);
                w[i]
            }
            _ => self.weather,
        }
    }

    pub fn side_name(&self, s: SideId) -> &str {
        self.sides.get(s.0 as usize).map_or("?", |s| s.as_str())
    }

    pub fn side_by_name(&self, name: &str) -> Option<SideId> {
        self.sides
            .iter()
            .position(|s| s == name)
            .map(|i| SideId(i as u8))
    }

    pub fn label(&self, c: Coord) -> String {
        self.map.label(c)
    }

    pub fn parse_hex(&self, label: &str) -> Result<Coord, String> {
        let c = parse_label(label, self.map.label_width()).map_err(|e| e.to_string())?;
        if self.map.contains(c) {
            Ok(c)
        } else {
            Err(format!(
                "hex {label} is off the map ({} columns x {} rows)",
                self.map.columns(),
                self.map.rows()
            ))
        }
    }
}

/// The RON options used for every file the project reads: `Some(..)` may be left out
/// (`turn: 1` as well as `turn: Some(1)`).
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Read and validate a scenario file against the rule systems' `profiles`
/// (`registry::load_scenario` gives them).
pub fn load(path: &Path, profiles: Profiles) -> Result<Scenario, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|source| ScenarioError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text, path, profiles)
}

/// A RON syntax error, placed: line, column (of the offending token) and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RonError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Parse RON text with the project's options; errors carry the place of the problem.
/// A UTF-8 byte-order mark at the start (as some Windows editors write) is skipped; places
/// are counted without it, as an editor shows the text.
pub fn from_ron<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RonError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    ron_options()
        .from_str(text)
        .map_err(|e: ron::error::SpannedError| {
            let (line, col) = error_position(text, &e.span);
            RonError {
                line,
                col,
                message: e.code.to_string(),
            }
        })
}

/// Parse and validate scenario text; `path` names it in errors.
pub fn parse(text: &str, path: &Path, profiles: Profiles) -> Result<Scenario, ScenarioError> {
    let file: ScenarioFile = from_ron(text).map_err(|e| ScenarioError::Syntax {
        path: path.to_path_buf(),
        line: e.line,
        col: e.col,
        message: e.message,
    })?;
    validate(file, profiles).map_err(|problems| ScenarioError::Invalid {
        path: path.to_path_buf(),
        problems,
    })
}

/// The line and column to name for a RON error. ron starts the span of some errors (a value of
/// the wrong type: `columns: "6"`) before the whitespace in front of the offending token, which
/// names the wrong column, or the previous line when the value starts a line; skip that
/// whitespace and any comments, up to the span's end.
fn error_position(text: &str, span: &ron::error::Span) -> (usize, usize) {
    let offset = |p: &ron::error::Position| -> usize {
        let mut line_start = 0;
        for _ in 1..p.line {
            match text[line_start..].find('\n') {
                Some(i) => line_start += i + 1,
                None => return text.len(),
            }
        }
        text[line_start..]
            .char_indices()
            .nth(p.col.saturating_sub(1))
            .map_or(text.len(), |(i, _)| line_start + i)
    };
    let (start, end) = (offset(&span.start), offset(&span.end));
    let mut i = start;
    while i < end {
        let rest = &text[i..];
        match rest.chars().next() {
            Some(c) if c.is_whitespace() => i += c.len_utf8(),
            _ if rest.starts_with("//") => i += rest.find('\n').unwrap_or(rest.len()),
            _ if rest.starts_with("/*") => match rest[2..].find("*/") {
                Some(j) => i += j + 4,
                None => break,
            },
            _ => break,
        }
    }
    if i == start || i > end {
        return (span.start.line, span.start.col);
    }
    let before = &text[..i];
    let line = 1 + before.matches('\n').count();
    let col = 1 + before.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, col)
}

/// Write a scenario file in the format (for generated scenarios and saves).
pub fn to_ron(file: &ScenarioFile) -> String {
    let cfg = ron::ser::PrettyConfig::new()
        .depth_limit(4)
        .struct_names(false)
        .separate_tuple_members(false)
        .enumerate_arrays(false);
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .to_string_pretty(file, cfg)
        .unwrap_or_default()
}

struct Check {
    problems: Vec<Problem>,
}

impl Check {
    fn bad(
        &mut self,
        field: impl Into<String>,
        value: impl fmt::Display,
        problem: impl Into<String>,
    ) {
        self.problems.push(Problem {
            field: field.into(),
            value: value.to_string(),
            problem: problem.into(),
        });
    }
}

fn quoted(s: &str) -> String {
    format!("{s:?}")
}

/// The unit fields some rule systems add (docs/scenario-format.md); the loader refuses each in
/// the rule systems whose [`Profile::unit_fields`] do not list it.
pub const EXTRA_UNIT_FIELDS: [&str; 18] = [
    "army",
    "exhausted",
    "demibrigade",
    "heavy_guns",
    "morale",
    "green",
    "status",
    "class",
    "rating",
    "forced_march",
    "combats",
    "guns",
    "efficiency",
    "command_control",
    "leader_bonus",
    "mode",
    "out_of_ammo",
    "fortification",
];

/// The checked values of the optional fields of the other rule systems.
struct Extra {
    morale: u8,
    rating: i32,
    combats: u8,
    guns: u32,
    efficiency: u8,
    command_control: f64,
    leader_bonus: i32,
    fortification: u8,
    movement: Option<crate::rules::points::Mp>,
}

/// Check the unit fields the other rule systems add: each is refused in a ruleset that does
/// not use it, and each must lie in its range.
fn check_extra_fields(
    ck: &mut Check,
    profiles: Profiles,
    ruleset: &str,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) -> Extra {
    let present: [bool; 18] = [
        uf.army,
        uf.exhausted,
        uf.demibrigade,
        uf.heavy_guns,
        uf.morale.is_some(),
        uf.green,
        uf.status.is_some(),
        uf.class.is_some(),
        uf.rating.is_some(),
        uf.forced_march,
        uf.combats.is_some(),
        uf.guns.is_some(),
        uf.efficiency.is_some(),
        uf.command_control.is_some(),
        uf.leader_bonus.is_some(),
        uf.mode.is_some(),
        uf.out_of_ammo,
        uf.fortification.is_some(),
    ];
    for (name, present) in EXTRA_UNIT_FIELDS.iter().zip(present) {
        let users = profiles.users(name);
        if present && !users.contains(&ruleset) {
            ck.bad(
                f(name),
                "",
                format!(
                    "ruleset {ruleset} does not use this field (it belongs to {})",
                    users.join(", ")
                ),
            );
        }
    }
    let mut int = |name: &str, v: Option<i64>, lo: i64, hi: i64, default: i64| -> i64 {
        match v {
            None => default,
            Some(x) if (lo..=hi).contains(&x) => x,
            Some(x) => {
                ck.bad(f(name), x, format!("{name} is {lo} to {hi}"));
                default
            }
        }
    };
    let morale = int("morale", uf.morale, 1, 6, 0) as u8;
    let rating = int("rating", uf.rating, 0, 9, 0) as i32;
    let combats = int("combats", uf.combats, 0, 9, 0) as u8;
    let guns = int("guns", uf.guns, 0, 100, 0) as u32;
    let efficiency = int("efficiency", uf.efficiency, 0, 100, 100) as u8;
    let leader_bonus = int("leader_bonus", uf.leader_bonus, 0, 100, 0) as i32;
    let fortification = int("fortification", uf.fortification, 0, 10, 0) as u8;
    let command_control = match uf.command_control {
        None => 1.0,
        Some(x) if x.is_finite() && (0.1..=2.0).contains(&x) => x,
        Some(x) => {
            ck.bad(f("command_control"), x, "command control is 0.1 to 2.0");
            1.0
        }
    };
    if uf.army && uf.kind != UnitKind::Leader {
        ck.bad(f("army"), "", "only a leader leads an army");
    }
    if uf.rating.is_some() && uf.kind != UnitKind::Leader {
        ck.bad(f("rating"), "", "only a leader (commander) has a rating");
    }
    if uf.class.is_some() && matches!(uf.kind, UnitKind::Leader) {
        ck.bad(f("class"), "", "a commander has no class");
    }
    if uf.guns.is_some() && uf.kind != UnitKind::Artillery {
        ck.bad(f("guns"), "", "only artillery has guns");
    }
    if let Some(p) = profiles.get(ruleset)
        && let (Some((modes, why)), Some(m)) = (p.modes, uf.mode)
    {
        let allowed = modes(uf.kind);
        if !allowed.contains(&m) {
            ck.bad(
                f("mode"),
                format!("{m:?}"),
                format!(
                    "a {} {} unit cannot be in this mode; its modes are {} ({why})",
                    p.name,
                    uf.kind.name(),
                    allowed
                        .iter()
                        .map(|m| format!("{m:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
    }
    if uf.morale.is_some() && uf.green {
        ck.bad(
            f("morale"),
            "",
            "a green unit has no morale rating until it sees the elephant [13.15]",
        );
    }
    let profile = profiles.get(ruleset);
    if uf.status == Some(Status::Disrupted) && !profile.is_some_and(|p| p.disrupted) {
        ck.bad(
            f("status"),
            "Disrupted",
            format!(
                "only {} units are disrupted",
                profiles.names(|p| p.disrupted)
            ),
        );
    }
    if matches!(uf.status, Some(Status::Pinned | Status::Engaged))
        && !profile.is_some_and(|p| p.pinned)
    {
        ck.bad(
            f("status"),
            "",
            format!(
                "only {} units are pinned or engaged",
                profiles.names(|p| p.pinned)
            ),
        );
    }
    let movement = match uf.movement {
        None => None,
        Some(x) => match crate::rules::points::Mp::from_f64(x).filter(|m| *m <= MAX_MOVEMENT) {
            Some(m) => Some(m),
            None => {
                ck.bad(
                    f("movement"),
                    x,
                    format!(
                        "a movement allowance is 0 to {} points, in steps of 1/60",
                        MAX_MOVEMENT.as_f64()
                    ),
                );
                None
            }
        },
    };
    Extra {
        movement,
        morale,
        rating,
        combats,
        guns,
        efficiency,
        command_control,
        leader_bonus,
        fortification,
    }
}

/// Validate a parsed file into a scenario, or list every problem found, against the rule
/// systems' `profiles` (`registry::validate_scenario` gives them).
pub fn validate(file: ScenarioFile, profiles: Profiles) -> Result<Scenario, Vec<Problem>> {
    let mut ck = Check {
        problems: Vec::new(),
    };
    let profile = profiles.get(&file.ruleset);

    if file.title.trim().is_empty() {
        ck.bad("title", quoted(&file.title), "the title is empty");
    }
    if profile.is_none() {
        ck.bad(
            "ruleset",
            quoted(&file.ruleset),
            format!("unknown ruleset; known: {}", profiles.ids().join(", ")),
        );
    }
    if file.sides.len() != 2 {
        ck.bad(
            "sides",
            format!("{:?}", file.sides),
            format!("a scenario has exactly two sides, not {}", file.sides.len()),
        );
    }
    let mut side_names: HashSet<&str> = HashSet::new();
    for (i, s) in file.sides.iter().enumerate() {
        if s.trim().is_empty() {
            ck.bad(format!("sides[{i}]"), quoted(s), "a side name is empty");
        } else if !side_names.insert(s.as_str()) {
            ck.bad(
                format!("sides[{i}]"),
                quoted(s),
                "the same side is named twice",
            );
        }
    }

    // Turns and weather.
    let first_turn = match file.turn {
        None => 1,
        Some(t) if (1..=MAX_TURN).contains(&t) => t as u32,
        Some(t) => {
            ck.bad(
                "turn",
                t,
                format!("out of range: turns are counted from 1 to {MAX_TURN}"),
            );
            1
        }
    };
    let turns = match file.turns {
        None => None,
        Some(n) if (1..=MAX_TURN).contains(&n) => {
            if (n as u32) < first_turn {
                ck.bad(
                    "turns",
                    n,
                    format!("the last turn comes before turn {first_turn}"),
                );
            }
            Some(n as u32)
        }
        Some(n) => {
            ck.bad(
                "turns",
                n,
                format!("out of range: the number of turns is 1 to {MAX_TURN}"),
            );
            None
        }
    };
    if let Some(w) = &file.weather_by_turn {
        if w.is_empty() {
            ck.bad(
                "weather_by_turn",
                "[]",
                "the list is empty; leave the field out instead",
            );
        } else if let Some(n) = turns {
            if w.len() < n as usize {
                ck.bad(
                    "weather_by_turn",
                    format!("{} entries", w.len()),
                    format!("the scenario has {n} turns; give the weather of every turn"),
                );
            }
        } else if w.len() < first_turn as usize {
            ck.bad(
                "weather_by_turn",
                format!("{} entries", w.len()),
                format!("the scenario starts on turn {first_turn}"),
            );
        }
    }

    // Map.
    let mf = &file.map;
    let mut map_ok = true;
    for (name, v) in [("map.columns", mf.columns), ("map.rows", mf.rows)] {
        if !(1..=MAX_MAP_SIDE).contains(&v) {
            ck.bad(name, v, format!("must be between 1 and {MAX_MAP_SIDE}"));
            map_ok = false;
        }
    }
    let (cols, rows) = if map_ok {
        (mf.columns as u32, mf.rows as u32)
    } else {
        (1, 1)
    };
    let mut map = Map::new(cols, rows, Terrain::Clear);
    let width = label_width(cols, rows);
    if map_ok {
        if mf.terrain.len() != rows as usize {
            ck.bad(
                "map.terrain",
                format!("{} rows", mf.terrain.len()),
                format!("the map has {rows} rows; give one string per row"),
            );
        }
        // The ruleset's letters, by code point (a lookup per hex: maps run to 999x999).
        let mut allowed = [None; 128];
        let letters = profiles.terrain_letters(&file.ruleset);
        for ch in letters.chars() {
            if let Some(slot) = allowed.get_mut(ch as usize) {
                *slot = Terrain::from_letter(ch);
            }
        }
        for (r, line) in mf.terrain.iter().enumerate() {
            let n = line.chars().count();
            if n != cols as usize {
                ck.bad(
                    format!("map.terrain[{r}]"),
                    quoted(line),
                    format!("row {} has {n} letters; the map has {cols} columns", r + 1),
                );
            }
            for (c, ch) in line.chars().enumerate() {
                let t = usize::try_from(u32::from(ch))
                    .ok()
                    .and_then(|i| allowed.get(i).copied().flatten());
                match t {
                    Some(t) => map.set_terrain(Coord::new(c as i32 + 1, r as i32 + 1), t),
                    None => ck.bad(
                        format!("map.terrain[{r}]"),
                        quoted(line),
                        format!(
                            "unknown terrain letter {ch:?} at column {} for ruleset {}; letters: {}",
                            c + 1,
                            file.ruleset,
                            letters
                                .chars()
                                .map(String::from)
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                    ),
                }
            }
        }
        if let Some(elev) = &mf.elevation {
            if elev.len() != rows as usize {
                ck.bad(
                    "map.elevation",
                    format!("{} rows", elev.len()),
                    format!("the map has {rows} rows; give one string per row"),
                );
            }
            for (r, line) in elev.iter().enumerate() {
                let n = line.chars().count();
                if n != cols as usize {
                    ck.bad(
                        format!("map.elevation[{r}]"),
                        quoted(line),
                        format!("row {} has {n} digits; the map has {cols} columns", r + 1),
                    );
                }
                for (c, ch) in line.chars().enumerate() {
                    match ch.to_digit(10) {
                        Some(d) => {
                            map.set_elevation(Coord::new(c as i32 + 1, r as i32 + 1), d as u8)
                        }
                        None => ck.bad(
                            format!("map.elevation[{r}]"),
                            quoted(line),
                            format!("{ch:?} at column {} is not a digit 0-9", c + 1),
                        ),
                    }
                }
            }
        }
    }

    let hex_field = |ck: &mut Check, field: String, label: &str| -> Option<Coord> {
        if !map_ok {
            return None;
        }
        match parse_label(label, width) {
            Err(e) => {
                ck.bad(field, quoted(label), e.to_string());
                None
            }
            Ok(c)
                if !(c.col >= 1 && c.col <= cols as i32 && c.row >= 1 && c.row <= rows as i32) =>
            {
                ck.bad(
                    field,
                    quoted(label),
                    format!("hex is off the map ({cols} columns x {rows} rows)"),
                );
                None
            }
            Ok(c) => Some(c),
        }
    };

    let mut sides_to_add = Vec::new();
    for (i, hs) in mf.hexsides.iter().enumerate() {
        if let Some(c) = hex_field(&mut ck, format!("map.hexsides[{i}].hex"), &hs.hex) {
            if hs.features.is_empty() {
                ck.bad(
                    format!("map.hexsides[{i}].features"),
                    "[]",
                    "no features listed",
                );
            }
            for f in &hs.features {
                sides_to_add.push((c, hs.dir, *f));
            }
        }
    }
    for (c, d, f) in sides_to_add {
        map.add_feature(c, d, f);
    }

    let mut routes = Vec::new();
    for (i, rf) in mf.routes.iter().enumerate() {
        if rf.hexes.len() < 2 {
            ck.bad(
                format!("map.routes[{i}].hexes"),
                format!("{:?}", rf.hexes),
                "a route needs at least two hexes",
            );
            continue;
        }
        let mut hexes = Vec::new();
        let mut ok = true;
        for (j, label) in rf.hexes.iter().enumerate() {
            match hex_field(&mut ck, format!("map.routes[{i}].hexes[{j}]"), label) {
                Some(c) => {
                    if let Some(prev) = hexes.last().copied()
                        && !c.is_adjacent(prev)
                    {
                        ck.bad(
                            format!("map.routes[{i}].hexes[{j}]"),
                            quoted(label),
                            format!(
                                "not adjacent to the route's previous hex {}",
                                quoted(&rf.hexes[j - 1])
                            ),
                        );
                        ok = false;
                    }
                    hexes.push(c);
                }
                None => ok = false,
            }
        }
        if ok {
            routes.push(Route {
                kind: rf.kind,
                hexes,
            });
        }
    }
    for r in routes {
        map.add_route(r);
    }

    // Units.
    let mut units = Vec::new();
    let mut ids: HashMap<&str, usize> = HashMap::new();
    for (i, t) in file.night_turns.iter().enumerate() {
        if !(1..=MAX_TURN).contains(t) {
            ck.bad(
                format!("night_turns[{i}]"),
                t,
                format!("out of range: turns are counted from 1 to {MAX_TURN}"),
            );
        }
    }
    if let Some(u) = &file.underlay {
        for (field, value, why) in u.problems() {
            ck.bad(field, value, why);
        }
    }
    if let Some(t) = &file.initiative_ties
        && !file.sides.contains(&t.winner)
    {
        ck.bad(
            "initiative_ties.winner",
            &t.winner,
            format!("not a side of the scenario ({})", file.sides.join(", ")),
        );
    }
    if let Some(t) = &file.supply_trains {
        if profile.is_none_or(|p| p.supply_trains.is_none()) {
            let whose: Vec<&str> = profiles.0.iter().filter_map(|p| p.supply_trains).collect();
            ck.bad(
                "supply_trains",
                format!("{t:?}"),
                format!(
                    "supply trains are {}; the {} rules have none",
                    whose.join(", "),
                    file.ruleset
                ),
            );
        }
        if t.len() != 2 {
            ck.bad(
                "supply_trains",
                format!("{t:?}"),
                "two numbers, each side's trains in the sides' order",
            );
        }
        for (i, n) in t.iter().enumerate() {
            if *n > 99 {
                ck.bad(
                    format!("supply_trains[{i}]"),
                    n,
                    "out of range: 0 to 99 trains a turn",
                );
            }
        }
    }
    if let Some(r) = &file.random_events {
        if !(1..=3).contains(&r.dice) {
            ck.bad("random_events.dice", r.dice, "1 to 3 dice");
        }
        let (lo, hi) = (r.dice.clamp(1, 3), 6 * r.dice.clamp(1, 3));
        let mut seen = std::collections::BTreeSet::new();
        for (i, e) in r.events.iter().enumerate() {
            for (j, t) in e.rolls.iter().enumerate() {
                let at = format!("random_events.events[{i}].rolls[{j}]");
                if !(lo..=hi).contains(t) {
                    ck.bad(
                        at,
                        t,
                        format!("out of range: {} dice roll {lo} to {hi}", r.dice),
                    );
                } else if !seen.insert(*t) {
                    ck.bad(at, t, "this total has an event already");
                }
            }
            if let RandomEvent::Note(n) = &e.event
                && n.trim().is_empty()
            {
                ck.bad(
                    format!("random_events.events[{i}].event"),
                    "Note(\"\")",
                    "a note says what happens",
                );
            }
        }
    }
    let mut hex_side: HashMap<Coord, (SideId, usize)> = HashMap::new();
    if file.units.len() > MAX_UNITS {
        ck.bad(
            "units",
            file.units.len(),
            format!("too many units: at most {MAX_UNITS}"),
        );
    }
    for (i, uf) in file.units.iter().enumerate() {
        let f = |name: &str| format!("units[{i}].{name}");
        if uf.id.trim().is_empty() {
            ck.bad(f("id"), quoted(&uf.id), "the id is empty");
        } else if uf.id.contains(',') || uf.id.chars().any(char::is_whitespace) {
            ck.bad(
                f("id"),
                quoted(&uf.id),
                "an id may not contain commas or spaces (it is used on the command line)",
            );
        }
        if let Some(first) = ids.get(uf.id.as_str()) {
            ck.bad(
                f("id"),
                quoted(&uf.id),
                format!("duplicate unit id (first at units[{first}])"),
            );
        } else {
            ids.insert(uf.id.as_str(), i);
        }
        let side = match file.sides.iter().position(|s| *s == uf.side) {
            Some(s) => SideId(s as u8),
            None => {
                ck.bad(
                    f("side"),
                    quoted(&uf.side),
                    format!("unknown side; the sides are {:?}", file.sides),
                );
                SideId(0)
            }
        };
        let hex = hex_field(&mut ck, f("hex"), &uf.hex);
        // A reinforcement enters later: its hex is where it will enter, not where it stands.
        let arrives = match uf.arrives {
            None => None,
            Some(t) if t > i64::from(first_turn) && t <= turns.map_or(MAX_TURN, i64::from) => {
                Some(t as u32)
            }
            Some(t) => {
                ck.bad(
                    f("arrives"),
                    t,
                    format!(
                        "out of range: a reinforcement arrives from turn {} to {} (the turn at \
                         whose start it enters)",
                        first_turn + 1,
                        turns.map_or(MAX_TURN, i64::from)
                    ),
                );
                None
            }
        };
        if let Some(h) = hex
            && uf.arrives.is_none()
        {
            match hex_side.get(&h) {
                Some((s, j)) if *s != side => ck.bad(
                    f("hex"),
                    quoted(&uf.hex),
                    format!(
                        "units of two sides in one hex ({} is {}, {} is {})",
                        quoted(&uf.id),
                        uf.side,
                        quoted(&file.units[*j].id),
                        file.units[*j].side
                    ),
                ),
                _ => {
                    hex_side.insert(h, (side, i));
                }
            }
        }
        if !profiles.unit_kinds(&file.ruleset).contains(&uf.kind) {
            ck.bad(
                f("kind"),
                format!("{:?}", uf.kind),
                format!(
                    "ruleset {} has no {} units; kinds: {}",
                    file.ruleset,
                    uf.kind.name(),
                    profiles
                        .unit_kinds(&file.ruleset)
                        .iter()
                        .map(|k| format!("{k:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let extra = check_extra_fields(&mut ck, profiles, &file.ruleset, uf, &f);
        // Leaders and wagons have no combat value.
        let leader = matches!(uf.kind, UnitKind::Leader | UnitKind::Wagon);
        let (cv, manpower, disorganized) = match (&uf.strength, leader) {
            (None, true) => (Cv::ZERO, 0, false),
            (None, false) => {
                ck.bad(f("strength"), "", "missing; a combat unit needs Organized(cv) or Disorganized(cv: .., manpower: ..)");
                (Cv::ZERO, 0, false)
            }
            (Some(StrengthFile::Organized(n)), _) => {
                let whole = n.is_finite() && n.fract() == 0.0;
                if !whole {
                    ck.bad(
                        f("strength"),
                        format!("Organized({n})"),
                        format!(
                            "the CV of an organized unit is a whole number ({})",
                            strength_range(leader, uf.kind)
                        ),
                    );
                    (Cv::ZERO, 0, false)
                } else if !leader && (*n < 0.0 || *n > MAX_STRENGTH as f64) {
                    ck.bad(
                        f("strength"),
                        format!("Organized({n})"),
                        format!(
                            "out of range: the CV of an organized {} is {}",
                            uf.kind.name(),
                            strength_range(leader, uf.kind)
                        ),
                    );
                    (Cv::ZERO, 0, false)
                } else if leader && *n != 0.0 {
                    ck.bad(
                        f("strength"),
                        format!("Organized({n})"),
                        format!("a {} has no combat value: use Organized(0)", uf.kind.name()),
                    );
                    (Cv::ZERO, 0, false)
                } else if !leader && *n < 1.0 {
                    ck.bad(
                        f("strength"),
                        format!("Organized({n})"),
                        "a combat unit's CV is at least 1",
                    );
                    (Cv::ZERO, 0, false)
                } else {
                    (Cv::whole(*n as u32), *n as u32, false)
                }
            }
            (Some(StrengthFile::Disorganized { cv, manpower }), _) => {
                let shown = format!("Disorganized(cv: {cv}, manpower: {manpower})");
                if leader {
                    ck.bad(
                        f("strength"),
                        shown,
                        format!("a {} has no combat value: use Organized(0)", uf.kind.name()),
                    );
                    (Cv::ZERO, 0, false)
                } else if !(manpower.is_finite()
                    && manpower.fract() == 0.0
                    && *manpower >= 1.0
                    && *manpower <= MAX_STRENGTH as f64)
                {
                    ck.bad(
                        f("strength"),
                        shown,
                        format!("manpower is a whole number from 1 to {MAX_STRENGTH}"),
                    );
                    (Cv::ZERO, 0, false)
                } else if cv.is_finite()
                    && *cv >= 0.0
                    && *cv <= *manpower
                    && Cv::from_f64(*cv).is_none()
                {
                    ck.bad(
                        f("strength"),
                        shown,
                        "the CV is not a whole number or a half",
                    );
                    (Cv::ZERO, 0, false)
                } else if !(cv.is_finite() && *cv >= 0.5 && *cv <= *manpower) {
                    let why = if cv.is_nan() {
                        "not a number"
                    } else if *cv < 0.5 {
                        "the CV of a disorganized unit is at least 1/2"
                    } else {
                        "the CV may not exceed the manpower"
                    };
                    ck.bad(
                        f("strength"),
                        shown,
                        format!("out of range: {why}; it is 1/2 to {manpower} here"),
                    );
                    (Cv::ZERO, 0, false)
                } else {
                    match Cv::from_f64(*cv) {
                        None => (Cv::ZERO, 0, false),
                        Some(c) => (c, *manpower as u32, true),
                    }
                }
            }
        };
        let artillery = if (0..=1000).contains(&uf.artillery) {
            uf.artillery as u32
        } else {
            ck.bad(
                f("artillery"),
                uf.artillery,
                "the artillery value is between 0 and 1000",
            );
            0
        };
        let mut tactical = 0;
        for (name, v) in [
            ("tactical", Some(uf.tactical)),
            ("tactical_defence", uf.tactical_defence),
        ] {
            if let Some(v) = v {
                if !(-100..=100).contains(&v) {
                    ck.bad(f(name), v, "a tactical value is between -100 and 100");
                } else if name == "tactical" {
                    tactical = v as i32;
                }
            }
        }
        let tactical_defence = uf
            .tactical_defence
            .filter(|v| (-100..=100).contains(v))
            .map(|v| v as i32);
        let max_fatigue = profile.map_or(4, |p| p.max_fatigue);
        if !(0..=max_fatigue).contains(&uf.fatigue) {
            ck.bad(
                f("fatigue"),
                uf.fatigue,
                format!("fatigue is 0 to {max_fatigue} in ruleset {}", file.ruleset),
            );
        }
        if !(0..=2).contains(&uf.demoralized) {
            ck.bad(f("demoralized"), uf.demoralized, "demoralized is 0, 1 or 2");
        }
        units.push(Unit {
            id: uf.id.clone(),
            name: uf.name.clone(),
            side,
            kind: uf.kind,
            hex: if arrives.is_some() { None } else { hex },
            cv,
            manpower,
            disorganized,
            artillery,
            tactical,
            tactical_defence,
            fatigue: uf.fatigue.clamp(0, max_fatigue) as u8,
            demoralized: uf.demoralized.clamp(0, 2) as u8,
            entrenched: uf.entrenched,
            entrenching: false,
            exhausted: uf.exhausted,
            arrives: arrives.zip(hex),
            active: uf.active,
            morale: extra.morale,
            green: uf.green,
            status: uf.status.unwrap_or_default(),
            class: uf.class,
            rating: extra.rating,
            forced_march: uf.forced_march,
            combats: extra.combats,
            guns: extra.guns,
            efficiency: extra.efficiency,
            command_control: extra.command_control,
            leader_bonus: extra.leader_bonus,
            mode: match (uf.mode, profile) {
                (Some(m), _) => m,
                (None, Some(p)) => p.first_mode(uf.kind),
                (None, None) => Mode::default(),
            },
            out_of_command: false,
            out_of_ammo: uf.out_of_ammo,
            fortification: extra.fortification,
            demibrigade: uf.demibrigade,
            heavy_guns: uf.heavy_guns,
            movement: extra.movement,
            command: Vec::new(),
            army: uf.army,
            spent: crate::rules::points::Mp::ZERO,
            march: None,
            stopped: false,
            attacks: [0; 6],
        });
    }

    // Leaders' commands (GCACW): units of the leader's side, each listed once.
    for (i, uf) in file.units.iter().enumerate() {
        if uf.command.is_empty() {
            continue;
        }
        let f = |name: &str| format!("units[{i}].{name}");
        let users = profiles.users("command");
        if !users.contains(&file.ruleset.as_str()) {
            ck.bad(
                f("command"),
                "",
                format!(
                    "ruleset {} does not use this field (it belongs to {})",
                    file.ruleset,
                    users.join(", ")
                ),
            );
            continue;
        }
        if uf.kind != UnitKind::Leader {
            ck.bad(f("command"), "", "only a leader has a command");
            continue;
        }
        let mut command = Vec::new();
        for (j, id) in uf.command.iter().enumerate() {
            let at = format!("units[{i}].command[{j}]");
            match ids.get(id.as_str()).copied() {
                None => ck.bad(at, quoted(id), "no unit has this id"),
                Some(k) if k == i => ck.bad(at, quoted(id), "a leader does not command himself"),
                Some(k) if file.units[k].side != uf.side => ck.bad(
                    at,
                    quoted(id),
                    format!("a unit of the other side ({})", file.units[k].side),
                ),
                Some(k) if command.contains(&UnitIdx(k as u32)) => {
                    ck.bad(at, quoted(id), "listed twice")
                }
                Some(k) => command.push(UnitIdx(k as u32)),
            }
        }
        if let Some(u) = units.get_mut(i) {
            u.command = command;
        }
    }

    // Victory hexes.
    let mut victory: Vec<VictoryHex> = Vec::new();
    // Each hex's first entry: its index in `file.victory` and in `victory`.
    let mut victory_first: HashMap<Coord, (usize, u32)> = HashMap::new();
    for (i, v) in file.victory.iter().enumerate() {
        let f = |name: &str| format!("victory[{i}].{name}");
        let hex = hex_field(&mut ck, f("hex"), &v.hex);
        if !(1..=10_000).contains(&v.points) {
            ck.bad(f("points"), v.points, "points are between 1 and 10000");
        }
        let holder = match &v.holder {
            None => hex.and_then(|h| hex_side.get(&h).map(|(s, _)| *s)),
            Some(name) => match file.sides.iter().position(|s| s == name) {
                Some(s) => Some(SideId(s as u8)),
                None => {
                    ck.bad(
                        f("holder"),
                        quoted(name),
                        format!("unknown side; the sides are {:?}", file.sides),
                    );
                    None
                }
            },
        };
        if let Some(h) = hex {
            match victory_first.get(&h) {
                Some((first, _)) => ck.bad(
                    f("hex"),
                    quoted(&v.hex),
                    format!("this hex is listed twice (first as victory[{first}])"),
                ),
                None => {
                    victory_first.insert(h, (i, victory.len() as u32));
                }
            }
            victory.push(VictoryHex {
                hex: h,
                points: v.points.clamp(0, 10_000) as u32,
                name: v.name.clone().unwrap_or_else(|| v.hex.clone()),
                holder,
            });
        }
    }

    if !ck.problems.is_empty() {
        return Err(ck.problems);
    }
    Ok(Scenario {
        victory,
        title: file.title.clone(),
        ruleset: file.ruleset.clone(),
        sides: file.sides.clone(),
        briefing: file.briefing.clone(),
        first_turn,
        turns,
        weather: file.weather,
        weather_by_turn: file.weather_by_turn.clone(),
        map,
        unit_ids: units
            .iter()
            .enumerate()
            .map(|(i, u)| (u.id.clone(), UnitIdx(i as u32)))
            .collect(),
        units,
        night_turns: {
            let mut n: Vec<u32> = file.night_turns.iter().map(|t| *t as u32).collect();
            n.sort_unstable();
            n.dedup();
            n
        },
        movement: file.movement,
        initiative_ties: file.initiative_ties.as_ref().and_then(|t| {
            file.sides
                .iter()
                .position(|s| *s == t.winner)
                .map(|i| SideId(i as u8))
        }),
        victory_ids: victory_first
            .into_iter()
            .map(|(h, (_, v))| (h, v))
            .collect(),
        file,
    })
}
