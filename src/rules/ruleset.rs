//! The interface every rule system implements ([`Ruleset`]) and how it limits movement
//! ([`Movement`]), with the queries they answer; the vocabulary of attacks they speak is
//! [`super::attack`].
//!
//! A rule system answers three questions about a game: which hexes each unit's zone of control
//! reaches, what an attack's odds are (every modifier explained and the exact distribution of
//! outcomes), and what happens when the attack is resolved with dice.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use super::attack::{
    AttackError, AttackRequest, AttackType, Choices, Odds, OptionSpec, SpecialAction, ZocEntry,
    ZocKind, ZocMap,
};
use super::dice::DieSource;
use super::event::Event;
use super::game::Game;
use super::hex::Coord;
use super::map::Weather;
use super::order::{Command, CommandError};
use super::points::{Allowance, Mp};
use super::unit::{SideId, Unit, UnitIdx};

/// An attack command as a request of the rule system.
pub fn attack_request(
    game: &Game,
    attackers: &[String],
    defender: &str,
    kind: Option<AttackType>,
    march_type: Option<String>,
    options: &BTreeMap<String, String>,
) -> Result<AttackRequest, AttackError> {
    let mut units = Vec::new();
    for id in attackers {
        units.push(
            game.unit_by_id(id)
                .ok_or_else(|| AttackError::UnknownUnit(id.clone()))?,
        );
    }
    let defender = game
        .scenario
        .parse_hex(defender)
        .map_err(AttackError::BadHex)?;
    Ok(AttackRequest {
        attackers: units,
        defender,
        kind,
        march_type,
        options: options.clone(),
    })
}

/// The attack type of a request: the one it names, else the rule system's default.
pub fn kind_of(game: &Game, req: &AttackRequest) -> Option<AttackType> {
    req.kind
        .or_else(|| game.rules.default_attack_type(game, req).ok())
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

/// Where the mover stands in an enemy zone of control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZocAt {
    /// The strongest enemy ZOC reaching the hex (`Normal` over `Restricted`), if any.
    pub kind: Option<ZocKind>,
}

impl ZocAt {
    pub fn any(self) -> bool {
        self.kind.is_some()
    }
}

/// One step for a rule system to price: `unit` enters `to` from the adjacent `from`.
pub struct StepQuery<'a> {
    pub game: &'a Game,
    pub unit: &'a Unit,
    /// The unit's index (for the rule system's own state of it).
    pub idx: UnitIdx,
    pub from: Coord,
    pub to: Coord,
    /// Map indices of `from` and `to`, and the direction of the step (0..6, N..NW).
    pub from_ix: usize,
    pub to_ix: usize,
    pub dir: usize,
    /// Enemy zones of control at both ends.
    pub zoc_from: ZocAt,
    pub zoc_to: ZocAt,
    /// Whether a friendly unit (other than the movers) stands in `to`.
    pub friendly_at_to: bool,
    /// The friendly units standing in `to` (not the movers), for stacking rules.
    pub friends_at_to: &'a [UnitIdx],
    /// The weather and whether the turn is a night turn.
    pub weather: Weather,
    pub night: bool,
}

/// The price of one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    pub cost: Mp,
    /// The move ends in `to` (e.g. entering an enemy ZOC where the rules say stop).
    pub stop: bool,
}

/// What a unit's counter shows, as its rule system prints it; the window draws it and the
/// inspector lists it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CounterFace {
    /// The value at the bottom: a combat value ("5", "1/2 (2)"), a commander's rating ("CR2"),
    /// a leader's bonus ("15%") or tactical value ("+1"); empty for none.
    pub value: String,
    /// The small values in the top corners, left and right (GCACW's artillery "a2" and
    /// tactical "+1").
    pub corners: [Option<String>; 2],
    /// The counter shows its reduced side (GCACW's disorganized strength marker: pale, with a
    /// red band).
    pub reduced: bool,
    /// Markers down its edge, each with what it marks (the window colours them by it).
    pub markers: Vec<(String, Marker)>,
}

