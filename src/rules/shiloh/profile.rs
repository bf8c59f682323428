//! What a Shiloh scenario may hold beyond the format every scenario shares: its terrain
//! letters, unit kinds and optional unit fields (docs/scenario-format.md).

use crate::rules::scenario::Profile;
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
        counter_values: [&["strength", "efficiency"], &["leader_bonus"]],
        sides: ["Union", "Confederate"],
    }
};
