//! Saved games: `.vsav` files, and the predefined setups bundled in a module (which are
//! saved games too).
//!
//! A save is a zip whose entry `savedGame` holds the game's command stream, obfuscated by
//! `ObfuscatingOutputStream`: the header `!VCSK`, a key byte as two hex digits, then every
//! byte XOR the key as two hex digits. The text is a tree of commands encoded by
//! `GameModule.encode`: a command and its sub-commands joined with ESC (0x1B) by a
//! `SequenceEncoder`, sub-commands nesting their own ESC-joined lists one escaping level
//! deeper. A save reads `begin_save` ESC (version checks) ESC (the pieces, each an
//! add-piece `+/id/type/state`) ESC (game components: board choices, …) ESC `end_save`.

use std::collections::HashMap;
use std::path::Path;

use super::archive::{Archive, Limits};
use super::error::VassalError;
use super::piece::{Piece, decode_add_piece};
use super::sequence::{Decoder, parse_java_int};

/// The zip entry holding a save's command stream (`GameState.SAVEFILE_ZIP_ENTRY`).
pub const SAVE_ENTRY: &str = "savedGame";
/// `ObfuscatingOutputStream.HEADER`.
pub const OBFUSCATION_HEADER: &[u8] = b"!VCSK";
/// `GameModule.COMMAND_SEPARATOR` (ESC).
pub const COMMAND_SEPARATOR: char = '\u{1b}';
/// Deepest nesting of compound commands followed.
pub const MAX_COMMAND_DEPTH: usize = 64;

fn unhex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// `DeobfuscatingInputStream`: bytes starting with `!VCSK` are deobfuscated (key byte
/// as two hex digits, then hex pairs XOR key); anything else is returned unchanged.
/// `file`/`entry` name the source in errors, which give the byte offset of the damage.
pub fn deobfuscate(data: &[u8], file: &str, entry: &str) -> Result<Vec<u8>, VassalError> {
    let Some(body) = data.strip_prefix(OBFUSCATION_HEADER) else {
        return Ok(data.to_vec());
    };
    let err = |offset: usize, message: String| VassalError::Obfuscation {
        file: file.to_string(),
        entry: entry.to_string(),
        offset,
        message,
    };
    let base = OBFUSCATION_HEADER.len();
    let pair = |i: usize| -> Result<u8, VassalError> {
        let hi = body[i];
        let lo = body[i + 1];
        let h = unhex(hi)
            .ok_or_else(|| err(base + i, format!("byte 0x{hi:02x} is not a hex digit")))?;
        let l = unhex(lo)
            .ok_or_else(|| err(base + i + 1, format!("byte 0x{lo:02x} is not a hex digit")))?;
        Ok((h << 4) | l)
    };
    if body.len() < 2 {
        return Err(err(base + body.len(), "truncated key".into()));
    }
    let key = pair(0)?;
    let rest = body.len() - 2;
    if rest % 2 != 0 {
        return Err(err(
            data.len() - 1,
            "odd number of hex digits (truncated)".into(),
        ));
    }
    let mut out = Vec::with_capacity(rest / 2);
    let mut i = 2;
    while i < body.len() {
        out.push(pair(i)? ^ key);
        i += 2;
    }
    Ok(out)
}

/// `ObfuscatingOutputStream` with `key`: the inverse of [`deobfuscate`] (for tests and
/// tools that write saves).
pub fn obfuscate(data: &[u8], key: u8) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(OBFUSCATION_HEADER.len() + 2 + data.len() * 2);
    out.extend_from_slice(OBFUSCATION_HEADER);
    out.push(HEX[usize::from(key >> 4)]);
    out.push(HEX[usize::from(key & 15)]);
    for &b in data {
        let b = b ^ key;
        out.push(HEX[usize::from(b >> 4)]);
        out.push(HEX[usize::from(b & 15)]);
    }
    out
}

/// Splits a command string into its leaf commands in order, as `GameModule.decode` does
/// (a string that splits into more than one token is decoded token by token,
/// recursively). `Err` carries the depth limit being hit.
pub fn split_commands(command: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    split_into(command, 0, &mut out)?;
    Ok(out)
}

