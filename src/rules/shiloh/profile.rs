//! What a Shiloh scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::{FieldInput, FieldSpec, Profile};
use crate::rules::unit::{Mode, UnitKind};

/// Why a Shiloh unit's formations are these (for the refusal of another).
const MODES_WHY: &str = "the card's operations table and special actions pair infantry \
                         normal/column, cavalry dismounted/mounted, artillery \
                         unlimbered/limbered";

/// The modes a unit of this kind can be in, its default first (the card's special actions
/// change infantry normal <-> column, cavalry dismounted <-> mounted, artillery unlimbered <->
/// limbered; "Change mode to normal, dismounted, or unlimbered" names each kind's default
/// formation). Leaders and gunboats have no formation.
pub fn modes(kind: UnitKind) -> &'static [Mode] {
    match kind {
        UnitKind::Infantry => &[Mode::Normal, Mode::Column, Mode::Routed],
        UnitKind::Cavalry => &[Mode::Dismounted, Mode::Mounted, Mode::Routed],
        UnitKind::Artillery => &[Mode::Unlimbered, Mode::Limbered, Mode::Routed],
        _ => &[Mode::Normal],
    }
}

/// The Shiloh scenario profile.
pub const PROFILE: Profile = {
    use UnitKind::*;
    Profile {
        id: "shiloh",
        name: "Shiloh",
        // Shiloh: the card's terrain rows (`w` is light woods).
        terrain: "cwhonsvefbu",
        unit_kinds: &[Infantry, Cavalry, Artillery, Leader, Gunboat],
        core_fields: &["fatigue"],
        unit_fields: &[
            "demibrigade",
            "heavy_guns",
            "status",
            "guns",
            "efficiency",
            "command_control",
            "leader_bonus",
            "mode",
            "out_of_ammo",
            "fortification",
        ],
        disrupted: true,
        pinned: false,
        max_fatigue: 200,
        fatigue_help: "Fatigue (Shiloh), 0 to 200.",
        modes: Some((modes, MODES_WHY)),
        supply_trains: None,
        surprise: Some("Shiloh's operations points"),
        alert: None,
        counter_values: [&["strength", "efficiency"], &["leader_bonus"]],
        sides: ["Union", "Confederate"],
        fields: FIELDS,
    }
};

/// How the editor asks for Shiloh's unit fields (fatigue's range is the profile's).
const FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "status",
        input: FieldInput::Choice {
            options: &["Normal", "Disrupted", "Routed"],
            optional: true,
        },
        help: "Combat status (Shiloh): disrupted or routed.",
    },
    FieldSpec {
        name: "guns",
        input: FieldInput::Int {
            lo: 0,
            hi: 100,
            optional: true,
        },
        help: "Guns of a battery (Shiloh), 0 to 100.",
    },
    FieldSpec {
        name: "efficiency",
        input: FieldInput::Int {
            lo: 0,
            hi: 100,
            optional: true,
        },
        help: "Efficiency (Shiloh), 0 to 100; unset: 100.",
    },
    FieldSpec {
        name: "command_control",
        input: FieldInput::Float {
            lo: 0.1,
            hi: 2.0,
            step: 0.1,
        },
        help: "Command control (Shiloh), 0.1 to 2.0; unset: 1.0.",
    },
    FieldSpec {
        name: "leader_bonus",
        input: FieldInput::Int {
            lo: 0,
            hi: 100,
            optional: true,
        },
        help: "A leader's bonus (Shiloh), 0 to 100.",
    },
    FieldSpec {
        name: "mode",
        input: FieldInput::Modes,
        help: "Formation (Shiloh): the modes of the unit's kind; unset: the first.",
    },
    FieldSpec {
        name: "out_of_ammo",
        input: FieldInput::Bool,
        help: "Out of ammunition (Shiloh).",
    },
    FieldSpec {
        name: "fortification",
        input: FieldInput::Int {
            lo: 0,
            hi: 10,
            optional: true,
        },
        help: "Fortification level (Shiloh), 0 to 10.",
    },
    FieldSpec {
        name: "demibrigade",
        input: FieldInput::Bool,
        help: "A demi-brigade (Shiloh).",
    },
    FieldSpec {
        name: "heavy_guns",
        input: FieldInput::Bool,
        help: "Heavy guns (Shiloh).",
    },
];
