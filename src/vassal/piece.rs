//! Game pieces: the `+/id/type/state` add-piece text of palette slots, at-start stacks,
//! prototypes and saved games, decoded into a chain of traits ending in a BasicPiece.
//!
//! A piece's *type* is its trait chain, outermost trait first: `myType TAB innerType`
//! (each level one `SequenceEncoder` field, so escaping nests), ending in the BasicPiece
//! type `piece;cloneKey;deleteKey;image;name`. Its *state* is built the same way:
//! `myState TAB innerState`, ending in the BasicPiece state
//! `mapId;x;y;gpid;propertyCount;key;value;…`.
//!
//! Traits this reader understands are decoded (`mark;` Marker, `PROP;` DynamicProperty,
//! `emb2;`/`emb;` Embellishment, `label;` Labeler, `prototype;` UsePrototype,
//! `basicName;`); every other trait is kept raw.

use std::collections::HashMap;

use super::error::VassalError;
use super::grid::{Unknown, expand_format};
use super::sequence::{Decoder, SequenceEncoder};

/// Deepest nesting of prototypes expanded (VASSAL's recursion limit stops loops too).
pub const MAX_PROTOTYPE_DEPTH: usize = 32;
/// Most traits one piece may have (a sanity bound against damaged data).
pub const MAX_TRAITS: usize = 2_000;

/// The fields of an add-piece command `+/id/type/state`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddPieceText {
    /// The piece id (`None` for `null`, as in palette slots).
    pub id: Option<String>,
    /// The type (trait chain).
    pub type_text: String,
    /// The state.
    pub state: String,
}

/// Decodes `+/id/type/state` (`BasicCommandEncoder.decode`). `context` names the
/// source in errors.
pub fn decode_add_piece(text: &str, context: &str) -> Result<AddPieceText, VassalError> {
    let Some(rest) = text.strip_prefix("+/") else {
        let start: String = text.chars().take(20).collect();
        return Err(VassalError::Piece {
            context: context.to_string(),
            message: format!("does not start with '+/' (starts '{start}')"),
        });
    };
    let mut st = Decoder::new(rest, '/');
    let id = st.next_token().unwrap_or_default();
    let type_text = st.next_token().ok_or_else(|| VassalError::Piece {
        context: context.to_string(),
        message: "no type after the id".into(),
    })?;
    let state = st.next_token().ok_or_else(|| VassalError::Piece {
        context: context.to_string(),
        message: "no state after the type".into(),
    })?;
    Ok(AddPieceText {
        id: if id == "null" { None } else { Some(id) },
        type_text,
        state,
    })
}

/// An Embellishment ("layer") trait: images by level and which level shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Embellishment {
    /// The layer's name (prefix of its `_Level`, `_Image`, … properties).
    pub name: String,
    /// Image of each level (an entry may be empty: nothing drawn at that level).
    pub images: Vec<String>,
    /// Name of each level; `+text` / `text+` add to the piece name, other text replaces it.
    pub level_names: Vec<String>,
    /// Current level, 1-based; negative when inactive (VASSAL's `value`).
    pub value: i32,
    /// Whether the level follows a property (`followProperty`).
    pub follow_property: bool,
    /// The followed property's name.
    pub property_name: String,
    /// The property value of level 1.
    pub first_level_value: i32,
}

impl Embellishment {
    /// Whether the layer shows (`value > 0`).
    pub fn is_active(&self) -> bool {
        self.value > 0
    }

    /// The image shown now (`None` if inactive or the level has no image).
    pub fn current_image(&self) -> Option<&str> {
        let v = usize::try_from(self.value).ok()?;
        self.images
            .get(v.checked_sub(1)?)
            .map(String::as_str)
            .filter(|s| !s.is_empty())
    }

    /// The current level's name with a leading/trailing `+` stripped (`_Name`).
    pub fn current_level_name(&self) -> Option<&str> {
        let v = usize::try_from(self.value).ok()?;
        let n = self.level_names.get(v.checked_sub(1)?)?;
        Some(
            n.strip_prefix('+')
                .or_else(|| n.strip_suffix('+'))
                .unwrap_or(n),
        )
    }
}

