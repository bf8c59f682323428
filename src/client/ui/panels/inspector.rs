//! The stack inspector: the chosen hex (terrain, elevation, hexsides, zones of control), its
//! units (own ones chosen by ticking them), the rule system's special actions, and the units
//! chosen elsewhere.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::state::{Action, Selection};
use crate::client::ui::theme::c32;
use crate::rules::hex::Coord;
use crate::rules::map::Terrain;

fn unit_line(g: &crate::rules::game::Game, unit: crate::rules::unit::UnitIdx) -> String {
    let u = g.unit(unit);
    let face = g.rules.counter(g, unit);
    let mut s = format!(
        "{} [{}] {} {}{}",
        u.name,
        u.id,
        u.kind.name(),
        face.value,
        g.rules.unit_facts(g, unit)
    );
    for (m, _) in face.markers {
        s.push(' ');
        s.push_str(&m);
    }
    s
}

/// The rule system's special actions of the chosen units (Shiloh: change of mode, fortify),
/// each with its cost, as buttons; one greyed with why it cannot be taken now.
fn special_buttons(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    let movers = crate::client::moves::movers(g, sel);
    let mut seen: Vec<String> = Vec::new();
    let pts = g.rules.movement().points_name();
    let specials: Vec<crate::rules::attack::SpecialAction> = movers
        .iter()
        .flat_map(|u| g.rules.special_actions(g, *u))
        .filter(|a| {
            let new = !seen.contains(&a.key);
            seen.push(a.key.clone());
            new
        })
        .collect();
    if specials.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for a in specials {
            let (text, ok, tip) = match &a.cost {
                Ok(c) if *c == crate::rules::points::Mp::ZERO => {
                    (a.label.clone(), true, a.rule.clone())
                }
                Ok(c) => (format!("{} ({c} {pts})", a.label), true, a.rule.clone()),
                Err(why) => (a.label.clone(), false, format!("{why} ({})", a.rule)),
            };
            if ui
                .add_enabled(ok, egui::Button::new(egui::RichText::new(text).small()))
                .on_hover_text(&tip)
                .on_disabled_hover_text(&tip)
                .clicked()
            {
                actions.write(Action::Special(a.key.clone()));
            }
        }
    });
}

/// A leader who may be activated (GCACW's action phase): the button, with the units of his
/// command his radius reaches, and why the others may not act.
fn activate_button(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    let Some(leader) = crate::client::moves::leader_to_activate(g, sel) else {
        return;
    };
    let Some(r) = crate::rules::actions::reach(g, leader) else {
        return;
    };
    let l = g.unit(leader);
    let radius = g.sequence.activation.as_ref().map_or(0, |a| a.radius);
    let mut tip = format!(
        "{} and the units of his command within {radius} hexes make one action, on one march \
         roll; each then moves on its own.\n",
        l.name
    );
    for u in &r.eligible {
        tip += &format!("\n✔ {}", g.unit(*u).name);
    }
    for (u, why) in &r.refused {
        tip += &format!("\n✘ {}: {why}", g.unit(*u).name);
    }
    if let Some(a) = &g.sequence.activation {
        tip += &format!("\n\n{}", a.source);
    }
    let n = r.eligible.len();
    if ui
        .add_enabled(
            n > 0,
            egui::Button::new(format!(
                "Activate {} (C): {n} unit{}",
                l.name,
                if n == 1 { "" } else { "s" }
            )),
        )
        .on_hover_text(&tip)
        .on_disabled_hover_text(&tip)
        .clicked()
    {
        actions.write(Action::Activate);
    }
}

/// The forced march of the chosen stack (an action phase, after its march roll): the button
/// with what it adds and costs; greyed with why it cannot be made.
fn force_march_button(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    let Some(f) = g.sequence.fatigue.as_ref().and_then(|f| f.forced.as_ref()) else {
        return;
    };
    let movers = crate::client::moves::movers(g, sel);
    if movers.is_empty() || !crate::rules::gate::on_initiative(g) {
        return;
    }
    let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
    let check = match crate::rules::actions::forced_march_refusal(g, &ids) {
        None => Ok(()),
        Some(why) => Err(why),
    };
    let tip = match &check {
        Ok(_) => format!(
            "{}d6{:+}, at least {} MP more to the march; {} fatigue level{} each\n\n{}",
            f.dice,
            f.modifier,
            f.min,
            f.fatigue,
            if f.fatigue == 1 { "" } else { "s" },
            f.source
        ),
        Err(why) => why.clone(),
    };
    if ui
        .add_enabled(check.is_ok(), egui::Button::new("Force march (F)"))
        .on_hover_text(&tip)
        .on_disabled_hover_text(&tip)
        .clicked()
    {
        actions.write(Action::ForceMarch);
    }
}

