//! Malformed scenario files are refused with a message that names the place.
//!
//! Normative: `shared/formats/scenario.md`, sections "Strictness" and "Bad input": a file that
//! does not follow the format is refused with a message naming the file, the line and column
//! where RON parsing failed, or the field and value that is wrong. Never a panic, never a
//! partial load.
//!
//! Each test starts from the valid `scenarios/example-flank.ron` (or a small inline file) and
//! makes one mistake.

use std::path::Path;

use musket::rules::registry::parse_scenario as parse;
use musket::rules::scenario::ScenarioError;
use proptest::prelude::*;

const EXAMPLE: &str = include_str!("../../scenarios/example-flank.ron");

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The example with `from` (which must occur exactly once) replaced by `to`.
fn with(from: &str, to: &str) -> String {
    assert_eq!(
        EXAMPLE.matches(from).count(),
        1,
        "the test's needle {from:?} must occur exactly once in the example"
    );
    EXAMPLE.replacen(from, to, 1)
}

/// 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    let i = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the text"));
    text[..i].matches('\n').count() + 1
}

/// 1-based column (in characters) of the first occurrence of `needle` in `text`.
fn col_of(text: &str, needle: &str) -> usize {
    let i = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the text"));
    let start = text[..i].rfind('\n').map_or(0, |p| p + 1);
    text[start..i].chars().count() + 1
}

/// Parse as `bad.ron`: must be refused (not a panic, not Ok) with a message naming the file.
fn refuse(text: &str) -> ScenarioError {
    match parse(text, Path::new("bad.ron")) {
        Ok(_) => panic!("the malformed file was accepted:\n{text}"),
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.starts_with("bad.ron"),
                "the message does not name the file: {msg}"
            );
            e
        }
    }
}

/// A RON error (syntax, unknown field, unknown variant …) at `line`, at the column where
/// `token` starts (its first occurrence in `text`), whose message mentions `word`.
/// scenario.md Bad input: "the line and column where RON parsing failed".
fn assert_syntax_at(text: &str, token: &str, line: usize, word: &str) {
    assert_eq!(
        line_of(text, token),
        line,
        "test setup: {token:?} is not on line {line}"
    );
    let first = col_of(text, token);
    let e = refuse(text);
    let msg = e.to_string();
    match &e {
        ScenarioError::Syntax {
            line: l,
            col,
            message,
            ..
        } => {
            assert_eq!(*l, line, "wrong line in: {msg}");
            assert_eq!(
                *col, first,
                "the column is not where {token:?} starts: {msg}"
            );
            assert!(msg.starts_with(&format!("bad.ron:{line}:{col}:")), "{msg}");
            assert!(
                message.to_lowercase().contains(&word.to_lowercase()),
                "message does not mention {word:?}: {msg}"
            );
        }
        other => panic!("expected a RON syntax error, got: {other}"),
    }
}

/// A RON error at `line` (any column), whose message mentions `word`.
fn assert_syntax_line(text: &str, line: usize, word: &str) {
    let e = refuse(text);
    let msg = e.to_string();
    match &e {
        ScenarioError::Syntax {
            line: l,
            col,
            message,
            ..
        } => {
            assert_eq!(*l, line, "wrong line in: {msg}");
            assert!(*col >= 1, "{msg}");
            assert!(msg.starts_with(&format!("bad.ron:{line}:{col}:")), "{msg}");
            assert!(
                message.to_lowercase().contains(&word.to_lowercase()),
                "message does not mention {word:?}: {msg}"
            );
        }
        other => panic!("expected a RON syntax error, got: {other}"),
    }
}

/// A semantic refusal that lists a problem with exactly this `field`, a value containing
/// `value`, and a problem text containing `word`; the message shows field and value.
/// scenario.md Bad input: "the field and value that is wrong".
fn assert_problem(text: &str, field: &str, value: &str, word: &str) -> ScenarioError {
    let e = refuse(text);
    let msg = e.to_string();
    assert!(
        matches!(e, ScenarioError::Invalid { .. }),
        "expected a semantic error, got: {msg}"
    );
    let hit = e.problems().iter().any(|p| {
        p.field == field
            && p.value.contains(value)
            && p.problem.to_lowercase().contains(&word.to_lowercase())
    });
    assert!(hit, "no problem {field} = …{value}…: …{word}… in: {msg}");
    assert!(msg.contains(field), "message does not name {field}: {msg}");
    assert!(msg.contains(value), "message does not show {value}: {msg}");
    e
}