fn split_into(command: &str, depth: usize, out: &mut Vec<String>) -> Result<(), String> {
    if depth > MAX_COMMAND_DEPTH {
        return Err(format!(
            "commands nest deeper than {MAX_COMMAND_DEPTH} levels"
        ));
    }
    let mut st = Decoder::new(command, COMMAND_SEPARATOR);
    let first = st.next_token().unwrap_or_default();
    if first == command {
        out.push(first);
        return Ok(());
    }
    split_into(&first, depth + 1, out)?;
    while let Some(t) = st.next_token() {
        split_into(&t, depth + 1, out)?;
    }
    Ok(())
}

/// Joins commands with ESC as `GameModule.encode` does for one command with
/// sub-commands (each sub-command may itself be such a joined string).
pub fn join_commands(commands: &[&str]) -> String {
    let mut se = super::sequence::SequenceEncoder::new(COMMAND_SEPARATOR);
    for c in commands {
        se.append(c);
    }
    se.into_string()
}

/// One decoded command of a save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `begin_save`.
    BeginSave,
    /// `end_save`.
    EndSave,
    /// `+/id/type/state`: a piece (or stack or deck) added.
    AddPiece {
        /// The piece id.
        id: Option<String>,
        /// Its type text.
        type_text: String,
        /// Its state text.
        state: String,
    },
    /// `-/id`: a piece removed.
    RemovePiece { id: String },
    /// `D/id/newState[/oldState]`: a piece's state changed.
    ChangePiece { id: String, new_state: String },
    /// `M/id/newMap/x/y/underId/oldMap/x/y/oldUnderId[/player]`: a piece moved.
    MovePiece {
        id: String,
        new_map: Option<String>,
        x: i32,
        y: i32,
        new_under: Option<String>,
    },
    /// `<mapId>BoardPicker\tboard\tcol\trow…`: the boards chosen for a map (map id
    /// unresolved: the text before `BoardPicker`).
    SetBoards {
        /// The map identifier as written (`mapName`, or `Map0`-style id).
        map: String,
        /// The boards and their places.
        boards: Vec<BoardPlacement>,
    },
    /// Anything else (version checks, global properties, turn trackers, chat…), raw.
    Other(String),
}

/// One board placed on a map by a `BoardPicker` command or setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardPlacement {
    /// Board name.
    pub name: String,
    /// Whether it is shown rotated 180° (`/rev`).
    pub reversed: bool,
    /// Column in the map's board layout (0 left).
    pub column: i32,
    /// Row in the map's board layout (0 top).
    pub row: i32,
}

/// Parses the boards part of a BoardPicker command (`BoardPicker.decode`): after the
/// first `\t` token, triples `name[/rev]`, column, row.
pub fn parse_board_setup(command: &str) -> (String, Vec<BoardPlacement>) {
    let mut st = Decoder::new(command, '\t');
    let head = st.next_or("");
    let map = head
        .strip_suffix("BoardPicker")
        .unwrap_or(&head)
        .to_string();
    let mut boards = Vec::new();
    while st.has_more_tokens() {
        let tok = st.next_or("");
        let mut st2 = Decoder::new(tok.as_str(), '/');
        let name = st2.next_or("");
        let reversed = st2.has_more_tokens() && st2.next_or("") == "rev";
        let column = st.next_int(0);
        let row = st.next_int(0);
        boards.push(BoardPlacement {
            name,
            reversed,
            column,
            row,
        });
    }
    (map, boards)
}

