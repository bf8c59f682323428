//! The sequence of play as data, run by one engine for every rule system.
//!
//! Each `assets/rules/<ruleset>.ron` has a `sequence`: the phases of a player-turn in order,
//! who acts in each (the phasing side, whose player-turn it is, or the other side), which
//! commands each allows and the per-phase limits, every entry with its source. A game turn is
//! the first side's player-turn, then the second's (the scenario's side order).
//!
//! The engine keeps the phase in [`Game::phase`] and the side that acts now in
//! `Game::active_side`; [`check`] is the part of `command::validate` that refuses a command
//! out of phase, naming the phase and who may act; [`end_phase`] moves to the next phase and
//! says so in events. `Command::EndPhase` ends the phase; `Command::EndTurn` ends phases until
//! the other side acts (in a sequence of one phase, the old "end my turn").
//!
//! A file without a `sequence` (a player's older rules file) plays the [`generic`] one: one
//! phase in which the side to move moves and attacks in any order. Saves made before the
//! sequences existed replay under it too (`session`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::command::Command;
use super::dice::DieSource;
use super::event::Event;
use super::game::Game;
use super::ruleset::AttackType;
use super::unit::SideId;

/// The phases of a player-turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sequence {
    /// How the phases make a game turn: each side's player-turn of them in turn (the
    /// default), or one game turn of them for both sides (GCACW's action phase).
    #[serde(default, skip_serializing_if = "is_player_turns")]
    pub structure: Structure,
    pub phases: Vec<Phase>,
    /// How the initiative is rolled, for the phases that run on it (`acts: Initiative`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<InitiativeRules>,
    /// How marching in an action phase tires units, and how they recover at the end of a game
    /// turn (GCACW: actions are limited by fatigue, not by a count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fatigue: Option<FatigueRules>,
    /// The recovery at the end of a game turn, besides fatigue: disorganized units reorganize,
    /// demoralized ones recover (GCACW's recovery phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery: Option<RecoveryRules>,
    /// How far a leader moves in a leader-transfer phase (`Allow::LeaderTransfer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader_transfer: Option<TransferRules>,
    /// Leaders' activations in an action phase: a leader and the units of his command within
    /// his command radius act as one action (`Command::Activate`; GCACW 5.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation: Option<super::activation::ActivationRules>,
    /// Attacks in an action phase: the leaders' assaults as actions of their own, the march
    /// attack, what they cost in fatigue (`rules::assault`; GCACW 5.3, 7.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assault: Option<super::assault::AssaultRules>,
    /// Supply trains: what a strategic move, a pass and a rally use, where the scenario gives
    /// each side its trains (`rules::supply`; NGG 1812 8.1-8.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<super::supply::TrainRules>,
    /// Command control at the start of each game turn (`rules::control`; SSI Shiloh).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_control: Option<super::control::CommandControlRules>,
    /// The recovery at the start of each game turn after the first and between the rounds
    /// (`rules::control`; SSI Shiloh's recovery and mid-point recovery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_recovery: Option<super::control::RoundRecovery>,
    /// Rounds of player-turns in a game turn: 1, or 2 where each side has its phases twice a
    /// turn (SSI Shiloh: two sets of operations and combat).
    #[serde(default = "one")]
    pub rounds: u8,
    /// Where the order comes from.
    pub source: String,
}

fn one() -> u8 {
    1
}

fn is_player_turns(s: &Structure) -> bool {
    *s == Structure::PlayerTurns
}

/// How the phases make a game turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Structure {
    /// Each side plays the phases in its player-turn, the scenario's first side first.
    #[default]
    PlayerTurns,
    /// The phases run once a game turn, for both sides.
    GameTurn,
}

/// The initiative of an action phase: each side rolls, the higher acts (one action, or a
/// pass), then both roll again; the phase ends when both sides have passed since the last
/// action (with `pass: Yield`, a pass hands the action to the other side at once).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRules {
    /// Dice each side rolls.
    pub dice: u8,
    pub ties: Ties,
    /// What a pass by the side holding the initiative does. Absent in files (and saves)
    /// written before it existed: `Reroll`, as they were played.
    #[serde(default, skip_serializing_if = "is_reroll")]
    pub pass: PassRule,
    /// No dice: the sides take turns, one action each, the first side first (NGG 1812's
    /// strategic movement in alternating single stacks); a side that passes is passed over
    /// until the other passes too.
    #[serde(default, skip_serializing_if = "is_false")]
    pub alternate: bool,
    pub source: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_reroll(p: &PassRule) -> bool {
    *p == PassRule::Reroll
}

/// What a pass by the side holding the initiative does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PassRule {
    /// The initiative is rolled again; the phase ends when both sides have passed since the
    /// last action.
    #[default]
    Reroll,
    /// The pass yields the action to the other side in the same cycle, which acts (the next
    /// cycle then rolls again) or passes too, which ends the phase.
    Yield,
}

/// Fatigue from marching in an action phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FatigueRules {
    /// Fatigue each march (a march roll in an action) adds to the marching units.
    pub per_march: u8,
    /// The highest fatigue; a unit at it may not march.
    pub max: u8,
    /// Fatigue removed from every unit at the end of each game turn (the recovery).
    pub recovery: u8,
    /// The extended-march check of a march that tires a unit to a high level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extended: Option<ExtendedMarch>,
    /// The forced march: more points for a stack that has rolled its march, at a cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<ForcedMarch>,
    pub source: String,
}

/// A leader transfer: a leader moves up to `hexes` hexes (counted straight) onto a hex with a
/// friendly combat unit, once a phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferRules {
    pub hexes: u32,
    pub source: String,
}

/// What the recovery at the end of a game turn restores, and where.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoveryRules {
    /// Disorganized units reorganize (their CV is their manpower again).
    pub reorganize: bool,
    /// Demoralized units lose their demoralization.
    pub demoralization: bool,
    /// Only units outside every enemy zone of control recover.
    pub away_from_enemy: bool,
    /// A disorganized unit comes back through its exhausted side: the recovery that
    /// reorganizes it leaves it exhausted, the next one (where it recovers) makes it normal.
    #[serde(default)]
    pub exhausted: bool,
    pub source: String,
}

/// The forced march (`Command::ForceMarch`): once an action, a stack of organized units that
/// has rolled its march adds `dice` d6 + `modifier` points, at least `min`, to it; each unit
/// (leaders excepted) gains `fatigue` levels (with the extended-march check where they reach it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarch {
    pub dice: u8,
    pub modifier: i32,
    pub min: u32,
    pub fatigue: u8,
    pub source: String,
}

/// The extended-march check: a march that raises a unit's fatigue to `at` or more makes a
/// roll for it (after the march roll, unit by unit in the march's order): `dice` d6 plus the
/// side's modifier plus `at_max` when the march takes it to the highest level; the row with
/// the highest `min` not above the total says what it costs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtendedMarch {
    pub at: u8,
    pub dice: u8,
    /// Modifiers by side name.
    #[serde(default)]
    pub sides: Vec<(String, i32)>,
    /// Added when the march takes the unit to the highest fatigue.
    #[serde(default)]
    pub at_max: i32,
    /// The level from which an exhausted unit makes the check (`at` otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exhausted_at: Option<u8>,
    pub results: Vec<ExtendedResult>,
    pub source: String,
}

