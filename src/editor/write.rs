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
    if let Some(r) = &f.random_events {
        field("random_events", line(r));
    }
    if let Some(t) = &f.initiative_ties {
        field("initiative_ties", line(t));
    }
    if let Some(t) = &f.supply_trains {
        field("supply_trains", line(t));
    }
    if !f.ferries.is_empty() {
        field("ferries", line(&f.ferries));
    }
    if let Some(s) = &f.surprise {
        field("surprise", line(s));
    }
    if let Some(a) = &f.alert {
        field("alert", line(a));
    }
    if let Some(b) = &f.briefing {
        field("briefing", line(b));
    }
    if f.movement != crate::rules::points::Enforcement::Enforced {
        field("movement", line(&f.movement));
    }
    if let Some(u) = &f.underlay {
        field("underlay", line(u));
    }
    if let Some(m) = &f.module {
        field("module", line(m));
    }
    map_text(&mut o, &f.map);
    list(
        &mut o,
        "    ",
        "units",
        f.units.iter().map(|u| line(&WholeNumbers(u))).collect(),
    );
    if !f.victory.is_empty() {
        list(
            &mut o,
            "    ",
            "victory",
            f.victory.iter().map(line).collect(),
        );
    }
    if !f.victory_losses.is_empty() {
        list(
            &mut o,
            "    ",
            "victory_losses",
            f.victory_losses.iter().map(line).collect(),
        );
    }
    o.push_str(")\n");
    o
}

/// `name: [` one item a line `],` at `indent`.
fn list(o: &mut String, indent: &str, name: &str, items: Vec<String>) {
    o.push_str(&format!("{indent}{name}: [\n"));
    for i in items {
        o.push_str(&format!("{indent}    {i},\n"));
    }
    o.push_str(&format!("{indent}],\n"));
}

/// The map: its size, a terrain string per row, the elevation, hexsides, routes and the hexes'
/// own names, one a line.
fn map_text(o: &mut String, m: &crate::rules::scenario::MapFile) {
    o.push_str("    map: (\n");
    if !m.orientation.is_flat() {
        o.push_str(&format!("        orientation: {:?},\n", m.orientation));
    }
    o.push_str(&format!(
        "        columns: {},\n        rows: {},\n",
        m.columns, m.rows
    ));
    list(
        o,
        "        ",
        "terrain",
        m.terrain.iter().map(line).collect(),
    );
    if let Some(e) = &m.elevation {
        list(o, "        ", "elevation", e.iter().map(line).collect());
    }
    list(
        o,
        "        ",
        "hexsides",
        m.hexsides.iter().map(line).collect(),
    );
    list(o, "        ", "routes", m.routes.iter().map(line).collect());
    if !m.labels.is_empty() {
        o.push_str("        labels: {\n");
        for (k, v) in &m.labels {
            o.push_str(&format!("            {}: {},\n", line(k), line(v)));
        }
        o.push_str("        },\n");
    }
    o.push_str("    ),\n");
}

/// A value serialized with its whole numbers written as the shipped files write them:
/// `Organized(4)`, not `Organized(4.0)` (RON reads both as the same number). It works on the
/// values, through serde, not on the text: a `.0` inside a name stays as it is.
pub struct WholeNumbers<'a, T: ?Sized>(pub &'a T);

impl<T: serde::Serialize + ?Sized> serde::Serialize for WholeNumbers<'_, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(whole::Ser(s))
    }
}

/// The serializer adapter behind [`WholeNumbers`]: every call is passed on, a whole `f64` or
/// `f32` as an integer, and every inner value wrapped again.
mod whole {
    use serde::ser::{
        Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant,
        SerializeTuple, SerializeTupleStruct, SerializeTupleVariant, Serializer,
    };

    use super::WholeNumbers as W;

    pub struct Ser<S>(pub S);
    pub struct Compound<C>(C);

    /// Whole and exactly representable as an `i64`.
    fn as_whole(x: f64) -> Option<i64> {
        (x.is_finite()
            && x.fract() == 0.0
            && x.abs() < 9.0e15
            && !(x == 0.0 && x.is_sign_negative()))
        .then_some(x as i64)
    }

    impl<S: Serializer> Serializer for Ser<S> {
        type Ok = S::Ok;
        type Error = S::Error;
        type SerializeSeq = Compound<S::SerializeSeq>;
        type SerializeTuple = Compound<S::SerializeTuple>;
        type SerializeTupleStruct = Compound<S::SerializeTupleStruct>;
        type SerializeTupleVariant = Compound<S::SerializeTupleVariant>;
        type SerializeMap = Compound<S::SerializeMap>;
        type SerializeStruct = Compound<S::SerializeStruct>;
        type SerializeStructVariant = Compound<S::SerializeStructVariant>;

