//! Placeholder while the gbacw rule system is built.

use std::path::Path;
use std::sync::Arc;

use crate::rules::ruleset::{Ruleset, RulesError};

/// The default tables, as shipped.
pub const DEFAULT_TABLES: &str = include_str!("../../../assets/rules/gbacw.ron");

/// The rule system with the player's tables file, or the built-in one.
pub fn load(_path: Option<&Path>) -> Result<Arc<dyn Ruleset>, RulesError> {
    Err(RulesError::Unknown("gbacw".into()))
}
