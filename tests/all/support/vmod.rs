//! Small VASSAL modules written by the tests: real zip files with a build file, real PNG images
//! (drawn here), at-start stacks, palettes, bundled set-ups and saved games obfuscated as
//! VASSAL writes them.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};

use musket::vassal::piece::{basic_state, basic_type, encode_add_piece, nest};
use musket::vassal::save::{join_commands, obfuscate};

/// A real PNG (8-bit RGB) drawn by `f(x, y)`.
pub fn png_rgb(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
    let mut raw = Vec::with_capacity(((w * 3 + 1) * h) as usize);
    for y in 0..h {
        raw.push(0);
        for x in 0..w {
            raw.extend_from_slice(&f(x, y));
        }
    }
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    z.write_all(&raw).unwrap();
    let idat = z.finish().unwrap();
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

/// A counter's pixels (48x48 RGB): its ground in `ground` (each pixel a few levels off, as
/// print and scanning leave it), a black NATO symbol box with its kind's mark (infantry X,
/// cavalry /, artillery dot, a leader's flag: none) and a white print band below.
pub fn counter_rgb(ground: [u8; 3], kind: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(48 * 48 * 3);
    for y in 0..48i32 {
        for x in 0..48i32 {
            let (bx, by) = (x - 10, y - 8);
            let in_box = (0..=28).contains(&bx) && (0..=18).contains(&by);
            let edge = in_box && (bx == 0 || bx == 28 || by == 0 || by == 18);
            let mark = in_box
                && match kind {
                    "inf" => (bx * 18 - by * 28).abs() < 20 || (bx * 18 + by * 28 - 504).abs() < 20,
                    "cav" => (bx * 18 + by * 28 - 504).abs() < 20,
                    "art" => (bx - 14).pow(2) + (by - 9).pow(2) <= 16,
                    _ => false,
                };
            let c = if edge || mark {
                [10, 10, 10]
            } else if (34..44).contains(&y) && (6..42).contains(&x) {
                [245, 245, 240]
            } else {
                let j = ((x * 7 + y * 13) % 9) as u8;
                ground.map(|v| v.saturating_add(j).saturating_sub(4))
            };
            out.extend_from_slice(&c);
        }
    }
    out
}

/// [`counter_rgb`] as a PNG.
pub fn counter_png(ground: [u8; 3], kind: &str) -> Vec<u8> {
    let px = counter_rgb(ground, kind);
    png_rgb(48, 48, |x, y| {
        let i = ((y * 48 + x) * 3) as usize;
        [px[i], px[i + 1], px[i + 2]]
    })
}

/// [`counter_rgb`] as a GIF (palette quantised by the gif crate, as GIF counters are).
pub fn counter_gif(ground: [u8; 3], kind: &str) -> Vec<u8> {
    let px = counter_rgb(ground, kind);
    let mut out = Vec::new();
    {
        let mut e = gif::Encoder::new(&mut out, 48, 48, &[]).unwrap();
        e.write_frame(&gif::Frame::from_rgb(48, 48, &px)).unwrap();
    }
    out
}

/// [`counter_rgb`] as a JPEG (quality 80).
pub fn counter_jpeg(ground: [u8; 3], kind: &str) -> Vec<u8> {
    let px = counter_rgb(ground, kind);
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80)
        .encode(&px, 48, 48, image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

/// A plain PNG of one colour.
pub fn png_plain(w: u32, h: u32, c: [u8; 3]) -> Vec<u8> {
    png_rgb(w, h, |_, _| c)
}

pub fn zip_bytes(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in entries {
        z.start_file(name.as_str(), opts).unwrap();
        z.write_all(data).unwrap();
    }
    z.finish().unwrap().into_inner()
}

/// A `.vsav`: `savedGame` obfuscated as VASSAL writes it.
pub fn vsav_bytes(commands: &str) -> Vec<u8> {
    zip_bytes(&[
        ("savedGame".into(), obfuscate(commands.as_bytes(), 0x5a)),
        ("savedata".into(), b"<data version=\"1\"/>".to_vec()),
    ])
}

/// The save stream as `GameState.getRestoreCommand` writes it.
pub fn save_stream(pieces: &[String], components: &[String]) -> String {
    let checks = join_commands(&["", "COND\tVassalVersion\tLt\t3.7.0"]);
    let mut p: Vec<&str> = vec![""];
    p.extend(pieces.iter().map(String::as_str));
    let restore = join_commands(&p);
    let mut all: Vec<&str> = vec!["begin_save", &checks, &restore];
    all.extend(components.iter().map(String::as_str));
    all.push("end_save");
    join_commands(&all)
}

/// A piece of a saved game and its map point.
pub type Placed = (PieceSpec, i32, i32);

/// A piece: name, image, and marker properties (`Side=Union`).
#[derive(Clone, Debug)]
pub struct PieceSpec {
    pub name: String,
    pub image: String,
    pub props: Vec<(String, String)>,
}

impl PieceSpec {
    pub fn new(name: &str, image: &str, props: &[(&str, &str)]) -> Self {
        PieceSpec {
            name: name.into(),
            image: image.into(),
            props: props
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    fn type_state(&self, map: Option<&str>, x: i32, y: i32, gpid: &str) -> (String, String) {
        let basic_t = basic_type(&self.image, &self.name);
        let basic_s = basic_state(map, x, y, gpid, &[]);
        if self.props.is_empty() {
            return (basic_t, basic_s);
        }
        let keys: Vec<&str> = self.props.iter().map(|(k, _)| k.as_str()).collect();
        let vals: Vec<&str> = self.props.iter().map(|(_, v)| v.as_str()).collect();
        let mark = format!("mark;{}", keys.join(","));
        (nest(&[&mark, &basic_t]), nest(&[&vals.join(","), &basic_s]))
    }

    /// The palette / at-start slot text.
    pub fn slot(&self) -> String {
        let (t, s) = self.type_state(None, 0, 0, "");
        encode_add_piece(None, &t, &s)
    }

    /// The piece as a saved game holds it.
    pub fn saved(&self, id: &str, map: &str, x: i32, y: i32) -> String {
        let (t, s) = self.type_state(Some(map), x, y, "1");
        encode_add_piece(Some(id), &t, &s)
    }

    /// The piece as VASSAL 2.9 and older save a piece inside a stack: no map, no point (the
    /// stack holds them: [`stack_saved`]).
    pub fn saved_in_stack(&self, id: &str) -> String {
        let (t, s) = self.type_state(None, 0, 0, "1");
        encode_add_piece(Some(id), &t, &s)
    }
}

/// A stack as a saved game holds it (`Stack.getState`): its map (`None`: none), point and
/// pieces' ids, bottom first.
pub fn stack_saved(id: &str, map: Option<&str>, x: i32, y: i32, pieces: &[&str]) -> String {
    let mut state = match map {
        Some(m) => format!("{m};{x};{y}"),
        None => "null".to_string(),
    };
    for p in pieces {
        state.push(';');
        state.push_str(p);
    }
    encode_add_piece(Some(id), "stack", &state)
}

/// An at-start stack on the board: at a grid location, or at a point.
#[derive(Clone, Debug)]
pub struct StackSpec {
    pub location: Option<String>,
    pub x: i32,
    pub y: i32,
    pub pieces: Vec<PieceSpec>,
}

/// Grid attributes for `HexGrid` and `HexGridNumbering`.
#[derive(Clone, Debug)]
pub struct GridSpec {
    pub dx: f64,
    pub dy: f64,
    pub x0: i32,
    pub y0: i32,
    pub sideways: bool,
    /// Extra `HexGridNumbering` attributes (`("stagger", "false")`…).
    pub numbering: Vec<(String, String)>,
}

impl GridSpec {
    pub fn new(dx: f64, dy: f64, x0: i32, y0: i32) -> Self {
        GridSpec {
            dx,
            dy,
            x0,
            y0,
            sideways: false,
            numbering: vec![("stagger".into(), "false".into())],
        }
    }

    pub fn with(mut self, k: &str, v: &str) -> Self {
        self.numbering.retain(|(a, _)| a != k);
        self.numbering.push((k.into(), v.into()));
        self
    }

    pub fn xml(&self) -> String {
        let attrs: String = self
            .numbering
            .iter()
            .map(|(k, v)| format!(" {k}=\"{v}\""))
            .collect();
        format!(
            r#"<VASSAL.build.module.map.boardPicker.board.HexGrid dx="{}" dy="{}" x0="{}" y0="{}" sideways="{}" snapTo="true" visible="true"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering{attrs}/></VASSAL.build.module.map.boardPicker.board.HexGrid>"#,
            self.dx, self.dy, self.x0, self.y0, self.sideways
        )
    }
}

/// A one-map module.
#[derive(Clone, Debug)]
pub struct ModuleSpec {
    pub name: String,
    pub board: String,
    pub width: u32,
    pub height: u32,
    /// The board's grid element (HexGrid, ZonedGrid …).
    pub grid_xml: String,
    pub stacks: Vec<StackSpec>,
    /// Bundled set-ups: name, the saved pieces (piece, x, y).
    pub setups: Vec<(String, Vec<Placed>)>,
    /// The board image; `None`: a plain one of the board's size.
    pub board_png: Option<Vec<u8>>,
    /// Extra zip entries (name, bytes).
    pub extra: Vec<(String, Vec<u8>)>,
    /// The board image's file name (default `board.png`; its bytes are `board_png`).
    pub board_image: String,
    /// Leave these images out of the zip (`board.png` too).
    pub missing: Vec<String>,
}

impl ModuleSpec {
    pub fn new(name: &str, width: u32, height: u32, grid: &GridSpec) -> Self {
        ModuleSpec {
            name: name.into(),
            board: "Main".into(),
            width,
            height,
            grid_xml: grid.xml(),
            stacks: Vec::new(),
            setups: Vec::new(),
            board_png: None,
            board_image: "board.png".into(),
            extra: Vec::new(),
            missing: Vec::new(),
        }
    }

    pub fn stack_at(mut self, location: &str, pieces: &[PieceSpec]) -> Self {
        self.stacks.push(StackSpec {
            location: Some(location.into()),
            x: 0,
            y: 0,
            pieces: pieces.to_vec(),
        });
        self
    }

    pub fn stack_xy(mut self, x: i32, y: i32, pieces: &[PieceSpec]) -> Self {
        self.stacks.push(StackSpec {
            location: None,
            x,
            y,
            pieces: pieces.to_vec(),
        });
        self
    }

    pub fn build_xml(&self) -> String {
        let mut stacks = String::new();
        for (i, s) in self.stacks.iter().enumerate() {
            let slots: String = s
                .pieces
                .iter()
                .enumerate()
                .map(|(j, p)| {
                    format!(
                        r#"<VASSAL.build.widget.PieceSlot entryName="{}" gpid="{}" height="60" width="60">{}</VASSAL.build.widget.PieceSlot>"#,
                        xml_escape(&p.name),
                        100 + i * 10 + j,
                        xml_escape(&p.slot())
                    )
                })
                .collect();
            let (use_loc, loc) = match &s.location {
                Some(l) => ("true", l.as_str()),
                None => ("false", ""),
            };
            stacks.push_str(&format!(
                r#"<VASSAL.build.module.map.SetupStack location="{loc}" name="Stack {i}" owningBoard="{}" useGridLocation="{use_loc}" x="{}" y="{}">{slots}</VASSAL.build.module.map.SetupStack>"#,
                self.board, s.x, s.y
            ));
        }
        let setups: String = self
            .setups
            .iter()
            .enumerate()
            .map(|(i, (n, _))| {
                format!(
                    r#"<VASSAL.build.module.PredefinedSetup file="setup{i}.vsav" isMenu="false" name="{}" useFile="true"/>"#,
                    xml_escape(n)
                )
            })
            .collect();
        format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.0" name="{name}" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="{image}" name="{board}" reversible="false">{grid}</VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    {stacks}
  </VASSAL.build.module.Map>
  {setups}
</VASSAL.build.GameModule>
"#,
            name = xml_escape(&self.name),
            board = xml_escape(&self.board),
            image = xml_escape(&self.board_image),
            grid = self.grid_xml,
        )
    }

    /// Writes the module into `dir` as `<file>`.
    pub fn write(&self, dir: &Path, file: &str) -> PathBuf {
        let mut entries: Vec<(String, Vec<u8>)> =
            vec![("buildFile.xml".into(), self.build_xml().into_bytes())];
        let board = self
            .board_png
            .clone()
            .unwrap_or_else(|| png_plain(self.width, self.height, [200, 190, 150]));
        if !self.missing.iter().any(|m| *m == self.board_image) {
            entries.push((format!("images/{}", self.board_image), board));
        }
        let mut images: Vec<String> = Vec::new();
        let all_pieces = self.stacks.iter().flat_map(|s| s.pieces.iter()).chain(
            self.setups
                .iter()
                .flat_map(|(_, v)| v.iter().map(|(p, _, _)| p)),
        );
        for p in all_pieces {
            if !p.image.is_empty() && !images.contains(&p.image) {
                images.push(p.image.clone());
            }
        }
        for img in images {
            let given = self
                .extra
                .iter()
                .any(|(n, _)| *n == format!("images/{img}"));
            if !self.missing.contains(&img) && !given {
                let c = colour_of(&img);
                entries.push((format!("images/{img}"), png_plain(48, 48, c)));
            }
        }
        for (i, (_, pieces)) in self.setups.iter().enumerate() {
            let saved: Vec<String> = pieces
                .iter()
                .enumerate()
                .map(|(j, (p, x, y))| p.saved(&format!("p{j}"), "Main Map", *x, *y))
                .collect();
            let stream = save_stream(
                &saved,
                &[format!("Main MapBoardPicker\t{}\t0\t0", self.board)],
            );
            entries.push((format!("setup{i}.vsav"), vsav_bytes(&stream)));
        }
        entries.extend(self.extra.iter().cloned());
        std::fs::create_dir_all(dir).unwrap();
        let path = dir.join(file);
        std::fs::write(&path, zip_bytes(&entries)).unwrap();
        path
    }
}

/// A counter's colour from its image name (blue for Union-ish names, grey otherwise).
fn colour_of(name: &str) -> [u8; 3] {
    let h = name
        .bytes()
        .fold(7u32, |a, b| a.wrapping_mul(31).wrapping_add(u32::from(b)));
    if name.contains("us") || name.contains("union") {
        [40, 60, 160]
    } else if name.contains("cs") {
        [140, 140, 140]
    } else {
        [
            (h % 200) as u8 + 30,
            (h / 7 % 200) as u8 + 30,
            (h / 49 % 200) as u8 + 30,
        ]
    }
}

pub fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A `ZonedGrid` element: each zone's name, path (`x,y;x,y;…` in board pixels), location
/// format and hex grid element (`None`: a zone without a grid).
pub fn zoned_grid_xml(zones: &[(&str, &str, &str, Option<&str>)]) -> String {
    let zones: String = zones
        .iter()
        .map(|(name, path, format, grid)| match grid {
            Some(g) => format!(
                r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="{format}" name="{name}" path="{path}" useParentGrid="false">{g}</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>"#
            ),
            None => format!(
                r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="{format}" name="{name}" path="{path}" useParentGrid="false"/>"#
            ),
        })
        .collect();
    format!(
        "<VASSAL.build.module.map.boardPicker.board.ZonedGrid>{zones}</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"
    )
}