/// A row of the extended-march table: from this total up, the manpower lost and whether the
/// unit is disorganized.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtendedResult {
    pub min: i32,
    #[serde(default)]
    pub loss: u32,
    #[serde(default)]
    pub disorganize: bool,
}

impl ExtendedMarch {
    /// The modifier of a unit of `side` marching to fatigue `to` (of at most `max`).
    pub fn modifier(&self, side: &str, to: u8, max: u8) -> i32 {
        let s: i32 = self
            .sides
            .iter()
            .filter(|(n, _)| n == side)
            .map(|(_, m)| m)
            .sum();
        s + if to >= max { self.at_max } else { 0 }
    }

    /// What a total costs (`None`: no effect).
    /// The level from which a unit makes the check (an exhausted one's may be lower).
    pub fn level(&self, exhausted: bool) -> u8 {
        match (exhausted, self.exhausted_at) {
            (true, Some(l)) => l,
            _ => self.at,
        }
    }

    pub fn result(&self, total: i32) -> Option<&ExtendedResult> {
        self.results
            .iter()
            .filter(|r| r.min <= total)
            .max_by_key(|r| r.min)
            .filter(|r| r.loss > 0 || r.disorganize)
    }

    /// The chance of each outcome of the check with this modifier: (loss, disorganize,
    /// probability), no effect included as (0, false, p).
    pub fn odds(&self, modifier: i32) -> Vec<(u32, bool, f64)> {
        let n = self.dice.max(1) as usize;
        let mut counts = vec![1u64];
        for _ in 0..n {
            let mut next = vec![0u64; counts.len() + 6];
            for (s, c) in counts.iter().enumerate() {
                for f in 1..=6 {
                    next[s + f] += c;
                }
            }
            counts = next;
        }
        let all: u64 = counts.iter().sum();
        let mut out: Vec<(u32, bool, f64)> = Vec::new();
        for (sum, c) in counts.iter().enumerate().filter(|(_, c)| **c > 0) {
            let key = self
                .result(sum as i32 + modifier)
                .map_or((0, false), |r| (r.loss, r.disorganize));
            let p = *c as f64 / all as f64;
            match out.iter_mut().find(|o| (o.0, o.1) == key) {
                Some(o) => o.2 += p,
                None => out.push((key.0, key.1, p)),
            }
        }
        out
    }
}

/// Who wins a tied initiative roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ties {
    /// Both roll again.
    Reroll,
    /// The scenario's first side.
    FirstSide,
    /// The scenario's second side.
    SecondSide,
}

/// Where an action phase stands: who won the initiative, whether the winner has acted, the
/// passes in a row, and the units of the action under way (the first command names them;
/// the rest of the action is theirs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cycle {
    pub winner: Option<SideId>,
    pub acted: bool,
    /// Which sides have passed since the last action.
    pub passed: [bool; 2],
    pub units: Vec<super::unit::UnitIdx>,
    /// Actions taken in the current game turn (by each side).
    pub actions: [u32; 2],
    /// The actions of each finished game turn (each side's), in order: for reports.
    pub history: Vec<[u32; 2]>,
    /// The dice of the last initiative roll that decided (each side's), for the phase bar.
    pub rolled: Option<[Vec<u8>; 2]>,
    /// The leader whose activation the action under way is, if it is one.
    pub leader: Option<super::unit::UnitIdx>,
    /// The leaders transferred in this leader-transfer phase.
    pub transferred: Vec<super::unit::UnitIdx>,
    /// The side that held the last initiative (alternating phases: the other acts next).
    pub last: Option<SideId>,
    /// The combat units that have attacked in the action under way (once per attack).
    pub attacked: Vec<super::unit::UnitIdx>,
    /// Whether the action under way is an assault (its attack is the whole action).
    pub assault: bool,
}

/// One phase of a player-turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    /// A short identifier (`defensive_fire`), for the log and files.
    pub key: String,
    /// Its name for players ("Defensive fire").
    pub name: String,
    /// Who acts in it.
    pub acts: Acts,
    /// What may be done in it.
    pub allows: Vec<Allow>,
    /// Attacks a combat unit may make in the phase (`None`: the movement section's
    /// per-turn limit, if any).
    #[serde(default)]
    pub attacks_per_unit: Option<u32>,
    /// The first game turn the phase is played in (the ones before skip it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_turn: Option<u32>,
    /// Passed over when the side to act has nothing to do in it: no unit with a special action
    /// open (a rally phase with no disrupted unit that may rally), no leader who may transfer
    /// (a leader-transfer phase). Only for phases that allow special actions and nothing else,
    /// or leader transfers and nothing else.
    #[serde(default, skip_serializing_if = "is_false")]
    pub skip_when_idle: bool,
    pub source: String,
}

/// Who acts in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Acts {
    /// The side whose player-turn it is (in a game-turn sequence: the scenario's first side).
    Phasing,
    /// The other side (defensive fire; in a game-turn sequence: the second side).
    NonPhasing,
    /// The side that won the last initiative roll (an action phase).
    Initiative,
}

/// What a phase allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Allow {
    /// Moves (`Move`, `MoveStack`) and march rolls (`March`).
    Move,
    /// The rule system's special actions (`Special`).
    Special,
    /// Attacks of any type.
    Attack,
    /// Attacks of one type (`Fire`, `Melee`, ...), and advances after them.
    AttackOf(AttackType),
    /// Leaders move to friendly units (`TransferLeader`; the sequence's `leader_transfer`).
    LeaderTransfer,
}

impl fmt::Display for Allow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Allow::Move => write!(f, "moves"),
            Allow::Special => write!(f, "special actions"),
            Allow::Attack => write!(f, "attacks"),
            Allow::AttackOf(k) => write!(f, "{k} attacks"),
            Allow::LeaderTransfer => write!(f, "leader transfers"),
        }
    }
}

/// Where a game stands in its sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseState {
    /// The phase's index in [`Sequence::phases`].
    pub index: usize,
    /// The side whose player-turn it is.
    pub phasing: SideId,
    /// The round of player-turns in the game turn (0 to `rounds` - 1).
    pub round: u8,
}

impl Default for PhaseState {
    /// The first phase of the first side's player-turn.
    fn default() -> Self {
        PhaseState {
            index: 0,
            phasing: SideId(0),
            round: 0,
        }
    }
}

/// The sequence of a rule system without its own: the side to move moves and attacks in any
/// order, then the other side.
pub fn generic() -> Sequence {
    Sequence {
        phases: vec![Phase {
            key: "turn".into(),
            name: "Turn".into(),
            acts: Acts::Phasing,
            allows: vec![Allow::Move, Allow::Special, Allow::Attack],
            attacks_per_unit: None,
            from_turn: None,
            skip_when_idle: false,
            source: "[project default] one phase: the side to move moves and attacks in any order"
                .into(),
        }],
        structure: Structure::PlayerTurns,
        initiative: None,
        fatigue: None,
        recovery: None,
        trains: None,
        command_control: None,
        round_recovery: None,
        leader_transfer: None,
        activation: None,
        assault: None,
        rounds: 1,
        source: "[project default] generic \"I go, you go\" turn".into(),
    }
}

