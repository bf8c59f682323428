//! Every integration test, in one binary: one link, and the library's generic code
//! instantiated once for all of them rather than once a file (a cold `cargo test` compiles the
//! tests in about half the time: docs/development.md, "The first build"). Each file is a module
//! named as the file was (`cargo test turns::` runs what `cargo test --test turns` did); the
//! shared helpers are `common` and `support/`.

mod common;
#[path = "support/testgen.rs"]
mod testgen;
#[path = "support/vmod.rs"]
mod vmod;

mod activation;
mod ai;
mod ai_scripts;
mod battle_rules;
mod cli;
mod client_editor;
mod client_headless;
mod client_online;
mod client_opponent;
mod client_pbem;
mod client_rulesets;
mod editor;
mod fields;
mod gbacw_alert;
mod gbacw_fire;
mod gbacw_melee;
mod gcacw_combat_values;
mod gcacw_crt_odds;
mod gcacw_flank;
mod gcacw_resolve;
mod generated;
mod movement;
mod ngg_cli;
mod ngg_combat;
mod online;
mod pbem;
mod plugin_ruleset;
mod pointy;
mod properties;
mod reinforcements;
mod saves;
mod scale;
mod scenario_additions;
mod scenario_errors;
mod sequence;
mod shiloh_modifiers;
mod shiloh_ops;
mod shiloh_turn;
mod supply;
mod threats;
mod tree;
mod turns;
mod vassal_import;
mod vassal_reader;
mod victory_losses;
mod window;