        fn serialize_f64(self, v: f64) -> Result<S::Ok, S::Error> {
            match as_whole(v) {
                Some(i) => self.0.serialize_i64(i),
                None => self.0.serialize_f64(v),
            }
        }
        fn serialize_f32(self, v: f32) -> Result<S::Ok, S::Error> {
            match as_whole(f64::from(v)) {
                Some(i) => self.0.serialize_i64(i),
                None => self.0.serialize_f32(v),
            }
        }
        fn serialize_bool(self, v: bool) -> Result<S::Ok, S::Error> {
            self.0.serialize_bool(v)
        }
        fn serialize_i8(self, v: i8) -> Result<S::Ok, S::Error> {
            self.0.serialize_i8(v)
        }
        fn serialize_i16(self, v: i16) -> Result<S::Ok, S::Error> {
            self.0.serialize_i16(v)
        }
        fn serialize_i32(self, v: i32) -> Result<S::Ok, S::Error> {
            self.0.serialize_i32(v)
        }
        fn serialize_i64(self, v: i64) -> Result<S::Ok, S::Error> {
            self.0.serialize_i64(v)
        }
        fn serialize_i128(self, v: i128) -> Result<S::Ok, S::Error> {
            self.0.serialize_i128(v)
        }
        fn serialize_u8(self, v: u8) -> Result<S::Ok, S::Error> {
            self.0.serialize_u8(v)
        }
        fn serialize_u16(self, v: u16) -> Result<S::Ok, S::Error> {
            self.0.serialize_u16(v)
        }
        fn serialize_u32(self, v: u32) -> Result<S::Ok, S::Error> {
            self.0.serialize_u32(v)
        }
        fn serialize_u64(self, v: u64) -> Result<S::Ok, S::Error> {
            self.0.serialize_u64(v)
        }
        fn serialize_u128(self, v: u128) -> Result<S::Ok, S::Error> {
            self.0.serialize_u128(v)
        }
        fn serialize_char(self, v: char) -> Result<S::Ok, S::Error> {
            self.0.serialize_char(v)
        }
        fn serialize_str(self, v: &str) -> Result<S::Ok, S::Error> {
            self.0.serialize_str(v)
        }
        fn serialize_bytes(self, v: &[u8]) -> Result<S::Ok, S::Error> {
            self.0.serialize_bytes(v)
        }
        fn serialize_none(self) -> Result<S::Ok, S::Error> {
            self.0.serialize_none()
        }
        fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<S::Ok, S::Error> {
            self.0.serialize_some(&W(v))
        }
        fn serialize_unit(self) -> Result<S::Ok, S::Error> {
            self.0.serialize_unit()
        }
        fn serialize_unit_struct(self, name: &'static str) -> Result<S::Ok, S::Error> {
            self.0.serialize_unit_struct(name)
        }
        fn serialize_unit_variant(
            self,
            name: &'static str,
            index: u32,
            variant: &'static str,
        ) -> Result<S::Ok, S::Error> {
            self.0.serialize_unit_variant(name, index, variant)
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(
            self,
            name: &'static str,
            v: &T,
        ) -> Result<S::Ok, S::Error> {
            self.0.serialize_newtype_struct(name, &W(v))
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            name: &'static str,
            index: u32,
            variant: &'static str,
            v: &T,
        ) -> Result<S::Ok, S::Error> {
            self.0
                .serialize_newtype_variant(name, index, variant, &W(v))
        }
        fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
            self.0.serialize_seq(len).map(Compound)
        }
        fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
            self.0.serialize_tuple(len).map(Compound)
        }
        fn serialize_tuple_struct(
            self,
            name: &'static str,
            len: usize,
        ) -> Result<Self::SerializeTupleStruct, S::Error> {
            self.0.serialize_tuple_struct(name, len).map(Compound)
        }
        fn serialize_tuple_variant(
            self,
            name: &'static str,
            index: u32,
            variant: &'static str,
            len: usize,
        ) -> Result<Self::SerializeTupleVariant, S::Error> {
            self.0
                .serialize_tuple_variant(name, index, variant, len)
                .map(Compound)
        }
        fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
            self.0.serialize_map(len).map(Compound)
        }
        fn serialize_struct(
            self,
            name: &'static str,
            len: usize,
        ) -> Result<Self::SerializeStruct, S::Error> {
            self.0.serialize_struct(name, len).map(Compound)
        }
        fn serialize_struct_variant(
            self,
            name: &'static str,
            index: u32,
            variant: &'static str,
            len: usize,
        ) -> Result<Self::SerializeStructVariant, S::Error> {
            self.0
                .serialize_struct_variant(name, index, variant, len)
                .map(Compound)
        }
        fn is_human_readable(&self) -> bool {
            self.0.is_human_readable()
        }
    }

    /// The compound serializers: each element, key, value and field wrapped again.
    macro_rules! compound {
        ($tr:ident, $($m:ident),*) => {
            impl<C: $tr> $tr for Compound<C> {
                type Ok = C::Ok;
                type Error = C::Error;
                $(fn $m<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), C::Error> {
                    self.0.$m(&W(v))
                })*
                fn end(self) -> Result<C::Ok, C::Error> {
                    self.0.end()
                }
            }
        };
    }
    compound!(SerializeSeq, serialize_element);
    compound!(SerializeTuple, serialize_element);
    compound!(SerializeTupleStruct, serialize_field);
    compound!(SerializeTupleVariant, serialize_field);
    compound!(SerializeMap, serialize_key, serialize_value);

    /// The struct serializers: each named field wrapped again.
    macro_rules! named {
        ($tr:ident) => {
            impl<C: $tr> $tr for Compound<C> {
                type Ok = C::Ok;
                type Error = C::Error;
                fn serialize_field<T: Serialize + ?Sized>(
                    &mut self,
                    key: &'static str,
                    v: &T,
                ) -> Result<(), C::Error> {
                    self.0.serialize_field(key, &W(v))
                }
                fn skip_field(&mut self, key: &'static str) -> Result<(), C::Error> {
                    self.0.skip_field(key)
                }
                fn end(self) -> Result<C::Ok, C::Error> {
                    self.0.end()
                }
            }
        };
    }
    named!(SerializeStruct);
    named!(SerializeStructVariant);
}
