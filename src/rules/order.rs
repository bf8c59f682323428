//! Orders: everything a player does to a game, as data. A game is its scenario, its seed and
//! the commands applied to it, so commands name units by id and hexes by label (readable in a
//! save, stable across versions). `command::validate` judges them, `command::apply` carries
//! them out.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::attack::{AttackError, AttackType, Choices};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// Attack the units in `defender` with `attackers` (ids).
    Attack {
        attackers: Vec<String>,
        defender: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<AttackType>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        march_type: Option<String>,
        #[serde(default, skip_serializing_if = "is_default")]
        choices: Choices,
        /// Conditions of the attack (`Ruleset::attack_options`), by key.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        options: BTreeMap<String, String>,
    },
    /// Move a unit along a path of adjacent hexes (labels, not including its start), within
    /// what it has left this turn by the rule system's movement rules (`rules::movement`).
    Move { unit: String, path: Vec<String> },
    /// Move a stack (units in one hex) together along a path: each pays its own cost, and
    /// none counts as a friendly unit in the hexes the others enter.
    MoveStack {
        units: Vec<String>,
        path: Vec<String>,
    },
    /// Roll the march allowance of a stack for this turn (GCACW: one die, two for cavalry,
    /// plus the side's modifier); the units may then move up to it.
    March { units: Vec<String> },
    /// A special action of the rule system (`Ruleset::special_actions`: Shiloh's change of
    /// mode and fortify) by each of the units, paid from what they have left this turn.
    Special { units: Vec<String>, action: String },
    /// Advance into the hex the last attack vacated, when its result allows it (only as the
    /// next command after that attack); with no units, decline the advance (it also lapses with
    /// any other command).
    Advance { units: Vec<String> },
    /// End the phases of the sequence of play until the other side acts (`rules::sequence`;
    /// with a sequence of one phase: end the side's turn).
    EndTurn,
    /// End the current phase of the sequence of play.
    EndPhase,
    /// Activate a leader (an action phase with `activation` rules): he and the units of his
    /// command within his command radius (`units`, or all that may act when empty) make this
    /// action, on one march roll (`rules::activation`).
    Activate {
        leader: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        units: Vec<String>,
    },
    /// Move a leader onto a friendly unit in a leader-transfer phase (`rules::activation`).
    TransferLeader { leader: String, to: String },
    /// Force-march a stack that has rolled its march in this action (`rules::sequence`).
    ForceMarch { units: Vec<String> },
}

fn is_default(c: &Choices) -> bool {
    *c == Choices::default()
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Attack(#[from] AttackError),
    #[error("move: {0}")]
    Move(String),
    #[error("advance: {0}")]
    Advance(String),
    #[error("march: {0}")]
    March(String),
    #[error("special action: {0}")]
    Special(String),
    #[error("{0}")]
    Activate(String),
    /// A per-turn limit of attacks (how many, what they cost).
    #[error("{0}")]
    Limit(String),
    /// A command by units of the side not to move, or after the last turn.
    #[error("{0}")]
    Turn(String),
    /// A command the current phase of the sequence of play does not allow.
    #[error("{0}")]
    Phase(String),
    /// A checked command applied to a game that has changed since it was checked.
    #[error("the game has changed since this command was checked: check it again")]
    Stale,
}