/// What this reader understands of a trait.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TraitKind {
    /// `mark;k1,k2`: Marker, fixed properties; values in the state.
    Marker { properties: Vec<(String, String)> },
    /// `PROP;name;…`: DynamicProperty; value in the state.
    DynamicProperty { name: String, value: String },
    /// `emb2;…` or the older `emb;…`: Embellishment (layers).
    Embellishment(Embellishment),
    /// `label;…`: Labeler (text label; the label is in the state).
    Label {
        /// The label text.
        label: String,
        /// The property holding the label (default `TextLabel`).
        property_name: String,
        /// The name format (default `$pieceName$ ($label$)`).
        name_format: String,
        /// Whether the format applies even to an empty label.
        always_use_format: bool,
    },
    /// `prototype;NAME;params`: UsePrototype (replaced by the prototype's traits when
    /// prototypes are expanded; kept when the prototype is unknown).
    Prototype {
        name: String,
        params: Vec<(String, String)>,
    },
    /// `basicName;NAME`: BasicName.
    BasicName { name: String },
    /// Any other trait (`obs;`, `hide;`, `sendto;`, custom classes…), kept raw.
    Other,
}

/// One trait (decorator) of a piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trait {
    /// The type prefix that selects the trait class, e.g. `mark;`, `emb2;`, `obs;`.
    pub id: String,
    /// The trait's own type text (`myGetType`), raw.
    pub type_text: String,
    /// The trait's own state text (`myGetState`), raw.
    pub state: String,
    /// What was decoded of it.
    pub kind: TraitKind,
    /// The prototype it came from, when prototypes were expanded.
    pub from_prototype: Option<String>,
}

/// The BasicPiece at the heart of every piece.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BasicPiece {
    /// Clone key (old-style; `\0` when none).
    pub clone_key: char,
    /// Delete key (old-style; `\0` when none).
    pub delete_key: char,
    /// Image file name (in the module's `images/`), may be empty.
    pub image: String,
    /// The basic name.
    pub name: String,
    /// Map id (`None` for `null`: not on a map).
    pub map_id: Option<String>,
    /// Position on the map, map coordinates.
    pub x: i32,
    /// Position on the map, map coordinates.
    pub y: i32,
    /// The game piece id (`gpid`) linking it to its palette slot.
    pub gpid: String,
    /// Persistent properties (`OldX`, `UniqueID`, …).
    pub properties: Vec<(String, String)>,
}

impl BasicPiece {
    /// `BasicPiece.mySetType`.
    fn set_type(&mut self, type_text: &str) {
        let mut st = Decoder::new(type_text, ';');
        st.next_token();
        self.clone_key = st.next_char('\0');
        self.delete_key = st.next_char('\0');
        self.image = st.next_or("");
        self.name = st.next_or("");
    }

    /// `BasicPiece.setState`.
    fn set_state(&mut self, state: &str) {
        let mut st = Decoder::new(state, ';');
        let map_id = st.next_or("null");
        self.map_id = if map_id == "null" { None } else { Some(map_id) };
        self.x = st.next_int(0);
        self.y = st.next_int(0);
        self.gpid = st.next_or("");
        self.properties.clear();
        let count = st.next_int(0);
        for _ in 0..count.max(0) {
            if !st.has_more_tokens() {
                break;
            }
            let k = st.next_or("");
            let v = st.next_or("");
            self.properties.push((k, v));
        }
    }
}

/// A decoded piece: traits (outermost first) and the BasicPiece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The piece id (`None` in palette slots and prototypes).
    pub id: Option<String>,
    /// Traits, outermost first.
    pub traits: Vec<Trait>,
    /// The BasicPiece.
    pub basic: BasicPiece,
    /// Names of prototypes referred to but not defined in the module.
    pub unresolved_prototypes: Vec<String>,
}

/// The type prefix that selects a class (`BasicCommandEncoder.typePrefix`).
fn type_prefix(t: &str) -> &str {
    match t.find(';') {
        Some(i) => &t[..=i],
        None => t,
    }
}

impl Piece {
    /// Decodes an add-piece text `+/id/type/state` (see [`decode_add_piece`]).
    pub fn from_add_piece(text: &str, context: &str) -> Result<Piece, VassalError> {
        let a = decode_add_piece(text, context)?;
        Self::from_type_state(a.id, &a.type_text, &a.state, context)
    }

