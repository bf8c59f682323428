//! The interface every rule system implements, and the types it speaks.
//!
//! A rule system answers three questions about a game: which hexes each unit's zone of control
//! reaches, what an attack's odds are (every modifier explained and the exact distribution of
//! outcomes), and what happens when the attack is resolved with dice. GCACW is the first
//! implementation; GBACW fire and melee, Napoleon's Greatest Gamble and Shiloh fit the same
//! shape: their attacks are an `AttackRequest` with their own `AttackType`s (fire, melee,
//! supporting stacks go in `options`), their modifiers are `ModifierLine`s (Shiloh's are
//! multiplicative: a line's `value` then holds a factor), and their outcomes are distributions
//! over result codes per side.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::cv::Prob;
use super::dice::DieSource;
use super::event::Event;
use super::game::Game;
use super::hex::Coord;
use super::unit::UnitIdx;

/// How an attack is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum AttackType {
    /// GCACW march attack: one unit alone.
    March,
    /// GCACW assault: the units of one hex.
    Assault,
    /// GCACW grand assault: units from several hexes.
    Grand,
    /// GBACW / Shiloh fire combat.
    Fire,
    /// GBACW / Shiloh melee.
    Melee,
    /// NGG 1812: a stack attacks an adjacent stack (rule 11), with supporting stacks.
    Combat,
}

impl AttackType {
    pub fn name(self) -> &'static str {
        match self {
            AttackType::March => "march",
            AttackType::Assault => "assault",
            AttackType::Grand => "grand",
            AttackType::Fire => "fire",
            AttackType::Melee => "melee",
            AttackType::Combat => "combat",
        }
    }

    pub const ALL: [AttackType; 6] = [
        AttackType::March,
        AttackType::Assault,
        AttackType::Grand,
        AttackType::Fire,
        AttackType::Melee,
        AttackType::Combat,
    ];

    /// Its place in [`AttackType::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn parse(s: &str) -> Option<AttackType> {
        AttackType::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl fmt::Display for AttackType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AttackType::March => "march attack",
            AttackType::Assault => "assault",
            AttackType::Grand => "grand assault",
            AttackType::Fire => "fire",
            AttackType::Melee => "melee",
            AttackType::Combat => "attack",
        })
    }
}

/// An attack to assess or resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackRequest {
    pub attackers: Vec<UnitIdx>,
    pub defender: Coord,
    /// `None`: the rule system's default for these attackers.
    pub kind: Option<AttackType>,
    /// A march-attack type of older editions (only rows enabled in the rules data).
    pub march_type: Option<String>,
    /// Conditions the map and counters do not show, by key (`--opt key=value`); each rule
    /// system lists its keys, values and defaults in [`Ruleset::attack_options`].
    pub options: BTreeMap<String, String>,
}

impl AttackRequest {
    pub fn new(attackers: Vec<UnitIdx>, defender: Coord, kind: Option<AttackType>) -> Self {
        AttackRequest {
            attackers,
            defender,
            kind,
            march_type: None,
            options: BTreeMap::new(),
        }
    }

    /// The value given for an option, if any.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }
}

/// One condition of an attack a player sets (a value the map and counters do not show).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    pub key: &'static str,
    /// A label for players.
    pub label: String,
    /// The values allowed, the default first; empty when any value of `help`'s form is taken.
    pub values: Vec<String>,
    pub default: String,
    /// What it means and which rule it comes from.
    pub help: String,
}

/// The operations cost of a move, line by line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveCost {
    /// Total cost (`None`: the move is prohibited).
    pub total: Option<u32>,
    /// One line per step or special cost, e.g. `0302 light woods, diagonal: 4`.
    pub lines: Vec<String>,
}

/// A special action a unit may take (`Ruleset::special_actions`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpecialAction {
    /// The command's `action` (`column`, `deploy`, `fortify`).
    pub key: String,
    /// For players: `Change to column`, `Fortify (level 2)`.
    pub label: String,
    /// Its cost in the unit's points, or why it cannot be taken now.
    pub cost: Result<super::movement::Mp, String>,
    /// The rule it comes from.
    pub rule: String,
    /// It only helps the unit (a rally): the computer players take it whenever they may.
    pub gain: bool,
}

