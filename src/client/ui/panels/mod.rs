//! The parts the game screen is built of: the stack inspector, the legend, the attack preview
//! and the dice.

pub mod dice;
pub mod drafts;
pub mod editor_settings;
pub mod editor_units;
pub mod import;
pub mod inspector;
pub mod legend;
pub mod online;
pub mod preview;
pub mod terrain_help;
pub mod turnfile;

/// What the form fields show while the player types (field name → text), per unit.
#[derive(Default)]
pub(crate) struct FormText {
    pub(crate) unit: Option<String>,
    pub(crate) rev: u64,
    pub(crate) fields: std::collections::BTreeMap<String, String>,
    pub(crate) title: String,
    pub(crate) briefing: String,
    pub(crate) sides: [String; 2],
    pub(crate) size: (i64, i64),
    pub(crate) scan_path: String,
    pub(crate) file_rev: Option<u64>,
}