/// The `sequence` of a built-in tables text (the generic one if it has none): what a player's
/// file without the section plays.
pub fn builtin_section(text: &str) -> Sequence {
    #[derive(Deserialize)]
    struct Only {
        #[serde(default = "generic")]
        sequence: Sequence,
    }
    super::scenario::from_ron::<Only>(text)
        .map(|o| o.sequence)
        .unwrap_or_else(|_| generic())
}

/// The `sequence` section of a tables text alone (the rest not read): `None` where it has none.
pub fn section(text: &str) -> Result<Option<Sequence>, String> {
    #[derive(Deserialize)]
    struct Only {
        #[serde(default)]
        sequence: Option<Sequence>,
    }
    super::scenario::from_ron::<Only>(text)
        .map(|o| o.sequence)
        .map_err(|e| format!("{}:{}: {}", e.line, e.col, e.message))
}

/// BLAKE3 (hex) of a sequence's canonical RON: what identifies a sequence of play a save holds
/// ([`history`]).
pub fn digest(seq: &Sequence) -> String {
    let text = super::scenario::ron_options()
        .to_string(seq)
        .unwrap_or_default();
    blake3::hash(text.as_bytes()).to_hex().to_string()
}

/// The digests of every sequence of play Musket has shipped as a rule system's built-in one
/// (`assets/rules/sequences.ron`, made by `tools/sequence_history.py` from the project's
/// history): a save of versions 3 to 5, whose digest does not cover the sequence it holds,
/// loads only with one of these, the generic one, or the loader's own (`session`).
pub fn history() -> &'static [(String, String)] {
    static H: std::sync::LazyLock<Vec<(String, String)>> = std::sync::LazyLock::new(|| {
        #[derive(Deserialize)]
        struct Row {
            ruleset: String,
            digest: String,
        }
        super::scenario::from_ron::<Vec<Row>>(include_str!("../../assets/rules/sequences.ron"))
            .map(|v| v.into_iter().map(|r| (r.ruleset, r.digest)).collect())
            .unwrap_or_default()
    });
    &H
}

impl Sequence {
    /// Problems of a sequence read from a file (path, problem).
    pub fn problems(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if !self.phases.is_empty()
            && self
                .phases
                .iter()
                .all(|p| p.from_turn.is_some_and(|t| t > 1))
        {
            out.push((
                "sequence.phases".into(),
                "the first game turn needs a phase (one without a `from_turn` above 1)".into(),
            ));
        }
        if self.phases.is_empty() {
            out.push((
                "sequence.phases".into(),
                "a sequence needs at least one phase".into(),
            ));
        }
        if let Some(t) = &self.trains
            && !self
                .phases
                .iter()
                .any(|p| p.key == t.phase && p.acts == Acts::Initiative)
        {
            out.push((
                "sequence.trains.phase".into(),
                format!(
                    "{:?} is not the key of a phase on the initiative (the moves trains pay for \
                     alternate)",
                    t.phase
                ),
            ));
        }
        let mut keys = std::collections::BTreeSet::new();
        for (i, p) in self.phases.iter().enumerate() {
            let at = format!("sequence.phases[{i}]");
            if p.key.trim().is_empty() || p.name.trim().is_empty() {
                out.push((at.clone(), "a phase needs a key and a name".into()));
            }
            if !keys.insert(p.key.clone()) {
                out.push((format!("{at}.key"), format!("{:?} names two phases", p.key)));
            }
            if p.allows.is_empty() {
                out.push((
                    format!("{at}.allows"),
                    "a phase must allow something".into(),
                ));
            }
            if p.acts == Acts::Initiative && self.initiative.is_none() {
                out.push((
                    format!("{at}.acts"),
                    "a phase on the initiative needs the sequence's `initiative` rules".into(),
                ));
            }
            if let Some(f) = &self.fatigue
                && (f.max == 0 || f.per_march == 0)
            {
                out.push((
                    "sequence.fatigue".into(),
                    "fatigue needs a maximum and a march cost above 0".into(),
                ));
            }
            if let Some(x) = self
                .fatigue
                .as_ref()
                .and_then(|f| f.extended.as_ref().map(|x| (f, x)))
                && (x.1.at == 0 || x.1.at > x.0.max || !(1..=3).contains(&x.1.dice))
            {
                out.push((
                    "sequence.fatigue.extended".into(),
                    "the extended march needs a level from 1 to the fatigue maximum and 1 to 3 dice"
                        .into(),
                ));
            }
            if let Some(a) = &self.activation
                && (self.initiative.is_none() || !(1..=20).contains(&a.radius))
            {
                out.push((
                    "sequence.activation".into(),
                    "activations need the `initiative` rules and a radius of 1 to 20 hexes".into(),
                ));
            }
            if let Some(a) = &self.assault
                && (self.initiative.is_none() || a.per_action == 0 || a.kinds.is_empty())
            {
                out.push((
                    "sequence.assault".into(),
                    "assaults need the `initiative` rules, at least one attack type in `kinds` \
                     and `per_action` above 0"
                        .into(),
                ));
            }
            if let Some(a) = &self.assault
                && a.army.iter().any(|k| !a.kinds.contains(k))
            {
                out.push((
                    "sequence.assault.army".into(),
                    "each type led by an army leader must be one of `kinds`".into(),
                ));
            }
            let only = |what: Allow| p.allows.iter().all(|a| *a == what);
            if p.skip_when_idle && !only(Allow::Special) && !only(Allow::LeaderTransfer) {
                out.push((
                    format!("{at}.skip_when_idle"),
                    "only a phase of special actions alone, or of leader transfers alone, is \
                     passed over when idle"
                        .into(),
                ));
            }
            if p.allows.contains(&Allow::LeaderTransfer) && self.leader_transfer.is_none() {
                out.push((
                    format!("{at}.allows"),
                    "leader transfers need the sequence's `leader_transfer` rules".into(),
                ));
            }
            if p.attacks_per_unit == Some(0) {
                out.push((
                    format!("{at}.attacks_per_unit"),
                    "0 attacks: leave attacks out of `allows` instead".into(),
                ));
            }
        }
        out
    }

    /// The first phase played in game turn `turn` (`from_turn`).
    pub fn first_phase(&self, turn: u32) -> usize {
        self.phases
            .iter()
            .position(|p| p.from_turn.is_none_or(|t| turn >= t))
            .unwrap_or(0)
    }

    pub fn phase(&self, state: PhaseState) -> &Phase {
        &self.phases[state.index.min(self.phases.len().saturating_sub(1))]
    }

    /// The side that acts in a phase (`None`: the initiative decides).
    pub fn acting(&self, state: PhaseState) -> Option<SideId> {
        match self.phase(state).acts {
            Acts::Phasing => Some(state.phasing),
            Acts::NonPhasing => Some(state.phasing.other()),
            Acts::Initiative => None,
        }
    }