/// What a marker on a counter marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Fatigue,
    /// Losses of spirit: demoralization, disruption, rout, a pin.
    Harm,
    /// Field works: breastworks, entrenching.
    Works,
    Exhausted,
    Inactive,
    /// Out of command.
    Command,
    Morale,
    /// A unit that has not seen the elephant.
    Green,
    /// A formation (column, limbered …).
    Formation,
}

/// The marker of a unit's shared status (`Status`), if it shows one.
pub fn status_marker(u: &Unit) -> Option<(String, Marker)> {
    use super::unit::Status;
    let s = match u.status {
        Status::Normal => return None,
        Status::Disrupted => "Dis",
        Status::Pinned => "P",
        Status::Routed => "R",
        Status::Engaged => "Eng",
    };
    Some((s.into(), Marker::Harm))
}

/// The counter every rule system shares: the combat value (none for a leader or a wagon), the
/// fatigue level and the status; a rule system adds its own values ([`Ruleset::counter`]).
pub fn plain_counter(u: &Unit) -> CounterFace {
    let value = match u.kind {
        super::unit::UnitKind::Leader | super::unit::UnitKind::Wagon => String::new(),
        _ => u.cv.to_string(),
    };
    let mut markers = Vec::new();
    if u.fatigue > 0 {
        markers.push((format!("F{}", u.fatigue), Marker::Fatigue));
    }
    markers.extend(status_marker(u));
    CounterFace {
        value,
        markers,
        ..CounterFace::default()
    }
}

/// How a rule system limits movement. Numbers come from its tables file; this is the procedure
/// that reads them.
pub trait Movement: Send + Sync + fmt::Debug {
    /// What `unit` may spend in a turn (before a scenario's per-unit `movement`, which wins).
    fn allowance(&self, game: &Game, unit: UnitIdx) -> Allowance;
    /// The cost of a step, or why it is prohibited. With `why`, each part of the price is
    /// pushed as a line (`"0604 woods: 2"`, `"enter enemy ZOC: stop [rule]"`); the search
    /// passes `None` and must get the same answer.
    fn price(&self, q: &StepQuery, why: Option<&mut Vec<String>>) -> Result<StepCost, String>;
    /// How many attacks a unit may make in a turn (`None`: no limit; NGG 1812 counts and
    /// halves repeated combats instead, 11.2).
    fn attacks_per_turn(&self) -> Option<u32>;
    /// Whether the limit counts each attack type apart (GBACW, Shiloh: a unit may fire and
    /// melee in one turn) or all together.
    fn attacks_by_type(&self) -> bool {
        false
    }
    /// Why attacks are limited so (the tables' source), for messages.
    fn attacks_source(&self) -> String {
        String::new()
    }
    /// The unit's name for points in messages: "MP" (movement points), "OP" (operations).
    fn points_name(&self) -> &'static str {
        "MP"
    }
    /// The allowance roll of units marching together (`Command::March`): dice, modifier,
    /// minimum and the rule; `None` where allowances are not rolled.
    fn march_roll(&self, _game: &Game, _units: &[&Unit]) -> Option<(u8, i32, Mp, String)> {
        None
    }
    /// A unit may always move one hex (its whole move), whatever that step costs: the rule.
    fn minimum_one_hex(&self) -> Option<String> {
        None
    }
    /// A unit makes one move a turn (its partial moves do not add up): the rule.
    fn one_move_per_turn(&self) -> Option<String> {
        None
    }
    /// What an attack by `unit` costs in points (Shiloh: the card's fire and melee OPs), or
    /// why it may not attack so; `Ok(ZERO)` where attacks cost nothing.
    fn attack_cost(
        &self,
        _game: &Game,
        _unit: UnitIdx,
        _kind: super::attack::AttackType,
        _out_of_turn: bool,
    ) -> Result<Mp, String> {
        Ok(Mp::ZERO)
    }
    /// The rules the tables cite for the allowance, for the inspector and `musket moves`.
    fn allowance_source(&self, _game: &Game, _unit: UnitIdx) -> String {
        String::new()
    }
}

