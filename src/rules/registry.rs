//! The registry of rule systems: which rule system a scenario's `ruleset` id names, with which
//! tables (the built-in ones, a player's `--rules` file or the user rules folder's, or the
//! tables a save or a turn file carries), and how a set of rules differs from the built-in
//! one. The one place the built-in rule systems are named ([`BUILT_IN`]); another is added at
//! run time with [`register`] (its profile, its built-in tables and how to build it: the
//! worked example is `tests/plugin_ruleset.rs`, docs/architecture.md).

use std::sync::{Arc, LazyLock, RwLock};

use super::ruleset::Ruleset;
use super::scenario::{
    Problem, Profile, Profiles, RulesetId, Scenario, ScenarioError, ScenarioFile,
};
use super::tables::RulesError;

/// How a rule system is built from a tables text given as (text, name for errors), or from its
/// built-in tables (`None`).
pub type Build = fn(Option<(&str, &str)>) -> Result<Arc<dyn Ruleset>, RulesError>;

/// A rule system as the registry holds it.
#[derive(Clone, Copy, Debug)]
pub struct RuleSystem {
    /// What its scenarios may hold; its `id` is the id scenarios name.
    pub profile: &'static Profile,
    /// The text of its built-in tables (for `musket rules`).
    pub tables: &'static str,
    pub build: Build,
}

/// The rule systems Musket ships, the default first.
const BUILT_IN: [RuleSystem; 4] = [
    RuleSystem {
        profile: &super::gcacw::profile::PROFILE,
        tables: super::gcacw::data::DEFAULT_TABLES,
        build: super::gcacw::from_text,
    },
    RuleSystem {
        profile: &super::gbacw::profile::PROFILE,
        tables: super::gbacw::DEFAULT_TABLES,
        build: super::gbacw::from_text,
    },
    RuleSystem {
        profile: &super::ngg::profile::PROFILE,
        tables: super::ngg::DEFAULT_TABLES,
        build: super::ngg::from_text,
    },
    RuleSystem {
        profile: &super::shiloh::profile::PROFILE,
        tables: super::shiloh::DEFAULT_TABLES,
        build: super::shiloh::from_text,
    },
];

/// The registered systems, and their profiles as one list (remade, and kept for the program's
/// life, at each registration: there are a handful).
struct Registry {
    systems: Vec<RuleSystem>,
    profiles: &'static [&'static Profile],
}

static REGISTRY: LazyLock<RwLock<Registry>> = LazyLock::new(|| {
    static PROFILES: LazyLock<Vec<&'static Profile>> =
        LazyLock::new(|| BUILT_IN.iter().map(|s| s.profile).collect());
    RwLock::new(Registry {
        systems: BUILT_IN.to_vec(),
        profiles: PROFILES.as_slice(),
    })
});

fn read() -> std::sync::RwLockReadGuard<'static, Registry> {
    REGISTRY.read().unwrap_or_else(|e| e.into_inner())
}

/// Add a rule system at run time (one written outside this crate against the public
/// [`Ruleset`] trait). Its scenarios then load, check and play like the built-in ones'. The
/// same system registered again is accepted; another one with a taken id is refused.
pub fn register(system: RuleSystem) -> Result<RulesetId, String> {
    let mut r = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    let id = system.profile.id;
    if let Some(old) = r.systems.iter().find(|s| s.profile.id == id) {
        return if std::ptr::eq(old.profile, system.profile) {
            Ok(RulesetId::of(system.profile))
        } else {
            Err(format!(
                "a rule system with the id {id:?} is registered already"
            ))
        };
    }
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "{id:?} is not a rule system id (letters, digits, '-' and '_')"
        ));
    }
    r.systems.push(system);
    let profiles: Vec<&'static Profile> = r.systems.iter().map(|s| s.profile).collect();
    r.profiles = Vec::leak(profiles);
    Ok(RulesetId::of(system.profile))
}

