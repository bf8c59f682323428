//! Placeholder while the ngg1812 rule system is built.

use std::path::Path;
use std::sync::Arc;

use crate::rules::ruleset::{Ruleset, RulesError};

/// The default tables, as shipped.
pub const DEFAULT_TABLES: &str = include_str!("../../../assets/rules/ngg1812.ron");

/// The rule system with the player's tables file, or the built-in one.
pub fn load(_path: Option<&Path>) -> Result<Arc<dyn Ruleset>, RulesError> {
    Err(RulesError::Unknown("ngg1812".into()))
}
