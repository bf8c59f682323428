//! Battlefields nobody tuned the computer players on (`musket fields`): new ground for the
//! army, rules and turns of a source scenario. A seed draws one of four layouts (a river line
//! with its crossings, a ridge line, open ground with hills and a town, a town fight), the
//! ground (woods, rolling ground, the layout's features, each side's base, roads), objectives
//! for both sides (each side's base to hold, the layout's places between the armies to take)
//! and each side's deployment in its own zone, the fronts about a march and a half apart.
//!
//! Everything the rules decide is asked of the rule system (`probe`): which terrain letters
//! its scenarios hold and its units enter, how it prices a river and its crossings, how far
//! its units march in a turn. A drawn field is kept only if the scenario loader and its rules
//! accept it, every unit can reach every objective and crossing and none starts next to an
//! enemy; otherwise the next draw of the same seed is tried. The same seed and source always
//! give the same file.

mod deploy;
mod ground;
mod layout;
mod probe;
mod rng;
mod templates;
mod write;

use std::sync::Arc;

use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::registry::{self, RulesOverrides};
use crate::rules::scenario::{Scenario, ScenarioFile};

pub use probe::{step, unreachable};

use layout::{Features, Flank, Frame, Plan};
use rng::Rng;

/// A field's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    River,
    Ridge,
    Open,
    Town,
}

impl Template {
    /// In the order the seed draws them: seed % 4 (seed 1001 a river line, 1002 a ridge …).
    pub const ALL: [Template; 4] = [
        Template::Town,
        Template::River,
        Template::Ridge,
        Template::Open,
    ];

    /// The word `--template` takes.
    pub fn name(self) -> &'static str {
        match self {
            Template::River => "river",
            Template::Ridge => "ridge",
            Template::Open => "open",
            Template::Town => "town",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Template::River => "river line",
            Template::Ridge => "ridge line",
            Template::Open => "open field",
            Template::Town => "town fight",
        }
    }

    pub fn parse(s: &str) -> Option<Template> {
        Template::ALL.into_iter().find(|t| t.name() == s)
    }

    /// The layout seed `seed` draws.
    pub fn for_seed(seed: u64) -> Template {
        Template::ALL[(seed % 4) as usize]
    }

    /// The share of the map in woods.
    fn woods(self) -> f64 {
        match self {
            Template::Open => 0.07,
            Template::Town => 0.12,
            _ => 0.15,
        }
    }
}

/// The first seed of the held-out set.
pub const HELD_OUT_FROM: u64 = 1000;

/// Which set a seed belongs to: seeds below [`HELD_OUT_FROM`] are the tuning set (they may be
/// used to choose the computer players' parameters), the others are held out (only ever used
/// to report).
pub fn set_of(seed: u64) -> &'static str {
    if seed < HELD_OUT_FROM {
        "tuning"
    } else {
        "held-out"
    }
}

/// Draws tried for one seed before giving up.
const ATTEMPTS: u64 = 24;

/// A generated field: the scenario file, its text, the scenario as loaded, and what was drawn.
#[derive(Clone, Debug)]
pub struct Field {
    pub file: ScenarioFile,
    pub text: String,
    pub scenario: Arc<Scenario>,
    pub template: Template,
    pub description: String,
}

/// A scenario whose army, rules and turns fields take, with what the generator learnt of it:
/// its rules' answers about ground, its stacks and its weaker side.
pub struct Source<'a> {
    scenario: &'a Scenario,
    /// The file as given on the command line (named in the fields it makes).
    like: String,
    rules: RulesOverrides,
    probe: probe::Probe,
    stacks: Vec<deploy::Stack>,
    weaker: Option<usize>,
}