/// The ids of the rule systems Musket ships (those registered at run time aside).
pub fn built_in_ids() -> Vec<RulesetId> {
    BUILT_IN.iter().map(|s| RulesetId::of(s.profile)).collect()
}

/// Every registered rule system's id, the default first.
pub fn ids() -> Vec<RulesetId> {
    read()
        .systems
        .iter()
        .map(|s| RulesetId::of(s.profile))
        .collect()
}

/// The rule system a new scenario, the editor and the importer start with (GCACW).
pub fn default_id() -> RulesetId {
    RulesetId::of(BUILT_IN[0].profile)
}

/// The registered ids as a list for messages ("gcacw, gbacw, ngg1812, shiloh").
pub fn known_text() -> String {
    ids()
        .iter()
        .map(|i| i.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rule system a file or the command line names, if one is registered under that id.
pub fn id(text: &str) -> Option<RulesetId> {
    profiles().ruleset(text)
}

/// What each rule system's scenarios may hold (in [`ids`]' order).
pub fn profiles() -> Profiles<'static> {
    Profiles(read().profiles)
}

fn system(id: RulesetId) -> Option<RuleSystem> {
    read()
        .systems
        .iter()
        .copied()
        .find(|s| s.profile.id == id.as_str())
}

/// The profile of rule system `id`, if it is one.
pub fn profile(id: &str) -> Option<&'static Profile> {
    profiles().get(id)
}

/// The terrain letters of rule system `id` (of an unknown one: every system's).
pub fn terrain_letters(id: &str) -> String {
    profiles().terrain_letters(id)
}

/// The unit kinds of rule system `id`.
pub fn unit_kinds(id: &str) -> &'static [super::unit::UnitKind] {
    profiles().unit_kinds(id)
}

/// Read and validate a scenario file (the format, and its rule system's profile).
pub fn load_scenario(path: &std::path::Path) -> Result<Scenario, ScenarioError> {
    super::scenario::load(path, profiles())
}

/// Parse and validate scenario text; `path` names it in errors.
pub fn parse_scenario(text: &str, path: &std::path::Path) -> Result<Scenario, ScenarioError> {
    super::scenario::parse(text, path, profiles())
}

/// Validate a parsed file into a scenario, or list every problem found.
pub fn validate_scenario(file: ScenarioFile) -> Result<Scenario, Vec<Problem>> {
    super::scenario::validate(file, profiles())
}

/// Rules files a player gives in place of the built-in ones.
#[derive(Clone, Debug, Default)]
pub struct RulesOverrides {
    /// A tables file for the scenario's ruleset (`--rules FILE`).
    pub file: Option<std::path::PathBuf>,
}

/// The rule system of a scenario (as [`for_id`]), refusing a scenario its tables do not allow.
pub fn for_scenario(
    scenario: &super::scenario::Scenario,
    overrides: &RulesOverrides,
) -> Result<Arc<dyn Ruleset>, RulesError> {
    let rules = for_id(scenario.ruleset, overrides)?;
    let problems = rules.check_scenario(scenario);
    if problems.is_empty() {
        Ok(rules)
    } else {
        Err(RulesError::Scenario { problems })
    }
}

/// Everything the loader checks of a scenario file, and what it loads: the format
/// ([`validate`](super::scenario::validate)), then its rule system's tables (they load, and
/// [`Ruleset::check_scenario`] accepts the scenario). The one check the game, `musket check`
/// and the editor run, so a file the editor writes is a file the game loads.
pub fn check_file(
    file: super::scenario::ScenarioFile,
    overrides: &RulesOverrides,
) -> Result<(super::scenario::Scenario, Arc<dyn Ruleset>), Vec<super::scenario::Problem>> {
    let scenario = validate_scenario(file)?;
    match for_scenario(&scenario, overrides) {
        Ok(rules) => Ok((scenario, rules)),
        Err(RulesError::Scenario { problems }) => Err(problems),
        Err(e) => Err(vec![super::scenario::Problem {
            field: "ruleset".into(),
            value: format!("{:?}", scenario.ruleset),
            problem: format!("its rules tables do not load: {e}"),
        }]),
    }
}