/// A rule system.
pub trait Ruleset: Send + Sync + fmt::Debug {
    /// The id a scenario's `ruleset` field names: its profile's.
    fn id(&self) -> super::scenario::RulesetId {
        super::scenario::RulesetId::of(self.profile())
    }
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
    fn movement(&self) -> &dyn super::ruleset::Movement;
    /// The sequence of play (`rules::sequence`); the generic one by default.
    fn sequence(&self) -> &super::sequence::Sequence {
        static GENERIC: std::sync::LazyLock<super::sequence::Sequence> =
            std::sync::LazyLock::new(super::sequence::generic);
        &GENERIC
    }
    /// The rule system's action cycle (GCACW's leader activations, assaults, fatigue and
    /// forced marches, leader transfers: [`Actions`]); none by default.
    fn actions(&self) -> Option<&dyn Actions> {
        None
    }
    /// The budget its players spend as they alternate in a phase (NGG 1812's supply trains:
    /// [`Alternation`]); none by default: the sides simply alternate.
    fn alternation(&self) -> Option<&dyn Alternation> {
        None
    }
    /// The recovery phase at the end of each game turn, once it is counted (GCACW's: fatigue
    /// comes off, disorganized and demoralized units recover, works are complete); nothing by
    /// default.
    fn recovery_phase(&self, _game: &mut Game) -> Vec<Event> {
        Vec::new()
    }
    /// A unit leaves its hex in a move (GCACW: it leaves its breastworks, built or begun);
    /// nothing by default.
    fn leaves_hex(&self, _game: &mut Game, _unit: UnitIdx) {}
    /// The special actions `unit` may take where it stands (Shiloh's change of mode and
    /// fortify), with their cost or why they cannot be taken now; none by default.
    fn special_actions(&self, _game: &Game, _unit: UnitIdx) -> Vec<SpecialAction> {
        Vec::new()
    }
    /// The command-control step of the sequence of play (Shiloh's): at the start of the game
    /// and of each game turn, before the recovery and the reinforcements, and where the
    /// computer looks ahead to a later game turn; no dice. Nothing by default.
    fn command_control(&self, _game: &mut Game) -> Vec<Event> {
        Vec::new()
    }
    /// The round recovery of the sequence of play (Shiloh's rally and rest): at the start of
    /// each game turn after the first (after command control), and with `mid_point` between
    /// the rounds of a game turn. Nothing by default.
    fn round_recovery(
        &self,
        _game: &mut Game,
        _dice: &mut dyn DieSource,
        _mid_point: bool,
    ) -> Vec<Event> {
        Vec::new()
    }
    /// What the rules do as a player-turn begins, before its first phase (GBACW: the scenario's
    /// alert of the phasing side), the game's first included (`flow::begin`, after the first
    /// turn's random events). Nothing by default.
    fn player_turn_begins(&self, _game: &mut Game, _dice: &mut dyn DieSource) -> Vec<Event> {
        Vec::new()
    }
    /// Why a unit may not move now, whatever its points (GBACW: an army not yet alerted by the
    /// scenario's alert); `None` by default. Its allowance is then no points.
    fn held(&self, _game: &Game, _unit: UnitIdx) -> Option<String> {
        None
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
    /// Whether an attack is decided by each side's modified die and their differential on a
    /// results table (GCACW): its odds are shown as die modifiers, a net modifier and a
    /// differential (the log, the preview, `musket odds`); the other systems show their values
    /// as notes. False by default.
    fn reads_differential(&self) -> bool {
        false
    }
    /// What a unit's counter shows ([`CounterFace`]): its values and markers as this rule
    /// system prints them. The shared ones by default ([`plain_counter`]).
    fn counter(&self, game: &Game, unit: UnitIdx) -> CounterFace {
        plain_counter(game.unit(unit))
    }
    /// What the inspector says of a unit in this rule system beyond its counter (GCACW's
    /// artillery and tactical values, Shiloh's men, guns, efficiency …), each part with a
    /// leading space; nothing by default.
    fn unit_facts(&self, _game: &Game, _unit: UnitIdx) -> String {
        String::new()
    }
    /// Its own state of the units, made from the scenario's values for them
    /// ([`super::scenario::Scenario::setup`]): what only it reads ([`super::unit::UnitStates`]).
    /// None by default.
    fn unit_states(
        &self,
        _scenario: &super::scenario::Scenario,
    ) -> Box<dyn super::unit::UnitStates> {
        Box::new(())
    }
    /// What its scenarios may hold (terrain letters, unit kinds and fields, formations).
    fn profile(&self) -> &'static super::scenario::Profile;
    /// The text of the built-in rules tables (for `musket rules`).
    fn tables_text(&self) -> &'static str;
    /// The tables this rule system plays by (built-in or a player's), as canonical RON
    /// ([`super::tables::canonical`]): saves and turn files carry it.
    fn tables_in_use(&self) -> String;
    /// The same tables as JSON, for telling where two sets of rules differ
    /// ([`changes_from_builtin`]).
    fn tables_json(&self) -> serde_json::Value;
    /// What the tables tell the computer players (their `computer` section), if anything.
    fn computer(&self) -> Option<&super::tables::ComputerPlay> {
        None
    }
    /// What this rule system's tables refuse in a scenario that the format itself allows (e.g.
    /// NGG 1812's stacking capacity, 4.1): field paths and problems as in scenario errors.
    fn check_scenario(
        &self,
        _scenario: &super::scenario::Scenario,
    ) -> Vec<super::scenario::Problem> {
        Vec::new()
    }
    /// The attack type a request takes where the player's choice (`chosen`, `None`: the
    /// default) does not fit its attackers (GCACW: attackers in several hexes make a grand
    /// assault). The choice by default.
    fn kind_for(
        &self,
        _game: &Game,
        _attackers: &[UnitIdx],
        chosen: Option<AttackType>,
    ) -> Option<AttackType> {
        chosen
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
    /// numbers): a rule system whose explanation costs much may leave `lines`, `hex_notes`
    /// and `extra_json` empty. Every number is [`Ruleset::odds`]'s.
    fn odds_unexplained(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        self.odds(game, req)
    }
    /// [`Ruleset::check`] without choices, then [`Ruleset::odds_unexplained`]: what the computer
    /// players ask of every attack they weigh (`command::judge_attack`). A rule system whose
    /// check and odds each assess the attack may assess it once; the answer must be the same.
    fn checked_odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        self.check(game, req, &Choices::default())?;
        self.odds_unexplained(game, req)
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

// ---------------------------------------------------------------------------------------------
// A rule system's action cycle (`Ruleset::actions`; `rules::actions` asks it).
// ---------------------------------------------------------------------------------------------

/// What a leader can activate now: the hexes his radius reaches and, of his command, the
/// units that may act and those that may not (with why).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reach {
    /// Hexes within the radius, with their distance.
    pub hexes: std::collections::HashMap<Coord, u32>,
    pub eligible: Vec<UnitIdx>,
    pub refused: Vec<(UnitIdx, String)>,
}

/// An action command checked by the rule system, as its own plan (what [`Actions::apply`]
/// carries out).
#[derive(Clone)]
pub struct ActionPlan(pub Arc<dyn std::any::Any + Send + Sync>);

impl fmt::Debug for ActionPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ActionPlan(..)")
    }
}