    /// Builds a piece from its type and state (`BasicCommandEncoder.createPiece` then
    /// `setState`). Prototypes are not expanded; see [`Piece::expand_prototypes`].
    pub fn from_type_state(
        id: Option<String>,
        type_text: &str,
        state: &str,
        context: &str,
    ) -> Result<Piece, VassalError> {
        let mut traits = Vec::new();
        let mut rest_type = type_text.to_string();
        let mut rest_state: Option<String> = Some(state.to_string());
        loop {
            let mut st = Decoder::new(rest_type.as_str(), '\t');
            let my_type = st.next_token().unwrap_or_default();
            let inner = if st.has_more_tokens() {
                st.next_token()
            } else {
                None
            };
            let (my_state, inner_state) = match rest_state.as_deref() {
                Some(s) => {
                    let mut ss = Decoder::new(s, '\t');
                    let a = ss.next_token().unwrap_or_default();
                    let b = if ss.has_more_tokens() {
                        ss.next_token()
                    } else {
                        None
                    };
                    (Some(a), b)
                }
                None => (None, None),
            };
            match inner {
                Some(inner_type) => {
                    if traits.len() >= MAX_TRAITS {
                        return Err(VassalError::Piece {
                            context: context.to_string(),
                            message: format!("more than {MAX_TRAITS} traits"),
                        });
                    }
                    traits.push(decode_trait(&my_type, my_state.as_deref()));
                    rest_type = inner_type;
                    rest_state = inner_state;
                }
                None => {
                    let prefix = type_prefix(&my_type);
                    if prefix != "piece;" {
                        return Err(VassalError::Piece {
                            context: context.to_string(),
                            message: format!(
                                "innermost type is '{}', not a BasicPiece ('piece;')",
                                truncate(&my_type, 40)
                            ),
                        });
                    }
                    let mut basic = BasicPiece::default();
                    basic.set_type(&my_type);
                    if let Some(s) = my_state.as_deref() {
                        basic.set_state(s);
                    }
                    return Ok(Piece {
                        id,
                        traits,
                        basic,
                        unresolved_prototypes: Vec::new(),
                    });
                }
            }
        }
    }

    /// Replaces each `prototype;NAME` trait by the traits of the module's
    /// PrototypeDefinition `NAME` (whose text is itself an add-piece command), recursively,
    /// as `UsePrototype` does: the prototype's traits take their state from the
    /// definition; its BasicPiece is dropped. Parameters (`prototype;NAME;k=v,…`) are
    /// substituted into `$k$` of the definition text first. Unknown prototypes are kept
    /// as they are and listed in [`Piece::unresolved_prototypes`].
    pub fn expand_prototypes(
        &mut self,
        prototypes: &HashMap<String, String>,
        context: &str,
    ) -> Result<(), VassalError> {
        let mut unresolved = Vec::new();
        let traits = std::mem::take(&mut self.traits);
        self.traits = expand_traits(traits, prototypes, context, 0, &mut unresolved)?;
        for u in unresolved {
            if !self.unresolved_prototypes.contains(&u) {
                self.unresolved_prototypes.push(u);
            }
        }
        Ok(())
    }

    /// The name VASSAL shows (`getName` of the outermost trait): the basic name as
    /// changed by Embellishment level names and Labelers, raw (it may still hold `$…$`
    /// or `{…}` expressions VASSAL would evaluate).
    pub fn name(&self) -> String {
        let props = self.properties();
        let mut name = self.basic.name.clone();
        for t in self.traits.iter().rev() {
            match &t.kind {
                TraitKind::Embellishment(e) => {
                    let cname = usize::try_from(e.value)
                        .ok()
                        .and_then(|v| v.checked_sub(1))
                        .and_then(|i| e.level_names.get(i));
                    if let Some(cname) = cname.filter(|c| !c.is_empty()) {
                        let mut st = Decoder::new(cname.as_str(), '+');
                        let first = st.next_or("");
                        if st.has_more_tokens() {
                            let second = st.next_or("");
                            name = if first.is_empty() {
                                format!("{name}{second}")
                            } else {
                                format!("{first}{name}")
                            };
                        } else {
                            name = first;
                        }
                    }
                }
                TraitKind::Label {
                    label,
                    name_format,
                    always_use_format,
                    ..
                } if !label.is_empty() || *always_use_format => {
                    let mut p: Vec<(&str, &str)> =
                        vec![("pieceName", name.as_str()), ("label", label.as_str())];
                    p.extend(props.iter().map(|(k, v)| (k.as_str(), v.as_str())));
                    name = expand_format(name_format, &p, Unknown::Name);
                }
                _ => {}
            }
        }
        name
    }

