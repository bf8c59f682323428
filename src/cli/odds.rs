//! `musket odds` (the exact odds of an attack, every modifier explained) and `musket resolve`
//! (the attack rolled with seeded dice); the odds as text and as the JSON object of the
//! command-line contract (scenario.md), which `musket threats` prints too.

use std::process::ExitCode;

use serde_json::{Map, Value, json};

use super::{AttackArgs, Failure, ResolveArgs, load_game};
use crate::rules::attack::{AttackRequest, Choices, ModValue, Odds, Role};
use crate::rules::cv::{Prob, percent, prob_f64};
use crate::rules::game::Game;
use crate::rules::narrate::Describe;
use crate::rules::order::Command;
use crate::rules::registry::RulesOverrides;
use crate::rules::ruleset::attack_request;
use crate::rules::session::Session;
use crate::rules::unit::UnitIdx;

/// The game, the attack and its odds the arguments of `odds` and `resolve` describe.
fn assess_args(
    a: &AttackArgs,
    ov: &RulesOverrides,
) -> Result<(Game, AttackRequest, Odds), Failure> {
    let game = load_game(&a.scenario, ov)?;
    let req = attack_request(
        &game,
        &a.attackers,
        &a.defender,
        a.kind.map(Into::into),
        a.march_type.clone(),
        &a.options.iter().cloned().collect(),
    )?;
    let odds = game.rules.odds(&game, &req)?;
    Ok((game, req, odds))
}

/// `musket odds`: the odds as text, or as one JSON object.
pub fn odds(a: AttackArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let (game, req, odds) = assess_args(&a, ov)?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&odds_json(&game, &req.attackers, &odds))?
        );
    } else {
        out!("{}", odds_text(&game, &req, &odds));
    }
    Ok(ExitCode::SUCCESS)
}

