//! The attack preview: the attack type and options, the attackers and defenders, the
//! modifiers with their rules, the exact odds of every result as bars, and the Attack button.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::state::{Action, Preview, Selection};
use crate::rules::attack::{ModValue, Odds, OptionSpec, Role};
use crate::rules::cv::{Prob, percent, prob_f64};

pub(crate) fn preview_ui(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    preview: &Preview,
    actions: &mut MessageWriter<Action>,
) {
    ui.strong("Attack");
    ui.horizontal_wrapped(|ui| {
        let mut k = sel.kind;
        ui.label("Type (Q):");
        if ui.radio_value(&mut k, None, "default").changed() {
            actions.write(Action::SetKind(k));
        }
        for t in g.rules.attack_types() {
            if ui.radio_value(&mut k, Some(*t), t.name()).changed() {
                actions.write(Action::SetKind(k));
            }
        }
    });
    // Conditions the map does not show (the ruleset's attack options).
    let kind = preview
        .request
        .as_ref()
        .and_then(|r| r.kind)
        .or(sel.kind)
        .or_else(|| g.rules.attack_types().first().copied());
    if let Some(kind) = kind {
        let specs = g.rules.attack_options(g, kind);
        if !specs.is_empty() {
            egui::Grid::new("attack-options")
                .num_columns(2)
                .show(ui, |ui| {
                    for spec in &specs {
                        attack_option(ui, spec, sel, actions);
                        ui.end_row();
                    }
                });
        }
    }
    let (Some(req), Some(odds)) = (&preview.request, &preview.odds) else {
        ui.label("Choose your units, then point at or click an adjacent enemy hex.");
        return;
    };
    let names: Vec<String> = req
        .attackers
        .iter()
        .map(|u| g.unit(*u).name.clone())
        .collect();
    let defenders: Vec<String> = g
        .units_at(req.defender)
        .iter()
        .map(|u| g.unit(*u).name.clone())
        .collect();
    ui.label(format!(
        "{} on {} ({})",
        names.join(" + "),
        g.label(req.defender),
        defenders.join(", ")
    ));
    match odds {
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(200, 30, 30), e);
        }
        Ok(o) => {
            // Out of its phase (a movement phase, the other side's fire), or beyond what the
            // action allows (GCACW: an assault is a leader's action of its own), the button is
            // greyed and its hover says why: `validate`'s verdict, held with the preview.
            let out_of_phase = preview.refusal.as_deref();
            let differential = g.rules.reads_differential();
            odds_ui(ui, o, actions, preview.pinned, out_of_phase, differential)
        }
    }
}

/// One of the ruleset's attack options: its label (help on hover) and a text box or a choice.
fn attack_option(
    ui: &mut egui::Ui,
    spec: &OptionSpec,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    ui.label(&spec.label).on_hover_text(&spec.help);
    let current = sel
        .options
        .get(spec.key)
        .cloned()
        .unwrap_or_else(|| spec.default.clone());
    if spec.values.is_empty() {
        let mut text = current.clone();
        let r = ui.add(egui::TextEdit::singleline(&mut text).desired_width(60.0));
        if r.changed() {
            actions.write(Action::SetOption(
                spec.key.to_string(),
                Some(text).filter(|t| *t != spec.default),
            ));
        }
        r.on_hover_text(&spec.help);
    } else {
        egui::ComboBox::from_id_salt(spec.key)
            .selected_text(&current)
            .show_ui(ui, |ui| {
                for v in &spec.values {
                    if ui.selectable_label(*v == current, v).clicked() {
                        actions.write(Action::SetOption(
                            spec.key.to_string(),
                            Some(v.clone()).filter(|v| *v != spec.default),
                        ));
                    }
                }
            })
            .response
            .on_hover_text(&spec.help);
    }
}

fn net(o: &Odds) -> String {
    match o.attacker_drm {
        ModValue::ByDie { even, odd } => format!(
            "{:+} / {:+} (artillery die even / odd)",
            even - o.defender_drm.even(),
            odd - o.defender_drm.even()
        ),
        a => format!("{:+}", a.even() - o.defender_drm.even()),
    }
}

fn odds_ui(
    ui: &mut egui::Ui,
    o: &Odds,
    actions: &mut MessageWriter<Action>,
    pinned: bool,
    out_of_phase: Option<&str>,
    differential: bool,
) {
    ui.label(format!("{}", o.kind));
    egui::Grid::new("mods")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for l in &o.lines {
                let who = match l.role {
                    Role::Attacker => "A",
                    Role::Defender => "D",
                };
                ui.label(format!("{who} {}", l.name));
                ui.strong(l.value.to_string());
                // Long details (Shiloh's exact fractions) are cut to the panel; hover shows
                // them whole, with the rule.
                ui.add(egui::Label::new(egui::RichText::new(&l.detail).small()).truncate())
                    .on_hover_text(format!("{}\n{}", l.detail, l.rule));
                ui.end_row();
            }
        });
    if differential {
        ui.label(egui::RichText::new(format!("Net modifier {}", net(o))).strong());
    }
    ui.horizontal(|ui| {
        ui.label(format!("P(retreat or rout) {}", percent(o.p_retreat)));
        ui.label(format!("P(rout) {}", percent(o.p_rout)));
    });
    ui.label(format!(
        "Expected losses: attacker {:.2} of {}, defender {:.2} of {}",
        prob_f64(o.attacker_expected_loss),
        o.attacker_manpower,
        prob_f64(o.defender_expected_loss),
        o.defender_manpower
    ));
    ui.columns(2, |cols| {
        cols[0].strong("Defender");
        bars(
            &mut cols[0],
            &o.defender_results,
            egui::Color32::from_rgb(170, 60, 40),
        );
        cols[1].strong("Attacker");
        bars(
            &mut cols[1],
            &o.attacker_results,
            egui::Color32::from_rgb(60, 90, 170),
        );
    });
    let label = if pinned {
        "Attack! (Enter)"
    } else {
        "Attack! (click the hex, or Enter)"
    };
    let button = ui
        .add_enabled(
            out_of_phase.is_none(),
            egui::Button::new(egui::RichText::new(label).strong().size(16.0)),
        )
        .on_disabled_hover_text(out_of_phase.unwrap_or_default());
    if button.clicked() {
        actions.write(Action::ConfirmAttack);
    }
}

/// One bar per result, its length the probability.
fn bars(ui: &mut egui::Ui, list: &[(String, Prob)], color: egui::Color32) {
    for (code, p) in list {
        let (rect, resp) = ui.allocate_exact_size(
            egui::vec2(ui.available_width().min(170.0), 16.0),
            egui::Sense::hover(),
        );
        let f = prob_f64(*p) as f32;
        let painter = ui.painter();
        painter.rect_filled(rect, 2.0, egui::Color32::from_gray(230));
        let bar = egui::Rect::from_min_size(
            rect.min + egui::vec2(44.0, 2.0),
            egui::vec2((rect.width() - 90.0).max(10.0) * f, 12.0),
        );
        painter.rect_filled(bar, 2.0, color);
        painter.text(
            rect.left_center() + egui::vec2(3.0, 0.0),
            egui::Align2::LEFT_CENTER,
            code,
            egui::FontId::monospace(12.0),
            egui::Color32::BLACK,
        );
        painter.text(
            rect.right_center() - egui::vec2(3.0, 0.0),
            egui::Align2::RIGHT_CENTER,
            percent(*p),
            egui::FontId::proportional(11.0),
            egui::Color32::BLACK,
        );
        resp.on_hover_text(format!("{}/{} exactly", p.numer(), p.denom()));
    }
}