/// Which side of an attack something belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }
}

/// The value of one modifier: fixed, or decided by an extra die (even / odd).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ModValue {
    Fixed(i32),
    ByDie {
        even: i32,
        odd: i32,
    },
    /// A multiplicative factor in ten-thousandths (Shiloh: `Factor(8750)` is x0.875). It adds
    /// nothing to a die (`even()` / `odd()` are 0).
    Factor(u32),
    /// A value that is not a die modifier but a step of a sum (NGG 1812's attack value, GBACW's
    /// strength points): shown as a signed number, adds nothing to a die.
    Points(i32),
}

impl ModValue {
    pub fn even(self) -> i32 {
        match self {
            ModValue::Fixed(v) => v,
            ModValue::ByDie { even, .. } => even,
            ModValue::Factor(_) | ModValue::Points(_) => 0,
        }
    }
    pub fn odd(self) -> i32 {
        match self {
            ModValue::Fixed(v) => v,
            ModValue::ByDie { odd, .. } => odd,
            ModValue::Factor(_) | ModValue::Points(_) => 0,
        }
    }

    /// A factor as a float (1.0 for the additive kinds).
    pub fn factor(self) -> f64 {
        match self {
            ModValue::Factor(f) => f as f64 / 10_000.0,
            _ => 1.0,
        }
    }
}

impl fmt::Display for ModValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModValue::Fixed(v) => write!(f, "{v:+}"),
            ModValue::ByDie { even, odd } => write!(f, "{even:+}/{odd:+}"),
            ModValue::Factor(x) => {
                let s = format!("{:.4}", *x as f64 / 10_000.0);
                let s = s.trim_end_matches('0');
                let s = if s.ends_with('.') {
                    format!("{s}00")
                } else if s.split('.').nth(1).is_some_and(|d| d.len() < 2) {
                    format!("{s}0")
                } else {
                    s.to_string()
                };
                write!(f, "x{s}")
            }
            ModValue::Points(v) => write!(f, "{v:+}"),
        }
    }
}

/// One line of an odds breakdown: a modifier, its value, how it came about and its rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModifierLine {
    /// Whose die it modifies.
    pub role: Role,
    pub name: String,
    pub value: ModValue,
    /// How the value follows from the position, e.g. `9:4 reads 2:1`.
    pub detail: String,
    /// The rule or chart it comes from, with its provenance mark where not \[seed\].
    pub rule: String,
}

/// What the rules say about one hex around the defender (for the flank overlay).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HexNote {
    pub hex: Coord,
    pub label: String,
    pub covered: bool,
    pub reduces: bool,
    /// Why, one entry per clause that applies (or why not).
    pub reasons: Vec<String>,
}

/// The exact odds of an attack.
#[derive(Clone, Debug)]
pub struct Odds {
    pub ruleset: &'static str,
    pub kind: AttackType,
    /// Every modifier, in the order the rules apply them.
    pub lines: Vec<ModifierLine>,
    /// Total attacker and defender die modifiers (when an extra die is needed, even / odd).
    pub attacker_drm: ModValue,
    pub defender_drm: ModValue,
    /// Whether the resolution rolls an extra die (GCACW artillery).
    pub extra_die: bool,
    /// Distribution of the final differential (not clamped to the table's ends).
    pub differential: BTreeMap<i32, Prob>,
    /// Distribution of each side's result code, in table order.
    pub attacker_results: Vec<(String, Prob)>,
    pub defender_results: Vec<(String, Prob)>,
    /// Expected manpower lost, capped at the side's manpower in the combat.
    pub attacker_expected_loss: Prob,
    pub defender_expected_loss: Prob,
    pub attacker_manpower: u32,
    pub defender_manpower: u32,
    /// P(the defender retreats or routs) and P(it routs).
    pub p_retreat: Prob,
    pub p_rout: Prob,
    /// Notes per hex around the defender.
    pub hex_notes: Vec<HexNote>,
    /// System-specific facts for `musket odds --json` (e.g. GCACW's flank and artillery keys).
    pub extra_json: serde_json::Map<String, serde_json::Value>,
}