impl<'a> Source<'a> {
    /// `scenario` (given as `like` on the command line) as a source, its fields made and
    /// checked with the rules tables `rules` chooses; why not, if it cannot be one.
    pub fn new(
        scenario: &'a Scenario,
        like: &str,
        rules: &RulesOverrides,
    ) -> Result<Source<'a>, String> {
        check_source(scenario)?;
        Ok(Source {
            probe: probe::probe(scenario, rules)?,
            stacks: deploy::stacks(scenario),
            weaker: weaker(scenario),
            scenario,
            like: like.to_string(),
            rules: rules.clone(),
        })
    }
}

/// A new field for `source`'s army, rules and turns, drawn by `seed` with `template` (or the
/// seed's).
pub fn generate(source: &Source, seed: u64, template: Option<Template>) -> Result<Field, String> {
    let template = template.unwrap_or_else(|| Template::for_seed(seed));
    let origin = write::Origin {
        seed,
        template,
        source: source.scenario,
        like: &source.like,
        rules: &source.rules,
    };
    let mut last = String::new();
    for attempt in 0..ATTEMPTS {
        let mut rng = Rng::new(seed, attempt);
        match draw(&origin, source, &mut rng) {
            Ok(field) => return Ok(field),
            Err(e) => last = e,
        }
    }
    Err(format!(
        "no playable field for seed {seed} in {ATTEMPTS} draws; the last: {last}"
    ))
}

/// What a source must be: a game to a result, with units of both sides on the map.
fn check_source(source: &Scenario) -> Result<(), String> {
    source.playable()?;
    if source.turns.is_none() {
        return Err(
            "it has no number of turns (`turns`): a position to study, not a game to play".into(),
        );
    }
    for (i, side) in source.sides.iter().enumerate() {
        let any = source
            .units
            .iter()
            .any(|u| u.side.0 as usize == i && u.takes_ground() && u.arrives.is_none());
        if !any {
            return Err(format!(
                "the {side} have no combat unit on the map at the start"
            ));
        }
    }
    Ok(())
}

/// The armies' strengths below which the weaker holds the key ground (the share of the
/// stronger's) [generator default].
const DEFEND_BELOW: f64 = 0.85;

/// The side whose army is clearly the weaker (its starting strength, as the victory rules
/// count it, under [`DEFEND_BELOW`] of the other's), if one is.
fn weaker(source: &Scenario) -> Option<usize> {
    let strength = |s: usize| -> f64 {
        source
            .units
            .iter()
            .filter(|u| u.side.0 as usize == s)
            .map(|u| f64::from(u.manpower))
            .sum()
    };
    let (a, b) = (strength(0), strength(1));
    if a < b * DEFEND_BELOW {
        Some(0)
    } else if b < a * DEFEND_BELOW {
        Some(1)
    } else {
        None
    }
}

/// One draw: the frame, the ground, the objectives, the deployment, the file; checked. The
/// source's weaker side, if any, holds the key ground.
fn draw(origin: &write::Origin, src: &Source, rng: &mut Rng) -> Result<Field, String> {
    let (probe, stacks, weaker) = (&src.probe, &src.stacks[..], src.weaker);
    let source = origin.source;
    let flanks = if rng.chance(0.5) {
        [Flank::West, Flank::East]
    } else {
        [Flank::East, Flank::West]
    };
    let most = (0..2)
        .map(|s| {
            stacks
                .iter()
                .filter(|k| k.side == s && k.arrives.is_none())
                .count()
        })
        .max()
        .unwrap_or(1);
    let (cols, rows) = (source.map.columns() as i32, source.map.rows() as i32);
    let defender = weaker.map(|s| flanks[s]);
    let frame = Frame::new(rng, (probe.pace, most), (cols, rows), defender);
    let plan = plan(origin.template, &frame, probe, rng)?;
    let p = &probe.palette;
    let deployable = [p.open, p.rolling, p.woods, p.thick, p.rough, p.high, p.town];
    let ground_ok = |c: Coord| {
        deployable.contains(&plan.ground.letter(c))
            && !plan.objectives.iter().any(|o| o.hex == c)
            && !plan.crossings.contains(&c)
    };
    // The defender stands on the key ground it holds, two columns or more from the other
    // side's zone.
    let claims = flanks.map(|f| {
        let enemy = frame.zone(if f == Flank::West {
            Flank::East
        } else {
            Flank::West
        });
        let held = plan
            .objectives
            .iter()
            .filter(|o| o.holder == Some(f) && !o.base);
        let held = held.filter(|o| frame.defender == Some(f) && frame.span().contains(&o.hex.col));
        held.map(|o| o.hex)
            .filter(|c| deployable.contains(&plan.ground.letter(*c)))
            .filter(|c| enemy.clone().all(|col| col.abs_diff(c.col) >= 2))
            .collect()
    });
    let room = deploy::Room {
        frame: &frame,
        flanks,
        entries: flanks.map(|f| plan.entries[usize::from(f == Flank::East)]),
        claims,
        ground_ok: &ground_ok,
    };
    let hexes = deploy::deploy(&room, stacks, rng)?;
    let file = write::scenario_file(origin, &plan, stacks, &hexes, flanks);
    let scenario = verify(&file, &plan, origin.rules)?;
    Ok(Field {
        text: write::text(origin, &file),
        file,
        scenario,
        template: origin.template,
        description: plan.description,
    })
}