    /// [`Piece::name`] made plain: `$…$` property references and `{…}` expressions
    /// removed, whitespace collapsed. Falls back to the plain basic name when that leaves
    /// nothing.
    pub fn plain_name(&self) -> String {
        let n = plain_text(&self.name());
        if n.is_empty() {
            plain_text(&self.basic.name)
        } else {
            n
        }
    }

    /// The piece's main image: the BasicPiece image, or when that is empty the current
    /// image of the innermost active Embellishment, or else the first image of the
    /// innermost Embellishment that has one.
    pub fn image(&self) -> Option<&str> {
        if !self.basic.image.is_empty() {
            return Some(&self.basic.image);
        }
        let embs = || {
            self.traits.iter().rev().filter_map(|t| match &t.kind {
                TraitKind::Embellishment(e) => Some(e),
                _ => None,
            })
        };
        if let Some(img) = embs().find_map(Embellishment::current_image) {
            return Some(img);
        }
        embs().find_map(|e| e.images.iter().find(|i| !i.is_empty()).map(String::as_str))
    }

    /// Every image the piece may show (BasicPiece and every Embellishment level),
    /// without duplicates, in trait order from the innermost.
    pub fn all_images(&self) -> Vec<&str> {
        let mut v: Vec<&str> = Vec::new();
        if !self.basic.image.is_empty() {
            v.push(&self.basic.image);
        }
        for t in self.traits.iter().rev() {
            if let TraitKind::Embellishment(e) = &t.kind {
                for i in &e.images {
                    if !i.is_empty() && !v.contains(&i.as_str()) {
                        v.push(i);
                    }
                }
            }
        }
        v
    }

    /// The piece's properties, outermost trait first (the first of a key is the one
    /// VASSAL reads): Marker key/values, DynamicProperty name/values, Labeler label
    /// properties, Embellishment `<name>_Level`/`_Active`/`_Image`/`_Name`, then the
    /// BasicPiece's persistent properties and `BasicName`.
    pub fn properties(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        for t in &self.traits {
            match &t.kind {
                TraitKind::Marker { properties } => v.extend(properties.iter().cloned()),
                TraitKind::DynamicProperty { name, value } => v.push((name.clone(), value.clone())),
                TraitKind::Label {
                    label,
                    property_name,
                    ..
                } => v.push((property_name.clone(), label.clone())),
                TraitKind::Embellishment(e) => {
                    v.push((format!("{}_Level", e.name), e.value.to_string()));
                    v.push((format!("{}_Active", e.name), e.is_active().to_string()));
                    v.push((
                        format!("{}_Image", e.name),
                        e.current_image().unwrap_or("").to_string(),
                    ));
                    v.push((
                        format!("{}_Name", e.name),
                        e.current_level_name().unwrap_or("").to_string(),
                    ));
                }
                _ => {}
            }
        }
        v.extend(self.basic.properties.iter().cloned());
        v.push(("BasicName".into(), self.basic.name.clone()));
        v
    }