impl Odds {
    pub fn attacker_result_prob(&self, code: &str) -> Prob {
        prob_of(&self.attacker_results, code)
    }
    pub fn defender_result_prob(&self, code: &str) -> Prob {
        prob_of(&self.defender_results, code)
    }
}

fn prob_of(list: &[(String, Prob)], code: &str) -> Prob {
    list.iter()
        .find(|(c, _)| c == code)
        .map_or(Prob::from_integer(0), |(_, p)| *p)
}

/// Choices a player makes while an attack is applied. Each left out is decided by the
/// documented default of the rule system.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choices {
    /// Order in which the attacker's units take manpower losses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_losses: Option<Vec<String>>,
    /// Order in which the defender's units take manpower losses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_losses: Option<Vec<String>>,
    /// The retreat path (hex labels, the first adjacent to the defender's hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<Vec<String>>,
    /// Units that advance into a vacated hex when the result allows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance: Option<Vec<String>>,
}

/// The checks every rule system makes on the named attackers: at least one, each a unit of the
/// game named once and still on the map, all of one side. Returns that side.
pub fn check_attackers(
    game: &Game,
    attackers: &[UnitIdx],
) -> Result<super::unit::SideId, AttackError> {
    if attackers.is_empty() {
        return Err(AttackError::NoAttackers);
    }
    let mut seen = std::collections::HashSet::with_capacity(attackers.len());
    for u in attackers {
        if u.i() >= game.units.len() {
            return Err(AttackError::UnknownUnit(format!("#{}", u.0)));
        }
        if !seen.insert(*u) {
            return Err(AttackError::DuplicateAttacker(game.unit(*u).id.clone()));
        }
        if let Some((t, _)) = game.unit(*u).arrives {
            return Err(AttackError::NotArrived(game.unit(*u).id.clone(), t));
        }
        if !game.unit(*u).on_map() {
            return Err(AttackError::Eliminated(game.unit(*u).id.clone()));
        }
    }
    let first = game.unit(attackers[0]);
    if let Some(o) = attackers
        .iter()
        .map(|u| game.unit(*u))
        .find(|u| u.side != first.side)
    {
        return Err(AttackError::MixedSides(
            game.scenario.side_name(first.side).into(),
            game.scenario.side_name(o.side).into(),
        ));
    }
    Ok(first.side)
}

/// The units a choice names (ids), checked: each known, among `allowed` (the units of the
/// combat that choice may name) and named once. `what` names the choice in errors.
pub fn choice_units(
    game: &Game,
    list: &Option<Vec<String>>,
    allowed: &[UnitIdx],
    what: &str,
) -> Result<Option<Vec<UnitIdx>>, AttackError> {
    let Some(list) = list else { return Ok(None) };
    let allowed: std::collections::HashSet<UnitIdx> = allowed.iter().copied().collect();
    let mut seen = std::collections::HashSet::with_capacity(list.len());
    let mut out = Vec::new();
    for id in list {
        let u = game
            .unit_by_id(id)
            .ok_or_else(|| AttackError::Choice(format!("{what}: unknown unit id {id:?}")))?;
        if !allowed.contains(&u) {
            return Err(AttackError::Choice(format!(
                "{what}: unit {id:?} is not one of this combat's units that may be named here"
            )));
        }
        if !seen.insert(u) {
            return Err(AttackError::Choice(format!(
                "{what}: unit {id:?} is named twice"
            )));
        }
        out.push(u);
    }
    Ok(Some(out))
}

/// A loss order's two parts: the units the command names, in its order, then the side's other
/// units, in their listed order (each rule system sorts the rest by its own default).
pub fn named_first(named: Option<&[UnitIdx]>, units: &[UnitIdx]) -> (Vec<UnitIdx>, Vec<UnitIdx>) {
    let seq: Vec<UnitIdx> = named.map(<[UnitIdx]>::to_vec).unwrap_or_default();
    let set: std::collections::HashSet<UnitIdx> = seq.iter().copied().collect();
    let rest = units.iter().copied().filter(|u| !set.contains(u)).collect();
    (seq, rest)
}

/// Whether a zone of control is normal or restricted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ZocKind {
    Normal,
    Restricted,
}

/// One unit's zone of control reaching a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZocEntry {
    pub unit: UnitIdx,
    pub kind: ZocKind,
}