/// The ground of a layout: scattered woods, the layout's features, the bases, the roads.
fn plan(
    template: Template,
    frame: &Frame,
    probe: &probe::Probe,
    rng: &mut Rng,
) -> Result<Plan, String> {
    let mut g = ground::Ground::new(frame.cols, frame.rows, probe.palette.open);
    layout::scatter(&mut g, &probe.palette, rng, template.woods());
    let mut feats: Features = match template {
        Template::River => templates::river(&mut g, frame, probe, rng),
        Template::Ridge => templates::ridge(&mut g, frame, probe, rng),
        Template::Open => templates::open(&mut g, frame, probe, rng),
        Template::Town => templates::town_fight(&mut g, frame, probe, rng),
    };
    if feats.objectives.is_empty() {
        return Err(format!("the {} drew no objective", template.title()));
    }
    for o in &mut feats.objectives {
        o.holder = frame.holder(o.hex);
    }

    let (bases, entries) = layout::bases(&mut g, &probe.palette, frame, rng);
    let cross = template == Template::Town;
    layout::roads(
        &mut g,
        probe,
        (&bases, &feats.objectives, entries),
        &feats,
        rng,
        cross,
    )?;
    let mut objectives = feats.objectives.clone();
    for b in bases {
        if objectives.iter().all(|o| o.hex != b.hex) {
            objectives.push(b);
        }
    }
    if frame.defender.is_none() {
        even_out(&mut objectives, frame.centre());
    }
    Ok(Plan {
        ground: g,
        objectives,
        crossings: feats.crossings,
        entries,
        description: feats.description,
    })
}

/// In a meeting, each side starts with as many points as the other: the objectives of the
/// side with more that lie nearest the middle column are left to nobody while that brings the
/// two closer, then what is left of the difference is added to the cheapest objective the side
/// with fewer holds (its base if it holds no other).
fn even_out(objectives: &mut [layout::Objective], centre: i32) {
    let held = |os: &[layout::Objective], f: Flank| -> u32 {
        os.iter()
            .filter(|o| o.holder == Some(f))
            .map(|o| o.points)
            .sum()
    };
    let gap = |os: &[layout::Objective]| held(os, Flank::West).abs_diff(held(os, Flank::East));
    let mut order: Vec<usize> = (0..objectives.len())
        .filter(|i| !objectives[*i].base)
        .collect();
    order.sort_by_key(|i| {
        let o = &objectives[*i];
        (o.hex.col.abs_diff(centre), o.hex.row, o.hex.col)
    });
    for i in order {
        let (w, e) = (held(objectives, Flank::West), held(objectives, Flank::East));
        let long = if w > e { Flank::West } else { Flank::East };
        if objectives[i].holder != Some(long) || w == e {
            continue;
        }
        let before = gap(objectives);
        objectives[i].holder = None;
        if gap(objectives) >= before {
            objectives[i].holder = Some(long);
        }
    }
    let (w, e) = (held(objectives, Flank::West), held(objectives, Flank::East));
    let (short, diff) = if w < e {
        (Flank::West, e - w)
    } else {
        (Flank::East, w - e)
    };
    if let Some(o) = objectives
        .iter_mut()
        .filter(|o| o.holder == Some(short))
        .min_by_key(|o| (o.points, o.hex.row, o.hex.col))
    {
        o.points += diff;
    }
}

