//! Scenario files, format version 1 (`shared/formats/scenario.md`, normative).
//!
//! Loading is two steps: RON parsing into the `*File` structs (syntax errors carry the line and
//! column), then validation into a [`Scenario`] (errors name the field and the value). Either
//! step fails as a whole: there is no partial load.
//!
//! Validation ([`validate`]) checks the file section by section, one checker per section, and
//! lists every problem in the file's order: the header (`header.rs`), the map (`board.rs`),
//! the scenario-wide additions (`header.rs`), the units (`units.rs`, with `strength.rs` and
//! `extra.rs`), the leaders' commands (`commands.rs`), the ferries and the surprise
//! (`battle.rs`) and the victory hexes (`victory.rs`).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::hex::{Compass, Coord, Numbering, Orientation};
use super::map::{Feature, Map, RouteKind, Terrain, Weather};
use super::unit::{Class, Mode, SideId, Status, Unit, UnitIdx, UnitKind};

mod alert;
mod battle;
mod board;
mod commands;
mod extra;
mod header;
mod strength;
mod units;
mod victory;

use alert::check_alert;
pub use alert::{Alert, AlertFile};
use battle::check_battle;
pub use battle::{Ferry, FerryFile, Surprise, SurpriseFile};
use board::{check_labels, check_map};
use commands::check_commands;
use header::{Turns, check_additions, check_header};
use units::{Units, check_units};
pub use victory::{LossPoints, LossPointsFile};
use victory::{Victory, check_loss_points, check_victory};

/// A validated victory hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VictoryHex {
    pub hex: Coord,
    pub points: u32,
    pub name: String,
    /// Who holds it at the start.
    pub holder: Option<SideId>,
}

/// A rule system's id, as the registry knows it (built in, or registered at run time with its
/// [`Profile`]): a scenario's `ruleset` once validated, a rule system's [`id`]. Strings are only
/// at the edges (files, the command line, the editor's form): `registry::id` reads one.
///
/// [`id`]: super::ruleset::Ruleset::id
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulesetId(&'static str);

impl RulesetId {
    /// The id of the rule system whose profile this is.
    pub fn of(profile: &'static Profile) -> RulesetId {
        RulesetId(profile.id)
    }

    /// The id as files and the command line write it ("gcacw").
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Debug for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl Serialize for RulesetId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl PartialEq<str> for RulesetId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for RulesetId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
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
    /// What the scenario's `surprise` takes from a surprised unit in this rule system (a share
    /// of which points), where it plays the surprise.
    pub surprise: Option<&'static str>,
    /// What the scenario's `alert` does when a side is alerted in this rule system, where it
    /// plays the alert (`alert.rs`).
    pub alert: Option<&'static str>,
    /// The values printed on a counter that a scenario must give (a combat unit's, then a
    /// leader's): what an import from a module's pictures cannot know, left as placeholders.
    pub counter_values: [&'static [&'static str]; 2],
    /// The two sides of its games, as a new scenario names them.
    pub sides: [&'static str; 2],
    /// How the editor asks for each optional unit field it reads (of `core_fields` and
    /// `unit_fields`): the input and what the field means.
    pub fields: &'static [FieldSpec],
}

/// How the editor asks for one of a rule system's optional unit fields.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    pub name: &'static str,
    pub input: FieldInput,
    /// What it means (the editor's hover text).
    pub help: &'static str,
}

/// The input of a unit field in the editor.
#[derive(Clone, Copy, Debug)]
pub enum FieldInput {
    /// A whole number from `lo` to `hi`, that may be left unset or not.
    Int {
        lo: i64,
        hi: i64,
        optional: bool,
    },
    /// A number from `lo` to `hi` in steps of `step`.
    Float {
        lo: f64,
        hi: f64,
        step: f64,
    },
    Bool,
    /// One of `options`, or unset where `optional`.
    Choice {
        options: &'static [&'static str],
        optional: bool,
    },
    /// The formations of the unit's kind (the profile's `modes`).
    Modes,
}

impl Profile {
    /// The editor's input for `field`, if this rule system reads it.
    pub fn field(&self, name: &str) -> Option<&'static FieldSpec> {
        self.fields.iter().find(|f| f.name == name)
    }
}