/// Zones of control over the whole map, per hex.
#[derive(Clone, Debug, Default)]
pub struct ZocMap {
    /// `start[i]..start[i + 1]` indexes `entries` for map hex `i`.
    start: Vec<u32>,
    entries: Vec<ZocEntry>,
}

impl ZocMap {
    /// Build from (hex index, entry) pairs.
    pub fn from_pairs(hexes: usize, mut pairs: Vec<(u32, ZocEntry)>) -> Self {
        pairs.sort_by_key(|(h, e)| (*h, e.unit));
        let mut start = vec![0u32; hexes + 1];
        for (h, _) in &pairs {
            start[*h as usize + 1] += 1;
        }
        for i in 0..hexes {
            start[i + 1] += start[i];
        }
        ZocMap {
            start,
            entries: pairs.into_iter().map(|(_, e)| e).collect(),
        }
    }

    /// The zones of control reaching the hex with this map index.
    pub fn at_index(&self, i: usize) -> &[ZocEntry] {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(a), Some(b)) => &self.entries[*a as usize..*b as usize],
            _ => &[],
        }
    }

    pub fn at(&self, game: &Game, c: Coord) -> &[ZocEntry] {
        match game.map().index(c) {
            Some(i) => self.at_index(i),
            None => &[],
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Zones of control that reach every on-map hex next to each unit `exerts` accepts, all
/// normal (GBACW's and Shiloh's; GCACW's depend on terrain and hexsides).
pub fn adjacent_zoc(game: &Game, exerts: impl Fn(&super::unit::Unit) -> bool) -> ZocMap {
    let map = game.map();
    let mut pairs = Vec::new();
    for (i, u) in game.units.iter().enumerate() {
        let Some(from) = u.hex.filter(|_| exerts(u)) else {
            continue;
        };
        for to in from.neighbors() {
            if let Some(ix) = map.index(to) {
                let entry = ZocEntry {
                    unit: UnitIdx(i as u32),
                    kind: ZocKind::Normal,
                };
                pairs.push((ix as u32, entry));
            }
        }
    }
    ZocMap::from_pairs(map.len(), pairs)
}

/// The zones of control of [`adjacent_zoc`] reaching one hex, in unit order.
pub fn adjacent_zoc_at(
    game: &Game,
    hex: Coord,
    exerts: impl Fn(&super::unit::Unit) -> bool,
) -> Vec<ZocEntry> {
    if !game.map().contains(hex) {
        return Vec::new();
    }
    let mut out: Vec<ZocEntry> = hex
        .neighbors()
        .into_iter()
        .flat_map(|n| game.units_at(n).iter().copied())
        .filter(|u| exerts(game.unit(*u)))
        .map(|unit| ZocEntry {
            unit,
            kind: ZocKind::Normal,
        })
        .collect();
    out.sort_by_key(|e| e.unit);
    out
}

/// Why an attack cannot be assessed or made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttackError {
    #[error("unknown unit id {0:?}")]
    UnknownUnit(String),
    #[error("no attackers named")]
    NoAttackers,
    #[error("unit {0:?} is named twice among the attackers")]
    DuplicateAttacker(String),
    #[error("unit {0:?} has been eliminated")]
    Eliminated(String),
    #[error("unit {0:?} is a reinforcement: it enters the map at the start of turn {1}")]
    NotArrived(String, u32),
    #[error("the attackers belong to two sides ({0:?} and {1:?})")]
    MixedSides(String, String),
    #[error("{0}")]
    BadHex(String),
    #[error("no unit is in the defending hex {0}")]
    EmptyHex(String),
    #[error("the defending hex {0} holds no combat unit (only leaders)")]
    NoCombatDefender(String),
    #[error("attacker {unit:?} and the units in {hex} are on the same side ({side})")]
    SameSide {
        unit: String,
        hex: String,
        side: String,
    },
    #[error("attacker {unit:?} in {from} is not adjacent to the defending hex {hex}")]
    NotAdjacent {
        unit: String,
        from: String,
        hex: String,
    },
    #[error("the attackers' combined combat value is 0 (only leaders named)")]
    ZeroCv,
    #[error("a march attack is made by one unit, not {0}; use --type assault or grand")]
    MarchWithSeveral(usize),
    #[error(
        "the attackers are in {0} hexes; only a grand assault (--type grand) attacks from several hexes"
    )]
    SeveralHexes(usize),
    #[error("unknown march type {0:?}; enabled types: {1}")]
    UnknownMarchType(String, String),
    #[error("a march type applies only to a march attack")]
    MarchTypeNotMarch,
    #[error("{0}")]
    Choice(String),
    /// An attack type this rule system does not have.
    #[error("ruleset {ruleset} has no {kind} attacks; types: {types}")]
    WrongType {
        ruleset: &'static str,
        kind: &'static str,
        types: String,
    },
    /// An option this rule system does not know, or a value it does not take.
    #[error("{0}")]
    BadOption(String),
    /// A rule the position breaks (e.g. fire out of range).
    #[error("{0}")]
    Illegal(String),
}