/// Decodes one leaf command (`BasicCommandEncoder.decode`, `GameState.decode`,
/// `BoardPicker.decode`). `index` and `context` name it in errors.
pub fn decode_command(cmd: &str, index: usize, context: &str) -> Result<Command, VassalError> {
    let err = |message: String| VassalError::Command {
        context: context.to_string(),
        index,
        message,
    };
    if cmd == "begin_save" {
        return Ok(Command::BeginSave);
    }
    if cmd == "end_save" {
        return Ok(Command::EndSave);
    }
    if cmd.starts_with("+/") {
        let a = decode_add_piece(cmd, &format!("{context}: command {index}"))?;
        return Ok(Command::AddPiece {
            id: a.id,
            type_text: a.type_text,
            state: a.state,
        });
    }
    if let Some(id) = cmd.strip_prefix("-/") {
        return Ok(Command::RemovePiece { id: id.to_string() });
    }
    if let Some(rest) = cmd.strip_prefix("D/") {
        let mut st = Decoder::new(rest, '/');
        let id = st.next_or("");
        let new_state = st
            .next_token()
            .ok_or_else(|| err("change-piece command without a new state".into()))?;
        return Ok(Command::ChangePiece { id, new_state });
    }
    if let Some(rest) = cmd.strip_prefix("M/") {
        let mut st = Decoder::new(rest, '/');
        let id = st.next_or("");
        let new_map = st.next_or("null");
        let int = |t: Option<String>, what: &str| -> Result<i32, VassalError> {
            let t = t.unwrap_or_default();
            parse_java_int(&t)
                .ok_or_else(|| err(format!("move-piece {what} '{t}' is not an integer")))
        };
        let x = int(st.next_token(), "x")?;
        let y = int(st.next_token(), "y")?;
        let new_under = st.next_or("null");
        let unwrap = |s: String| if s == "null" { None } else { Some(s) };
        return Ok(Command::MovePiece {
            id,
            new_map: unwrap(new_map),
            x,
            y,
            new_under: unwrap(new_under),
        });
    }
    if let Some(tab) = cmd.find('\t')
        && cmd[..tab].ends_with("BoardPicker")
    {
        let (map, boards) = parse_board_setup(cmd);
        return Ok(Command::SetBoards { map, boards });
    }
    Ok(Command::Other(cmd.to_string()))
}

/// A piece as the saved game leaves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedPiece {
    /// The piece id.
    pub id: String,
    /// The decoded piece (prototypes not expanded: VASSAL saves pieces expanded already).
    pub piece: Piece,
    /// The id of the stack holding it, if any.
    pub stack: Option<String>,
}

impl SavedPiece {
    /// The map id (`None`: not on a map).
    pub fn map_id(&self) -> Option<&str> {
        self.piece.basic.map_id.as_deref()
    }
    /// Map coordinates.
    pub fn position(&self) -> (i32, i32) {
        (self.piece.basic.x, self.piece.basic.y)
    }
}

/// A stack of a saved game (`stack` add-piece): its map, position and pieces in order
/// (bottom first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedStack {
    pub id: String,
    pub map_id: Option<String>,
    pub x: i32,
    pub y: i32,
    pub pieces: Vec<String>,
}

/// A decoded saved game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SavedGame {
    /// The pieces in the order added (removed pieces dropped; moves and state changes
    /// applied).
    pub pieces: Vec<SavedPiece>,
    /// The stacks.
    pub stacks: Vec<SavedStack>,
    /// Boards chosen per map (the last `BoardPicker` command per map wins).
    pub boards: Vec<(String, Vec<BoardPlacement>)>,
    /// Whether the stream was framed by `begin_save` … `end_save`.
    pub framed: bool,
    /// Problems that did not stop the reading (e.g. a piece type that is not a
    /// BasicPiece, a deck, a move of an unknown piece), one line each.
    pub warnings: Vec<String>,
    /// Commands not understood, raw.
    pub other_commands: Vec<String>,
}

impl SavedGame {
    /// Reads a save file (`.vsav`) from disk.
    pub fn open(path: &Path, limits: Limits) -> Result<SavedGame, VassalError> {
        let mut a = Archive::open(path, limits)?;
        Self::from_archive(&mut a)
    }

    /// Reads a save held in memory (e.g. a module's predefined setup); `label` names it.
    pub fn from_bytes(
        label: &str,
        bytes: Vec<u8>,
        limits: Limits,
    ) -> Result<SavedGame, VassalError> {
        let mut a = Archive::from_bytes(label, bytes, limits)?;
        Self::from_archive(&mut a)
    }

    /// Reads the `savedGame` entry of an opened archive.
    pub fn from_archive(a: &mut Archive) -> Result<SavedGame, VassalError> {
        if !a.contains(SAVE_ENTRY) {
            return Err(VassalError::MissingEntry {
                file: a.label().to_string(),
                entry: SAVE_ENTRY.into(),
                detail: " (not a VASSAL saved game)".into(),
            });
        }
        let raw = a.read(SAVE_ENTRY)?;
        let text = deobfuscate(&raw, a.label(), SAVE_ENTRY)?;
        let text = String::from_utf8(text).map_err(|e| VassalError::NotUtf8 {
            file: a.label().to_string(),
            entry: SAVE_ENTRY.into(),
            offset: e.utf8_error().valid_up_to(),
        })?;
        Self::from_command_text(&text, &format!("{}!{SAVE_ENTRY}", a.label()))
    }