/// The tables file to use for ruleset `id`: the player's `--rules` file, else
/// `<user rules dir>/<id>.ron` if it exists, else none (the built-in tables).
pub fn tables_path(id: RulesetId, overrides: &RulesOverrides) -> Option<std::path::PathBuf> {
    overrides.file.clone().or_else(|| {
        super::tables::user_rules_dir()
            .map(|d| d.join(format!("{id}.ron")))
            .filter(|p| p.is_file())
    })
}

/// The rule system a scenario names, with the player's override or the user rules directory's
/// file if there is one, else the built-in tables.
pub fn for_id(id: RulesetId, overrides: &RulesOverrides) -> Result<Arc<dyn Ruleset>, RulesError> {
    with_tables(id, tables_path(id, overrides))
}

/// The rule system with its built-in tables only (tests, and replays that must not depend on a
/// player's files).
pub fn builtin(id: RulesetId) -> Result<Arc<dyn Ruleset>, RulesError> {
    from_text(id, None)
}

fn with_tables(
    id: RulesetId,
    path: Option<std::path::PathBuf>,
) -> Result<Arc<dyn Ruleset>, RulesError> {
    match path {
        None => from_text(id, None),
        Some(p) => {
            let text =
                std::fs::read_to_string(&p).map_err(|source| super::tables::TablesError::Io {
                    path: p.display().to_string(),
                    source,
                })?;
            from_text(id, Some((&text, &p.display().to_string())))
        }
    }
}

/// The rule system `id` built from a tables text given as (text, name for errors), or from its
/// built-in tables (`None`): a player's file, or the tables a save or a turn file carries.
pub fn from_text(
    id: RulesetId,
    text: Option<(&str, &str)>,
) -> Result<Arc<dyn Ruleset>, RulesError> {
    match system(id) {
        Some(s) => (s.build)(text),
        None => Err(RulesError::Unknown(id.to_string())),
    }
}

/// [`from_text`], refusing a scenario its tables do not allow (as [`for_scenario`]).
pub fn for_scenario_from_text(
    scenario: &super::scenario::Scenario,
    text: &str,
    name: &str,
) -> Result<Arc<dyn Ruleset>, RulesError> {
    let rules = from_text(scenario.ruleset, Some((text, name)))?;
    let problems = rules.check_scenario(scenario);
    if problems.is_empty() {
        Ok(rules)
    } else {
        Err(RulesError::Scenario { problems })
    }
}

/// The built-in tables text of a rule system (for `musket rules ID`).
pub fn builtin_tables(id: RulesetId) -> Option<&'static str> {
    system(id).map(|s| s.tables)
}

/// How the rules a game is played under (the rule system's tables, with the game's sequence of
/// play in place of theirs) differ from the rule system's built-in ones: one line per field, at
/// most 40 (empty: the built-in rules). What a turn file's receiver is shown before accepting
/// it, and `musket turn verify` reports.
pub fn changes_from_builtin(
    rules: &dyn Ruleset,
    sequence: &super::sequence::Sequence,
) -> Vec<String> {
    let Ok(builtin) = from_text(rules.id(), None) else {
        return Vec::new();
    };
    let with_sequence = |mut v: serde_json::Value, seq: &super::sequence::Sequence| {
        if let (Some(m), Ok(s)) = (v.as_object_mut(), serde_json::to_value(seq)) {
            m.insert("sequence".into(), s);
        }
        v
    };
    let ours = with_sequence(rules.tables_json(), sequence);
    let theirs = with_sequence(builtin.tables_json(), builtin.sequence());
    super::tables::differences(&ours, &theirs, 40)
}