/// A rule system.
pub trait Ruleset: Send + Sync + fmt::Debug {
    /// The id a scenario's `ruleset` field names.
    fn id(&self) -> &'static str;
    /// A name for players.
    fn name(&self) -> &'static str;
    /// The zones of control of every unit over the whole map.
    fn zoc(&self, game: &Game) -> ZocMap;
    /// The zones of control reaching one hex.
    fn zoc_at(&self, game: &Game, hex: Coord) -> Vec<ZocEntry>;
    /// The attack types of this rule system, the default first (the client cycles them).
    fn attack_types(&self) -> &'static [AttackType];
    /// The options an attack of this kind takes (`--opt key=value`); none by default.
    fn attack_options(&self, _game: &Game, _kind: AttackType) -> Vec<OptionSpec> {
        Vec::new()
    }
    /// An attack this rule system lets the side *not* to move make, in the other side's turn
    /// (Shiloh's Final Defensive Fire): its name for messages, or `None` for an ordinary
    /// attack, which only the side to move makes. `command::validate` holds every attack to
    /// this.
    fn out_of_turn(&self, _req: &AttackRequest) -> Option<String> {
        None
    }
    /// How the rule system limits movement and attacks per turn (`rules::movement`).
    fn movement(&self) -> &dyn super::movement::Movement;
    /// The sequence of play (`rules::sequence`); the generic one by default.
    fn sequence(&self) -> &super::sequence::Sequence {
        static GENERIC: std::sync::LazyLock<super::sequence::Sequence> =
            std::sync::LazyLock::new(super::sequence::generic);
        &GENERIC
    }
    /// A disorganized unit reorganizes (the recovery of `rules::sequence`): its CV is its
    /// manpower again; the events.
    fn reorganize(&self, game: &mut Game, unit: UnitIdx) -> Vec<Event> {
        let u = game.unit_mut(unit);
        if !u.disorganized {
            return Vec::new();
        }
        u.disorganized = false;
        u.cv = super::cv::Cv::whole(u.manpower);
        vec![Event::Recovered {
            unit,
            what: format!("reorganized (CV {})", u.cv),
        }]
    }
    /// What an extended march costs `unit` (`rules::sequence`'s `extended` table): `loss`
    /// manpower and, with `disorganize`, disorganization, by the rule system's strength rules;
    /// the events. None by default (a rule system without extended marches).
    fn march_losses(
        &self,
        _game: &mut Game,
        _unit: UnitIdx,
        _loss: u32,
        _disorganize: bool,
    ) -> Vec<Event> {
        Vec::new()
    }
    /// The special actions `unit` may take where it stands (Shiloh's change of mode and
    /// fortify), with their cost or why they cannot be taken now; none by default.
    fn special_actions(&self, _game: &Game, _unit: UnitIdx) -> Vec<SpecialAction> {
        Vec::new()
    }
    /// What the rules do at the end of each game turn, after its last phase and before the
    /// recovery (NGG 1812 13.1: the Cossack roll); nothing by default.
    fn end_of_turn(&self, _game: &mut Game, _dice: &mut dyn DieSource) -> Vec<Event> {
        Vec::new()
    }
    /// Check a special action by all of `units` together (one command), beyond each unit's
    /// own [`Ruleset::special_actions`]: e.g. NGG 1812's rally, which its commanders' ratings
    /// bound per stack.
    fn check_special(&self, _game: &Game, _units: &[UnitIdx], _key: &str) -> Result<(), String> {
        Ok(())
    }
    /// Apply a special action `command::validate` has checked (`Command::Special`).
    fn apply_special(&self, _game: &mut Game, _unit: UnitIdx, _key: &str) -> Vec<Event> {
        Vec::new()
    }
    /// The text of the built-in rules tables (for `musket rules`).
    fn tables_text(&self) -> &'static str;
    /// The tables this rule system plays by (built-in or a player's), as canonical RON
    /// ([`super::tables::canonical`]): saves and turn files carry it.
    fn tables_in_use(&self) -> String;
    /// The same tables as JSON, for telling where two sets of rules differ
    /// ([`changes_from_builtin`]).
    fn tables_json(&self) -> serde_json::Value;
    /// What this rule system's tables refuse in a scenario that the format itself allows (e.g.
    /// NGG 1812's stacking capacity, 4.1): field paths and problems as in scenario errors.
    fn check_scenario(
        &self,
        _scenario: &super::scenario::Scenario,
    ) -> Vec<super::scenario::Problem> {
        Vec::new()
    }
    /// The attack type used when the request names none.
    fn default_attack_type(
        &self,
        game: &Game,
        req: &AttackRequest,
    ) -> Result<AttackType, AttackError>;
    /// Check an attack and the choices for it, without rolling.
    fn check(&self, game: &Game, req: &AttackRequest, choices: &Choices)
    -> Result<(), AttackError>;
    /// The exact odds of an attack.
    fn odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError>;
    /// The same odds where nobody reads the explanation (the computer players weigh only the
    /// numbers): a rule system whose explanation costs much may leave `lines` and
    /// `extra_json` empty. Every number is [`Ruleset::odds`]'s.
    fn odds_unexplained(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        self.odds(game, req)
    }
    /// Roll the dice and apply the result; the events say what happened, step by step.
    /// The outcome is computed by the same function the odds enumerate.
    fn resolve(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        choices: &Choices,
        dice: &mut dyn DieSource,
    ) -> Result<Vec<Event>, AttackError>;
}

