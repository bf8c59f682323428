//! The sequence of play as data: the phases of a player-turn in order, who acts in each (the
//! phasing side, whose player-turn it is, or the other side), which commands each allows and
//! the per-phase limits, every entry with its source; and the rules the phases run on
//! (initiative, fatigue, recovery, leader transfers and activations, assaults, supply trains,
//! command control). Each `assets/rules/<ruleset>.ron` has a `sequence`. A game turn is the
//! first side's player-turn, then the second's (the scenario's side order).
//!
//! One engine runs it for every rule system: [`super::gate`] refuses a command out of phase,
//! [`super::flow`] moves from phase to phase and turn to turn, [`super::fatigue`] tires the
//! units that march. A file without a `sequence` (a player's older rules file) plays the
//! [`generic`] one: one phase in which the side to move moves and attacks in any order. Saves
//! made before the sequences existed replay under it too (`session`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::attack::AttackType;
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
    pub activation: Option<super::sequence::ActivationRules>,
    /// Attacks in an action phase: the leaders' assaults as actions of their own, the march
    /// attack, what they cost in fatigue (`rules::assault`; GCACW 5.3, 7.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assault: Option<super::sequence::AssaultRules>,
    /// Supply trains: what a strategic move, a pass and a rally use, where the scenario gives
    /// each side its trains (NGG 1812 8.1-8.2: its `trains`, reached through
    /// [`super::ruleset::Alternation`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<super::sequence::TrainRules>,
    /// Command control at the start of each game turn (`rules::control`; SSI Shiloh).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_control: Option<super::sequence::CommandControlRules>,
    /// The recovery at the start of each game turn after the first and between the rounds
    /// (`rules::control`; SSI Shiloh's recovery and mid-point recovery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_recovery: Option<super::sequence::RoundRecovery>,
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
        self.phase_list_problems(&mut out);
        self.section_problems(&mut out);
        let mut keys = std::collections::BTreeSet::new();
        for (i, p) in self.phases.iter().enumerate() {
            self.phase_problems(p, &format!("sequence.phases[{i}]"), &mut keys, &mut out);
        }
        out
    }

    /// The phases as a whole: at least one, one played in the first game turn, and the phase
    /// the trains pay for.
    fn phase_list_problems(&self, out: &mut Vec<(String, String)>) {
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
    }

    /// One phase: its key and name (the key unique), what it allows and who acts in it, whether
    /// it is passed over when idle, its leader transfers and its attack limit.
    fn phase_problems(
        &self,
        p: &Phase,
        at: &str,
        keys: &mut std::collections::BTreeSet<String>,
        out: &mut Vec<(String, String)>,
    ) {
        if p.key.trim().is_empty() || p.name.trim().is_empty() {
            out.push((at.to_string(), "a phase needs a key and a name".into()));
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

    /// The sections of rules: fatigue and its extended march, activations, assaults.
    fn section_problems(&self, out: &mut Vec<(String, String)>) {
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
    pub fn where_allowed(&self, what: impl Fn(&Allow) -> bool) -> Vec<&str> {
        self.phases
            .iter()
            .filter(|p| p.allows.iter().any(&what))
            .map(|p| p.name.as_str())
            .collect()
    }
}

/// Whether a phase is played in game turn `turn` (its `from_turn`).
pub fn played(seq: &Sequence, state: PhaseState, turn: u32) -> bool {
    seq.phase(state).from_turn.is_none_or(|t| turn >= t)
}

/// How far a leader's command reaches (the sequence's `activation`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivationRules {
    /// The command radius, in hexes.
    pub radius: u32,
    /// Whether an enemy zone of control stops the radius (see the module's text).
    pub zoc_blocks: bool,
    pub source: String,
}

/// The assault rules of an action phase (the sequence's `assault`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssaultRules {
    /// The attack types that are a leader's action of their own (an assault).
    pub kinds: Vec<AttackType>,
    /// Of those, the types only an army leader leads.
    #[serde(default)]
    pub army: Vec<AttackType>,
    /// Whether the attacking units must be within the leader's command radius (the sequence's
    /// `activation` rules).
    #[serde(default)]
    pub radius: bool,
    /// Fatigue levels each attacking combat unit of an assault gains.
    pub fatigue: u8,
    /// Attacks a unit may make in one action.
    pub per_action: u32,
    pub source: String,
}

/// What trains cost, from the rules file's `sequence.trains`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainRules {
    /// The phase (its `key`) whose moves use trains (strategic movement).
    pub phase: String,
    /// Trains a stack's move uses (8.2: one).
    pub per_move: u32,
    /// Trains a pass costs (8.2: one).
    pub per_pass: u32,
    /// Trains a stack's rally uses (8.1: one).
    pub per_rally: u32,
    pub source: String,
}

/// Command control: who is in command, and what being out of it costs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandControlRules {
    /// A combat unit within this many hexes of a friendly leader is in command.
    pub radius: u32,
    /// The share of its points (percent) an out-of-command unit has.
    pub out_of_command_percent: u32,
    pub source: String,
}

/// The recovery at the start of a game turn and between rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecovery {
    /// Fatigue points each unit with no enemy adjacent loses.
    pub fatigue: u8,
    /// A disrupted unit with no enemy adjacent returns to good order.
    pub disrupted: bool,
    /// A routed unit with no enemy adjacent rallies when one d6 times this is at most its
    /// efficiency (0: routed units do not rally).
    pub rally_per_pip: u8,
    /// Also between the rounds (the mid-point recovery), not only at a game turn's start.
    pub mid_point: bool,
    pub source: String,
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
