//! What a GCACW scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::Profile;
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
        counter_values: [&["strength", "artillery", "tactical"], &["tactical"]],
        sides: ["Union", "Confederate"],
    }
};
