//! What a NGG 1812 scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::{FieldInput, FieldSpec, Profile};
use crate::rules::unit::UnitKind;

/// The NGG 1812 scenario profile.
pub const PROFILE: Profile = {
    use UnitKind::*;
    Profile {
        id: "ngg1812",
        name: "NGG 1812",
        // NGG 1812: difficult terrain (forest, marsh, mountain, rough), cities, fortified cities.
        terrain: "clrwtsmk",
        unit_kinds: &[Infantry, Cavalry, Artillery, Leader],
        core_fields: &[],
        unit_fields: &["status", "class", "rating", "forced_march", "combats"],
        disrupted: true,
        pinned: false,
        max_fatigue: 4,
        fatigue_help: "Fatigue level, 0 to 4.",
        modes: None,
        supply_trains: Some("NGG 1812's (8.1-8.2)"),
        surprise: None,
        alert: None,
        counter_values: [&["strength", "class"], &["rating"]],
        sides: ["French", "Russian"],
        fields: FIELDS,
    }
};

/// How the editor asks for NGG 1812's unit fields.
const FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "status",
        input: FieldInput::Choice {
            options: &["Normal", "Disrupted"],
            optional: true,
        },
        help: "Combat status (NGG 1812): disrupted units take no active part in combat (3.4).",
    },
    FieldSpec {
        name: "class",
        input: FieldInput::Choice {
            options: &["Veteran", "Line", "Conscript"],
            optional: true,
        },
        help: "Unit class (NGG 1812): veteran, line or conscript; commanders have none.",
    },
    FieldSpec {
        name: "rating",
        input: FieldInput::Int {
            lo: 0,
            hi: 9,
            optional: true,
        },
        help: "A commander's rating (NGG 1812), 0 to 9.",
    },
    FieldSpec {
        name: "forced_march",
        input: FieldInput::Bool,
        help: "Force-marched this turn (NGG 1812 8.4): halved in combat.",
    },
    FieldSpec {
        name: "combats",
        input: FieldInput::Int {
            lo: 0,
            hi: 9,
            optional: true,
        },
        help: "Combats fought this turn (NGG 1812 11.2), 0 to 9.",
    },
];