impl Profile {
    /// The values a unit of `kind` must be given ([`Profile::counter_values`]).
    pub fn values_of(&self, kind: UnitKind) -> &'static [&'static str] {
        self.counter_values[usize::from(kind == UnitKind::Leader)]
    }

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

    /// The rule system `id` names, if it is one of these.
    pub fn ruleset(&self, id: &str) -> Option<RulesetId>
    where
        'a: 'static,
    {
        self.get(id).map(RulesetId::of)
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
    /// sides' order (NGG 1812's Table 7.3; `rules::ngg::trains`). Without it trains are not counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_trains: Option<Vec<u32>>,
    /// Project addition (optional): ferries that bring reinforcements across a river a limited
    /// number of men or units a game turn (`battle.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ferries: Vec<FerryFile>,
    /// Project addition (optional): the surprise of a side on its first turns (`battle.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surprise: Option<SurpriseFile>,
    /// Project addition (optional): a side asleep in its camps until the enemy comes near
    /// (`alert.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alert: Option<AlertFile>,
    pub map: MapFile,
    pub units: Vec<UnitFile>,
    /// Project addition (optional): hexes worth victory points to the side holding them at the
    /// end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<VictoryHexFile>,
    /// Project addition (optional): victory points a side scores for the enemy's strength it
    /// destroyed (`victory.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory_losses: Vec<LossPointsFile>,
    /// Project addition (optional): `Enforced` (the default) or `Free`: in Free mode movement
    /// costs and attack limits are shown and logged but nothing is refused.
    #[serde(default, skip_serializing_if = "is_enforced")]
    pub movement: crate::rules::points::Enforcement,
    /// Project addition (optional): the player's own map scan under the grid, and how it is
    /// aligned (the editor's; never needed to play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underlay: Option<UnderlayFile>,
    /// Project addition (optional): the VASSAL module a draft was imported from (`musket
    /// import vassal`), so that a re-import or a turn file can say when two modules differ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<ModuleIdentity>,
}

/// `module: (name: "South Mountain", version: "1.2", digest: "…")`: the VASSAL module a draft
/// came from: its name and version as its build file says them, and the BLAKE3 digest of the
/// `.vmod` file's bytes (64 hex digits).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleIdentity {
    pub name: String,
    #[serde(default)]
    pub version: String,
    pub digest: String,
}

impl ModuleIdentity {
    /// `Name version (digest 1a2b3c4d…)`, for messages.
    pub fn describe(&self) -> String {
        let v = if self.version.is_empty() {
            "no version"
        } else {
            &self.version
        };
        format!(
            "{} {v} (digest {}…)",
            self.name,
            &self.digest[..self.digest.len().min(12)]
        )
    }
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
    /// An exact fit of the grid to the image, in place of `align` (a VASSAL module's hex grid:
    /// columns and rows may be spaced differently, which two points cannot say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<GridFit>,
}

/// `grid: (x0: 62.5, y0: 48, dx: 87.1, dy: 100.4)`: where the map's hexes are on the image, in
/// pixels from its top-left corner (y down): the centre of hex `0101` at (`x0`, `y0`), columns
/// `dx` apart, the hexes of a column `dy` apart (even columns half a hex lower, as on the map).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridFit {
    pub x0: f64,
    pub y0: f64,
    pub dx: f64,
    pub dy: f64,
}