    /// The phase after `state` in the order of play, and whether it begins a new game turn
    /// (the phases a game turn does not play, `from_turn`, included: see [`Sequence::next_of`]).
    pub fn after(&self, state: PhaseState) -> (PhaseState, bool) {
        let mut next = PhaseState {
            index: state.index + 1,
            ..state
        };
        if next.index < self.phases.len() {
            return (next, false);
        }
        next.index = 0;
        if self.structure == Structure::GameTurn {
            return (next, true);
        }
        next.phasing = state.phasing.other();
        if next.phasing != SideId(0) {
            return (next, false);
        }
        if state.round + 1 < self.rounds {
            next.round = state.round + 1;
            return (next, false);
        }
        next.round = 0;
        (next, true)
    }

    /// The next phase after `state` in which `side` moves (its own, or one on the initiative,
    /// where it acts in its next action), played in the game turn it falls in, and how many
    /// game turns on from `turn` that is (0: this one). `None` where the sequence gives the side
    /// no such phase.
    pub fn next_of(&self, state: PhaseState, turn: u32, side: SideId) -> Option<(PhaseState, u32)> {
        let on_initiative = |st: PhaseState| self.phase(st).acts == Acts::Initiative;
        let moves = |st: PhaseState| self.phase(st).allows.contains(&Allow::Move);
        if on_initiative(state) && moves(state) {
            return Some((state, 0));
        }
        let (mut st, mut later) = (state, 0);
        for _ in 0..(self.phases.len() * 4 * usize::from(self.rounds.max(1)) + 4) {
            let (next, new_turn) = self.after(st);
            later += u32::from(new_turn);
            st = next;
            let acts = self.acting(st).is_none_or(|s| s == side);
            if acts && moves(st) && played(self, st, turn + later) {
                return Some((st, later));
            }
        }
        None
    }

    /// The first phase allowing `what`, by name (for "moves come in ..." messages).
    fn where_allowed(&self, what: impl Fn(&Allow) -> bool) -> Vec<&str> {
        self.phases
            .iter()
            .filter(|p| p.allows.iter().any(&what))
            .map(|p| p.name.as_str())
            .collect()
    }
}

/// Where a game stands in a sequence of more than one phase or round, for the phase bar and
/// the log: "Defensive fire (Confederate player-turn, phase 2 of 4)"; `None` in the generic
/// sequence, where "X to play" says it all.
pub fn status_line(game: &Game) -> Option<String> {
    let line = phase_line(game)?;
    // The supply trains left (NGG 1812 8.1-8.2), where counted.
    Some(match super::supply::counted(game).and(game.supply.trains) {
        Some([a, b]) => format!(
            "{line}; supply trains: {} {a}, {} {b}",
            game.scenario.side_name(SideId(0)),
            game.scenario.side_name(SideId(1))
        ),
        None => line,
    })
}

fn phase_line(game: &Game) -> Option<String> {
    let seq = &game.sequence;
    if on_initiative(game) {
        let side = game.scenario.side_name(game.active_side);
        let c = &game.cycle;
        let what = if c.acted {
            "its action under way".to_string()
        } else if c.passed[(game.active_side.other().0 as usize).min(1)] {
            format!(
                "to act or pass ({} passed: a pass now ends the phase)",
                game.scenario.side_name(game.active_side.other())
            )
        } else {
            "to act or pass".to_string()
        };
        // Alternating single stacks (NGG 1812) have no initiative roll: it is the side's turn.
        let holds = if seq.initiative.as_ref().is_some_and(|i| i.alternate) {
            "to move"
        } else {
            "has the initiative"
        };
        return Some(format!(
            "{}: {side} {holds}, {what}",
            seq.phase(game.phase).name
        ));
    }
    if seq.phases.len() <= 1 && seq.rounds <= 1 {
        return None;
    }
    let p = seq.phase(game.phase);
    let mut parts = vec![match seq.structure {
        Structure::PlayerTurns => format!(
            "{} player-turn",
            game.scenario.side_name(game.phase.phasing)
        ),
        Structure::GameTurn => format!("{} acts", game.scenario.side_name(game.active_side)),
    }];
    if seq.rounds > 1 {
        parts.push(format!("round {} of {}", game.phase.round + 1, seq.rounds));
    }
    if seq.phases.len() > 1 {
        parts.push(format!(
            "phase {} of {}",
            game.phase.index + 1,
            seq.phases.len()
        ));
    }
    Some(format!("{} ({})", p.name, parts.join(", ")))
}

/// What a command asks of a phase (`None`: anything, as ending a phase).
fn needs(game: &Game, cmd: &Command) -> Option<Need> {
    match cmd {
        Command::Move { .. } | Command::MoveStack { .. } | Command::March { .. } => {
            Some(Need::Move)
        }
        Command::Special { .. } => Some(Need::Special),
        Command::ForceMarch { .. } => Some(Need::Move),
        Command::TransferLeader { .. } => Some(Need::Transfer),
        Command::Attack {
            attackers,
            defender,
            kind,
            march_type,
            options,
            ..
        } => {
            let kind = kind.or_else(|| {
                let req = super::command::attack_request(
                    game,
                    attackers,
                    defender,
                    None,
                    march_type.clone(),
                    options,
                )
                .ok()?;
                game.rules.default_attack_type(game, &req).ok()
            });
            Some(Need::Attack(kind))
        }
        Command::Advance { .. }
        | Command::EndPhase
        | Command::EndTurn
        | Command::Activate { .. } => None,
    }
}

enum Need {
    Move,
    Special,
    Transfer,
    Attack(Option<AttackType>),
}

impl Need {
    fn met_by(&self, a: &Allow) -> bool {
        match (self, a) {
            (Need::Move, Allow::Move)
            | (Need::Special, Allow::Special)
            | (Need::Transfer, Allow::LeaderTransfer) => true,
            (Need::Attack(_), Allow::Attack) => true,
            (Need::Attack(Some(k)), Allow::AttackOf(j)) => k == j,
            _ => false,
        }
    }

    fn what(&self) -> String {
        match self {
            Need::Move => "moves".into(),
            Need::Special => "special actions".into(),
            Need::Transfer => "leader transfers".into(),
            Need::Attack(Some(k)) => format!("{k} attacks"),
            Need::Attack(None) => "attacks".into(),
        }
    }
}

/// Whether the current phase allows a command, and the side in it (the acting side); the
/// message names the phase, who acts and where the command belongs.
pub fn check(game: &Game, cmd: &Command) -> Result<(), String> {
    match needs(game, cmd) {
        Some(need) => {
            let moves = matches!(need, Need::Move);
            check_need(game, need)?;
            check_action(game, cmd)?;
            if moves && game.scenario.movement == super::movement::Enforcement::Enforced {
                super::supply::check_move(game)?;
            }
            Ok(())
        }
        None => Ok(()),
    }
}