/// Rules files a player gives in place of the built-in ones.
#[derive(Clone, Debug, Default)]
pub struct RulesOverrides {
    /// A tables file for the scenario's ruleset (`--rules FILE`).
    pub file: Option<std::path::PathBuf>,
}

/// Why a rule system could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("unknown ruleset {0:?}")]
    Unknown(String),
    #[error(transparent)]
    Tables(#[from] super::tables::TablesError),
    /// The scenario breaks a rule of its rule system's tables.
    #[error("{}{}", problems[0], if problems.len() > 1 { format!(" (and {} more problems)", problems.len() - 1) } else { String::new() })]
    Scenario {
        problems: Vec<super::scenario::Problem>,
    },
}

/// The rule system of a scenario (as [`for_id`]), refusing a scenario its tables do not allow.
pub fn for_scenario(
    scenario: &super::scenario::Scenario,
    overrides: &RulesOverrides,
) -> Result<Arc<dyn Ruleset>, RulesError> {
    let rules = for_id(&scenario.ruleset, overrides)?;
    let problems = rules.check_scenario(scenario);
    if problems.is_empty() {
        Ok(rules)
    } else {
        Err(RulesError::Scenario { problems })
    }
}

/// Everything the loader checks of a scenario file, and what it loads: the format
/// ([`validate`](super::scenario::validate)), then its rule system's tables (they load, and
/// [`Ruleset::check_scenario`] accepts the scenario). The one check the game, `musket check`
/// and the editor run, so a file the editor writes is a file the game loads.
pub fn check_file(
    file: super::scenario::ScenarioFile,
    overrides: &RulesOverrides,
) -> Result<(super::scenario::Scenario, Arc<dyn Ruleset>), Vec<super::scenario::Problem>> {
    let scenario = super::scenario::validate(file)?;
    match for_scenario(&scenario, overrides) {
        Ok(rules) => Ok((scenario, rules)),
        Err(RulesError::Scenario { problems }) => Err(problems),
        Err(e) => Err(vec![super::scenario::Problem {
            field: "ruleset".into(),
            value: format!("{:?}", scenario.ruleset),
            problem: format!("its rules tables do not load: {e}"),
        }]),
    }
}

