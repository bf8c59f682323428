//! What a GBACW scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::{FieldInput, FieldSpec, Profile};
use crate::rules::unit::UnitKind;

/// The GBACW scenario profile.
pub const PROFILE: Profile = {
    use UnitKind::*;
    Profile {
        id: "gbacw",
        name: "GBACW",
        // GBACW: the seeds give no terrain effects; any terrain may be drawn.
        terrain: "clrwtsmphovefbu",
        unit_kinds: &[Infantry, Cavalry, Artillery, Leader, Wagon],
        core_fields: &[],
        unit_fields: &["morale", "green", "status"],
        disrupted: false,
        pinned: true,
        max_fatigue: 4,
        fatigue_help: "Fatigue level, 0 to 4.",
        modes: None,
        supply_trains: None,
        surprise: Some("GBACW's movement points"),
        alert: Some(
            "each of the side's combat units makes a morale check (one die, in unit order; a green unit rolls its rating first): failing, it routs, and a mounted unit that fails fights on foot, as infantry, for the rest of the game",
        ),
        counter_values: [&["strength", "morale"], &[]],
        sides: ["Union", "Confederate"],
        fields: FIELDS,
    }
};

/// How the editor asks for GBACW's unit fields.
const FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "morale",
        input: FieldInput::Int {
            lo: 1,
            hi: 6,
            optional: true,
        },
        help: "Morale rating (GBACW), 1 to 6.",
    },
    FieldSpec {
        name: "green",
        input: FieldInput::Bool,
        help: "Green troops (GBACW): the morale rating is rolled when first needed [13.15].",
    },
    FieldSpec {
        name: "status",
        input: FieldInput::Choice {
            options: &["Normal", "Pinned", "Routed", "Engaged"],
            optional: true,
        },
        help: "Combat status (GBACW): pinned, routed or engaged in melee.",
    },
];