/// Whether the current phase lets unit `u` move now: the phase allows moves and, in an
/// action under way, `u` is one of its units; a unit at the highest fatigue that has no march
/// under way may not march (the reach of a stack is empty where this refuses).
pub fn check_moves(game: &Game, u: super::unit::UnitIdx) -> Result<(), String> {
    check_need(game, Need::Move)?;
    if !on_initiative(game) || game.scenario.movement == super::movement::Enforcement::Free {
        return Ok(());
    }
    if game.unit(u).march.is_none() {
        check_fatigue(game, u)?;
    }
    check_in_action(game, u)
}

/// A unit at the highest fatigue may not march (leaders are not tired).
pub fn check_fatigue(game: &Game, u: super::unit::UnitIdx) -> Result<(), String> {
    let (Some(f), unit) = (&game.sequence.fatigue, game.unit(u)) else {
        return Ok(());
    };
    if !unit.is_leader() && unit.fatigue >= f.max {
        return Err(format!(
            "{}: {} is at fatigue {}, the highest: it may not march ({})",
            game.sequence.phase(game.phase).name,
            unit.id,
            unit.fatigue,
            f.source
        ));
    }
    Ok(())
}

/// In an action under way, only its units act.
fn check_in_action(game: &Game, u: super::unit::UnitIdx) -> Result<(), String> {
    if game.cycle.units.is_empty() || game.cycle.units.contains(&u) {
        return Ok(());
    }
    let names: Vec<&str> = game
        .cycle
        .units
        .iter()
        .map(|u| game.unit(*u).id.as_str())
        .collect();
    Err(format!(
        "{}: this action is {}'s; {} acts in another action (end this one first, and roll for \
         the next initiative)",
        game.sequence.phase(game.phase).name,
        names.join(", "),
        game.unit(u).id
    ))
}

fn check_need(game: &Game, need: Need) -> Result<(), String> {
    // `--free-movement`: the players keep the printed rules by hand, phases included.
    if game.scenario.movement == super::movement::Enforcement::Free {
        return Ok(());
    }
    let seq = &game.sequence;
    let phase = seq.phase(game.phase);
    if phase.allows.iter().any(|a| need.met_by(a)) {
        return Ok(());
    }
    let side = game.scenario.side_name(game.active_side);
    let doing: Vec<String> = phase.allows.iter().map(ToString::to_string).collect();
    let elsewhere = seq.where_allowed(|a| need.met_by(a));
    Err(format!(
        "{}: only the {side} acts now, with {}; {} {}",
        phase.name,
        doing.join(" and "),
        need.what(),
        if elsewhere.is_empty() {
            "are in no phase of this game".to_string()
        } else {
            format!("come in {}", elsewhere.join(", "))
        }
    ))
}

/// The attacks per unit of the current phase, if it sets a limit.
pub fn attacks_per_unit(game: &Game) -> Option<u32> {
    game.sequence.phase(game.phase).attacks_per_unit
}

/// End the current phase and begin the next (the next player-turn after the last phase: the
/// other side's, or the next game turn's after the second side's; in a game-turn sequence,
/// the next game turn). A phase on the initiative begins with its roll.
pub fn end_phase(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let seq = game.sequence.clone();
    let many = seq.phases.len() > 1 || seq.rounds > 1;
    let mut events = Vec::new();
    let mut next = PhaseState {
        index: game.phase.index + 1,
        ..game.phase
    };
    if next.index >= seq.phases.len() {
        let side = match seq.structure {
            Structure::PlayerTurns => game.phase.phasing,
            Structure::GameTurn => game.active_side,
        };
        let turn = game.turn;
        next = PhaseState {
            index: 0,
            phasing: match seq.structure {
                Structure::PlayerTurns => game.phase.phasing.other(),
                Structure::GameTurn => SideId(0),
            },
            round: game.phase.round,
        };
        // What units did in a player-turn (moves, march rolls) restarts with the next.
        for u in &mut game.units {
            u.new_turn();
        }
        // After the second side's player-turn: the next round, or the next game turn.
        let mid_point = next.phasing == SideId(0) && next.round + 1 < seq.rounds;
        if mid_point {
            next.round += 1;
        } else if next.phasing == SideId(0) {
            next.round = 0;
            let rules = game.rules.clone();
            events.extend(rules.end_of_turn(game, dice));
            game.turn += 1;
            if seq.initiative.is_some() {
                let done = game.cycle.actions;
                game.cycle.history.push(done);
            }
            game.cycle.actions = [0, 0];
            // The recovery: fatigue comes off every unit; disorganized and demoralized units
            // recover where the rules say.
            if let Some(f) = &seq.fatigue {
                for u in &mut game.units {
                    u.fatigue = u.fatigue.saturating_sub(f.recovery);
                }
            }
            if let Some(r) = &seq.recovery {
                events.extend(recover(game, r));
            }
            // "This turn" counts (NGG 1812 11.2: combats fought, forced marches) restart.
            for u in &mut game.units {
                u.combats = 0;
                u.forced_march = false;
            }
        }
        events.push(Event::TurnEnded { turn, side });
        // Between the rounds of a game turn: the mid-point recovery (SSI Shiloh).
        if mid_point {
            events.extend(super::control::recover(game, dice, true));
        }
        if game.turn != turn && !game.is_over() {
            super::supply::new_turn(game);
            // SSI Shiloh's order: command control, recovery, then reinforcements (no-ops where
            // the sequence has no command control or round recovery).
            events.extend(super::control::command_control(game));
            events.extend(super::control::recover(game, dice, false));
            events.extend(reinforce(game));
            events.extend(random_events(game, dice));
        }
    } else {
        // A phase's attack limit counts its own attacks.
        for u in &mut game.units {
            u.attacks = [0; 6];
        }
    }
    game.phase = next;
    game.supply.rallies.clear();
    game.cycle = Cycle {
        actions: game.cycle.actions,
        history: std::mem::take(&mut game.cycle.history),
        ..Cycle::default()
    };
    if let Some(side) = seq.acting(next) {
        game.active_side = side;
    }
    // A phase not played in this game turn (`from_turn`), or one with nothing to do
    // (`skip_when_idle`), is passed over.
    if !game.is_over() && (!played(&seq, next, game.turn) || idle(game)) {
        events.extend(end_phase(game, dice));
        return events;
    }
    if many && !game.is_over() {
        let p = seq.phase(next);
        events.push(Event::PhaseBegan {
            turn: game.turn,
            round: (seq.rounds > 1).then_some(next.round + 1),
            phase: p.name.clone(),
            phasing: next.phasing,
            acting: seq.acting(next),
        });
    }
    if !game.is_over() {
        events.extend(begin_phase(game, dice));
    }
    events
}

/// Whether the current phase is one to pass over because the side to act has nothing to do in
/// it (`skip_when_idle`: no unit of the side with a special action open).
pub fn idle(game: &Game) -> bool {
    let seq = &game.sequence;
    let phase = seq.phase(game.phase);
    if !phase.skip_when_idle {
        return false;
    }
    // A phase of leader transfers with no leader of the side to act who may transfer.
    if phase.allows.iter().all(|a| *a == Allow::LeaderTransfer) {
        return !super::activation::any_transfer(game);
    }
    let side = game.active_side;
    !game.unit_indices().any(|u| {
        let unit = game.unit(u);
        unit.side == side
            && unit.on_map()
            && game
                .rules
                .special_actions(game, u)
                .iter()
                .any(|a| a.cost.is_ok())
    })
}