/// The tables file to use for ruleset `id`: the player's `--rules` file, else
/// `<user rules dir>/<id>.ron` if it exists, else none (the built-in tables).
pub fn tables_path(id: &str, overrides: &RulesOverrides) -> Option<std::path::PathBuf> {
    overrides.file.clone().or_else(|| {
        super::tables::user_rules_dir()
            .map(|d| d.join(format!("{id}.ron")))
            .filter(|p| p.is_file())
    })
}

/// The rule system a scenario names, with the player's override or the user rules directory's
/// file if there is one, else the built-in tables.
pub fn for_id(id: &str, overrides: &RulesOverrides) -> Result<Arc<dyn Ruleset>, RulesError> {
    with_tables(id, tables_path(id, overrides))
}

/// The rule system with its built-in tables only (tests, and replays that must not depend on a
/// player's files).
pub fn builtin(id: &str) -> Result<Arc<dyn Ruleset>, RulesError> {
    from_text(id, None)
}

fn with_tables(id: &str, path: Option<std::path::PathBuf>) -> Result<Arc<dyn Ruleset>, RulesError> {
    match path {
        None => from_text(id, None),
        Some(p) => {
            let text =
                std::fs::read_to_string(&p).map_err(|source| super::tables::TablesError::Io {
                    path: p.display().to_string(),
                    source,
                })?;
            from_text(id, Some((&text, &p.display().to_string())))
        }
    }
}

/// The rule system `id` built from a tables text given as (text, name for errors), or from its
/// built-in tables (`None`): a player's file, or the tables a save or a turn file carries.
pub fn from_text(id: &str, text: Option<(&str, &str)>) -> Result<Arc<dyn Ruleset>, RulesError> {
    match id {
        "gcacw" => super::gcacw::from_text(text),
        "gbacw" => super::gbacw::from_text(text),
        "ngg1812" => super::ngg::from_text(text),
        "shiloh" => super::shiloh::from_text(text),
        other => Err(RulesError::Unknown(other.to_string())),
    }
}

/// [`from_text`], refusing a scenario its tables do not allow (as [`for_scenario`]).
pub fn for_scenario_from_text(
    scenario: &super::scenario::Scenario,
    text: &str,
    name: &str,
) -> Result<Arc<dyn Ruleset>, RulesError> {
    let rules = from_text(&scenario.ruleset, Some((text, name)))?;
    let problems = rules.check_scenario(scenario);
    if problems.is_empty() {
        Ok(rules)
    } else {
        Err(RulesError::Scenario { problems })
    }
}

/// The built-in tables text of every ruleset (for `musket rules ID`).
pub fn builtin_tables(id: &str) -> Option<&'static str> {
    match id {
        "gcacw" => Some(super::gcacw::data::DEFAULT_TABLES),
        "gbacw" => Some(super::gbacw::DEFAULT_TABLES),
        "ngg1812" => Some(super::ngg::DEFAULT_TABLES),
        "shiloh" => Some(super::shiloh::DEFAULT_TABLES),
        _ => None,
    }
}

/// How the rules a game is played under (the rule system's tables, with the game's sequence of
/// play in place of theirs) differ from the rule system's built-in ones: one line per field, at
/// most 40 (empty: the built-in rules). What a turn file's receiver is shown before accepting
/// it, and `musket turn verify` reports.
pub fn changes_from_builtin(
    rules: &dyn Ruleset,
    sequence: &super::sequence::Sequence,
) -> Vec<String> {
    let Ok(builtin) = from_text(rules.id(), None) else {
        return Vec::new();
    };
    let with_sequence = |mut v: serde_json::Value, seq: &super::sequence::Sequence| {
        if let (Some(m), Ok(s)) = (v.as_object_mut(), serde_json::to_value(seq)) {
            m.insert("sequence".into(), s);
        }
        v
    };
    let ours = with_sequence(rules.tables_json(), sequence);
    let theirs = with_sequence(builtin.tables_json(), builtin.sequence());
    super::tables::differences(&ours, &theirs, 40)
}