/// `musket resolve`: the attack made with seeded dice in its side's turn; what happens, as text
/// or as one JSON object (with the odds).
pub fn resolve(r: ResolveArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let ResolveArgs {
        attack: a,
        seed,
        retreat,
        advance,
        attacker_losses,
        defender_losses,
    } = r;
    let (mut game, req, odds) = assess_args(&a, ov)?;
    // A one-off attack on the scenario's position: it is made in its side's turn.
    crate::rules::command::set_turn_for_attack(&mut game, &req);
    let mut session = Session::at_position(game, seed);
    let cmd = Command::Attack {
        attackers: a.attackers.clone(),
        defender: a.defender.clone(),
        kind: a.kind.map(Into::into),
        march_type: a.march_type.clone(),
        options: a.options.iter().cloned().collect(),
        choices: Choices {
            attacker_losses,
            defender_losses,
            retreat,
            advance,
        },
    };
    let events = session.execute(cmd)?;
    let game = &session.game;
    if a.json {
        let mut o = Map::new();
        o.insert("seed".into(), json!(seed));
        o.insert("events".into(), serde_json::to_value(&events)?);
        o.insert(
            "log".into(),
            json!(events.iter().map(|e| e.describe(game)).collect::<Vec<_>>()),
        );
        o.insert("odds".into(), odds_json(game, &req.attackers, &odds));
        outln!("{}", serde_json::to_string_pretty(&Value::Object(o))?);
    } else {
        let net = if game.rules.reads_differential() {
            format!("net {}; ", net(&odds))
        } else {
            String::new()
        };
        outln!(
            "{} ({}: {net}P(retreat or rout) {}, P(rout) {}) with seed {seed}:",
            game.rules.name(),
            odds.kind,
            percent(odds.p_retreat),
            percent(odds.p_rout)
        );
        for e in &events {
            outln!("  {}", e.describe(game));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn net(o: &Odds) -> String {
    match (o.attacker_drm, o.defender_drm) {
        (ModValue::Fixed(a), d) => format!("{:+}", a - d.even()),
        (ModValue::ByDie { even, odd }, d) => format!(
            "{:+} / {:+} by the artillery die",
            even - d.even(),
            odd - d.even()
        ),
        (a, d) => format!("{:+}", a.even() - d.even()),
    }
}

fn fraction(p: Prob) -> String {
    format!("{}/{}", p.numer(), p.denom())
}

/// The readable breakdown of `musket odds`.
pub fn odds_text(game: &Game, req: &AttackRequest, o: &Odds) -> String {
    let mut s = String::new();
    text_heading(&mut s, game, req, o);
    let dice_differential = game.rules.reads_differential();
    if dice_differential {
        text_combat_values(&mut s, &o.extra_json);
    }
    text_modifiers(&mut s, o, dice_differential);
    text_differential(&mut s, o, dice_differential);
    text_results(&mut s, o);
    text_notes(&mut s, o);
    s
}

/// Who attacks whom, where, and the type of attack.
fn text_heading(s: &mut String, game: &Game, req: &AttackRequest, o: &Odds) {
    let names: Vec<String> = req
        .attackers
        .iter()
        .map(|u| {
            let unit = game.unit(*u);
            format!(
                "{} ({}, {})",
                unit.name,
                unit.id,
                unit.hex.map(|h| game.label(h)).unwrap_or_default()
            )
        })
        .collect();
    let def: Vec<String> = game
        .units_at(req.defender)
        .iter()
        .map(|u| game.unit(*u).name.clone())
        .collect();
    let terrain = game.map().terrain(req.defender).map_or("?", |t| t.name());
    s.push_str(&format!(
        "{} on {} ({}, {}): {}\n",
        names.join(" + "),
        game.label(req.defender),
        def.join(", "),
        terrain,
        o.kind
    ));
}

/// GCACW: the combat values and the CRT columns they give.
fn text_combat_values(s: &mut String, x: &Map<String, Value>) {
    let text = |k: &str| x.get(k).and_then(Value::as_str).unwrap_or("?").to_string();
    s.push_str(&format!(
        "Combat values: attacker {}, defender {}; CRT columns: attacker {}, defender {}\n",
        text("attacker_cv_text"),
        text("defender_cv_text"),
        x.get("crt_columns")
            .and_then(|c| c.get("attacker"))
            .and_then(Value::as_str)
            .unwrap_or("?"),
        x.get("crt_columns")
            .and_then(|c| c.get("defender"))
            .and_then(Value::as_str)
            .unwrap_or("?"),
    ));
}

/// Each side's modifiers with their values and rules (GCACW: each die's total and the net).
fn text_modifiers(s: &mut String, o: &Odds, dice_differential: bool) {
    for (role, title, total) in [
        (
            Role::Attacker,
            if dice_differential {
                "Attacker's die"
            } else {
                "Attacker"
            },
            o.attacker_drm,
        ),
        (
            Role::Defender,
            if dice_differential {
                "Defender's die"
            } else {
                "Defender"
            },
            o.defender_drm,
        ),
    ] {
        s.push_str(&format!("{title}:\n"));
        let mut any = false;
        for l in o.lines.iter().filter(|l| l.role == role) {
            any = true;
            s.push_str(&format!(
                "  {} {}: {}  [{}]\n",
                l.name, l.value, l.detail, l.rule
            ));
        }
        if !any {
            s.push_str("  no modifiers\n");
        }
        if dice_differential {
            s.push_str(&format!("  total {total}\n"));
        }
    }
    if dice_differential {
        s.push_str(&format!(
            "Net modifier {}{}\n",
            net(o),
            if o.extra_die {
                " (the artillery die is rolled before combat)"
            } else {
                ""
            }
        ));
    }
}

/// The distribution of the differential (or what the rule system reads in its place).
fn text_differential(s: &mut String, o: &Odds, dice_differential: bool) {
    if dice_differential {
        s.push_str("Final differential (attacker roll + modifiers - defender roll - modifiers):\n");
    } else {
        let meaning = o
            .extra_json
            .get("differential_meaning")
            .and_then(Value::as_str)
            .unwrap_or("the rule system's differential");
        s.push_str(&format!("Differential ({meaning}):\n"));
    }
    for (k, p) in &o.differential {
        s.push_str(&format!(
            "  {:>+3}  {:>6}  {}\n",
            k,
            percent(*p),
            fraction(*p)
        ));
    }
}

/// Each side's results, the chances of a retreat and a rout, and the expected losses.
fn text_results(s: &mut String, o: &Odds) {
    for (side, manpower, list) in [
        ("Defender", o.defender_manpower, &o.defender_results),
        ("Attacker", o.attacker_manpower, &o.attacker_results),
    ] {
        s.push_str(&format!(
            "{side}'s result ({manpower} manpower in the combat):\n"
        ));
        for (c, p) in list {
            s.push_str(&format!(
                "  {:<6} {:>6}  {}\n",
                c,
                percent(*p),
                fraction(*p)
            ));
        }
    }
    s.push_str(&format!(
        "P(defender retreats or routs) {} ({}), P(rout) {} ({})\n",
        percent(o.p_retreat),
        fraction(o.p_retreat),
        percent(o.p_rout),
        fraction(o.p_rout)
    ));
    s.push_str(&format!(
        "Expected losses: attacker {:.2} of {}, defender {:.2} of {}\n",
        prob_f64(o.attacker_expected_loss),
        o.attacker_manpower,
        prob_f64(o.defender_expected_loss),
        o.defender_manpower
    ));
}

/// The rule system's own lines, and the hexes around the defender.
fn text_notes(s: &mut String, o: &Odds) {
    // Lines a rule system adds for players (e.g. NGG 1812's distributions of hits).
    if let Some(Value::Array(lines)) = o.extra_json.get("text_lines") {
        for l in lines.iter().filter_map(Value::as_str) {
            s.push_str(l);
            s.push('\n');
        }
    }
    if !o.hex_notes.is_empty() {
        s.push_str("Around the defender:\n");
        for n in &o.hex_notes {
            s.push_str(&format!("  {}: {}\n", n.label, n.reasons.join("; ")));
        }
    }
}

/// The JSON object of `musket odds --json` (scenario.md "Command-line contract").
pub fn odds_json(game: &Game, attackers: &[UnitIdx], o: &Odds) -> Value {
    let mut m = Map::new();
    m.insert("ruleset".into(), json!(o.ruleset));
    m.insert("type".into(), json!(o.kind.name()));
    m.insert(
        "attackers".into(),
        json!(
            attackers
                .iter()
                .map(|u| game.unit(*u).id.clone())
                .collect::<Vec<_>>()
        ),
    );
    if game.rules.reads_differential() {
        json_differential_facts(&mut m, o);
    }
    m.insert(
        "differential".into(),
        keyed(o.differential.iter().map(|(k, p)| (k, *p)), as_number),
    );
    m.insert(
        "defender_results".into(),
        results(&o.defender_results, as_number),
    );
    m.insert(
        "attacker_results".into(),
        results(&o.attacker_results, as_number),
    );
    m.insert("p_retreat".into(), json!(prob_f64(o.p_retreat)));
    m.insert("p_rout".into(), json!(prob_f64(o.p_rout)));
    m.insert(
        "expected_manpower_lost".into(),
        json!({ "attacker": prob_f64(o.attacker_expected_loss), "defender": prob_f64(o.defender_expected_loss) }),
    );
    m.insert("modifiers".into(), json_modifiers(o));
    m.insert("exact".into(), json_exact(o));
    // The rule system's own facts (its `Odds::extra_json`), verbatim.
    m.insert("extra".into(), Value::Object(o.extra_json.clone()));
    m.insert(
        "hexes".into(),
        json!(o.hex_notes.iter().map(|n| json!({
            "hex": n.label, "covered": n.covered, "reduces": n.reduces, "reasons": n.reasons,
        })).collect::<Vec<_>>()),
    );
    Value::Object(m)
}

/// GCACW's facts behind the differential: the combat values, their ratio, the modifiers.
fn json_differential_facts(m: &mut Map<String, Value>, o: &Odds) {
    let get = |k: &str| o.extra_json.get(k).cloned().unwrap_or(Value::Null);
    m.insert("attacker_cv".into(), get("attacker_cv"));
    m.insert("defender_cv".into(), get("defender_cv"));
    m.insert("ratio".into(), get("ratio"));
    let ratio_mod = o
        .lines
        .iter()
        .find(|l| l.name == "Ratio")
        .map_or(0, |l| l.value.even());
    m.insert("ratio_modifier".into(), json!(ratio_mod));
    let art = get("artillery_modifier");
    m.insert("artillery_modifier".into(), art);
    m.insert("flank".into(), get("flank"));
    m.insert("tactical".into(), get("tactical"));
    m.insert("attacker_drm".into(), json!(o.attacker_drm.even()));
    m.insert("attacker_drm_odd".into(), json!(o.attacker_drm.odd()));
    m.insert("defender_drm".into(), json!(o.defender_drm.even()));
}

/// Every modifier line, with its side, values, detail and rule.
fn json_modifiers(o: &Odds) -> Value {
    json!(
        o.lines
            .iter()
            .map(|l| {
                let mut j = json!({
                    "side": l.role.name(),
                    "name": l.name,
                    "even": l.value.even(),
                    "odd": l.value.odd(),
                    "value": l.value.to_string(),
                    "detail": l.detail,
                    "rule": l.rule,
                });
                match l.value {
                    ModValue::Factor(_) => j["factor"] = json!(l.value.factor()),
                    ModValue::Points(p) => j["points"] = json!(p),
                    _ => {}
                }
                j
            })
            .collect::<Vec<_>>()
    )
}

/// The probabilities again as exact fractions.
fn json_exact(o: &Odds) -> Value {
    json!({
        "differential": keyed(o.differential.iter().map(|(k, p)| (k, *p)), as_fraction),
        "defender_results": results(&o.defender_results, as_fraction),
        "attacker_results": results(&o.attacker_results, as_fraction),
        "p_retreat": fraction(o.p_retreat),
        "p_rout": fraction(o.p_rout),
        "expected_manpower_lost": { "attacker": fraction(o.attacker_expected_loss), "defender": fraction(o.defender_expected_loss) },
    })
}

fn as_number(p: Prob) -> Value {
    json!(prob_f64(p))
}

fn as_fraction(p: Prob) -> Value {
    json!(fraction(p))
}

/// A distribution as one JSON object, its keys in order, each probability as `value` gives it.
fn keyed<K: ToString>(l: impl Iterator<Item = (K, Prob)>, value: fn(Prob) -> Value) -> Value {
    Value::Object(l.map(|(k, p)| (k.to_string(), value(p))).collect())
}

/// A list of results (code and probability) as one JSON object.
fn results(l: &[(String, Prob)], value: fn(Prob) -> Value) -> Value {
    keyed(l.iter().map(|(c, p)| (c, *p)), value)
}