impl GridFit {
    /// The image pixel of the centre of hex `c` on a map standing `o`. On a pointy-top map
    /// `dx` is the distance between the hexes of a row and `dy` between rows (even rows half
    /// a hex to the right).
    pub fn centre(&self, o: Orientation, c: Coord) -> (f64, f64) {
        let (col, row) = o.printed(c);
        let (col, row) = (f64::from(col - 1), f64::from(row - 1));
        // Half a hex for the model's even columns: a flat map's even columns, a pointy map's
        // even rows.
        let shift = if c.col % 2 == 0 { 0.5 } else { 0.0 };
        match o {
            Orientation::Flat => (self.x0 + col * self.dx, self.y0 + (row + shift) * self.dy),
            Orientation::Pointy => (self.x0 + (col + shift) * self.dx, self.y0 + row * self.dy),
        }
    }
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
        if let Some(g) = &self.grid {
            for (name, v) in [("x0", g.x0), ("y0", g.y0), ("dx", g.dx), ("dy", g.dy)] {
                let spacing = name.starts_with('d');
                if !v.is_finite() || (spacing && v <= 0.0) {
                    out.push((
                        format!("underlay.grid.{name}"),
                        v.to_string(),
                        if spacing {
                            "a spacing in pixels: a finite number above 0 is needed"
                        } else {
                            "not a number of pixels: a finite number is needed"
                        }
                        .to_string(),
                    ));
                }
            }
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
    /// Project addition (optional, default `Flat`): `Pointy` for pointy-top hexes, rows
    /// running straight across and even rows half a hex to the right; labels stay column then
    /// row, `terrain` stays one string per row, and hexsides take the directions NE, E, SE,
    /// SW, W, NW.
    #[serde(default, skip_serializing_if = "Orientation::is_flat")]
    pub orientation: Orientation,
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
    /// The hexes' own names where they differ from their labels (`{"0101": "A1", …}`): shown
    /// beside the label in the window (a VASSAL module's numbering, kept by the import).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
}

impl MapFile {
    /// How the file names its hexes: its printed size (held to 0..=999, so that a file with an
    /// impossible size can still be shown and edited), label width and orientation.
    pub fn numbering(&self) -> Numbering {
        let side = |v: i64| v.clamp(0, MAX_MAP_SIDE) as u32;
        Numbering::new(self.orientation, side(self.columns), side(self.rows))
    }