/// A new game's opening phases with nothing to do (`skip_when_idle`) are passed over, quietly:
/// nothing happened in them.
pub fn skip_idle_start(game: &mut Game) {
    let seq = game.sequence.clone();
    while idle(game) && game.phase.index + 1 < seq.phases.len() {
        let next = PhaseState {
            index: game.phase.index + 1,
            ..game.phase
        };
        if !played(&seq, next, game.turn) {
            game.phase = next;
            continue;
        }
        game.phase = next;
        // As a new game begins (a phase on the initiative rolls it when the game begins).
        game.active_side = seq.acting(next).unwrap_or(SideId(0));
    }
}

/// Whether a phase is played in game turn `turn` (its `from_turn`).
fn played(seq: &Sequence, state: PhaseState, turn: u32) -> bool {
    seq.phase(state).from_turn.is_none_or(|t| turn >= t)
}

/// The scenario's random events table, rolled at the start of a game turn (the draw order:
/// before the turn's initiative roll): the event, if the total has one.
pub fn random_events(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    use super::map::Weather;
    use super::scenario::RandomEvent;
    let Some(table) = game.scenario.file.random_events.clone() else {
        return Vec::new();
    };
    let rolled: Vec<u8> = (0..table.dice.clamp(1, 3)).map(|_| dice.d6()).collect();
    let total: i64 = rolled.iter().map(|d| i64::from(*d)).sum();
    let event = table
        .events
        .iter()
        .find(|e| e.rolls.contains(&total))
        .map(|e| e.event.clone());
    match &event {
        Some(RandomEvent::Rain) => game.weather_event = Some((game.turn, Weather::Rain)),
        Some(RandomEvent::Dry) => game.weather_event = Some((game.turn, Weather::Dry)),
        _ => {}
    }
    let mut events: Vec<Event> = rolled
        .iter()
        .map(|v| Event::DieRolled {
            role: super::dice::DieRole::Other,
            value: *v,
        })
        .collect();
    events.push(Event::RandomEvent {
        dice: rolled,
        event,
    });
    events
}

/// The reinforcements due by this game turn enter the map at their hexes (the scenario's
/// `arrives`), in unit order, a hex's units together; where the enemy holds the hex they wait
/// for the next turn [project default].
pub fn reinforce(game: &mut Game) -> Vec<Event> {
    let mut entered: Vec<(super::hex::Coord, Vec<super::unit::UnitIdx>)> = Vec::new();
    let mut delayed: Vec<(super::hex::Coord, Vec<super::unit::UnitIdx>)> = Vec::new();
    for u in game.unit_indices().collect::<Vec<_>>() {
        let unit = game.unit(u);
        let Some((t, h)) = unit.arrives else { continue };
        if t > game.turn {
            continue;
        }
        let side = unit.side;
        let list = if game.side_at(h).is_some_and(|s| s != side) {
            &mut delayed
        } else {
            game.unit_mut(u).arrives = None;
            game.place(u, Some(h));
            &mut entered
        };
        match list.iter_mut().find(|(c, _)| *c == h) {
            Some((_, v)) => v.push(u),
            None => list.push((h, vec![u])),
        }
    }
    let mut events: Vec<Event> = entered
        .into_iter()
        .map(|(hex, units)| Event::Reinforced {
            units,
            hex,
            delayed: false,
        })
        .collect();
    events.extend(delayed.into_iter().map(|(hex, units)| Event::Reinforced {
        units,
        hex,
        delayed: true,
    }));
    events
}

/// The recovery of disorganized and demoralized units (`RecoveryRules`), in unit order.
fn recover(game: &mut Game, r: &RecoveryRules) -> Vec<Event> {
    let ctx = super::movement::MoveContext::new(game);
    let mut events = Vec::new();
    let rules = game.rules.clone();
    for u in game.unit_indices().collect::<Vec<_>>() {
        let unit = game.unit(u);
        let Some(i) = unit.hex.and_then(|h| game.map().index(h)) else {
            continue;
        };
        let exhausted = unit.exhausted && r.exhausted;
        if !(unit.disorganized && r.reorganize
            || unit.demoralized > 0 && r.demoralization
            || exhausted)
        {
            continue;
        }
        if r.away_from_enemy && ctx.zoc_for(unit.side, i).kind.is_some() {
            continue;
        }
        // The exhausted side first: a unit exhausted since the last recovery is itself again.
        if exhausted {
            game.unit_mut(u).exhausted = false;
            events.push(Event::Recovered {
                unit: u,
                what: "no longer exhausted".into(),
            });
        }
        if game.unit(u).disorganized && r.reorganize {
            events.extend(rules.reorganize(game, u));
            if r.exhausted {
                game.unit_mut(u).exhausted = true;
                events.push(Event::Recovered {
                    unit: u,
                    what: "exhausted (reorganized: on its exhausted side until the next recovery)"
                        .into(),
                });
            }
        }
        if game.unit(u).demoralized > 0 && r.demoralization {
            game.unit_mut(u).demoralized = 0;
            events.push(Event::Recovered {
                unit: u,
                what: "no longer demoralized".into(),
            });
        }
    }
    events
}

/// Begin a game (`Session` calls it before the first command): the first game turn's random
/// events, then the current phase where it needs dice (a phase on the initiative rolls it).
pub fn begin(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    // The first game turn's random events (the later turns' come as each begins).
    let mut events = random_events(game, dice);
    events.extend(begin_phase(game, dice));
    events
}

/// Start a phase where it needs dice: a phase on the initiative rolls it.
fn begin_phase(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let seq = game.sequence.clone();
    match (seq.phase(game.phase).acts, &seq.initiative) {
        (Acts::Initiative, Some(rules)) if game.cycle.winner.is_none() => {
            roll_initiative(game, rules, dice)
        }
        _ => Vec::new(),
    }
}

/// `side` acts next: a new action, not begun.
fn give_initiative(game: &mut Game, side: SideId) {
    game.cycle.winner = Some(side);
    game.cycle.acted = false;
    game.cycle.units.clear();
    game.cycle.leader = None;
    game.cycle.attacked.clear();
    game.cycle.assault = false;
    game.active_side = side;
}