pub(crate) fn inspector(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    threats: Option<(&[String], bool)>,
    actions: &mut MessageWriter<Action>,
) {
    ui.strong("Stack");
    let Some(h) = sel.hex else {
        ui.label("Click a hex to see its stack.");
        chosen_list(ui, g, sel, actions);
        return;
    };
    let t = g.map().terrain(h).unwrap_or(Terrain::Clear);
    let elevation = g.map().elevation(h);
    if elevation > 0 {
        ui.label(format!(
            "{} — {}, elevation {elevation}",
            g.scenario.label_named(h),
            t.name()
        ));
    } else {
        ui.label(format!("{} — {}", g.scenario.label_named(h), t.name()));
    }
    stack_units(ui, g, sel, h, actions);
    special_buttons(ui, g, sel, actions);
    activate_button(ui, g, sel, actions);
    force_march_button(ui, g, sel, actions);
    hexsides_and_zoc(ui, g, h);
    // The danger overlay (T): what the enemy can do to this hex in its next turn.
    if let Some((lines, computing)) = threats
        && g.side_at(h) == Some(g.active_side)
    {
        ui.separator();
        ui.strong("Threats (the enemy's next turn)");
        if computing {
            ui.label(egui::RichText::new("computing…").small().italics());
        }
        if lines.is_empty() && !computing {
            ui.label(egui::RichText::new("No enemy stack can attack this hex.").small());
        }
        for l in lines {
            ui.label(egui::RichText::new(l).small());
        }
    }
    chosen_list(ui, g, sel, actions);
}

/// The units in hex `h`, in their side's colour; the side to move's ticked when chosen.
fn stack_units(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    h: Coord,
    actions: &mut MessageWriter<Action>,
) {
    let here = g.units_at(h);
    if here.is_empty() {
        ui.label("No units.");
    }
    for &u in here {
        let unit = g.unit(u);
        let own = unit.side == g.active_side;
        let mut line = unit_line(g, u);
        if own {
            let a = crate::client::moves::allowance_text(g, u);
            if !a.is_empty() {
                line.push_str(&format!(" · {a}"));
            }
        }
        let text = egui::RichText::new(line).color(c32(crate::client::units::side_color(
            crate::client::units::tone(&g.scenario, unit.side),
        )));
        if own {
            let mut on = sel.units.contains(&u);
            if ui
                .checkbox(&mut on, text)
                .on_hover_text("Chosen units move together and attack together")
                .changed()
            {
                actions.write(Action::ToggleUnit(u));
            }
        } else {
            ui.label(text);
        }
    }
}

/// The features and routes on hex `h`'s sides, and the enemy units whose ZOC covers it.
fn hexsides_and_zoc(ui: &mut egui::Ui, g: &crate::rules::game::Game, h: Coord) {
    // Hexsides of this hex.
    let sides: Vec<String> = crate::rules::hex::Dir::ALL
        .iter()
        .filter_map(|d| {
            let info = g.map().side(h, *d);
            let f: Vec<&str> = info
                .features()
                .map(|f| f.name())
                .chain(info.routes().map(|r| r.name()))
                .collect();
            (!f.is_empty()).then(|| format!("{}: {}", d.name(), f.join(", ")))
        })
        .collect();
    if !sides.is_empty() {
        ui.label(egui::RichText::new(sides.join("; ")).small());
    }
    let zoc = g.rules.zoc_at(g, h);
    if !zoc.is_empty() {
        let z: Vec<String> = zoc
            .iter()
            .map(|e| {
                format!(
                    "{}{}",
                    g.unit(e.unit).name,
                    if e.kind == crate::rules::attack::ZocKind::Restricted {
                        " (restricted)"
                    } else {
                        ""
                    }
                )
            })
            .collect();
        ui.label(egui::RichText::new(format!("In the ZOC of: {}", z.join(", "))).small());
    }
}

fn chosen_list(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    let elsewhere: Vec<_> = sel
        .units
        .iter()
        .filter(|u| g.unit(**u).hex != sel.hex)
        .collect();
    if !elsewhere.is_empty() {
        ui.label("Also chosen:");
        for &&u in &elsewhere {
            let mut on = true;
            if ui.checkbox(&mut on, unit_line(g, u)).changed() {
                actions.write(Action::ToggleUnit(u));
            }
        }
    }
}
