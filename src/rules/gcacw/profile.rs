//! What a GCACW scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::{FieldInput, FieldSpec, Profile};
use crate::rules::unit::UnitKind;

/// The GCACW scenario profile.
pub const PROFILE: Profile = {
    use UnitKind::*;
    Profile {
        id: "gcacw",
        name: "GCACW",
        // The GCACW tables' terrains (scenario.md's letters).
        terrain: "clrwtsmp",
        unit_kinds: &[Infantry, Cavalry, Artillery, Leader],
        core_fields: &[
            "artillery",
            "tactical",
            "tactical_defence",
            "fatigue",
            "demoralized",
            "entrenched",
            "active",
        ],
        unit_fields: &["army", "exhausted", "command"],
        disrupted: false,
        pinned: false,
        max_fatigue: 4,
        fatigue_help: "Fatigue level, 0 to 4.",
        modes: None,
        supply_trains: None,
        surprise: None,
        alert: None,
        counter_values: [&["strength", "artillery", "tactical"], &["tactical"]],
        sides: ["Union", "Confederate"],
        fields: FIELDS,
    }
};

/// How the editor asks for GCACW's unit fields (fatigue's range is the profile's).
const FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "artillery",
        input: FieldInput::Int {
            lo: 0,
            hi: 1000,
            optional: false,
        },
        help: "Artillery value (GCACW), 0 to 1000.",
    },
    FieldSpec {
        name: "tactical",
        input: FieldInput::Int {
            lo: -100,
            hi: 100,
            optional: false,
        },
        help: "A leader's tactical rating (GCACW), -100 to 100.",
    },
    FieldSpec {
        name: "tactical_defence",
        input: FieldInput::Int {
            lo: -100,
            hi: 100,
            optional: true,
        },
        help: "A leader's defensive tactical rating where it differs (\"x/y\" leaders); unset: the same as tactical.",
    },
    FieldSpec {
        name: "demoralized",
        input: FieldInput::Int {
            lo: 0,
            hi: 2,
            optional: false,
        },
        help: "Demoralization (GCACW): 0 none, 1 or 2.",
    },
    FieldSpec {
        name: "entrenched",
        input: FieldInput::Bool,
        help: "Entrenched (GCACW).",
    },
    FieldSpec {
        name: "exhausted",
        input: FieldInput::Bool,
        help: "On its exhausted side (GCACW): reorganized, not yet recovered; its extended-march check comes earlier.",
    },
    FieldSpec {
        name: "army",
        input: FieldInput::Bool,
        help: "An army leader (GCACW): he leads grand assaults, with any unit of his side.",
    },
];