/// Each side rolls its dice (the first side's first), the higher total wins; ties as the
/// rules say. The winner acts next.
fn roll_initiative(
    game: &mut Game,
    rules: &InitiativeRules,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let mut events = Vec::new();
    if rules.alternate {
        // The side that did not act last; the first side to begin.
        let next = match game.cycle.last {
            None => SideId(0),
            Some(s) => s.other(),
        };
        // With supply trains (NGG 8.2): the side with more starts, a side without moves no
        // more; `None` (neither has a train) leaves the winner unset: the phase ends.
        match super::supply::who_moves(game, next, game.cycle.last.is_none()) {
            Some(side) => give_initiative(game, side),
            None => game.cycle.winner = None,
        }
        return events;
    }
    // A bound on re-rolls of ties (a die source that always ties must still end).
    for _ in 0..100 {
        let mut totals = [0u32; 2];
        let mut rolled = [Vec::new(), Vec::new()];
        for side in 0..2 {
            for _ in 0..rules.dice.max(1) {
                let d = dice.d6();
                rolled[side].push(d);
                totals[side] += u32::from(d);
            }
        }
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(SideId(0)),
            std::cmp::Ordering::Less => Some(SideId(1)),
            // The scenario's own tie rule, where its game gives one, before the rule system's.
            std::cmp::Ordering::Equal if game.scenario.initiative_ties.is_some() => {
                game.scenario.initiative_ties
            }
            std::cmp::Ordering::Equal => match rules.ties {
                Ties::Reroll => None,
                Ties::FirstSide => Some(SideId(0)),
                Ties::SecondSide => Some(SideId(1)),
            },
        };
        events.push(Event::InitiativeRolled {
            dice: rolled.clone(),
            winner,
        });
        if let Some(w) = winner {
            game.cycle.rolled = Some(rolled);
            give_initiative(game, w);
            return events;
        }
    }
    game.cycle.winner = Some(SideId(0));
    game.active_side = SideId(0);
    events
}

/// End the action of the initiative's winner: a pass if it did nothing since the roll. The
/// phase ends after `passes_to_end` passes in a row; otherwise the initiative is rolled again.
fn end_action(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let Some(rules) = game.sequence.initiative.clone() else {
        return end_phase(game, dice);
    };
    let side = game.active_side;
    game.cycle.last = Some(side);
    let mut events = Vec::new();
    if game.cycle.acted {
        game.cycle.passed = [false, false];
        game.cycle.actions[side.0 as usize % 2] += 1;
        // The action's units may act again in a later one (a new march, a new allowance),
        // unless a unit moves once a turn (NGG 1812 8.3).
        let units = std::mem::take(&mut game.cycle.units);
        if game.rules.movement().one_move_per_turn().is_none() {
            for u in units {
                game.unit_mut(u).new_action();
            }
        }
    } else {
        game.cycle.passed[side.0 as usize % 2] = true;
        events.push(Event::Passed { side });
        events.extend(super::supply::passed(game, side));
    }
    // Both passed, or the side going on alone (the other has no train left) did.
    let alone = !game.cycle.acted && super::supply::alone_passed(game, side);
    if game.cycle.passed == [true, true] || alone {
        events.extend(end_phase(game, dice));
    } else if !game.cycle.acted && rules.pass == PassRule::Yield && !rules.alternate {
        // The pass yields the action to the other side, in this cycle: no new roll.
        give_initiative(game, side.other());
        events.push(Event::Yielded { to: side.other() });
    } else {
        game.cycle.winner = None;
        events.extend(roll_initiative(game, &rules, dice));
        if game.cycle.winner.is_none() {
            events.extend(end_phase(game, dice));
        }
    }
    events
}

/// A march in an action phase tires its units (not leaders): the events of their fatigue.
///
/// A march that takes a unit to the extended-march level makes the check: its dice (after the
/// march roll, unit by unit in the march's order), then what the table says it costs.
pub fn tire(
    game: &mut Game,
    units: &[super::unit::UnitIdx],
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let n = game.sequence.fatigue.as_ref().map_or(0, |f| f.per_march);
    tire_by(game, units, n, dice)
}

/// [`tire`] by `levels` (a forced march's cost).
pub fn tire_by(
    game: &mut Game,
    units: &[super::unit::UnitIdx],
    levels: u8,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let Some(f) = game.sequence.fatigue.clone() else {
        return Vec::new();
    };
    if !on_initiative(game) {
        return Vec::new();
    }
    let mut events = Vec::new();
    for &u in units {
        if game.unit(u).is_leader() {
            continue;
        }
        let from = game.unit(u).fatigue;
        events.extend(raise_fatigue(game, &[u], levels));
        let to = game.unit(u).fatigue;
        if let Some(x) = &f.extended
            && to >= x.level(game.unit(u).exhausted)
            && from < to
        {
            let side = game.scenario.side_name(game.unit(u).side).to_string();
            let modifier = x.modifier(&side, to, f.max);
            let rolled: Vec<u8> = (0..x.dice.max(1)).map(|_| dice.d6()).collect();
            for v in &rolled {
                events.push(Event::DieRolled {
                    role: super::dice::DieRole::Other,
                    value: *v,
                });
            }
            let total = rolled.iter().map(|v| i32::from(*v)).sum::<i32>() + modifier;
            let result = x.result(total).cloned();
            events.push(Event::ExtendedMarch {
                unit: u,
                dice: rolled,
                modifier,
                loss: result.as_ref().map_or(0, |r| r.loss),
                disorganize: result.as_ref().is_some_and(|r| r.disorganize),
                source: x.source.clone(),
            });
            if let Some(r) = result {
                let rules = game.rules.clone();
                events.extend(rules.march_losses(game, u, r.loss, r.disorganize));
            }
        }
    }
    events
}

/// Raise the fatigue of `units` (not leaders) by `levels`, up to the highest, with no
/// extended-march check (an assault's cost): the events of their fatigue.
pub fn raise_fatigue(game: &mut Game, units: &[super::unit::UnitIdx], levels: u8) -> Vec<Event> {
    let Some(max) = game.sequence.fatigue.as_ref().map(|f| f.max) else {
        return Vec::new();
    };
    let mut events = Vec::new();
    for &u in units {
        let unit = game.unit_mut(u);
        if unit.is_leader() {
            continue;
        }
        let from = unit.fatigue;
        let to = from.saturating_add(levels).min(max);
        if to != from {
            unit.fatigue = to;
            events.push(Event::FatigueRaised { unit: u, from, to });
        }
    }
    events
}

/// The extended-march check a march would make for `u` now: the table, its modifier, and the
/// fatigue it takes the unit to (`None` when it makes none).
fn extended_check(game: &Game, u: super::unit::UnitIdx) -> Option<(&ExtendedMarch, i32, u8)> {
    let f = game.sequence.fatigue.as_ref()?;
    let x = f.extended.as_ref()?;
    let unit = game.unit(u);
    let to = unit.fatigue.saturating_add(f.per_march).min(f.max);
    if unit.is_leader()
        || !on_initiative(game)
        || to < x.level(unit.exhausted)
        || to == unit.fatigue
    {
        return None;
    }
    Some((
        x,
        x.modifier(game.scenario.side_name(unit.side), to, f.max),
        to,
    ))
}

/// What the extended-march check a march would make for `u` now is expected to cost: the
/// manpower lost, a disorganization counting as half a point (0 when it makes none).
pub fn extended_march_risk(game: &Game, u: super::unit::UnitIdx) -> f64 {
    extended_check(game, u).map_or(0.0, |(x, modifier, _)| {
        x.odds(modifier)
            .into_iter()
            .map(|(loss, dis, p)| p * (f64::from(loss) + if dis { 0.5 } else { 0.0 }))
            .sum()
    })
}