    /// Decodes a deobfuscated command stream.
    pub fn from_command_text(text: &str, context: &str) -> Result<SavedGame, VassalError> {
        let leaves = split_commands(text).map_err(|m| VassalError::Command {
            context: context.to_string(),
            index: 0,
            message: m,
        })?;
        let mut r = Replay {
            g: SavedGame::default(),
            index_of: HashMap::new(),
            stack_of: HashMap::new(),
            context,
        };
        let non_empty: Vec<&String> = leaves.iter().filter(|c| !c.is_empty()).collect();
        r.g.framed = non_empty.first().is_some_and(|c| *c == "begin_save")
            && non_empty.last().is_some_and(|c| *c == "end_save");
        for (i, cmd) in leaves.iter().enumerate() {
            if cmd.is_empty() {
                continue;
            }
            match decode_command(cmd, i, context)? {
                Command::BeginSave | Command::EndSave => {}
                Command::AddPiece {
                    id,
                    type_text,
                    state,
                } => r.add(i, id.unwrap_or_default(), &type_text, &state),
                Command::RemovePiece { id } => r.remove(&id),
                Command::ChangePiece { id, new_state } => r.change(i, &id, &new_state),
                Command::MovePiece {
                    id, new_map, x, y, ..
                } => r.moved(i, &id, new_map, x, y),
                Command::SetBoards { map, boards } => {
                    r.g.boards.retain(|(m, _)| *m != map);
                    r.g.boards.push((map, boards));
                }
                Command::Other(s) => r.g.other_commands.push(s),
            }
        }
        let mut g = r.g;
        // A piece in a stack is where its stack is (VASSAL's `BasicPiece.getMap` and
        // `getPosition` ask the parent stack): saves of VASSAL 2.9 and older write no map for
        // a piece inside a stack, only the stack's.
        for s in &g.stacks {
            for pid in &s.pieces {
                if let Some(&k) = r.index_of.get(pid) {
                    let p = &mut g.pieces[k];
                    p.stack = Some(s.id.clone());
                    p.piece.basic.map_id = s.map_id.clone();
                    p.piece.basic.x = s.x;
                    p.piece.basic.y = s.y;
                }
            }
        }
        Ok(g)
    }

    /// The pieces on a map (by map id).
    pub fn pieces_on<'a>(&'a self, map_id: &'a str) -> impl Iterator<Item = &'a SavedPiece> + 'a {
        self.pieces
            .iter()
            .filter(move |p| p.map_id() == Some(map_id))
    }
}

/// Rebuilds a piece's type text from its decoded traits (raw texts kept by decoding).
fn reencode_type(p: &Piece) -> String {
    let basic = {
        let mut se = super::sequence::SequenceEncoder::new(';');
        let ck = if p.basic.clone_key == '\0' {
            String::new()
        } else {
            p.basic.clone_key.to_string()
        };
        let dk = if p.basic.delete_key == '\0' {
            String::new()
        } else {
            p.basic.delete_key.to_string()
        };
        se.append(&ck)
            .append(&dk)
            .append(&p.basic.image)
            .append(&p.basic.name);
        format!("piece;{}", se.into_string())
    };
    let mut parts: Vec<&str> = p.traits.iter().map(|t| t.type_text.as_str()).collect();
    parts.push(&basic);
    super::piece::nest(&parts)
}

/// A saved game being rebuilt command by command: the pieces and stacks by id.
struct Replay<'a> {
    g: SavedGame,
    index_of: HashMap<String, usize>,
    stack_of: HashMap<String, usize>,
    context: &'a str,
}

