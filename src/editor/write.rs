//! The scenario writer: RON in the format of `scenario.md` that a person can read and diff,
//! laid out as the shipped files are: the header fields, the map with one terrain string per
//! row, then one hexside, route, unit or victory hex per line.

use crate::rules::scenario::ScenarioFile;

/// One value on one line (`(hex: "0303", dir: SE, features: [MinorRiver])`).
pub fn line<T: serde::Serialize>(v: &T) -> String {
    let cfg = ron::ser::PrettyConfig::new()
        .compact_structs(true)
        .compact_arrays(true)
        .new_line("")
        .indentor("")
        // "Fox's Gap", not "Fox\'s Gap" (a string holding `"` is written raw: r#"…"#).
        .escape_strings(false);
    crate::rules::scenario::ron_options()
        .to_string_pretty(v, cfg)
        .unwrap_or_default()
}

/// The text of a scenario file.
pub fn scenario_text(f: &ScenarioFile) -> String {
    let mut o = String::from("(\n");
    let mut field = |name: &str, value: String| {
        o.push_str(&format!("    {name}: {value},\n"));
    };
    field("title", line(&f.title));
    field("ruleset", line(&f.ruleset));
    field("sides", line(&f.sides));
    field("weather", line(&f.weather));
    if let Some(t) = f.turn {
        field("turn", t.to_string());
    }
    if let Some(t) = f.turns {
        field("turns", t.to_string());
    }
    if let Some(w) = &f.weather_by_turn {
        field("weather_by_turn", line(w));
    }
    if !f.night_turns.is_empty() {
        field("night_turns", line(&f.night_turns));
    }
    if let Some(b) = &f.briefing {
        field("briefing", line(b));
    }
    if f.movement != crate::rules::movement::Enforcement::Enforced {
        field("movement", line(&f.movement));
    }
    if let Some(u) = &f.underlay {
        field("underlay", line(u));
    }
    let list = |o: &mut String, indent: &str, name: &str, items: Vec<String>| {
        o.push_str(&format!("{indent}{name}: [\n"));
        for i in items {
            o.push_str(&format!("{indent}    {i},\n"));
        }
        o.push_str(&format!("{indent}],\n"));
    };
    let m = &f.map;
    o.push_str("    map: (\n");
    o.push_str(&format!(
        "        columns: {},\n        rows: {},\n",
        m.columns, m.rows
    ));
    list(
        &mut o,
        "        ",
        "terrain",
        m.terrain.iter().map(line).collect(),
    );
    if let Some(e) = &m.elevation {
        list(
            &mut o,
            "        ",
            "elevation",
            e.iter().map(line).collect(),
        );
    }
    list(
        &mut o,
        "        ",
        "hexsides",
        m.hexsides.iter().map(line).collect(),
    );
    list(
        &mut o,
        "        ",
        "routes",
        m.routes.iter().map(line).collect(),
    );
    o.push_str("    ),\n");
    list(
        &mut o,
        "    ",
        "units",
        f.units.iter().map(|u| whole_numbers(&line(u))).collect(),
    );
    if !f.victory.is_empty() {
        list(
            &mut o,
            "    ",
            "victory",
            f.victory.iter().map(line).collect(),
        );
    }
    o.push_str(")\n");
    o
}

/// `Organized(4.0)` as the shipped files write it, `Organized(4)` (the value is the same).
pub fn whole_numbers(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(".0") {
        let (head, tail) = rest.split_at(i);
        let after = &tail[2..];
        let digit_before = head.chars().last().is_some_and(|c| c.is_ascii_digit());
        let ends = after
            .chars()
            .next()
            .is_none_or(|c| matches!(c, ')' | ',' | ' '));
        // Only numbers: not inside a string (names are quoted; a `.0` in one stays).
        let in_string = (out.matches('"').count() + head.matches('"').count()) % 2 == 1;
        out.push_str(head);
        if !(digit_before && ends && !in_string) {
            out.push_str(".0");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}
