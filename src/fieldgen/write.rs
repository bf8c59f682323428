//! The scenario file of a generated field: the source's header, rules settings and army on the
//! new ground, the victory hexes, and a title, briefing and header comment that say it was
//! generated, from what and how to make it again.

use crate::rules::hex::Coord;
use crate::rules::registry::RulesOverrides;
use crate::rules::scenario::{Scenario, ScenarioFile, VictoryHexFile};

use super::deploy::Stack;
use super::layout::{Flank, Plan};
use super::{Template, set_of};

/// What names a generated field: its seed, layout and source.
pub struct Origin<'a> {
    pub seed: u64,
    pub template: Template,
    pub source: &'a Scenario,
    /// The source file as given on the command line.
    pub like: &'a str,
    /// The rules tables the field was made and checked with (`--rules`).
    pub rules: &'a RulesOverrides,
}

impl Origin<'_> {
    /// The command that makes the field.
    pub fn command(&self) -> String {
        let rules = match &self.rules.file {
            Some(f) => format!(" --rules {}", f.display()),
            None => String::new(),
        };
        format!(
            "musket fields --like {} --seed {}{rules}",
            self.like, self.seed
        )
    }
}

/// The side on `flank`.
fn side_on(source: &Scenario, flanks: [Flank; 2], flank: Flank) -> &str {
    let i = usize::from(flanks[1] == flank);
    &source.sides[i]
}

/// The scenario file: the source's sides, ruleset, turns, night turns, supply trains, tie
/// rule and movement setting; dry weather (the source's weather and random events belong to
/// its day); the plan's map and objectives; the army where `hexes` puts each stack.
pub fn scenario_file(
    origin: &Origin,
    plan: &Plan,
    stacks: &[Stack],
    hexes: &[Coord],
    flanks: [Flank; 2],
) -> ScenarioFile {
    let src = &origin.source.file;
    // The field is printed as its source is: a pointy source's field is the ground's mirror.
    let o = origin.source.map.orientation();
    let n = plan.ground.numbering(o);
    let mut units = src.units.clone();
    for (stack, hex) in stacks.iter().zip(hexes) {
        for i in &stack.units {
            units[*i].hex = n.label(*hex);
        }
    }
    let victory = plan
        .objectives
        .iter()
        .map(|obj| VictoryHexFile {
            hex: n.label(obj.hex),
            points: i64::from(obj.points),
            name: Some(match obj.holder {
                Some(f) if obj.base => format!("{} base", side_on(origin.source, flanks, f)),
                _ => capitalised(&obj.name),
            }),
            holder: obj
                .holder
                .map(|f| side_on(origin.source, flanks, f).to_string()),
        })
        .collect();
    let mut file = ScenarioFile {
        title: format!(
            "Generated field {}: {}, with the army of {}",
            origin.seed,
            origin.template.title(),
            origin.source.title
        ),
        weather: Default::default(),
        weather_by_turn: None,
        briefing: None,
        random_events: None,
        underlay: None,
        module: None,
        map: plan.ground.map_file(o),
        units,
        victory,
        // The source's ferries cross its own river at its own hexes: on this ground its
        // reinforcements enter at their side's edge ([`briefing`] says so).
        ferries: Vec::new(),
        ..src.clone()
    };
    file.briefing = Some(briefing(origin, plan, flanks, &file));
    file
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn briefing(origin: &Origin, plan: &Plan, flanks: [Flank; 2], file: &ScenarioFile) -> String {
    let side = |f| side_on(origin.source, flanks, f);
    let objectives: Vec<String> = file
        .victory
        .iter()
        .map(|v| {
            let held = v
                .holder
                .as_ref()
                .map_or(String::new(), |h| format!(", held by the {h} side"));
            let points = if v.points == 1 { "point" } else { "points" };
            format!(
                "{} ({}, {} {points}{held})",
                v.name.as_deref().unwrap_or(""),
                v.hex,
                v.points
            )
        })
        .collect();
    let end = file
        .turns
        .map_or(String::new(), |t| format!(" after turn {t}"));
    // The ground's west and east edges; on a pointy field (the ground turned over the
    // diagonal) they are printed at the top and the bottom.
    let (west, east) = if origin.source.map.orientation().is_flat() {
        ("west", "east")
    } else {
        ("north", "south")
    };
    let ferries = if origin.source.file.ferries.is_empty() {
        String::new()
    } else {
        " Its ferries are not on this ground: its reinforcements enter at their side's edge."
            .to_string()
    };
    format!(
        "A generated field, not a historical one: `{}` \
         (the {} set of seeds; layout: {}), with the army, rules and turns of {}. The ground: {}. \
         The {} side deploys in the {}, the {} side in the {}. Victory hexes: {}; each side scores \
         the ones it holds{end}.{ferries}",
        origin.command(),
        set_of(origin.seed),
        origin.template.title(),
        origin.source.title,
        plan.description,
        side(Flank::West),
        west,
        side(Flank::East),
        east,
        objectives.join(", "),
    )
}

/// The file's text: a header comment, then the scenario.
pub fn text(origin: &Origin, file: &ScenarioFile) -> String {
    format!(
        "// Generated by `{}`: {} from the army of {}.\n\
         // The {} set of seeds (docs/computer-players.md, \"How the unseen fields are made\").\n\
         // Make it again with that command rather than editing it.\n{}\n",
        origin.command(),
        origin.template.title(),
        origin.source.title,
        set_of(origin.seed),
        crate::editor::write::scenario_text(file)
    )
}
