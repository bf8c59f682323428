//! Terrain help in the editor: the hexes the player has painted are examples; Musket suggests
//! the terrain of every other hex from the board image under it ([`crate::import::terrain`]),
//! and the player accepts the suggestions one by one, around a hex, or all at once. Each
//! acceptance is a `Paint` edit: one undo step.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::editor::{EditorCmd, EditorState, EditorSystems};
use crate::client::state::Screen;
use crate::editor::action::EditAction;
use crate::import::terrain::{Picture, Suggestion, suggest};
use crate::rules::hex::Coord;

/// The examples painted, the board image read, the suggestions shown.
#[derive(Resource, Default)]
pub struct TerrainHelp {
    /// Hex label → the letter painted there in this session.
    painted: BTreeMap<String, char>,
    picture: Option<(PathBuf, Picture)>,
    suggestions: Vec<Suggestion>,
    /// Accept around the focused hex within this many hexes.
    radius: u32,
    message: Option<String>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TerrainHelp>().add_systems(
        Update,
        record_paint
            .before(EditorSystems)
            .run_if(in_state(Screen::Editor)),
    );
}

/// Every `Paint` the player sends makes its hexes examples of that terrain.
fn record_paint(mut cmds: MessageReader<EditorCmd>, mut help: ResMut<TerrainHelp>) {
    for c in cmds.read() {
        if let EditorCmd::Apply(EditAction::Paint { terrain, hexes }) = c {
            for h in hexes {
                help.painted.insert(h.clone(), *terrain);
            }
        }
    }
}

/// The panel: suggest, then accept.
pub fn panel(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    help: &mut TerrainHelp,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    let Some(u) = st.ed.file.underlay.clone() else {
        return;
    };
    ui.separator();
    ui.strong("Terrain help");
    let examples = examples(st, help);
    let kinds = {
        let mut k: Vec<char> = examples.iter().map(|e| e.1).collect();
        k.sort_unstable();
        k.dedup();
        k.len()
    };
    ui.label(format!(
        "Paint a few hexes of each terrain on the board ({} painted, {kinds} terrains); \
         Musket proposes the rest from the image.",
        examples.len()
    ));
    let Some(fit) = u.grid else {
        ui.weak("Needs the board's exact grid fit (an imported module's).");
        return;
    };
    if ui
        .add_enabled(!examples.is_empty(), egui::Button::new("Suggest terrain"))
        .clicked()
    {
        let path = crate::editor::underlay::image_path(&u, &st.path);
        if help.picture.as_ref().is_none_or(|(p, _)| *p != path) {
            help.picture = match std::fs::read(&path)
                .map_err(|e| format!("{}: {e}", path.display()))
                .and_then(|b| Picture::decode(&b, &path.display().to_string()))
            {
                Ok(p) => Some((path, p)),
                Err(e) => {
                    help.message = Some(e);
                    None
                }
            };
        }
        if let Some((_, pic)) = &help.picture {
            let hexes: Vec<Coord> = coords(st);
            let o = st.ed.file.map.orientation;
            help.suggestions = suggest(pic, (&fit, o), &hexes, &examples)
                .into_iter()
                .filter(|s| terrain_at(st, s.hex) != Some(s.letter))
                .collect();
            help.message = Some(format!("{} hexes would change", help.suggestions.len()));
        }
    }
    if let Some(m) = &help.message {
        ui.label(m);
    }
    accept_controls(ui, st, help, cmds);
}

/// Accept all, around the focused hex, or one by one from the list.
fn accept_controls(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    help: &mut TerrainHelp,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    if help.suggestions.is_empty() {
        return;
    }
    let n = st.ed.file.map.numbering();
    let label = |c: Coord| n.label(c);
    let mut take: Vec<Suggestion> = Vec::new();
    ui.horizontal(|ui| {
        if ui
            .button(format!("Accept all ({})", help.suggestions.len()))
            .clicked()
        {
            take = help.suggestions.clone();
        }
        ui.add(
            egui::DragValue::new(&mut help.radius)
                .range(0..=20)
                .prefix("within "),
        );
        let around = st.focus.or(st.hover);
        if ui
            .add_enabled(around.is_some(), egui::Button::new("Accept around the hex"))
            .on_hover_text("The suggestions within that many hexes of the hex picked last")
            .clicked()
            && let Some(h) = around
        {
            take = help
                .suggestions
                .iter()
                .copied()
                .filter(|s| s.hex.distance(h) <= help.radius)
                .collect();
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("terrain_suggestions")
        .max_height(160.0)
        .show(ui, |ui| {
            for s in help.suggestions.iter().take(300) {
                ui.horizontal(|ui| {
                    if ui.small_button("Accept").clicked() {
                        take.push(*s);
                    }
                    let name =
                        crate::rules::map::Terrain::from_letter(s.letter).map_or("?", |t| t.name());
                    let r = ui.add(
                        egui::Label::new(format!(
                            "{} → {name} ({:.0}%)",
                            label(s.hex),
                            100.0 * s.sure
                        ))
                        .sense(egui::Sense::click()),
                    );
                    if r.clicked() {
                        st.focus = Some(s.hex);
                    }
                });
            }
        });
    if take.is_empty() {
        return;
    }
    let mut by_letter: BTreeMap<char, Vec<String>> = BTreeMap::new();
    for s in &take {
        by_letter.entry(s.letter).or_default().push(label(s.hex));
    }
    for (terrain, hexes) in by_letter {
        cmds.write(EditorCmd::Apply(EditAction::Paint { terrain, hexes }));
    }
    help.suggestions.retain(|s| !take.contains(s));
}

fn coords(st: &EditorState) -> Vec<Coord> {
    st.ed.file.map.numbering().hexes().collect()
}

fn terrain_at(st: &EditorState, c: Coord) -> Option<char> {
    st.ed.file.map.letter(c)
}

/// The painted hexes still of the terrain painted (an undone paint is no example).
fn examples(st: &EditorState, help: &TerrainHelp) -> Vec<(Coord, char)> {
    let n = st.ed.file.map.numbering();
    help.painted
        .iter()
        .filter_map(|(l, t)| {
            let c = n.parse(l).ok()?;
            (terrain_at(st, c) == Some(*t)).then_some((c, *t))
        })
        .collect()
}
