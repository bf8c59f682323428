//! What a GBACW scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::Profile;
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
        surprise: None,
        counter_values: [&["strength", "morale"], &[]],
        sides: ["Union", "Confederate"],
    }
};