fn accept(text: &str) -> musket::rules::scenario::Scenario {
    match parse(text, Path::new("good.ron")) {
        Ok(s) => s,
        Err(e) => panic!("a valid file was refused: {e}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Controls
// ---------------------------------------------------------------------------------------------

#[test]
fn the_example_itself_loads() {
    let s = accept(EXAMPLE);
    assert_eq!(s.units.len(), 5);
}

// scenario.md Strictness: "A hexside entry facing off the map is allowed".
#[test]
fn hexside_facing_off_the_map_is_allowed() {
    let text = with(
        r#"(hex: "0303", dir: S, features: [Woods]),"#,
        r#"(hex: "0303", dir: S, features: [Woods]), (hex: "0101", dir: N, features: [MajorRiver]),"#,
    );
    accept(&text);
}

#[test]
fn the_example_is_refused_under_its_own_path_by_load_when_missing() {
    let e = musket::rules::registry::load_scenario(Path::new("no-such-dir/bad.ron")).unwrap_err();
    assert!(e.to_string().starts_with("no-such-dir/bad.ron"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// RON errors: line and column (scenario.md Bad input)
// ---------------------------------------------------------------------------------------------

// scenario.md Strictness: "a misspelt `fatige: 2` must not silently become 0".
#[test]
fn unknown_field_misspelt_fatigue() {
    let text = with("fatigue: 2", "fatige: 2");
    assert_syntax_at(&text, "fatige", 34, "fatige");
}

// scenario.md Strictness: unknown fields are errors, at every level (here in `map`).
#[test]
fn unknown_field_in_map() {
    let text = with(
        "        rows: 5,\n",
        "        rows: 5,\n        colour: 3,\n",
    );
    assert_syntax_at(&text, "colour", 11, "colour");
}

// scenario.md File shape: the hexside features are a closed list.
#[test]
fn unknown_feature_name_in_hexsides() {
    let text = with("features: [MinorRiver]", "features: [MinorRivr]");
    assert_syntax_at(&text, "MinorRivr", 19, "MinorRivr");
}

// scenario.md File shape: Infantry | Cavalry | Artillery | Leader.
#[test]
fn unknown_unit_kind() {
    let text = with(
        r#"side: "Confederate", kind: Infantry"#,
        r#"side: "Confederate", kind: Infantery"#,
    );
    assert_syntax_at(&text, "Infantery", 27, "Infantery");
}

// scenario.md Coordinates: the six directions N, NE, SE, S, SW, NW.
#[test]
fn unknown_direction() {
    let text = with("dir: S,", "dir: Q,");
    assert_syntax_at(&text, "Q,", 20, "Q");
}

// scenario.md File shape: `map` is required.
#[test]
fn missing_required_field_map() {
    let start = EXAMPLE.find("    map: (").unwrap();
    let end = EXAMPLE.find("    units: [").unwrap();
    let text = format!("{}{}", &EXAMPLE[..start], &EXAMPLE[end..]);
    // The struct ends on the last line, where RON finds `map` missing.
    let last_line = text.trim_end().lines().count();
    assert_syntax_line(&text, last_line, "map");
}

// scenario.md File shape: a unit's `id` is required.
#[test]
fn missing_required_unit_field_id() {
    let text = with(r#"(id: "usa-crook", "#, "(");
    // The unit's struct closes on line 34.
    assert_syntax_line(&text, 34, "id");
}

// scenario.md Bad input: a truncated file is a RON error at its end.
#[test]
fn truncated_file() {
    let cut = EXAMPLE.find("strength: Organized(9)").unwrap();
    let text = &EXAMPLE[..cut];
    let lines = text.lines().count();
    assert_eq!(lines, 30);
    assert_syntax_line(text, lines, "");
}

// scenario.md Bad input: unclosed parenthesis.
#[test]
fn unclosed_parenthesis() {
    let text = with("Organized(3)", "Organized(3");
    // `Organized(3, fatigue: 2)`: RON takes the comma as a trailing one and finds `fatigue`
    // where `)` is due.
    assert_syntax_at(&text, "fatigue", 34, "closing");
}

#[test]
fn missing_final_parenthesis() {
    let text = EXAMPLE.trim_end().strip_suffix(')').unwrap().to_string();
    let lines = text.lines().count();
    let e = refuse(&text);
    match e {
        ScenarioError::Syntax { line, .. } => assert!(line >= lines, "line {line} before the end"),
        other => panic!("expected a syntax error, got {other}"),
    }
}

#[test]
fn empty_file() {
    let e = refuse("");
    assert!(matches!(e, ScenarioError::Syntax { line: 1, .. }), "{e}");
    assert!(e.to_string().starts_with("bad.ron:1:"), "{e}");
}

#[test]
fn whitespace_and_comment_only_file() {
    let e = refuse("   \n// nothing here\n");
    assert!(matches!(e, ScenarioError::Syntax { .. }), "{e}");
}

// A wrong type is a RON error at the value.
#[test]
fn columns_given_as_a_string() {
    let text = with("columns: 6,", r#"columns: "6","#);
    assert_syntax_at(&text, r#""6""#, 9, "");
}

// A value that starts a line is named on its own line, not on the line of its field name.
#[test]
fn wrong_type_on_the_next_line() {
    let text = with("columns: 6,", "columns:\n            \"6\",");
    assert_syntax_at(&text, r#""6""#, 10, "integer");
}

// Extra spaces before a bad value: the column is the value's, not the space's.
#[test]
fn wrong_type_after_spaces() {
    let text = with("artillery: 1,", "artillery:   x,");
    assert_syntax_at(&text, "x,", 28, "integer");
}

// A comment between field and bad value is skipped too.
#[test]
fn wrong_type_after_a_comment() {
    let text = with("rows: 5,", "rows: /* five */ five,");
    assert_syntax_at(&text, "five,", 10, "integer");
}

#[test]
fn terrain_row_without_quotes() {
    let text = with(r#""cclccc","#, "cclccc,");
    assert_syntax_at(&text, "cclccc", 13, "string");
}

#[test]
fn missing_comma_between_terrain_rows() {
    let text = with(
        "            \"cccccc\",\n            \"cclccc\",",
        "            \"cccccc\"\n            \"cclccc\",",
    );
    assert_syntax_at(&text, "\"cclccc\"", 13, "comma");
}

// A unit whose `)` is missing: RON meets the next unit's `(` where a field name is due.
#[test]
fn unit_missing_its_closing_parenthesis() {
    let text = with("artillery: 1, tactical: 1),", "artillery: 1, tactical: 1,");
    assert_syntax_at(&text, r#"(id: "usa-cox""#, 29, "identifier");
}

// Deep nesting is refused by RON's recursion limit, not by overflowing the stack.
#[test]
fn deeply_nested_value() {
    let depth = 100_000;
    let text = with(
        r#"title: "Example: a flank attack in the open","#,
        &format!("title: {}{},", "[".repeat(depth), "]".repeat(depth)),
    );
    let e = refuse(&text);
    assert!(matches!(e, ScenarioError::Syntax { line: 4, .. }), "{e}");
}

#[test]
fn unknown_weather() {
    let text = with("weather: Dry,", "weather: Sunny,");
    assert_syntax_at(&text, "Sunny", 7, "Sunny");
}

#[test]
fn unknown_route_kind() {
    let text = with("(kind: Road,", "(kind: Highway,");
    assert_syntax_at(&text, "Highway", 23, "Highway");
}

// ---------------------------------------------------------------------------------------------
// Semantic errors: field path, value, problem (scenario.md Bad input, "Strictness")
// ---------------------------------------------------------------------------------------------

#[test]
fn unknown_ruleset() {
    let text = with(r#"ruleset: "gcacw","#, r#"ruleset: "asl","#);
    assert_problem(&text, "ruleset", "\"asl\"", "unknown ruleset");
}

#[test]
fn empty_title() {
    let text = with(
        r#"title: "Example: a flank attack in the open","#,
        r#"title: "  ","#,
    );
    assert_problem(&text, "title", "\"  \"", "empty");
}

// scenario.md Bad input: "unknown side".
#[test]
fn unknown_side() {
    let text = with(
        r#"side: "Union", kind: Infantry,
         hex: "0502""#,
        r#"side: "Unoin", kind: Infantry,
         hex: "0502""#,
    );
    assert_problem(&text, "units[3].side", "\"Unoin\"", "unknown side");
}

#[test]
fn three_sides() {
    let text = with(
        r#"sides: ["Union", "Confederate"],"#,
        r#"sides: ["Union", "Confederate", "Britain"],"#,
    );
    assert_problem(&text, "sides", "Britain", "two sides");
}

#[test]
fn one_side() {
    let text = with(
        r#"sides: ["Union", "Confederate"],"#,
        r#"sides: ["Union"],"#,
    );
    assert_problem(&text, "sides", "Union", "two sides");
}

#[test]
fn duplicate_side_name() {
    let text = with(
        r#"sides: ["Union", "Confederate"],"#,
        r#"sides: ["Union", "Union"],"#,
    );
    assert_problem(&text, "sides[1]", "\"Union\"", "twice");
}

// scenario.md Bad input: "hex off the map".
#[test]
fn hex_off_the_map_column() {
    let text = with(r#"hex: "0502""#, r#"hex: "0702""#);
    assert_problem(&text, "units[3].hex", "\"0702\"", "off the map");
}

#[test]
fn hex_off_the_map_row() {
    let text = with(r#"hex: "0502""#, r#"hex: "0506""#);
    assert_problem(&text, "units[3].hex", "\"0506\"", "off the map");
}

#[test]
fn hex_zero_is_off_the_map() {
    let text = with(r#"hex: "0502""#, r#"hex: "0000""#);
    assert_problem(&text, "units[3].hex", "\"0000\"", "off the map");
}

#[test]
fn hexside_hex_off_the_map() {
    let text = with(r#"(hex: "0303", dir: S,"#, r#"(hex: "0309", dir: S,"#);
    assert_problem(&text, "map.hexsides[1].hex", "\"0309\"", "off the map");
}

#[test]
fn route_hex_off_the_map() {
    let text = with(r#""0303", "0304"]"#, r#""0303", "0304", "0305", "0306"]"#);
    assert_problem(&text, "map.routes[0].hexes[6]", "\"0306\"", "off the map");
}

// scenario.md Coordinates: two digits per part on this map.
#[test]
fn hex_label_too_short() {
    let text = with(r#"hex: "0502""#, r#"hex: "502""#);
    assert_problem(&text, "units[3].hex", "\"502\"", "digits");
}

// scenario.md Strictness: "Labels have one width per map".
#[test]
fn hex_label_too_wide() {
    let text = with(r#"hex: "0502""#, r#"hex: "000502""#);
    assert_problem(&text, "units[3].hex", "\"000502\"", "digits");
}

#[test]
fn hex_label_not_digits() {
    let text = with(r#"hex: "0502""#, r#"hex: "05b2""#);
    assert_problem(&text, "units[3].hex", "\"05b2\"", "not made of digits");
}

#[test]
fn hex_label_empty() {
    let text = with(r#"hex: "0502""#, r#"hex: """#);
    assert_problem(&text, "units[3].hex", "\"\"", "digits");
}

#[test]
fn hex_label_with_sign() {
    let text = with(r#"hex: "0502""#, r#"hex: "+502""#);
    assert_problem(&text, "units[3].hex", "\"+502\"", "digits");
}

// scenario.md Bad input: "a route whose consecutive hexes are not adjacent".
#[test]
fn route_hexes_not_adjacent() {
    // 0201 (even column) touches 0301 and 0302, not 0303.
    let text = with(
        r#"["0101", "0201", "0302", "0303", "0304"]"#,
        r#"["0101", "0201", "0303", "0304"]"#,
    );
    assert_problem(&text, "map.routes[0].hexes[2]", "\"0303\"", "not adjacent");
}

#[test]
fn route_repeats_a_hex() {
    let text = with(
        r#"["0101", "0201", "0302", "0303", "0304"]"#,
        r#"["0101", "0101", "0201"]"#,
    );
    assert_problem(&text, "map.routes[0].hexes[1]", "\"0101\"", "not adjacent");
}

#[test]
fn route_with_one_hex() {
    let text = with(r#"["0101", "0201", "0302", "0303", "0304"]"#, r#"["0101"]"#);
    assert_problem(&text, "map.routes[0].hexes", "0101", "at least two");
}

// scenario.md Bad input: "a terrain row of the wrong length".
#[test]
fn terrain_row_too_short() {
    let text = with(r#""cclccc""#, r#""cclcc""#);
    assert_problem(&text, "map.terrain[1]", "\"cclcc\"", "columns");
}

#[test]
fn terrain_row_too_long() {
    let text = with(r#""ccccmc""#, r#""ccccmcc""#);
    assert_problem(&text, "map.terrain[4]", "\"ccccmcc\"", "columns");
}

#[test]
fn too_few_terrain_rows() {
    let text = with("            \"ccccmc\",\n", "");
    assert_problem(&text, "map.terrain", "4 rows", "5 rows");
}

#[test]
fn too_many_terrain_rows() {
    let text = with(
        "            \"ccccmc\",\n",
        "            \"ccccmc\",\n            \"cccccc\",\n",
    );
    assert_problem(&text, "map.terrain", "6 rows", "5 rows");
}

#[test]
fn unknown_terrain_letter() {
    let text = with(r#""ccwccc""#, r#""ccxccc""#);
    assert_problem(
        &text,
        "map.terrain[2]",
        "\"ccxccc\"",
        "unknown terrain letter 'x'",
    );
}

#[test]
fn upper_case_terrain_letter() {
    let text = with(r#""ccwccc""#, r#""ccWccc""#);
    assert_problem(
        &text,
        "map.terrain[2]",
        "\"ccWccc\"",
        "unknown terrain letter 'W'",
    );
}

#[test]
fn map_columns_zero() {
    let text = with("columns: 6,", "columns: 0,");
    assert_problem(&text, "map.columns", "0", "between 1 and");
}

#[test]
fn map_rows_negative() {
    let text = with("rows: 5,", "rows: -5,");
    assert_problem(&text, "map.rows", "-5", "between 1 and");
}

#[test]
fn map_too_large() {
    let text = with("columns: 6,", "columns: 100000,");
    assert_problem(&text, "map.columns", "100000", "between 1 and");
}

// scenario.md Bad input: "a duplicate unit id".
#[test]
fn duplicate_unit_id() {
    let text = with(r#"id: "usa-crook""#, r#"id: "usa-cox""#);
    assert_problem(&text, "units[3].id", "\"usa-cox\"", "duplicate");
}

#[test]
fn unit_id_with_a_space() {
    let text = with(r#"id: "usa-crook""#, r#"id: "usa crook""#);
    assert_problem(&text, "units[3].id", "\"usa crook\"", "spaces");
}

// scenario.md Strictness: "`Organized(n)`: n a whole number".
#[test]
fn organized_cv_not_whole() {
    let text = with("Organized(3)", "Organized(2.5)");
    assert_problem(&text, "units[3].strength", "Organized(2.5)", "whole");
}

#[test]
fn organized_cv_negative() {
    let text = with("Organized(3)", "Organized(-1)");
    assert_problem(
        &text,
        "units[3].strength",
        "Organized(-1)",
        "from 1 to 10000",
    );
}

// A whole number out of range is named as out of range, with the range (it used to say "is a
// whole number").
#[test]
fn organized_cv_out_of_range_names_the_range() {
    for bad in ["Organized(-4)", "Organized(65536)", "Organized(10001)"] {
        let text = with("Organized(3)", bad);
        let e = assert_problem(&text, "units[3].strength", bad, "out of range");
        assert!(e.to_string().contains("from 1 to 10000"), "{e}");
        assert!(!e.to_string().contains("is a whole number"), "{e}");
    }
    let text = with("Organized(3)", "Organized(2.5)");
    assert_problem(&text, "units[3].strength", "Organized(2.5)", "whole number");
    let text = with(
        "Disorganized(cv: 0.5, manpower: 2)",
        "Disorganized(cv: 0.5, manpower: 65536)",
    );
    assert_problem(&text, "units[2].strength", "65536", "from 1 to 10000");
    // The top of the range loads.
    accept(&with("Organized(3)", "Organized(10000)"));
}

// A file saved with a UTF-8 byte-order mark (some Windows editors write one) loads; errors
// are placed as an editor shows the text, without it.
#[test]
fn a_byte_order_mark_is_accepted() {
    let s = accept(&format!("\u{feff}{EXAMPLE}"));
    assert_eq!(s.units.len(), 5);
    let text = format!("\u{feff}{}", with("columns: 6", "columns: \"6\""));
    assert_syntax_at(&text, "\"6\"", line_of(&text, "\"6\""), "");
}

// Duplicates name the first entry, found in one pass (the check used to be quadratic).
#[test]
fn duplicates_name_the_first_entry() {
    let text = with(
        "hex: \"0502\", strength: Organized(3)",
        "hex: \"0502\", strength: Organized(3)), (id: \"csa-garland\", name: \"x\", side: \"Union\", kind: Infantry, hex: \"0601\", strength: Organized(3)",
    );
    let e = assert_problem(&text, "units[4].id", "\"csa-garland\"", "duplicate");
    assert!(e.to_string().contains("first at units[0]"), "{e}");
}

// scenario.md Strictness: "at least 1 for combat units".
#[test]
fn organized_cv_zero_for_a_combat_unit() {
    let text = with("Organized(3)", "Organized(0)");
    assert_problem(&text, "units[3].strength", "Organized(0)", "at least 1");
}

// scenario.md Strictness: "0 for leaders"; "Leaders … have no combat value".
#[test]
fn leader_with_strength() {
    let text = with("Organized(0)", "Organized(1)");
    assert_problem(&text, "units[4].strength", "Organized(1)", "leader");
}

#[test]
fn leader_disorganized() {
    let text = with("Organized(0)", "Disorganized(cv: 0.5, manpower: 1)");
    assert_problem(
        &text,
        "units[4].strength",
        "Disorganized(cv: 0.5, manpower: 1)",
        "leader",
    );
}

// scenario.md Strictness: "cv a multiple of 1/2".
#[test]
fn disorganized_cv_not_a_half() {
    let text = with("cv: 0.5, manpower: 2", "cv: 0.3, manpower: 2");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: 0.3, manpower: 2)",
        "half",
    );
}

// scenario.md Strictness: "at least 1/2".
#[test]
fn disorganized_cv_zero() {
    let text = with("cv: 0.5, manpower: 2", "cv: 0, manpower: 2");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: 0, manpower: 2)",
        "at least 1/2",
    );
}

// scenario.md Strictness: "at most manpower".
#[test]
fn disorganized_cv_above_manpower() {
    let text = with("cv: 0.5, manpower: 2", "cv: 2.5, manpower: 2");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: 2.5, manpower: 2)",
        "exceed the manpower",
    );
}

// scenario.md Strictness: "manpower whole, at least 1".
#[test]
fn disorganized_manpower_zero() {
    let text = with("cv: 0.5, manpower: 2", "cv: 0.5, manpower: 0");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: 0.5, manpower: 0)",
        "manpower",
    );
}

#[test]
fn disorganized_manpower_not_whole() {
    let text = with("cv: 0.5, manpower: 2", "cv: 0.5, manpower: 1.5");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: 0.5, manpower: 1.5)",
        "manpower",
    );
}

#[test]
fn combat_unit_without_strength() {
    let text = with("strength: Organized(3), ", "");
    let e = assert_problem(&text, "units[3].strength", "", "missing");
    assert!(e.to_string().contains("units[3].strength: missing"), "{e}");
}

// scenario.md Strictness: "Units of two sides in one hex are an error".
#[test]
fn units_of_two_sides_in_one_hex() {
    let text = with(r#"hex: "0502""#, r#"hex: "0303""#);
    assert_problem(&text, "units[3].hex", "\"0303\"", "two sides");
}

// scenario.md File shape: fatigue 0..=4.
#[test]
fn fatigue_five() {
    let text = with("fatigue: 2", "fatigue: 5");
    assert_problem(&text, "units[3].fatigue", "5", "fatigue");
}

#[test]
fn fatigue_negative() {
    let text = with("fatigue: 2", "fatigue: -1");
    assert_problem(&text, "units[3].fatigue", "-1", "fatigue");
}

// scenario.md File shape: demoralized 0, 1 or 2.
#[test]
fn demoralized_three() {
    let text = with("fatigue: 2", "fatigue: 2, demoralized: 3");
    assert_problem(&text, "units[3].demoralized", "3", "demoralized");
}

#[test]
fn negative_artillery() {
    let text = with("artillery: 1,", "artillery: -1,");
    assert_problem(&text, "units[0].artillery", "-1", "artillery");
}

#[test]
fn tactical_out_of_range() {
    let text = with("artillery: 3, tactical: 2", "artillery: 3, tactical: 1000");
    assert_problem(&text, "units[1].tactical", "1000", "tactical");
}

// scenario.md File shape: weather_by_turn overrides `weather`; it must cover every turn.
#[test]
fn weather_by_turn_shorter_than_turns() {
    let text = with(
        "weather: Dry,",
        "weather: Dry,\n    turns: 3,\n    weather_by_turn: [Dry, Rain],",
    );
    assert_problem(&text, "weather_by_turn", "2 entries", "3 turns");
}

#[test]
fn weather_by_turn_empty() {
    let text = with("weather: Dry,", "weather: Dry,\n    weather_by_turn: [],");
    assert_problem(&text, "weather_by_turn", "[]", "empty");
}

#[test]
fn turn_zero() {
    let text = with("weather: Dry,", "weather: Dry,\n    turn: 0,");
    assert_problem(&text, "turn", "0", "from 1");
}

#[test]
fn last_turn_before_first() {
    let text = with(
        "weather: Dry,",
        "weather: Dry,\n    turn: 4,\n    turns: 3,",
    );
    assert_problem(&text, "turns", "3", "before turn 4");
}

#[test]
fn hexside_without_features() {
    let text = with("features: [Woods]", "features: []");
    assert_problem(&text, "map.hexsides[1].features", "[]", "no features");
}

// ---------------------------------------------------------------------------------------------
// Every problem listed; label width (scenario.md Bad input, "Coordinates", "Strictness")
// ---------------------------------------------------------------------------------------------

#[test]
fn several_mistakes_are_all_listed() {
    let text = EXAMPLE
        .replacen(r#"ruleset: "gcacw","#, r#"ruleset: "asl","#, 1)
        .replacen(r#""cclccc""#, r#""cclcc""#, 1)
        .replacen(r#""0303", "0304"]"#, r#""0303", "0305"]"#, 1)
        .replacen(r#"id: "usa-crook""#, r#"id: "usa-cox""#, 1)
        .replacen("cv: 0.5, manpower: 2", "cv: 0.3, manpower: 2", 1)
        .replacen(
            r#"side: "Union", kind: Leader"#,
            r#"side: "Unoin", kind: Leader"#,
            1,
        )
        .replacen("fatigue: 2", "fatigue: 5", 1)
        .replacen("artillery: 1,", "artillery: -1,", 1);
    let e = refuse(&text);
    let msg = e.to_string();
    let fields: Vec<&str> = e.problems().iter().map(|p| p.field.as_str()).collect();
    for want in [
        "ruleset",
        "map.terrain[1]",
        "map.routes[0].hexes[4]",
        "units[0].artillery",
        "units[2].strength",
        "units[3].id",
        "units[3].fatigue",
        "units[4].side",
    ] {
        assert!(fields.contains(&want), "{want} missing from {fields:?}");
        assert!(msg.contains(want), "{want} missing from the message: {msg}");
    }
    assert_eq!(e.problems().len(), 8, "{msg}");
    assert!(msg.contains("and 7 more"), "{msg}");
}

/// A 100 x 5 map: three digits for both parts of every label.
fn wide_map(unit_hex: &str, route: &str) -> String {
    let row = "c".repeat(100);
    let terrain: Vec<String> = (0..5).map(|_| format!("\"{row}\"")).collect();
    format!(
        r#"(
    title: "Wide",
    ruleset: "gcacw",
    sides: ["A", "B"],
    map: (
        columns: 100,
        rows: 5,
        terrain: [{}],
        routes: [(kind: Road, hexes: [{route}])],
    ),
    units: [
        (id: "a1", name: "A1", side: "A", kind: Infantry, hex: "{unit_hex}", strength: Organized(2)),
        (id: "b1", name: "B1", side: "B", kind: Cavalry, hex: "100005", strength: Organized(1)),
    ],
)
"#,
        terrain.join(", ")
    )
}

// scenario.md Coordinates: more than 99 columns -> three digits ("100099").
#[test]
fn wide_map_uses_three_digit_labels() {
    let s = accept(&wide_map("001001", r#""099003", "100003""#));
    assert_eq!(s.map.label_width(), 3);
    assert_eq!(s.label(s.units[0].hex.unwrap()), "001001");
    assert_eq!(s.label(s.units[1].hex.unwrap()), "100005");
}

// scenario.md Strictness: "`"0303"` on a map that uses three digits is an error".
#[test]
fn wide_map_refuses_two_digit_labels() {
    let text = wide_map("0101", r#""099003", "100003""#);
    assert_problem(&text, "units[0].hex", "\"0101\"", "digits");
}

#[test]
fn wide_map_refuses_two_digit_route_labels() {
    let text = wide_map("001001", r#""0101", "0201""#);
    let e = assert_problem(&text, "map.routes[0].hexes[0]", "\"0101\"", "digits");
    assert!(
        e.problems()
            .iter()
            .any(|p| p.field == "map.routes[0].hexes[1]"),
        "{e}"
    );
}

#[test]
fn wide_map_column_101_is_off_the_map() {
    let text = wide_map("101001", r#""099003", "100003""#);
    assert_problem(&text, "units[0].hex", "\"101001\"", "off the map");
}

// ---------------------------------------------------------------------------------------------
// Never a panic (scenario.md Bad input)
// ---------------------------------------------------------------------------------------------

/// Parse anything; on success every unit stands on the map (no partial load).
fn parse_never_panics(text: &str) {
    match parse(text, Path::new("fuzz.ron")) {
        Ok(s) => {
            for u in &s.units {
                let h = u.hex.expect("a loaded unit has a hex");
                assert!(s.map.contains(h), "unit {} at {h:?} is off the map", u.id);
            }
        }
        Err(e) => {
            assert!(e.to_string().starts_with("fuzz.ron"), "{e}");
            // A RON error names a place inside the text.
            if let ScenarioError::Syntax { line, col, .. } = e {
                assert!(line >= 1 && line <= text.split('\n').count(), "line {line}");
                let len = text
                    .split('\n')
                    .nth(line - 1)
                    .map_or(0, |l| l.chars().count());
                assert!(
                    col >= 1 && col <= len + 1,
                    "column {col} of a {len}-character line"
                );
            }
        }
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    /// Copy a slice of the example over another place.
    Splice(usize, usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Bytes biased towards the characters that matter in RON and in labels.
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"()[]{},:\"'0123456789.-+ \nabcdefxyzSNEW/*_".to_vec()),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), any::<usize>(), 0usize..40)
            .prop_map(|(a, b, n)| Mutation::Splice(a, b, n)),
    ]
}

fn mutate(ms: &[Mutation]) -> String {
    let mut bytes = EXAMPLE.as_bytes().to_vec();
    for m in ms {
        let n = bytes.len().max(1);
        match *m {
            Mutation::Set(i, b) => {
                if !bytes.is_empty() {
                    bytes[i % n] = b;
                }
            }
            Mutation::Insert(i, b) => bytes.insert(i % (bytes.len() + 1), b),
            Mutation::Delete(i) => {
                if !bytes.is_empty() {
                    bytes.remove(i % n);
                }
            }
            Mutation::Splice(from, to, len) => {
                let from = from % n;
                let to = to % n;
                let len = len
                    .min(bytes.len().saturating_sub(from))
                    .min(bytes.len().saturating_sub(to));
                let piece = bytes[from..from + len].to_vec();
                bytes[to..to + len].copy_from_slice(&piece);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        parse_never_panics(&text);
    }

    #[test]
    fn ron_like_strings_never_panic(text in r#"[()\[\]{},:"0-9a-zA-Z. \n-]{0,200}"#) {
        parse_never_panics(&text);
    }

    #[test]
    fn mutations_of_the_example_never_panic(ms in prop::collection::vec(mutation(), 1..8)) {
        parse_never_panics(&mutate(&ms));
    }

    // Numbers in every numeric slot: values near and beyond the limits.
    #[test]
    fn odd_numbers_never_panic(
        cols in prop_oneof![Just("0".to_string()), Just("-1".to_string()), Just("999".to_string()),
                            Just("1000".to_string()), Just("9223372036854775807".to_string()),
                            (any::<i64>()).prop_map(|v| v.to_string())],
        cv in prop_oneof![Just("NaN".to_string()), Just("inf".to_string()), Just("-0.0".to_string()),
                          Just("1e300".to_string()), Just("4294967296".to_string()),
                          any::<f64>().prop_map(|v| format!("{v:?}"))],
        manpower in prop_oneof![Just("NaN".to_string()), Just("1e300".to_string()), Just("-inf".to_string()),
                                any::<f64>().prop_map(|v| format!("{v:?}"))],
        fatigue in any::<i64>(),
    ) {
        let text = EXAMPLE
            .replacen("columns: 6,", &format!("columns: {cols},"), 1)
            .replacen("Organized(9)", &format!("Organized({cv})"), 1)
            .replacen("cv: 0.5, manpower: 2", &format!("cv: {cv}, manpower: {manpower}"), 1)
            .replacen("fatigue: 2", &format!("fatigue: {fatigue}"), 1);
        parse_never_panics(&text);
    }
}

// Issue 16 item 6: out-of-range numbers name the allowed range, not another reason: a night
// turn of 10001 was "a turn is counted from 1"; a CV of i32::MIN was "not a whole number or a
// half".
#[test]
fn out_of_range_numbers_name_the_range() {
    let text = with("cv: 0.5, manpower: 2", "cv: -2147483648, manpower: 2");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: -2147483648, manpower: 2)",
        "out of range: the CV of a disorganized unit is at least 1/2; it is 1/2 to 2 here",
    );
    let text = with("cv: 0.5, manpower: 2", "cv: 3, manpower: 2");
    assert_problem(
        &text,
        "units[2].strength",
        "Disorganized(cv: 3, manpower: 2)",
        "out of range: the CV may not exceed the manpower; it is 1/2 to 2 here",
    );
    for (field, value, header) in [
        ("night_turns[1]", "10001", "night_turns: [1, 10001],"),
        (
            "night_turns[0]",
            "-2147483648",
            "night_turns: [-2147483648],",
        ),
        ("turn", "10001", "turn: 10001,"),
        ("turn", "0", "turn: 0,"),
    ] {
        let text = with("ruleset:", &format!("{header} ruleset:"));
        assert_problem(
            &text,
            field,
            value,
            "out of range: turns are counted from 1 to 10000",
        );
    }
    let text = with("ruleset:", "turns: 10001, ruleset:");
    assert_problem(
        &text,
        "turns",
        "10001",
        "out of range: the number of turns is 1 to 10000",
    );
}