/// A rule system's action cycle.
pub trait Actions: Send + Sync {
    /// Check an action command (`Activate`, `ForceMarch`, `TransferLeader`) against the game:
    /// its plan, or why the rules refuse it.
    fn check(&self, game: &Game, cmd: &Command) -> Result<ActionPlan, CommandError>;
    /// Carry out a plan [`Actions::check`] made; the events.
    fn apply(&self, game: &mut Game, plan: &ActionPlan, dice: &mut dyn DieSource) -> Vec<Event>;
    /// What `leader` can activate now (`None` where he cannot: off the map, no activations).
    fn reach(&self, game: &Game, leader: UnitIdx) -> Option<Reach>;
    /// Whether a leader of the side to act may transfer now (a leader-transfer phase is passed
    /// over without one).
    fn any_transfer(&self, game: &Game) -> bool;
    /// Whether the current phase has assault rules.
    fn assaults_in_force(&self, game: &Game) -> bool;
    /// Whether an attack of `kind` is acceptable as an action now (who leads it, whose units,
    /// their fatigue, the action it belongs to).
    fn check_attack(
        &self,
        game: &Game,
        req: &AttackRequest,
        kind: Option<AttackType>,
    ) -> Result<(), String>;
    /// `attackers` with the leader their attack of `kind` needs now, if it needs one and one
    /// may lead it.
    fn with_leader(
        &self,
        game: &Game,
        attackers: &[UnitIdx],
        kind: Option<AttackType>,
    ) -> Vec<UnitIdx>;
    /// What an accepted attack did to the action under way (an assault's fatigue, a march
    /// attack's march); the events.
    fn after_attack(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        kind: Option<AttackType>,
        dice: &mut dyn DieSource,
    ) -> Vec<Event>;
    /// A march tires its units (and may make the extended-march check); the events.
    fn after_march(
        &self,
        game: &mut Game,
        units: &[UnitIdx],
        dice: &mut dyn DieSource,
    ) -> Vec<Event>;
    /// What the extended-march check a march would make for `u` now is expected to cost
    /// (manpower, a disorganization counting half a point; 0 when it makes none).
    fn extended_march_risk(&self, game: &Game, u: UnitIdx) -> f64;
    /// The same check as text for a player, if it makes one.
    fn extended_march_odds(&self, game: &Game, u: UnitIdx) -> Option<String>;
    /// Why `units` (ids) may not force-march now, if they may not.
    fn forced_march_refusal(&self, game: &Game, units: &[String]) -> Option<String>;
}

