//! What a NGG 1812 scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::Profile;
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
        counter_values: [&["strength", "class"], &["rating"]],
        sides: ["French", "Russian"],
    }
};