/// The extended-march check a march would make for `u` now, as text for a player ("fatigue
/// 2 -> 3: extended march, 1d6+1: 67% no effect, 17% disorganized, ..."); `None` when it
/// makes none.
pub fn extended_march_odds(game: &Game, u: super::unit::UnitIdx) -> Option<String> {
    let (x, modifier, to) = extended_check(game, u)?;
    let parts: Vec<String> = x
        .odds(modifier)
        .into_iter()
        .map(|(loss, dis, p)| {
            let what = match (loss, dis) {
                (0, false) => "no effect".to_string(),
                (0, true) => "disorganized".to_string(),
                (l, false) => format!("-{l} manpower"),
                (l, true) => format!("-{l} manpower, disorganized"),
            };
            format!("{:.0}% {what}", p * 100.0)
        })
        .collect();
    Some(format!(
        "fatigue {} -> {to}: extended march, {}d6{modifier:+}: {}",
        game.unit(u).fatigue,
        x.dice.max(1),
        parts.join(", ")
    ))
}

/// Check a forced march by `units` (ids): the rules have one, the phase is an action phase,
/// the units are one stack that has rolled its march in this action and not forced it, none
/// disorganized.
pub fn forced_march_plan(
    game: &Game,
    units: &[String],
) -> Result<(Vec<super::unit::UnitIdx>, ForcedMarch), String> {
    let phase = &game.sequence.phase(game.phase).name;
    let Some(f) = game
        .sequence
        .fatigue
        .as_ref()
        .and_then(|f| f.forced.clone())
    else {
        return Err(format!("{} has no forced march", game.rules.name()));
    };
    if !on_initiative(game) {
        return Err(format!("{phase}: a forced march is made in an action"));
    }
    let mut out = Vec::new();
    let mut hex = None;
    for id in units {
        let u = game
            .unit_by_id(id)
            .ok_or_else(|| format!("no unit has the id {id:?}"))?;
        let unit = game.unit(u);
        if unit.side != game.active_side {
            return Err(format!("{id} is not of the side to act"));
        }
        if !unit.on_map() {
            return Err(format!("{id} is not on the map (eliminated)"));
        }
        if hex.is_some() && unit.hex != hex {
            return Err(format!(
                "{id} is not in the stack: a forced march is one stack's"
            ));
        }
        hex = unit.hex;
        if unit.march.is_none() {
            return Err(format!(
                "{id} has not rolled its march in this action (M first)"
            ));
        }
        if unit.forced_march {
            return Err(format!("{id} has force-marched in this action"));
        }
        if unit.disorganized {
            return Err(format!(
                "{id} is disorganized: no forced march ({})",
                f.source
            ));
        }
        out.push(u);
    }
    if out.is_empty() {
        return Err("a forced march needs units".into());
    }
    Ok((out, f))
}

/// Force-march: the dice, the points added to each unit's march, the fatigue it costs.
pub fn force_march(
    game: &mut Game,
    units: &[super::unit::UnitIdx],
    f: &ForcedMarch,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rolled = Vec::new();
    for _ in 0..f.dice.max(1) {
        let v = dice.d6();
        rolled.push(v);
        events.push(Event::DieRolled {
            role: super::dice::DieRole::Other,
            value: v,
        });
    }
    let sum = rolled.iter().map(|v| i32::from(*v)).sum::<i32>() + f.modifier;
    let bonus = super::movement::Mp::whole(sum.max(f.min as i32).max(0) as u32);
    for &u in units {
        let unit = game.unit_mut(u);
        unit.march = unit.march.map(|m| m + bonus);
        unit.forced_march = true;
    }
    events.push(Event::ForcedMarch {
        units: units.to_vec(),
        dice: rolled,
        bonus,
        source: f.source.clone(),
    });
    events.extend(tire_by(game, units, f.fatigue, dice));
    events
}

/// Whether the current phase runs on the initiative (an action phase).
pub fn on_initiative(game: &Game) -> bool {
    game.sequence.phase(game.phase).acts == Acts::Initiative
}

/// The units a command acts with (moves, marches, special actions, attacks), by id.
fn command_units(cmd: &Command) -> &[String] {
    match cmd {
        Command::Move { unit, .. } => std::slice::from_ref(unit),
        Command::MoveStack { units, .. }
        | Command::March { units }
        | Command::ForceMarch { units }
        | Command::Special { units, .. } => units,
        Command::Attack { attackers, .. } => attackers,
        Command::Advance { .. }
        | Command::EndPhase
        | Command::EndTurn
        | Command::Activate { .. }
        | Command::TransferLeader { .. } => &[],
    }
}

/// In an action under way, only its units act (one action: one unit or one group); a unit at
/// the highest fatigue does not march.
fn check_action(game: &Game, cmd: &Command) -> Result<(), String> {
    if !on_initiative(game) || game.scenario.movement == super::movement::Enforcement::Free {
        return Ok(());
    }
    if let Command::March { units } = cmd {
        for u in units.iter().filter_map(|id| game.unit_by_id(id)) {
            check_fatigue(game, u)?;
        }
    }
    for u in command_units(cmd)
        .iter()
        .filter_map(|id| game.unit_by_id(id))
    {
        check_in_action(game, u)?;
    }
    Ok(())
}

/// Note what a command the rules accepted did to the action under way (a phase on the
/// initiative): the action has begun, and its units are those of its first command.
pub fn record_action(game: &mut Game, cmd: &Command) -> Vec<Event> {
    let ids = command_units(cmd);
    if !on_initiative(game) || ids.is_empty() {
        return Vec::new();
    }
    // A stack's strategic move uses its supply train as it begins (NGG 8.2).
    let events = if game.cycle.acted || !matches!(needs(game, cmd), Some(Need::Move)) {
        Vec::new()
    } else {
        super::supply::move_begun(game)
    };
    game.cycle.acted = true;
    if game.cycle.units.is_empty() {
        game.cycle.units = ids.iter().filter_map(|id| game.unit_by_id(id)).collect();
    }
    events
}

/// End phases until the side that acts changes (or the game turn does, the game ends or an
/// action phase begins); in a phase on the initiative, end the action (the next roll may give
/// the same side another).
pub fn end_turn(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    if game.sequence.phase(game.phase).acts == Acts::Initiative {
        return end_action(game, dice);
    }
    let side = game.active_side;
    let turn = game.turn;
    let mut events = Vec::new();
    for _ in 0..=game.sequence.phases.len() * 2 {
        events.extend(end_phase(game, dice));
        // An action phase begins with the initiative's winner to act, whoever it is.
        if game.active_side != side || game.turn != turn || game.is_over() || on_initiative(game) {
            break;
        }
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generic_sequence_is_valid() {
        assert!(generic().problems().is_empty());
    }

    #[test]
    fn problems_name_the_place() {
        let mut s = generic();
        s.phases.push(s.phases[0].clone());
        s.phases[1].allows.clear();
        let p = s.problems();
        assert!(
            p.iter()
                .any(|(at, m)| at == "sequence.phases[1].key" && m.contains("two phases"))
        );
        assert!(p.iter().any(|(at, _)| at == "sequence.phases[1].allows"));
    }
}
