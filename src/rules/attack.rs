//! The vocabulary of attacks every rule system speaks: how an attack is made and asked for
//! (`AttackType`, `AttackRequest`, its options and the player's choices), how its odds are
//! explained and distributed (`ModifierLine`, `ModValue`, `Odds`), zones of control
//! (`ZocKind`, `ZocEntry`, `ZocMap`) and why an attack is refused (`AttackError`).
//!
//! GCACW's attacks are the first; GBACW fire and melee, Napoleon's Greatest Gamble and Shiloh
//! fit the same shape: their attacks are an `AttackRequest` with their own `AttackType`s (fire,
//! melee, supporting stacks go in `options`), their modifiers are `ModifierLine`s (Shiloh's are
//! multiplicative: a line's `value` then holds a factor), and their outcomes are distributions
//! over result codes per side.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::cv::Prob;
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
    pub cost: Result<super::points::Mp, String>,
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

/// A loss order's two parts: the units the command names, in its order, then the side's other
/// units, in their listed order (each rule system sorts the rest by its own default).
pub fn named_first(named: Option<&[UnitIdx]>, units: &[UnitIdx]) -> (Vec<UnitIdx>, Vec<UnitIdx>) {
    let seq: Vec<UnitIdx> = named.map(<[UnitIdx]>::to_vec).unwrap_or_default();
    let set: std::collections::HashSet<UnitIdx> = seq.iter().copied().collect();
    let rest = units.iter().copied().filter(|u| !set.contains(u)).collect();
    (seq, rest)
}

/// A manpower loss spread over a side's units, as the rule systems that lose manpower do it
/// (GCACW, Shiloh): the units the command names first, in its order, then the others from
/// the largest `manpower` down (ties in their listed order); each loses what is left of the
/// loss, at most its own manpower. Returns each unit that loses some, with how much.
pub fn loss_shares(
    manpower: impl Fn(UnitIdx) -> u32,
    units: &[UnitIdx],
    loss: u32,
    named: Option<&[UnitIdx]>,
) -> Vec<(UnitIdx, u32)> {
    let (mut seq, mut rest) = named_first(named, units);
    // Stable sort: ties keep the listed order.
    rest.sort_by_key(|u| std::cmp::Reverse(manpower(*u)));
    seq.extend(rest);
    let mut left = loss;
    let mut out = Vec::new();
    for u in seq {
        if left == 0 {
            break;
        }
        let take = left.min(manpower(u));
        if take > 0 {
            left -= take;
            out.push((u, take));
        }
    }
    out
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

    pub fn at(&self, map: &super::map::Map, c: Coord) -> &[ZocEntry] {
        match map.index(c) {
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