impl Replay<'_> {
    /// `AddPiece`: a stack, a deck (skipped with a warning) or a piece (a later add of the
    /// same id replaces it).
    fn add(&mut self, i: usize, id: String, type_text: &str, state: &str) {
        let context = self.context;
        if type_text == "stack" || type_text.starts_with("stack;") {
            self.add_stack(id, state);
            return;
        }
        if type_text.starts_with("deck;") {
            self.g.warnings.push(format!(
                "{context}: command {i}: deck '{id}' skipped (decks are not read)"
            ));
            return;
        }
        let ctx = format!("{context}: command {i} (piece '{id}')");
        match Piece::from_type_state(Some(id.clone()), type_text, state, &ctx) {
            Ok(piece) => {
                let sp = SavedPiece {
                    id: id.clone(),
                    piece,
                    stack: None,
                };
                match self.index_of.get(&id) {
                    Some(&k) => self.g.pieces[k] = sp,
                    None => {
                        self.index_of.insert(id, self.g.pieces.len());
                        self.g.pieces.push(sp);
                    }
                }
            }
            Err(e) => self.g.warnings.push(e.to_string()),
        }
    }

    /// A stack's state: `map;x;y;piece;piece…` (the `@@` expansion flag left out).
    fn add_stack(&mut self, id: String, state: &str) {
        let mut st = Decoder::new(state, ';');
        let map = st.next_or("null");
        let (x, y) = if map == "null" {
            (0, 0)
        } else {
            (st.next_int(0), st.next_int(0))
        };
        // `Stack.setState` takes the pieces already known (a later piece of the same id is not
        // in it), each leaving the stack it was in (`insertChild`).
        let pieces: Vec<String> = st
            .filter(|t| !t.starts_with("@@") && self.index_of.contains_key(t))
            .collect();
        for other in &mut self.g.stacks {
            if other.id != id {
                other.pieces.retain(|p| !pieces.contains(p));
            }
        }
        let s = SavedStack {
            id: id.clone(),
            map_id: if map == "null" { None } else { Some(map) },
            x,
            y,
            pieces,
        };
        match self.stack_of.get(&id) {
            Some(&k) => self.g.stacks[k] = s,
            None => {
                self.stack_of.insert(id, self.g.stacks.len());
                self.g.stacks.push(s);
            }
        }
    }

    /// `RemovePiece`: a piece or a stack, the indexes after it moved down.
    fn remove(&mut self, id: &str) {
        if let Some(k) = self.index_of.remove(id) {
            self.g.pieces.remove(k);
            for v in self.index_of.values_mut() {
                if *v > k {
                    *v -= 1;
                }
            }
        } else if let Some(k) = self.stack_of.remove(id) {
            self.g.stacks.remove(k);
            for v in self.stack_of.values_mut() {
                if *v > k {
                    *v -= 1;
                }
            }
        }
    }

    /// `ChangePiece`: the piece rebuilt from its type and the new state.
    fn change(&mut self, i: usize, id: &str, new_state: &str) {
        let context = self.context;
        match self.index_of.get(id) {
            Some(&k) => {
                let ty = reencode_type(&self.g.pieces[k].piece);
                let ctx = format!("{context}: command {i} (change of piece '{id}')");
                match Piece::from_type_state(Some(id.to_string()), &ty, new_state, &ctx) {
                    Ok(np) => self.g.pieces[k].piece = np,
                    Err(e) => self.g.warnings.push(e.to_string()),
                }
            }
            None => self.g.warnings.push(format!(
                "{context}: command {i}: change of unknown piece '{id}'"
            )),
        }
    }

    /// `MovePiece`: a piece, or a stack with every piece in it.
    fn moved(&mut self, i: usize, id: &str, new_map: Option<String>, x: i32, y: i32) {
        if let Some(&k) = self.index_of.get(id) {
            let b = &mut self.g.pieces[k].piece.basic;
            b.map_id = new_map;
            b.x = x;
            b.y = y;
            // A piece moved alone leaves its stack (VASSAL puts it in a new one, or in the
            // stack of the piece it is put under, at the point moved to either way).
            for s in &mut self.g.stacks {
                s.pieces.retain(|p| p != id);
            }
        } else if let Some(&k) = self.stack_of.get(id) {
            let s = &mut self.g.stacks[k];
            s.map_id = new_map.clone();
            s.x = x;
            s.y = y;
            for pid in s.pieces.clone() {
                if let Some(&pk) = self.index_of.get(&pid) {
                    let b = &mut self.g.pieces[pk].piece.basic;
                    b.map_id = new_map.clone();
                    b.x = x;
                    b.y = y;
                }
            }
        } else {
            self.g.warnings.push(format!(
                "{}: command {i}: move of unknown piece '{id}'",
                self.context
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn obfuscation_round_trip() {
        let s = "begin_save\u{1b}end_save";
        let o = obfuscate(s.as_bytes(), 0x5a);
        assert!(o.starts_with(b"!VCSK5a"));
        assert_eq!(deobfuscate(&o, "f", "savedGame").unwrap(), s.as_bytes());
        // Plain streams pass through.
        assert_eq!(deobfuscate(b"begin_save", "f", "e").unwrap(), b"begin_save");
    }

    #[test]
    fn obfuscation_errors() {
        let e = deobfuscate(b"!VCSK5a1x", "g.vsav", "savedGame").unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.vsav: entry 'savedGame': damaged obfuscated stream at byte 8: byte 0x78 is not a hex digit"
        );
        let e = deobfuscate(b"!VCSK5a123", "g.vsav", "savedGame").unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.vsav: entry 'savedGame': damaged obfuscated stream at byte 9: odd number of hex digits (truncated)"
        );
        let e = deobfuscate(b"!VCSK5", "g.vsav", "savedGame").unwrap_err();
        assert!(e.to_string().contains("truncated key"), "{e}");
    }

    #[test]
    fn nested_command_split() {
        let inner = join_commands(&["+/1/a/b", "+/2/c/d"]);
        let checks = join_commands(&["", "alert"]);
        let all = join_commands(&["begin_save", &checks, &inner, "end_save"]);
        assert_eq!(
            split_commands(&all).unwrap(),
            ["begin_save", "", "alert", "+/1/a/b", "+/2/c/d", "end_save"]
        );
    }

    #[test]
    fn move_and_board_commands() {
        let m = decode_command("M/7/Main Map/100/200/null/null/0/0/null/p1", 3, "s").unwrap();
        assert_eq!(
            m,
            Command::MovePiece {
                id: "7".into(),
                new_map: Some("Main Map".into()),
                x: 100,
                y: 200,
                new_under: None
            }
        );
        let e = decode_command("M/7/Main/x/200", 3, "s").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s: command 3: move-piece x 'x' is not an integer"
        );
        let b =
            decode_command("Main MapBoardPicker\tNorth\t0\t0\tSouth/rev\t0\t1", 1, "s").unwrap();
        assert_eq!(
            b,
            Command::SetBoards {
                map: "Main Map".into(),
                boards: vec![
                    BoardPlacement {
                        name: "North".into(),
                        reversed: false,
                        column: 0,
                        row: 0
                    },
                    BoardPlacement {
                        name: "South".into(),
                        reversed: true,
                        column: 0,
                        row: 1
                    },
                ]
            }
        );
    }

    // VASSAL 2.9's saves: a piece in a stack is where its stack is, whatever its own state
    // says; a stack takes only pieces already added; a piece moved alone leaves its stack.
    #[test]
    fn a_piece_in_a_stack_is_where_the_stack_is() {
        use crate::vassal::piece::{basic_state, basic_type, encode_add_piece};
        let piece = |id: &str| {
            encode_add_piece(
                Some(id),
                &basic_type("a.png", id),
                &basic_state(None, 0, 0, "1", &[]),
            )
        };
        let stream = join_commands(&[
            "begin_save",
            &piece("a"),
            &piece("b"),
            &piece("c"),
            "+/s1/stack/Main;100;200;a;b;c;late;@@0",
            &piece("late"),
            "M/c/Main/300/400/null/Main/100/200/null",
            "end_save",
        ]);
        let g = SavedGame::from_command_text(&stream, "t").unwrap();
        let at = |id: &str| {
            let p = g.pieces.iter().find(|p| p.id == id).unwrap();
            (
                p.map_id().map(str::to_string),
                p.position(),
                p.stack.clone(),
            )
        };
        let s1 = Some("s1".to_string());
        assert_eq!(at("a"), (Some("Main".into()), (100, 200), s1.clone()));
        assert_eq!(at("b"), (Some("Main".into()), (100, 200), s1));
        assert_eq!(at("c"), (Some("Main".into()), (300, 400), None));
        assert_eq!(at("late"), (None, (0, 0), None));
        assert_eq!(g.stacks[0].pieces, ["a", "b"]);
    }
}