    /// The terrain letter of hex `c` as the file's rows give it.
    pub fn letter(&self, c: Coord) -> Option<char> {
        let (col, row) = self.orientation.printed(c);
        let (col, row) = (
            usize::try_from(col - 1).ok()?,
            usize::try_from(row - 1).ok()?,
        );
        self.terrain.get(row)?.chars().nth(col)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideFile {
    pub hex: String,
    /// One of the map's six directions (N, NE, SE, S, SW, NW flat; NE, E, SE, SW, W, NW
    /// pointy).
    pub dir: Compass,
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
    /// The sources' figure of the unit's men (officers and men present or engaged, as the
    /// scenario's notes say), where its rule system counts strength points: for checking a
    /// side's total against the sources' totals. Any rule system; the rules never read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub men: Option<i64>,
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
    // Project additions for the other rule systems (all optional; docs/scenario-format.md).
    // Each is refused in a ruleset that does not use it.
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
    /// The counter's own picture (PNG or JPEG), relative to the scenario file or absolute:
    /// drawn in place of the drawn counter (a VASSAL module's art, kept by the import).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// The fields whose values are placeholders waiting for the player (an import's guesses
    /// and blanks: `["side", "strength"]`). The scenario loads and edits; a game does not start
    /// until the list is empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placeholder: Vec<String>,
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
            men: None,
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
            image: None,
            placeholder: Vec::new(),
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

/// A unit's values for the fields only some rule systems read, as its file gives them, checked
/// (with each field's default where the file leaves it out): what its rule system makes its own
/// state of the unit from ([`super::ruleset::Ruleset::unit_states`]). The format's fields, so
/// a scenario of any rule system loads the same way.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSetup {
    /// GCACW: the strength marker shows its disorganized side.
    pub disorganized: bool,
    /// GCACW: artillery value, tactical value (a leader's), its defensive value ("x/y").
    pub artillery: u32,
    pub tactical: i32,
    pub tactical_defence: Option<i32>,
    /// GCACW: demoralization level (0-2), breastworks, exhausted side, activated (not yet
    /// inactive), an army leader.
    pub demoralized: u8,
    pub entrenched: bool,
    pub exhausted: bool,
    pub active: bool,
    pub army: bool,
    /// GBACW: morale rating (0: not rated), a green unit.
    pub morale: u8,
    pub green: bool,
    /// NGG 1812: class, commander rating, combats fought this turn.
    pub class: Option<Class>,
    pub rating: i32,
    pub combats: u8,
    /// Shiloh: guns, efficiency, command control, leader bonus, formation, out of
    /// ammunition, fortification, demibrigade, heavy guns.
    pub guns: u32,
    pub efficiency: u8,
    pub command_control: f64,
    pub leader_bonus: i32,
    pub mode: Mode,
    pub out_of_ammo: bool,
    pub fortification: u8,
    pub demibrigade: bool,
    pub heavy_guns: bool,
}

/// A validated scenario: its map and its units as they start.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub title: String,
    pub ruleset: RulesetId,
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
    /// Each unit's values for its rule system's own fields (the units' order).
    pub setup: Vec<UnitSetup>,
    pub victory: Vec<VictoryHex>,
    /// Victory points for the enemy's losses, a side's entry at most once (project addition).
    pub victory_losses: Vec<LossPoints>,
    /// Night turns (project addition; Shiloh doubles operations costs then), sorted.
    pub night_turns: Vec<u32>,
    /// The side that wins a tied initiative roll, where the scenario says (project addition).
    pub initiative_ties: Option<SideId>,
    /// The ferries of reinforcements (project addition).
    pub ferries: Vec<Ferry>,
    /// The surprise of a side (project addition).
    pub surprise: Option<Surprise>,
    /// The alert of a side asleep in its camps (project addition).
    pub alert: Option<Alert>,
    /// Whether movement and attack limits are enforced.
    pub movement: crate::rules::points::Enforcement,
    /// The file as read, kept so a save can hold the scenario itself.
    pub file: ScenarioFile,
    /// Each unit's index by id (ids are unique and never change in a game).
    unit_ids: HashMap<String, UnitIdx>,
    /// Each victory hex's index in `victory`, by hex.
    victory_ids: HashMap<Coord, u32>,
    /// The hexes' own names (`map.labels`).
    hex_names: HashMap<Coord, String>,
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

    /// The surprise unit `u` (of `side`) is under on game turn `turn`, if any.
    pub fn surprised(&self, u: UnitIdx, side: SideId, turn: u32) -> Option<&Surprise> {
        self.surprise.as_ref().filter(|s| s.applies(u, side, turn))
    }

    /// The ferry that carries the reinforcements of `side` arriving at `hex`, if any.
    pub fn ferry_at(&self, side: SideId, hex: Coord) -> Option<(usize, &Ferry)> {
        self.ferries
            .iter()
            .enumerate()
            .find(|(_, f)| f.side == side && f.hex == hex)
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
        side_named(&self.sides, name)
    }

    pub fn label(&self, c: Coord) -> String {
        self.map.label(c)
    }

    /// The hex's own name (`map.labels`: a VASSAL module's numbering), where it has one.
    pub fn hex_name(&self, c: Coord) -> Option<&str> {
        self.hex_names.get(&c).map(String::as_str)
    }

    /// The label, followed by the hex's own name in brackets where it has one different from
    /// the label ("0512 (A-5-12)").
    pub fn label_named(&self, c: Coord) -> String {
        match self.hex_name(c) {
            Some(n) if n != self.map.label(c) => format!("{} ({n})", self.map.label(c)),
            _ => self.map.label(c),
        }
    }

    /// The counter picture of unit `u` (`image`), as the file gives it.
    pub fn unit_image(&self, u: UnitIdx) -> Option<&str> {
        self.file
            .units
            .get(u.0 as usize)
            .and_then(|f| f.image.as_deref())
    }

    /// What keeps a game from starting: each unit field whose value is still a placeholder
    /// (`placeholder`), as "unit ID (NAME): FIELD, FIELD". Empty when the scenario is playable.
    pub fn placeholders(&self) -> Vec<String> {
        self.file
            .units
            .iter()
            .filter(|u| !u.placeholder.is_empty())
            .map(|u| format!("unit {} ({}): {}", u.id, u.name, u.placeholder.join(", ")))
            .collect()
    }

    /// `Err` naming the placeholders when a game cannot start on this scenario.
    pub fn playable(&self) -> Result<(), String> {
        let p = self.placeholders();
        if p.is_empty() {
            return Ok(());
        }
        let shown: Vec<&str> = p.iter().take(5).map(String::as_str).collect();
        let more = if p.len() > 5 {
            format!("; and {} more", p.len() - 5)
        } else {
            String::new()
        };
        Err(format!(
            "{} units still hold placeholder values, to be entered in the editor before play: {}{more}",
            p.len(),
            shown.join("; ")
        ))
    }

    pub fn parse_hex(&self, label: &str) -> Result<Coord, String> {
        self.map.numbering().hex(label)
    }
}

/// The RON options used for every file the project reads: `Some(..)` may be left out
/// (`turn: 1` as well as `turn: Some(1)`).
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Read and validate a scenario file against the rule systems' `profiles`
/// (`registry::load_scenario` gives them).
pub fn load(path: &Path, profiles: Profiles<'static>) -> Result<Scenario, ScenarioError> {
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
pub fn parse(
    text: &str,
    path: &Path,
    profiles: Profiles<'static>,
) -> Result<Scenario, ScenarioError> {
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

/// The side named `name` of `sides`, if it is one.
fn side_named(sides: &[String], name: &str) -> Option<SideId> {
    sides
        .iter()
        .position(|s| s == name)
        .map(|i| SideId(i as u8))
}

/// The problem of a unit field (at `field`) that `ruleset` does not use; `users` are the rule
/// systems that do.
fn unused_field(ck: &mut Check, field: String, ruleset: &str, users: &[&str]) {
    ck.bad(
        field,
        "",
        format!(
            "ruleset {ruleset} does not use this field (it belongs to {})",
            users.join(", ")
        ),
    );
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

/// Validate a parsed file into a scenario, or list every problem found, against the rule
/// systems' `profiles` (`registry::validate_scenario` gives them). The file is checked as a
/// whole, one section after another: the header, the map, the scenario-wide additions, the
/// units, the leaders' commands, the ferries and the surprise, the victory hexes.
pub fn validate(file: ScenarioFile, profiles: Profiles<'static>) -> Result<Scenario, Vec<Problem>> {
    let mut ck = Check {
        problems: Vec::new(),
    };
    let turns = check_header(&mut ck, &file, profiles);
    let (map, board) = check_map(&mut ck, &file, profiles);
    let names = check_labels(&mut ck, &file.map, board);
    check_additions(&mut ck, &file, profiles);
    let Units {
        mut units,
        setup,
        ids,
        hex_side,
    } = check_units(&mut ck, &file, profiles, board, turns);
    check_commands(&mut ck, &file, profiles, &ids, &mut units);
    let (ferries, surprise) = check_battle(&mut ck, &file, profiles, board, &ids, &units);
    let alert = check_alert(&mut ck, &file, profiles);
    let victory = check_victory(&mut ck, &file, board, &hex_side);
    let victory_losses = check_loss_points(&mut ck, &file);
    // An unknown ruleset is one of the header's problems.
    let (true, Some(ruleset)) = (ck.problems.is_empty(), profiles.ruleset(&file.ruleset)) else {
        return Err(ck.problems);
    };
    let mut sc = build(file, ruleset, turns, map, (units, setup), victory);
    sc.hex_names = names;
    sc.ferries = ferries;
    sc.surprise = surprise;
    sc.alert = alert;
    sc.victory_losses = victory_losses;
    Ok(sc)
}

/// The scenario of a file that passed every check.
fn build(
    file: ScenarioFile,
    ruleset: RulesetId,
    turns: Turns,
    map: Map,
    (units, setup): (Vec<Unit>, Vec<UnitSetup>),
    (victory, victory_first): Victory,
) -> Scenario {
    Scenario {
        victory,
        title: file.title.clone(),
        ruleset,
        sides: file.sides.clone(),
        briefing: file.briefing.clone(),
        first_turn: turns.first,
        turns: turns.last,
        weather: file.weather,
        weather_by_turn: file.weather_by_turn.clone(),
        map,
        unit_ids: units
            .iter()
            .enumerate()
            .map(|(i, u)| (u.id.clone(), UnitIdx(i as u32)))
            .collect(),
        units,
        setup,
        night_turns: {
            let mut n: Vec<u32> = file.night_turns.iter().map(|t| *t as u32).collect();
            n.sort_unstable();
            n.dedup();
            n
        },
        movement: file.movement,
        initiative_ties: file
            .initiative_ties
            .as_ref()
            .and_then(|t| side_named(&file.sides, &t.winner)),
        victory_ids: victory_first
            .into_iter()
            .map(|(h, (_, v))| (h, v))
            .collect(),
        hex_names: HashMap::new(),
        ferries: Vec::new(),
        surprise: None,
        alert: None,
        victory_losses: Vec::new(),
        file,
    }
}