/// The checks a field must pass: the loader and its rules accept it, a game can start on it,
/// every unit can reach every objective and crossing, and no combat unit starts next to an
/// enemy.
fn verify(
    file: &ScenarioFile,
    plan: &Plan,
    overrides: &RulesOverrides,
) -> Result<Arc<Scenario>, String> {
    let (scenario, rules) = registry::check_file(file.clone(), overrides).map_err(|p| {
        let first = p.first().map(ToString::to_string).unwrap_or_default();
        format!("the scenario is refused: {first}")
    })?;
    scenario.playable()?;
    let scenario = Arc::new(scenario);
    let game: Game = crate::rules::flow::new_game(scenario.clone(), rules);
    let mut targets: Vec<Coord> = plan.objectives.iter().map(|o| o.hex).collect();
    targets.extend(&plan.crossings);
    let missed = unreachable(&game, &targets);
    if let Some(m) = missed.first() {
        return Err(format!("a unit cannot reach an objective or crossing: {m}"));
    }
    for u in game.units.iter().filter(|u| u.is_combat()) {
        let hex = u.hex.unwrap_or(Coord::new(0, 0));
        let enemy = hex
            .neighbors()
            .into_iter()
            .flat_map(|n| game.units_at(n).iter());
        if enemy.map(|o| game.unit(*o)).any(|o| o.side != u.side) {
            return Err(format!("unit {} starts next to an enemy", u.id));
        }
    }
    Ok(scenario)
}

#[cfg(test)]
mod tests {
    use super::layout::{Flank, Objective};
    use super::*;

    fn obj(col: i32, points: u32, holder: Option<Flank>, base: bool) -> Objective {
        Objective {
            hex: Coord::new(col, 5),
            name: String::new(),
            points,
            holder,
            base,
        }
    }

    fn held(os: &[Objective], f: Flank) -> u32 {
        os.iter()
            .filter(|o| o.holder == Some(f))
            .map(|o| o.points)
            .sum()
    }

    #[test]
    fn a_meeting_starts_even_by_leaving_the_nearest_objective_to_nobody() {
        let mut os = vec![
            obj(9, 4, Some(Flank::West), false),
            obj(1, 3, Some(Flank::West), true),
            obj(20, 3, Some(Flank::East), true),
        ];
        even_out(&mut os, 10);
        assert_eq!(os[0].holder, None);
        assert_eq!(held(&os, Flank::West), held(&os, Flank::East));
    }

    #[test]
    fn a_meeting_starts_even_by_adding_to_the_side_with_fewer_points() {
        let mut os = vec![
            obj(8, 4, Some(Flank::West), false),
            obj(12, 3, Some(Flank::East), false),
            obj(1, 1, Some(Flank::West), true),
            obj(20, 1, Some(Flank::East), true),
        ];
        even_out(&mut os, 10);
        // Leaving the west's hill to nobody would leave the west 3 behind: the east's base
        // gains the point instead.
        assert_eq!(os[0].holder, Some(Flank::West));
        assert_eq!(os[3].points, 2);
        assert_eq!(held(&os, Flank::West), 5);
        assert_eq!(held(&os, Flank::East), 5);
    }
}