    /// The value of one property (see [`Piece::properties`]).
    pub fn property(&self, key: &str) -> Option<String> {
        self.properties()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// The trait ids (`mark;`, `emb2;`, …), outermost first.
    pub fn trait_ids(&self) -> Vec<&str> {
        self.traits.iter().map(|t| t.id.as_str()).collect()
    }
}

fn truncate(s: &str, n: usize) -> String {
    let t: String = s.chars().take(n).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}

/// Removes `$…$` references and `{…}` expressions and collapses whitespace.
pub fn plain_text(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut in_dollar = false;
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if depth > 0 {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        } else if in_dollar {
            if c == '$' {
                in_dollar = false;
            }
        } else if c == '{' {
            depth = 1;
        } else if c == '$' && chars[i + 1..].contains(&'$') {
            in_dollar = true;
        } else {
            out.push(c);
        }
        i += 1;
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn expand_traits(
    traits: Vec<Trait>,
    prototypes: &HashMap<String, String>,
    context: &str,
    depth: usize,
    unresolved: &mut Vec<String>,
) -> Result<Vec<Trait>, VassalError> {
    let mut out = Vec::with_capacity(traits.len());
    for t in traits {
        let TraitKind::Prototype { name, params } = &t.kind else {
            out.push(t);
            continue;
        };
        let Some(def) = prototypes.get(name) else {
            unresolved.push(name.clone());
            out.push(t);
            continue;
        };
        if depth >= MAX_PROTOTYPE_DEPTH {
            return Err(VassalError::Piece {
                context: context.to_string(),
                message: format!(
                    "prototype '{name}' nests deeper than {MAX_PROTOTYPE_DEPTH} levels (a loop?)"
                ),
            });
        }
        let text = if params.is_empty() {
            def.clone()
        } else {
            let p: Vec<(&str, &str)> = params
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            expand_format(def, &p, Unknown::Name)
        };
        if text.trim().is_empty() {
            // An empty prototype adds nothing.
            continue;
        }
        let ctx = format!("{context}: prototype '{name}'");
        let proto = Piece::from_add_piece(&text, &ctx)?;
        let inner = expand_traits(proto.traits, prototypes, context, depth + 1, unresolved)?;
        for mut it in inner {
            if it.from_prototype.is_none() {
                it.from_prototype = Some(name.clone());
            }
            out.push(it);
        }
        if out.len() > MAX_TRAITS {
            return Err(VassalError::Piece {
                context: context.to_string(),
                message: format!("more than {MAX_TRAITS} traits after expanding prototypes"),
            });
        }
    }
    Ok(out)
}

/// Decodes one trait's own type and state.
fn decode_trait(my_type: &str, my_state: Option<&str>) -> Trait {
    let id = type_prefix(my_type).to_string();
    let state = my_state.unwrap_or("").to_string();
    let kind = match id.as_str() {
        "mark;" => {
            let keys: Vec<String> = Decoder::new(&my_type[5..], ',').collect();
            let mut values = vec![String::new(); keys.len()];
            if let Some(s) = my_state {
                let mut st = Decoder::new(s, ',');
                let mut i = 0;
                while i < values.len() {
                    match st.next_token() {
                        Some(v) => values[i] = v,
                        None => break,
                    }
                    i += 1;
                }
            }
            TraitKind::Marker {
                properties: keys.into_iter().zip(values).collect(),
            }
        }
        "PROP;" => {
            let mut sd = Decoder::new(my_type, ';');
            sd.next_token();
            let name = sd.next_or("name");
            TraitKind::DynamicProperty {
                name,
                value: my_state.unwrap_or("").to_string(),
            }
        }
        "emb2;" => TraitKind::Embellishment(decode_emb2(&my_type[5..], my_state)),
        "emb;" => TraitKind::Embellishment(decode_emb_old(my_type, my_state)),
        "label;" => {
            let mut st = Decoder::new(my_type, ';');
            st.next_token();
            st.next_token(); // labelKey
            st.next_token(); // menuCommand
            st.next_token(); // fontSize
            st.next_token(); // textBg
            st.next_token(); // textFg
            st.next_token(); // verticalPos
            st.next_token(); // verticalOffset
            st.next_token(); // horizontalPos
            st.next_token(); // horizontalOffset
            st.next_token(); // verticalJust
            st.next_token(); // horizontalJust
            let name_format = st.next_or("$pieceName$ ($label$)");
            st.next_token(); // fontFamily
            st.next_token(); // fontStyle
            st.next_token(); // rotateDegrees
            let property_name = st.next_or("TextLabel");
            st.next_token(); // description
            let always_use_format = st.next_boolean(false);
            TraitKind::Label {
                label: my_state.unwrap_or("").trim().to_string(),
                property_name,
                name_format,
                always_use_format,
            }
        }
        "prototype;" => {
            let mut st = Decoder::new(&my_type[10..], ';');
            let name = st.next_or("");
            let mut params = Vec::new();
            if let Some(p) = st.next_token() {
                for kv in Decoder::new(p.as_str(), ',') {
                    let mut st3 = Decoder::new(kv.as_str(), '=');
                    if let Some(k) = st3.next_token()
                        && let Some(v) = st3.next_token()
                    {
                        params.push((k, v));
                    }
                }
            }
            TraitKind::Prototype { name, params }
        }
        "basicName;" => TraitKind::BasicName {
            name: Decoder::new(&my_type[10..], ';').next_or(""),
        },
        _ => TraitKind::Other,
    };
    Trait {
        id,
        type_text: my_type.to_string(),
        state,
        kind,
        from_prototype: None,
    }
}

/// `Embellishment.mySetType` (new `emb2;` encoding) then `mySetState`.
fn decode_emb2(s: &str, state: Option<&str>) -> Embellishment {
    let mut st = Decoder::new(s, ';');
    st.next_token(); // activateCommand
    st.next_token(); // activateModifiers
    let activate_key = st.next_or("A");
    st.next_token(); // upCommand
    st.next_token(); // upModifiers
    st.next_token(); // upKey
    st.next_token(); // downCommand
    st.next_token(); // downModifiers
    st.next_token(); // downKey
    st.next_token(); // resetCommand
    st.next_token(); // resetKey
    st.next_token(); // resetLevel
    st.next_token(); // drawUnderneathWhenSelected
    st.next_token(); // xOff
    st.next_token(); // yOff
    let images = st.next_string_array(1);
    let level_names = st.next_string_array(images.len());
    st.next_token(); // loopLevels
    let name = st.next_or("");
    st.next_token(); // rndKey
    st.next_token(); // rndText
    let follow_property = st.next_boolean(false);
    let property_name = st.next_or("");
    let first_level_value = st.next_int(1);
    let version = st.next_int(0);
    let mut always_active = st.next_boolean(true);
    if version == 0 {
        // BASE_VERSION conversion: "brandNew" is the localized default text, which a
        // saved module never holds.
        always_active = activate_key.is_empty();
    }
    let can_be_activated = if version == 0 {
        !activate_key.is_empty()
    } else {
        !always_active
    };
    let mut e = Embellishment {
        name,
        images,
        level_names,
        value: if can_be_activated { -1 } else { 1 },
        follow_property,
        property_name,
        first_level_value,
    };
    if let Some(s) = state {
        set_emb_state(&mut e, s);
    }
    e
}

/// `Embellishment.originalSetType` (old `emb;` encoding) then `mySetState`.
fn decode_emb_old(s: &str, state: Option<&str>) -> Embellishment {
    let mut st = Decoder::new(s, ';');
    st.next_token();
    let activate = st.next_or("");
    let activate_key = Decoder::new(activate.as_str(), ';').next_or("");
    st.next_token(); // activateCommand
    st.next_token(); // upKey
    st.next_token(); // upCommand
    st.next_token(); // downKey
    st.next_token(); // downCommand
    st.next_token(); // xOff
    st.next_token(); // yOff
    let mut images = Vec::new();
    let mut level_names = Vec::new();
    for sub in st {
        let mut sub_st = Decoder::new(sub.as_str(), ',');
        images.push(sub_st.next_or(""));
        level_names.push(sub_st.next_or(""));
    }
    let mut e = Embellishment {
        name: String::new(),
        images,
        level_names,
        value: if activate_key.is_empty() { 1 } else { -1 },
        follow_property: false,
        property_name: String::new(),
        first_level_value: 1,
    };
    if let Some(s) = state {
        set_emb_state(&mut e, s);
    }
    e
}

fn set_emb_state(e: &mut Embellishment, s: &str) {
    let n = i32::try_from(e.images.len()).unwrap_or(i32::MAX);
    let v = Decoder::new(s, ';').next_int(-1);
    e.value = v.clamp(-n, n);
}

/// Encodes an add-piece text `+/id/type/state` (`BasicCommandEncoder.encode`), for
/// tests and tools that write VASSAL data.
pub fn encode_add_piece(id: Option<&str>, type_text: &str, state: &str) -> String {
    let mut se = SequenceEncoder::new('/');
    se.append(id.unwrap_or("null"))
        .append(type_text)
        .append(state);
    format!("+/{}", se.into_string())
}

/// Joins trait texts (outermost first, BasicPiece last) with `\t` nesting, as
/// `Decorator.getType`/`getState` do.
pub fn nest(parts: &[&str]) -> String {
    let mut acc = match parts.last() {
        Some(l) => l.to_string(),
        None => return String::new(),
    };
    for p in parts.iter().rev().skip(1) {
        let mut se = SequenceEncoder::new('\t');
        se.append(p).append(&acc);
        acc = se.into_string();
    }
    acc
}

/// `BasicPiece.getType`: `piece;;;image;name` with the fields escaped.
pub fn basic_type(image: &str, name: &str) -> String {
    let mut se = SequenceEncoder::new(';');
    se.append("").append("").append(image).append(name);
    format!("piece;{}", se.into_string())
}

/// `BasicPiece.getState`: `mapId;x;y;gpid;count;k;v…`.
pub fn basic_state(
    map_id: Option<&str>,
    x: i32,
    y: i32,
    gpid: &str,
    props: &[(&str, &str)],
) -> String {
    let mut se = SequenceEncoder::new(';');
    se.append(map_id.unwrap_or("null"))
        .append(&x.to_string())
        .append(&y.to_string())
        .append(gpid)
        .append(&props.len().to_string());
    for (k, v) in props {
        se.append(k).append(v);
    }
    se.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_piece_only() {
        let t = "piece;;;inf.png;1st Infantry";
        let s = basic_state(Some("Main Map"), 120, 340, "17", &[("OldX", "5")]);
        let p = Piece::from_add_piece(&encode_add_piece(Some("42"), t, &s), "test").unwrap();
        assert_eq!(p.id.as_deref(), Some("42"));
        assert_eq!(p.basic.image, "inf.png");
        assert_eq!(p.basic.name, "1st Infantry");
        assert_eq!(p.basic.map_id.as_deref(), Some("Main Map"));
        assert_eq!((p.basic.x, p.basic.y), (120, 340));
        assert_eq!(p.basic.gpid, "17");
        assert_eq!(
            p.basic.properties,
            vec![("OldX".to_string(), "5".to_string())]
        );
        assert_eq!(p.name(), "1st Infantry");
        assert_eq!(p.image(), Some("inf.png"));
    }

    #[test]
    fn marker_dynamic_label_chain() {
        let ty = nest(&[
            "label;;Change;10;;0,0,0;t;0;c;0;b;c;$pieceName$ [$label$];Dialog;0;0;Strength;;false",
            "PROP;Steps;;;",
            "mark;Side,Type",
            "piece;;;u.png;Brigade",
        ]);
        let st = nest(&[
            "  4  ",
            "2",
            "Union,Infantry",
            &basic_state(None, 0, 0, "", &[]),
        ]);
        let p = Piece::from_type_state(None, &ty, &st, "t").unwrap();
        assert_eq!(p.trait_ids(), ["label;", "PROP;", "mark;"]);
        assert_eq!(p.property("Side").as_deref(), Some("Union"));
        assert_eq!(p.property("Type").as_deref(), Some("Infantry"));
        assert_eq!(p.property("Steps").as_deref(), Some("2"));
        assert_eq!(p.property("Strength").as_deref(), Some("4"));
        assert_eq!(p.name(), "Brigade [4]");
        assert_eq!(p.basic.map_id, None);
    }

    #[test]
    fn plain_names() {
        assert_eq!(plain_text("$Side$ Brigade {x + 1} A"), "Brigade A");
        assert_eq!(plain_text("Cost $5"), "Cost $5");
        assert_eq!(plain_text("{\"A\"}"), "");
    }

    #[test]
    fn not_a_basic_piece() {
        let e = Piece::from_add_piece("+/1/stack/null;0;0", "save").unwrap_err();
        assert_eq!(
            e.to_string(),
            "save: bad piece definition: innermost type is 'stack', not a BasicPiece ('piece;')"
        );
        let e = decode_add_piece("x/1/a/b", "slot 'A'").unwrap_err();
        assert_eq!(
            e.to_string(),
            "slot 'A': bad piece definition: does not start with '+/' (starts 'x/1/a/b')"
        );
    }
}