/// A phase whose sides alternate, one stack's move at a time, each move and pass paid from the
/// side's budget for the game turn (NGG 1812's supply trains, 8.1-8.2): the sequence engine asks
/// who moves next and what a move or a pass costs.
pub trait Alternation {
    /// What `side` has left this game turn (`None`: not counted).
    fn left(&self, game: &Game, side: SideId) -> Option<u32>;
    /// A new game turn: the budgets are renewed.
    fn new_turn(&self, game: &mut Game);
    /// A new phase begins.
    fn new_phase(&self, game: &mut Game);
    /// The budgets left, for the phase bar ("supply trains: French 3, Russian 2"), where counted.
    fn status(&self, game: &Game) -> Option<String>;
    /// A move that would begin a stack's move: refused when the side cannot pay for it.
    fn check_move(&self, game: &Game) -> Result<(), String>;
    /// A stack's move has begun: it is paid for.
    fn move_begun(&self, game: &mut Game) -> Vec<Event>;
    /// `side` passed: what a pass costs.
    fn passed(&self, game: &mut Game, side: SideId) -> Vec<Event>;
    /// Who moves next, where `next` would by alternation (`first`: the phase's first move);
    /// `None` when neither side may: the phase ends.
    fn who_moves(&self, game: &Game, next: SideId, first: bool) -> Option<SideId>;
    /// After `side` passed: whether the phase ends because the other side can no longer move.
    fn alone_passed(&self, game: &Game, side: SideId) -> bool;
}
