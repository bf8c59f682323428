//! The VASSAL reader on small modules and saves built here as real zip files: grids
//! (hex with offsets, zoned, square), at-start stacks, palettes, prototypes,
//! embellishments, escaped names, bundled setups and a `.vsav`; and bad inputs, each
//! with the exact error message.

use std::io::Write;
use std::path::{Path, PathBuf};

use musket::vassal::piece::{basic_state, basic_type, encode_add_piece, nest};
use musket::vassal::save::{join_commands, obfuscate};
use musket::vassal::{
    Grid, Limits, MapKind, Module, Point, SavedGame, Size, TraitKind, VassalError,
};

// ---------------------------------------------------------------------------------
// Helpers: real zip files in a per-test folder.
// ---------------------------------------------------------------------------------

fn dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("vassal_reader")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn zip_bytes(entries: &[(&str, &[u8])], method: zip::CompressionMethod) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default().compression_method(method);
    for (name, data) in entries {
        z.start_file(*name, opts).unwrap();
        z.write_all(data).unwrap();
    }
    z.finish().unwrap().into_inner()
}

fn write_zip(path: &Path, entries: &[(&str, &[u8])]) {
    std::fs::write(path, zip_bytes(entries, zip::CompressionMethod::Deflated)).unwrap();
}

/// A PNG's signature and IHDR chunk: enough for VASSAL-style sizing.
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut v = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    v.extend_from_slice(&w.to_be_bytes());
    v.extend_from_slice(&h.to_be_bytes());
    v.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    v
}

fn gif(w: u16, h: u16) -> Vec<u8> {
    let mut v = b"GIF89a".to_vec();
    v.extend_from_slice(&w.to_le_bytes());
    v.extend_from_slice(&h.to_le_bytes());
    v.extend_from_slice(&[0, 0, 0]);
    v
}

/// A `.vsav`: `savedGame` obfuscated as VASSAL writes it.
fn vsav_bytes(commands: &str, key: u8) -> Vec<u8> {
    zip_bytes(
        &[
            ("savedGame", &obfuscate(commands.as_bytes(), key)),
            ("savedata", b"<data version=\"1\"/>"),
        ],
        zip::CompressionMethod::Deflated,
    )
}

/// The save stream as `GameState.getRestoreCommand` encodes it: begin_save, version
/// checks, the pieces (a NullCommand with AddPiece sub-commands), game components,
/// end_save.
fn save_stream(pieces: &[String], components: &[&str]) -> String {
    let checks = join_commands(&["", "COND\tVassalVersion\tLt\t3.7.0"]);
    let mut p: Vec<&str> = vec![""];
    p.extend(pieces.iter().map(String::as_str));
    let restore = join_commands(&p);
    let mut all: Vec<&str> = vec!["begin_save", &checks, &restore];
    all.extend_from_slice(components);
    all.push("end_save");
    join_commands(&all)
}

// ---------------------------------------------------------------------------------
// The test module.
// ---------------------------------------------------------------------------------

const EMB2: &str = "emb2;Activate;130;A;Increase;130;;Decrease;130;;;;1;false;0;0;cav_front.png,cav_back.png;,+ (flipped);true;Step;;;false;;1;1;true;;;;Step;1.0";

fn union_slot() -> String {
    // As VASSAL writes it: a prototype trait over a BasicPiece, empty trait state.
    "+/null/prototype;Union Infantry\tpiece;;;u1.png;1st Brigade/\tnull;0;0;1;0".to_string()
}

fn cavalry_slot() -> String {
    // Name with a ';' and a '/', which VASSAL escapes at each level.
    let ty = nest(&[EMB2, "mark;Side", &basic_type("", "Hampton; Legion/Cav")]);
    let st = nest(&["2", "Confederate", &basic_state(None, 0, 0, "2", &[])]);
    encode_add_piece(None, &ty, &st)
}

fn build_xml() -> String {
    let proto_union = encode_add_piece(
        None,
        &nest(&["mark;Side,Type", "prototype;Infantry Base", "piece;;;;"]),
        &nest(&["Union,Infantry", "", &basic_state(None, 0, 0, "", &[])]),
    );
    let proto_base = encode_add_piece(
        None,
        &nest(&[
            "PROP;Steps;;;",
            "label;;Change;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;Strength;;false",
            "piece;;;;",
        ]),
        &nest(&["4", "", &basic_state(None, 0, 0, "", &[])]),
    );
    let hexgrid = r#"<VASSAL.build.module.map.boardPicker.board.HexGrid color="0,0,0" cornersLegal="false" dotsVisible="false" dx="60.0" dy="70.0" edgesLegal="false" sideways="false" snapTo="true" visible="true" x0="30" y0="40">
            <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering color="0,0,0" first="H" fontSize="9" hDescend="false" hDrawOff="0" hLeading="1" hOff="1" hType="N" locationFormat="$gridLocation$" rotateText="0" sep="" stagger="true" vDescend="false" vDrawOff="0" vLeading="1" vOff="1" vType="N" visible="true"/>
          </VASSAL.build.module.map.boardPicker.board.HexGrid>"#;
    let union = union_slot();
    let cav = cavalry_slot();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.0" description="" name="Test Module" nextPieceSlotId="20" version="1.2">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PieceWindow allowMultiple="false" defaultWidth="0" hidden="false" hotkey="" icon="" name="Counters" scale="1.0" text="Counters" tooltip="">
    <VASSAL.build.widget.TabWidget entryName="Union">
      <VASSAL.build.widget.ListWidget divider="150" entryName="Infantry" height="0" scale="1.0" width="0">
        <VASSAL.build.widget.PieceSlot entryName="1st Brigade" gpid="1" height="60" width="60">{union}</VASSAL.build.widget.PieceSlot>
      </VASSAL.build.widget.ListWidget>
    </VASSAL.build.widget.TabWidget>
    <VASSAL.build.widget.TabWidget entryName="Confederate">
      <VASSAL.build.widget.PanelWidget entryName="Cavalry" fixed="false" nColumns="3" scale="1.0" vert="false">
        <VASSAL.build.widget.BoxWidget entryName="Legions" width="0" height="0">
          <VASSAL.build.widget.PieceSlot entryName="Hampton" gpid="2" height="60" width="60">{cav}</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.widget.BoxWidget>
      </VASSAL.build.widget.PanelWidget>
    </VASSAL.build.widget.TabWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PrototypeDefinition description="" name="Union Infantry">{proto_union}</VASSAL.build.module.PrototypeDefinition>
    <VASSAL.build.module.PrototypeDefinition description="" name="Infantry Base">{proto_base}</VASSAL.build.module.PrototypeDefinition>
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.Map allowMultiple="false" backgroundcolor="255,255,255" edgeHeight="30" edgeWidth="20" mapName="Main Map" markMoved="Always">
    <VASSAL.build.module.map.BoardPicker addColumnText="Add column" addRowText="Add row" boardPrompt="Select board" slotHeight="125" slotScale="0.2" slotWidth="350" title="Choose Boards">
      <VASSAL.build.module.map.boardPicker.Board image="main.png" name="Main" reversible="false">
          {hexgrid}
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.StackMetrics bottom="40" disabled="false" down="83" exSepX="6" exSepY="18" top="38" unexSepX="8" unexSepY="16" up="87"/>
    <VASSAL.build.module.map.SetupStack location="0202" name="Union at 0202" owningBoard="Main" useGridLocation="true" x="0" y="0">
      <VASSAL.build.widget.PieceSlot entryName="1st Brigade" gpid="10" height="60" width="60">{union}</VASSAL.build.widget.PieceSlot>
      <VASSAL.build.widget.PieceSlot entryName="Hampton" gpid="11" height="60" width="60">{cav}</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.map.SetupStack>
    <VASSAL.build.module.map.SetupStack name="Reserve" owningBoard="Main" useGridLocation="false" x="150" y="180">
      <VASSAL.build.widget.PieceSlot entryName="1st Brigade" gpid="12" height="60" width="60">{union}</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.map.SetupStack>
    <VASSAL.build.module.map.SetupStack name="Anywhere" useGridLocation="false" x="100" y="100"/>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Theatre">
    <VASSAL.build.module.map.BoardPicker>
      <setup>TheatreBoardPicker	West	0	0	East	1	0</setup>
      <VASSAL.build.module.map.boardPicker.Board image="west.png" name="West">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$ $gridLocation$" name="Town" path="0,0;200,0;200,150;0,150" useHighlight="false" useParentGrid="false">
            <VASSAL.build.module.map.boardPicker.board.HexGrid dx="40.0" dy="40.0" x0="20" y0="20">
              <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering/>
            </VASSAL.build.module.map.boardPicker.board.HexGrid>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Lake" path="200,0;400,0;400,150;200,150" useParentGrid="false"/>
          <VASSAL.build.module.map.boardPicker.board.HexGrid dx="50.0" dy="50.0" x0="25" y0="25">
            <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="V" hLeading="0" hType="N" vOff="0" vType="A"/>
          </VASSAL.build.module.map.boardPicker.board.HexGrid>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board image="east.gif" name="East">
        <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="48.0" dy="48.0" x0="24" y0="24"/>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PrivateMap mapName="Union Hand" side="Union">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board height="100" name="Hand" width="200"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.PrivateMap>
  <VASSAL.build.module.PredefinedSetup file="scen1.vsav" isMenu="false" name="Scenario 1" useFile="true"/>
  <VASSAL.build.module.PredefinedSetup isMenu="true" name="Campaigns">
    <VASSAL.build.module.PredefinedSetup file="day2.vsav" isMenu="false" name="Day 2" useFile="true"/>
    <VASSAL.build.module.PredefinedSetup isMenu="false" name="Empty" useFile="false"/>
  </VASSAL.build.module.PredefinedSetup>
  <com.example.CustomThing foo="bar"><Nested/></com.example.CustomThing>
</VASSAL.build.GameModule>
"#
    )
}

const MODULEDATA: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1">
  <version>1.2</version>
  <extra1/>
  <extra2/>
  <VassalVersion>3.7.0</VassalVersion>
  <dateSaved>1700000000000</dateSaved>
  <name>Test Module</name>
  <description>A module made by the tests</description>
</data>
"#;

/// A piece in a save as VASSAL saves it (prototypes expanded).
fn saved_union(id: &str, x: i32, y: i32, map: &str) -> String {
    let ty = nest(&[
        "mark;Side,Type",
        "PROP;Steps;;;",
        "piece;;;u1.png;1st Brigade",
    ]);
    let st = nest(&[
        "Union,Infantry",
        "3",
        &basic_state(Some(map), x, y, "1", &[("OldX", "0")]),
    ]);
    encode_add_piece(Some(id), &ty, &st)
}

fn saved_cav(id: &str, x: i32, y: i32, map: &str) -> String {
    let ty = nest(&[EMB2, "mark;Side", &basic_type("", "Hampton; Legion/Cav")]);
    let st = nest(&["1", "Confederate", &basic_state(Some(map), x, y, "2", &[])]);
    encode_add_piece(Some(id), &ty, &st)
}

fn scenario_stream() -> String {
    let stack = encode_add_piece(Some("s1"), "stack", "Main Map;110;105;p1;p2;@@0");
    save_stream(
        &[
            saved_union("p1", 110, 105, "Main Map"),
            saved_cav("p2", 110, 105, "Main Map"),
            stack,
            saved_union("p3", 60, 75, "Theatre"),
            saved_union("p4", 300, 50, "Theatre"),
            saved_union("p5", 450, 20, "Theatre"),
            saved_union("p6", 5, 5, "Main Map"),
        ],
        &[
            "Main MapBoardPicker\tMain\t0\t0",
            "TheatreBoardPicker\tWest\t0\t0\tEast\t1\t0",
            "Union HandBoardPicker\tHand\t0\t0",
        ],
    )
}

fn write_module(d: &Path) -> PathBuf {
    let path = d.join("test.vmod");
    let xml = build_xml();
    let scen1 = vsav_bytes(&scenario_stream(), 0x3c);
    let day2 = vsav_bytes(
        &save_stream(
            &[saved_union("q1", 170, 210, "Main Map")],
            &["Main MapBoardPicker\tMain\t0\t0"],
        ),
        0xa5,
    );
    write_zip(
        &path,
        &[
            ("buildFile.xml", xml.as_bytes()),
            ("moduledata", MODULEDATA.as_bytes()),
            ("images/main.png", &png(1000, 800)),
            ("images/west.png", &png(400, 300)),
            ("images/east.gif", &gif(300, 300)),
            ("images/u1.png", &png(60, 60)),
            ("images/cav_front.png", &png(60, 60)),
            ("images/cav_back.png", &png(60, 60)),
            ("scen1.vsav", &scen1),
            ("day2.vsav", &day2),
        ],
    );
    path
}

fn open_test_module(test: &str) -> Module {
    let d = dir(test);
    Module::open(&write_module(&d)).unwrap()
}

// ---------------------------------------------------------------------------------
// Reading a good module.
// ---------------------------------------------------------------------------------

#[test]
fn module_metadata_and_images() {
    let mut m = open_test_module("metadata");
    assert_eq!(m.name(), "Test Module");
    assert_eq!(m.version(), "1.2");
    let md = m.metadata().unwrap();
    assert_eq!(md.vassal_version, "3.7.0");
    assert_eq!(md.description, "A module made by the tests");
    assert_eq!(m.build_entry(), "buildFile.xml");
    assert_eq!(m.build_file().vassal_version, "3.7.0");
    assert_eq!(
        m.image_names(),
        [
            "main.png",
            "west.png",
            "east.gif",
            "u1.png",
            "cav_front.png",
            "cav_back.png"
        ]
    );
    assert_eq!(m.read_image("u1.png").unwrap(), png(60, 60));
    let e = m.read_image("../buildFile.xml").unwrap_err();
    assert!(
        e.to_string()
            .ends_with(": image name: unsafe name '../buildFile.xml': contains a '..' component"),
        "{e}"
    );
    let e = m.read_image("nope.png").unwrap_err();
    assert!(
        e.to_string()
            .ends_with("test.vmod: no entry 'images/nope.png'"),
        "{e}"
    );
}

#[test]
fn maps_boards_and_grids() {
    let m = open_test_module("maps");
    let bf = m.build_file();
    assert_eq!(bf.maps.len(), 3);
    let main = &bf.maps[0];
    assert_eq!(main.kind, MapKind::Map);
    assert_eq!(main.id(), "Main Map");
    assert_eq!((main.edge_width, main.edge_height), (20, 30));
    assert_eq!(main.boards.len(), 1);
    let board = &main.boards[0];
    assert_eq!(board.name, "Main");
    assert_eq!(board.image.as_deref(), Some("main.png"));
    assert_eq!(board.image_size, Some(Size::new(1000, 800)));
    assert_eq!(board.size(), Size::new(1000, 800));
    assert!(!board.reversible);
    let Some(Grid::Hex(h)) = &board.grid else {
        panic!("hex grid expected: {:?}", board.grid)
    };
    assert_eq!((h.dx, h.dy, h.origin), (60.0, 70.0, Point::new(30, 40)));
    assert!(h.visible && h.snap_to && !h.sideways && !h.edges_legal);
    let n = h.numbering.as_ref().unwrap();
    assert_eq!(
        (n.first, n.h_type, n.v_type, n.h_leading, n.h_off, n.stagger),
        ('H', 'N', 'N', 1, 1, true)
    );
    assert!(board.require_hex_grid().is_ok());
    // Board point (90,75) is hex "0202" (worked out in the grid unit tests).
    assert_eq!(
        board.location_name(Point::new(95, 80)).as_deref(),
        Some("0202")
    );
    assert_eq!(board.location("0202").unwrap(), Point::new(90, 75));
    assert_eq!(board.snap(Point::new(95, 80)), Point::new(90, 75));
    assert_eq!(
        board.range(Point::new(30, 40), Point::new(150, 180)),
        Some(3)
    );

    let theatre = &bf.maps[1];
    assert_eq!(theatre.id(), "Theatre");
    assert_eq!(
        theatre.default_setup.as_deref(),
        Some("TheatreBoardPicker\tWest\t0\t0\tEast\t1\t0")
    );
    let east = theatre.board("East").unwrap();
    assert_eq!(east.size(), Size::new(300, 300));
    assert!(matches!(&east.grid, Some(Grid::Square(o)) if o.class.ends_with("SquareGrid")));
    assert_eq!(
        east.require_hex_grid().unwrap_err().to_string(),
        "board 'East': SquareGrid is not supported: only hex grids are read"
    );
    assert_eq!(east.location_name(Point::new(10, 10)), None);

    let hand = &bf.maps[2];
    assert_eq!(hand.kind, MapKind::PrivateMap);
    assert_eq!(hand.id(), "Union Hand");
    assert_eq!(hand.boards[0].size(), Size::new(200, 100));
    assert_eq!(
        hand.boards[0].require_hex_grid().unwrap_err().to_string(),
        "board 'Hand': no grid is not supported: the board has no grid"
    );
}

#[test]
fn zoned_grid() {
    let m = open_test_module("zoned");
    let west = m.build_file().maps[1].board("West").unwrap();
    assert_eq!(west.size(), Size::new(400, 300));
    let Some(Grid::Zoned(z)) = &west.grid else {
        panic!("zoned grid expected")
    };
    assert_eq!(z.zones.len(), 2);
    assert_eq!(z.zones[0].name, "Town");
    assert_eq!(z.zones[0].path.points.len(), 4);
    assert!(z.background.is_some());
    assert!(west.require_hex_grid().is_ok());
    // Town's own grid: dx = dy = 40, origin (20,20). (60,75): nx = floor(60/40) = 1
    // (odd), ny = floor(55/40) = 1 -> centre (60, (int)(40 + 20) + 20) = (60,80).
    // Raw column 1, raw row round((80-20-20)/40) = 1, stagger -> 2: "02" "03".
    assert_eq!(
        west.location_name(Point::new(60, 75)).as_deref(),
        Some("Town 0203")
    );
    assert_eq!(west.location("Town 0203").unwrap(), Point::new(60, 80));
    assert_eq!(west.snap(Point::new(60, 75)), Point::new(60, 80));
    // A zone without a grid: its name; its location is the mean of its corners.
    assert_eq!(
        west.location_name(Point::new(300, 50)).as_deref(),
        Some("Lake")
    );
    assert_eq!(west.location("Lake").unwrap(), Point::new(300, 75));
    assert_eq!(west.snap(Point::new(301, 51)), Point::new(301, 51));
    // Background grid (below the zones): dx = dy = 50, origin (25,25), row letters
    // first, columns unpadded from 1. (125,225): nx = floor(125/50) = 2, ny =
    // floor(225/50) = 4 -> centre (125,225); row 4 -> 'E', column 2+1 -> "3".
    assert_eq!(
        west.location_name(Point::new(125, 225)).as_deref(),
        Some("E3")
    );
    assert_eq!(west.location("E3").unwrap(), Point::new(125, 225));
    let at = west
        .grid
        .as_ref()
        .unwrap()
        .hex_at(Point::new(60, 75), west.size())
        .unwrap();
    assert_eq!(at.zone.map(|z| z.name.as_str()), Some("Town"));
    assert_eq!(at.container, Size::new(200, 150));
    assert_eq!(at.grid.dx, 40.0);
    // Range inside Town uses Town's grid: (60,80) to (20,20) is one column left and
    // one up: cube (1, 1-0=1) vs (0,0): (1 + 1 + 2) / 2 = 2.
    assert_eq!(west.range(Point::new(60, 80), Point::new(20, 20)), Some(2));
    assert!(west.location("Nowhere 12").is_err());
}

#[test]
fn board_layout_and_positions() {
    let m = open_test_module("layout");
    let bf = m.build_file();
    let main = &bf.maps[0];
    let layout = m.board_layout(main, None).unwrap();
    assert_eq!(layout.boards.len(), 1);
    assert_eq!(layout.boards[0].origin, Point::new(20, 30));
    // Map (110,105) - edge (20,30) = board (90,75) = hex "0202".
    let (b, p) = layout.board_point(Point::new(110, 105)).unwrap();
    assert_eq!((b.board.name.as_str(), p), ("Main", Point::new(90, 75)));
    assert_eq!(
        layout.location_name(Point::new(110, 105)).as_deref(),
        Some("0202")
    );
    assert!(layout.board_point(Point::new(5, 5)).is_none());
    assert!(layout.board_point(Point::new(1020, 100)).is_none());
    assert!(layout.board_point(Point::new(1019, 829)).is_some());

    // Two boards side by side from the BoardPicker's default setup.
    let theatre = &bf.maps[1];
    let t = m.board_layout(theatre, None).unwrap();
    assert_eq!(t.board("West").unwrap().origin, Point::new(0, 0));
    assert_eq!(t.board("East").unwrap().origin, Point::new(400, 0));
    let (b, p) = t.board_point(Point::new(450, 20)).unwrap();
    assert_eq!((b.board.name.as_str(), p), ("East", Point::new(50, 20)));
    assert_eq!(t.boards[0].to_map(Point::new(60, 80)), Point::new(60, 80));
    assert_eq!(t.boards[1].to_map(Point::new(50, 20)), Point::new(450, 20));

    // Two boards, no default setup and no save: the choice is unknown.
    let mut undecided = theatre.clone();
    undecided.default_setup = None;
    let e = musket::vassal::BoardLayout::for_map(&undecided, None, "t.vmod", "buildFile.xml")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.vmod: entry 'buildFile.xml': <Map 'Theatre'>: 2 boards and no default board setup: the boards are chosen when a game starts (use a saved game or setup)"
    );
    let wrong = [musket::vassal::BoardPlacement {
        name: "Moon".into(),
        reversed: false,
        column: 0,
        row: 0,
    }];
    let e =
        musket::vassal::BoardLayout::place(theatre, &wrong, "t.vmod", "buildFile.xml").unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.vmod: entry 'buildFile.xml': <Map 'Theatre'>: no board named 'Moon'"
    );

    // A reversed board flips board coordinates.
    let placements = [musket::vassal::BoardPlacement {
        name: "Main".into(),
        reversed: true,
        column: 0,
        row: 0,
    }];
    let r = musket::vassal::BoardLayout::place(main, &placements, "x", "buildFile.xml").unwrap();
    let (_, p) = r.board_point(Point::new(110, 105)).unwrap();
    assert_eq!(p, Point::new(1000 - 90, 800 - 75));
    assert_eq!(r.boards[0].to_map(p), Point::new(110, 105));
}

#[test]
fn at_start_stacks() {
    let m = open_test_module("stacks");
    let main = &m.build_file().maps[0];
    assert_eq!(main.setup_stacks.len(), 3);
    let s0 = &main.setup_stacks[0];
    assert_eq!(s0.name, "Union at 0202");
    assert_eq!(s0.owning_board.as_deref(), Some("Main"));
    assert!(s0.use_grid_location);
    assert_eq!(s0.location.as_deref(), Some("0202"));
    assert_eq!(s0.slots.len(), 2);
    assert_eq!(s0.slots[0].gpid, "10");
    assert!(s0.slots[0].palette_path.is_empty());
    let layout = m.board_layout(main, None).unwrap();
    // Grid location "0202" on board Main is (90,75); plus the board's origin (20,30).
    let (b, bp, mp) = layout.setup_stack_position(s0).unwrap().unwrap();
    assert_eq!(
        (b.name.as_str(), bp, mp),
        ("Main", Point::new(90, 75), Point::new(110, 105))
    );
    // x/y stack on the owning board.
    let (_, bp, mp) = layout
        .setup_stack_position(&main.setup_stacks[1])
        .unwrap()
        .unwrap();
    assert_eq!((bp, mp), (Point::new(150, 180), Point::new(170, 210)));
    // No owning board: offset by the map's edge.
    let s2 = &main.setup_stacks[2];
    assert_eq!((s2.x, s2.y, s2.owning_board.as_deref()), (100, 100, None));
    let (_, bp, mp) = layout.setup_stack_position(s2).unwrap().unwrap();
    assert_eq!((bp, mp), (Point::new(100, 100), Point::new(120, 130)));
    // Stack pieces decode with prototypes expanded.
    let p = m.slot_piece(&s0.slots[0]).unwrap();
    assert_eq!(p.property("Side").as_deref(), Some("Union"));
}

#[test]
fn palette_and_prototypes() {
    let m = open_test_module("palette");
    let bf = m.build_file();
    assert_eq!(bf.palette.len(), 2);
    let s = &bf.palette[0];
    assert_eq!(s.entry_name.as_deref(), Some("1st Brigade"));
    assert_eq!(s.gpid, "1");
    assert_eq!(s.palette_path, ["Counters", "Union", "Infantry"]);
    assert_eq!(s.text, union_slot());
    assert_eq!(
        bf.palette[1].palette_path,
        ["Counters", "Confederate", "Cavalry", "Legions"]
    );
    assert_eq!(bf.prototypes.len(), 2);
    assert_eq!(bf.prototypes[0].name, "Union Infantry");

    let p = m.slot_piece(s).unwrap();
    // prototype "Union Infantry" = Marker + prototype "Infantry Base" (DynamicProperty +
    // Labeler), expanded in place, outermost first.
    assert_eq!(p.trait_ids(), ["mark;", "PROP;", "label;"]);
    assert_eq!(
        p.traits[0].from_prototype.as_deref(),
        Some("Union Infantry")
    );
    assert_eq!(p.traits[1].from_prototype.as_deref(), Some("Infantry Base"));
    assert!(p.unresolved_prototypes.is_empty());
    assert_eq!(p.basic.name, "1st Brigade");
    assert_eq!(p.basic.image, "u1.png");
    assert_eq!(p.image(), Some("u1.png"));
    assert_eq!(p.property("Side").as_deref(), Some("Union"));
    assert_eq!(p.property("Type").as_deref(), Some("Infantry"));
    assert_eq!(p.property("Steps").as_deref(), Some("4"));
    assert_eq!(p.property("Strength").as_deref(), Some(""));
    assert_eq!(p.property("BasicName").as_deref(), Some("1st Brigade"));
    // The empty label leaves the name alone.
    assert_eq!(p.name(), "1st Brigade");
    assert_eq!(p.plain_name(), "1st Brigade");
    let all = m.palette_pieces();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].1.as_ref().unwrap().basic.name, "Hampton; Legion/Cav");
}

#[test]
fn oblique_numbering_refused() {
    let d = dir("oblique");
    let xml = r#"<VASSAL.build.GameModule name="G"><VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B"><VASSAL.build.module.map.boardPicker.board.HexGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.ObliqueHexGridNumbering/></VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#;
    let (path, _) = module_with(&d, "x.vmod", &[("buildFile.xml", xml.as_bytes())]);
    let m = Module::open(&path).unwrap();
    let b = &m.build_file().maps[0].boards[0];
    assert_eq!(
        b.require_hex_grid().unwrap_err().to_string(),
        "board 'B': HexGrid is not supported: its numbering VASSAL.build.module.map.boardPicker.board.mapgrid.ObliqueHexGridNumbering is not read (only HexGridNumbering)"
    );
}

#[test]
fn embellishment_images_and_escaped_names() {
    let m = open_test_module("emb");
    let slot = &m.build_file().palette[1];
    // ';' is escaped in the BasicPiece type, '/' in the add-piece command.
    assert!(
        slot.text.contains("piece;;;;Hampton\\; Legion\\/Cav"),
        "{}",
        slot.text
    );
    let p = m.slot_piece(slot).unwrap();
    assert_eq!(p.basic.name, "Hampton; Legion/Cav");
    assert_eq!(p.basic.image, "");
    let TraitKind::Embellishment(e) = &p.traits[0].kind else {
        panic!("emb2 expected")
    };
    assert_eq!(e.name, "Step");
    assert_eq!(e.images, ["cav_front.png", "cav_back.png"]);
    assert_eq!(e.level_names, ["", "+ (flipped)"]);
    assert_eq!(e.value, 2);
    // No BasicPiece image: the active layer's image; level 2's name is a suffix.
    assert_eq!(p.image(), Some("cav_back.png"));
    assert_eq!(p.all_images(), ["cav_front.png", "cav_back.png"]);
    assert_eq!(p.name(), "Hampton; Legion/Cav (flipped)");
    assert_eq!(p.property("Step_Level").as_deref(), Some("2"));
    assert_eq!(p.property("Step_Image").as_deref(), Some("cav_back.png"));
    assert_eq!(p.property("Side").as_deref(), Some("Confederate"));
}

#[test]
fn bundled_setups() {
    let mut m = open_test_module("setups");
    let files: Vec<(Vec<String>, String)> = m
        .build_file()
        .setup_files()
        .into_iter()
        .map(|(path, s)| (path, s.name.clone()))
        .collect();
    assert_eq!(
        files,
        [
            (vec![], "Scenario 1".to_string()),
            (vec!["Campaigns".to_string()], "Day 2".to_string())
        ]
    );
    let day2 = m.setup("Day 2").unwrap().clone();
    assert_eq!(day2.file.as_deref(), Some("day2.vsav"));
    let g = m.read_setup(&day2).unwrap();
    assert!(g.framed);
    assert_eq!(g.pieces.len(), 1);
    assert_eq!(g.pieces[0].id, "q1");
    assert_eq!(g.pieces[0].position(), (170, 210));
    let empty = m.setup("Empty").unwrap().clone();
    let e = m.read_setup(&empty).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("test.vmod: entry 'buildFile.xml': <PredefinedSetup 'Empty'>: starts a new game from no saved file (useFile is off or no file)"),
        "{e}"
    );

    let scen1 = m.setup("Scenario 1").unwrap().clone();
    let g = m.read_setup(&scen1).unwrap();
    check_scenario(&m, &g);
}

/// The scenario's pieces, wherever it was read from.
fn check_scenario(m: &Module, g: &SavedGame) {
    assert!(g.framed);
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    let ids: Vec<&str> = g.pieces.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["p1", "p2", "p3", "p4", "p5", "p6"]);
    assert_eq!(g.stacks.len(), 1);
    assert_eq!(g.stacks[0].pieces, ["p1", "p2"]);
    assert_eq!(g.pieces[0].stack.as_deref(), Some("s1"));
    assert_eq!(g.boards.len(), 3);
    assert_eq!(g.other_commands, ["COND\tVassalVersion\tLt\t3.7.0"]);

    let p1 = &g.pieces[0];
    assert_eq!(p1.map_id(), Some("Main Map"));
    assert_eq!(p1.piece.property("Steps").as_deref(), Some("3"));
    assert_eq!(p1.piece.property("OldX").as_deref(), Some("0"));
    assert_eq!(p1.piece.basic.gpid, "1");
    assert_eq!(p1.piece.trait_ids(), ["mark;", "PROP;"]);
    let p2 = &g.pieces[1].piece;
    assert_eq!(p2.image(), Some("cav_front.png"));
    assert_eq!(p2.name(), "Hampton; Legion/Cav");

    let bf = m.build_file();
    let where_is = |id: &str| -> Option<(String, Point, Option<String>)> {
        let sp = g.pieces.iter().find(|p| p.id == id).unwrap();
        let map = bf.map(sp.map_id()?).unwrap();
        let layout = m.board_layout(map, Some(g)).unwrap();
        let (x, y) = sp.position();
        let (b, p) = layout.board_point(Point::new(x, y))?;
        Some((b.board.name.clone(), p, b.board.location_name(p)))
    };
    assert_eq!(
        where_is("p1"),
        Some(("Main".into(), Point::new(90, 75), Some("0202".into())))
    );
    assert_eq!(
        where_is("p3"),
        Some(("West".into(), Point::new(60, 75), Some("Town 0203".into())))
    );
    assert_eq!(
        where_is("p4"),
        Some(("West".into(), Point::new(300, 50), Some("Lake".into())))
    );
    assert_eq!(
        where_is("p5"),
        Some(("East".into(), Point::new(50, 20), None))
    );
    assert_eq!(where_is("p6"), None);
    // The same through Module::locate.
    let l = m
        .locate("Theatre", Point::new(60, 75), Some(g))
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            l.map.id(),
            l.board.name.as_str(),
            l.board_point,
            l.name.as_deref()
        ),
        ("Theatre", "West", Point::new(60, 75), Some("Town 0203"))
    );
    assert!(
        m.locate("Theatre", Point::new(-1, 0), Some(g))
            .unwrap()
            .is_none()
    );
    assert!(
        m.locate("No Such Map", Point::new(1, 1), Some(g))
            .unwrap()
            .is_none()
    );
}

#[test]
fn vsav_file() {
    let d = dir("vsav");
    let m = Module::open(&write_module(&d)).unwrap();
    let save = d.join("game.vsav");
    // A later move and a state change, as a log would append them.
    let moved = join_commands(&[
        &scenario_stream(),
        "M/p3/Main Map/230/245/null/Theatre/60/75/null/player1",
        &format!(
            "D/p1/{}",
            nest(&[
                "Union,Infantry",
                "1",
                &basic_state(Some("Main Map"), 110, 105, "1", &[])
            ])
        ),
    ]);
    std::fs::write(&save, vsav_bytes(&moved, 0x00)).unwrap();
    let g = SavedGame::open(&save, Limits::default()).unwrap();
    assert!(!g.framed);
    let p3 = g.pieces.iter().find(|p| p.id == "p3").unwrap();
    assert_eq!((p3.map_id(), p3.position()), (Some("Main Map"), (230, 245)));
    let p1 = g.pieces.iter().find(|p| p.id == "p1").unwrap();
    assert_eq!(p1.piece.property("Steps").as_deref(), Some("1"));
    assert_eq!(p1.piece.property("OldX"), None);

    // The unchanged scenario read from a .vsav on disk.
    std::fs::write(&save, vsav_bytes(&scenario_stream(), 0x7f)).unwrap();
    let g = SavedGame::open(&save, Limits::default()).unwrap();
    check_scenario(&m, &g);

    // An un-obfuscated stream is accepted too.
    let plain = zip_bytes(
        &[("savedGame", scenario_stream().as_bytes())],
        zip::CompressionMethod::Stored,
    );
    let g = SavedGame::from_bytes("plain.vsav", plain, Limits::default()).unwrap();
    assert_eq!(g.pieces.len(), 6);
}

#[test]
fn older_build_file_name() {
    let d = dir("older");
    let path = d.join("old.vmod");
    let xml = r#"<VASSAL.launch.BasicModule name="Old" version="0.9"><VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="640" height="480"><VASSAL.build.module.map.boardPicker.board.HexGrid dy="50.0"/></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.launch.BasicModule>"#;
    write_zip(&path, &[("buildFile", xml.as_bytes())]);
    let m = Module::open(&path).unwrap();
    assert_eq!(m.build_entry(), "buildFile");
    assert_eq!((m.name(), m.version()), ("Old", "0.9"));
    assert!(m.metadata().is_none());
    let b = &m.build_file().maps[0].boards[0];
    assert_eq!(b.size(), Size::new(640, 480));
    let Some(Grid::Hex(h)) = &b.grid else {
        panic!()
    };
    // dy set alone: dx follows as sqrt(3)/2 * dy (HexGrid.setAttribute).
    assert_eq!(h.dy, 50.0);
    assert!((h.dx - 43.30127018922193).abs() < 1e-12);
    assert_eq!(h.origin, Point::new(0, 32));
    assert!(h.numbering.is_none());
    assert_eq!(b.location_name(Point::new(10, 10)), None);
    let e = b.location("0101").unwrap_err();
    assert_eq!(
        e.to_string(),
        "grid location '0101': the grid has no numbering"
    );
}

// ---------------------------------------------------------------------------------
// Bad inputs: each error names the file/entry/element and the problem.
// ---------------------------------------------------------------------------------

fn module_with(d: &Path, name: &str, entries: &[(&str, &[u8])]) -> (PathBuf, String) {
    let path = d.join(name);
    write_zip(&path, entries);
    let label = path.display().to_string();
    (path, label)
}

#[test]
fn not_a_zip() {
    let d = dir("notzip");
    let path = d.join("bad.vmod");
    std::fs::write(&path, b"this is not a zip file").unwrap();
    let e = Module::open(&path).unwrap_err();
    assert!(matches!(e, VassalError::NotZip { .. }));
    assert!(
        e.to_string()
            .starts_with(&format!("{}: not a zip archive: ", path.display())),
        "{e}"
    );
    let e = Module::open(&d.join("missing.vmod")).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!(
            "{}: cannot read: ",
            d.join("missing.vmod").display()
        )),
        "{e}"
    );
}

#[test]
fn no_build_file() {
    let d = dir("nobuild");
    let (path, label) = module_with(&d, "x.vmod", &[("moduledata", MODULEDATA.as_bytes())]);
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{label}: no entry 'buildFile.xml' (nor 'buildFile'): not a VASSAL module")
    );
}

#[test]
fn broken_xml() {
    let d = dir("brokenxml");
    let (path, label) = module_with(
        &d,
        "x.vmod",
        &[(
            "buildFile.xml",
            b"<VASSAL.build.GameModule><a></VASSAL.build.GameModule>",
        )],
    );
    let e = Module::open(&path).unwrap_err();
    assert!(matches!(e, VassalError::Xml { .. }));
    assert!(
        e.to_string()
            .starts_with(&format!("{label}: entry 'buildFile.xml': broken XML: ")),
        "{e}"
    );
    let (path, label) = module_with(&d, "y.vmod", &[("buildFile.xml", b"<html/>")]);
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{label}: entry 'buildFile.xml': <html>: not a VASSAL build file (the root should be VASSAL.build.GameModule)"
        )
    );
    let (path, label) = module_with(
        &d,
        "z.vmod",
        &[
            ("buildFile.xml", build_xml().as_bytes()),
            ("moduledata", b"<data><name>"),
        ],
    );
    let e = Module::open(&path).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("{label}: entry 'moduledata': broken XML: ")),
        "{e}"
    );
}

#[test]
fn bad_attribute() {
    let d = dir("badattr");
    let xml = build_xml().replace(r#"x0="30""#, r#"x0="3O""#);
    let (path, label) = module_with(
        &d,
        "x.vmod",
        &[
            ("buildFile.xml", xml.as_bytes()),
            ("images/main.png", &png(10, 10)),
        ],
    );
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{label}: entry 'buildFile.xml': <GameModule/Map 'Main Map'/BoardPicker/Board 'Main'/HexGrid> attribute 'x0': \"3O\" is not an integer"
        )
    );
    let xml = build_xml().replace(r#"dx="60.0""#, r#"dx="-1""#);
    let (path, _) = module_with(&d, "y.vmod", &[("buildFile.xml", xml.as_bytes())]);
    let e = Module::open(&path).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("attribute 'dx': \"-1\" is not a hex size (positive, below 1000000)"),
        "{e}"
    );
}

#[test]
fn unknown_grid_type() {
    let d = dir("unknowngrid");
    let xml = r#"<VASSAL.build.GameModule name="G"><VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B"><com.example.MyHexGrid size="3"/></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#;
    let (path, _) = module_with(&d, "x.vmod", &[("buildFile.xml", xml.as_bytes())]);
    let m = Module::open(&path).unwrap();
    let b = &m.build_file().maps[0].boards[0];
    let Some(Grid::Unknown(o)) = &b.grid else {
        panic!("{:?}", b.grid)
    };
    assert_eq!(o.attributes, [("size".to_string(), "3".to_string())]);
    assert_eq!(
        b.require_hex_grid().unwrap_err().to_string(),
        "board 'B': grid class 'com.example.MyHexGrid' is not supported: custom grid code is not understood"
    );
    assert_eq!(
        b.location("0101").unwrap_err().to_string(),
        "grid location '0101': grid class 'com.example.MyHexGrid' locations are not supported"
    );
}

#[test]
fn missing_board_image() {
    let d = dir("missingimage");
    let (path, label) = module_with(&d, "x.vmod", &[("buildFile.xml", build_xml().as_bytes())]);
    // The module opens (another board may be used); a use of the board is refused by name.
    let m = Module::open(&path).unwrap();
    let map = &m.build_file().maps[0];
    assert!(map.boards[0].image_missing);
    let e = m.missing_image(map, &map.boards[0]).unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "{label}: no entry 'images/main.png' (the image of board 'Main' of map 'Main Map')"
        )
    );
}

#[test]
fn unsafe_names() {
    let d = dir("unsafe");
    let (path, label) = module_with(
        &d,
        "x.vmod",
        &[
            ("buildFile.xml", build_xml().as_bytes()),
            ("../evil.png", b"x"),
        ],
    );
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{label}: unsafe name '../evil.png': contains a '..' component")
    );
    let (path, label) = module_with(&d, "y.vmod", &[("/etc/evil", b"x")]);
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{label}: unsafe name '/etc/evil': absolute path")
    );
    // A build file naming an image outside images/.
    let xml = build_xml().replace(r#"image="main.png""#, r#"image="../../main.png""#);
    let (path, _) = module_with(&d, "z.vmod", &[("buildFile.xml", xml.as_bytes())]);
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        "GameModule/Map 'Main Map'/BoardPicker/Board 'Main' attribute 'image': unsafe name '../../main.png': contains a '..' component"
    );
    let xml = build_xml().replace(r#"file="scen1.vsav""#, r#"file="/tmp/scen1.vsav""#);
    let (path, _) = module_with(&d, "w.vmod", &[("buildFile.xml", xml.as_bytes())]);
    let e = Module::open(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        "GameModule/PredefinedSetup 'Scenario 1' attribute 'file': unsafe name '/tmp/scen1.vsav': absolute path"
    );
}

/// Sets an entry's declared uncompressed size in both the local header and the central
/// directory (offsets from the zip specification).
fn patch_declared_size(zip: &mut [u8], name: &str, size: u32) {
    let n = name.as_bytes();
    let mut patched = 0;
    for i in 0..zip.len().saturating_sub(46) {
        if zip[i..i + 4] == [0x50, 0x4b, 0x03, 0x04] {
            let len = u16::from_le_bytes([zip[i + 26], zip[i + 27]]) as usize;
            if zip.get(i + 30..i + 30 + len) == Some(n) {
                zip[i + 22..i + 26].copy_from_slice(&size.to_le_bytes());
                patched += 1;
            }
        }
        if zip[i..i + 4] == [0x50, 0x4b, 0x01, 0x02] {
            let len = u16::from_le_bytes([zip[i + 28], zip[i + 29]]) as usize;
            if zip.get(i + 46..i + 46 + len) == Some(n) {
                zip[i + 24..i + 28].copy_from_slice(&size.to_le_bytes());
                patched += 1;
            }
        }
    }
    assert_eq!(patched, 2, "entry {name} not found");
}

#[test]
fn huge_entries() {
    let limits = Limits {
        max_entry_size: 1024 * 1024,
        ..Limits::default()
    };
    let zeros = vec![0u8; 2 * 1024 * 1024];
    let bomb = zip_bytes(
        &[("buildFile.xml", b"<x/>"), ("images/big.png", &zeros)],
        zip::CompressionMethod::Deflated,
    );
    // Declared size over the limit: refused on opening.
    let e = Module::from_bytes("bomb.vmod", bomb.clone(), limits).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bomb.vmod: entry 'images/big.png' declares 2097152 bytes uncompressed, more than the limit of 1048576 bytes per entry"
    );
    // Declared small, inflating big: stopped while reading.
    let mut lying = bomb.clone();
    patch_declared_size(&mut lying, "images/big.png", 100);
    let mut a = musket::vassal::Archive::from_bytes("lying.vmod", lying, limits).unwrap();
    assert_eq!(a.entries()[1].size, 100);
    let e = a.read("images/big.png").unwrap_err();
    // The zip reader itself stops at the declared size (before this reader's own
    // per-entry limit would).
    assert_eq!(
        e.to_string(),
        "lying.vmod: entry 'images/big.png': File is larger than its declared uncompressed size"
    );
    // Compression ratio.
    let e = Module::from_bytes("ratio.vmod", bomb, Limits::default()).unwrap_err();
    let VassalError::CompressionRatio {
        entry,
        ratio,
        limit,
        ..
    } = &e
    else {
        panic!("{e}")
    };
    assert_eq!((entry.as_str(), *limit), ("images/big.png", 200));
    assert!(*ratio > 200, "{e}");
    assert!(
        e.to_string()
            .starts_with("ratio.vmod: entry 'images/big.png' has compression ratio "),
        "{e}"
    );
    // Total of the declared sizes.
    let noise: Vec<u8> = (0..700_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let two = zip_bytes(
        &[("a.bin", &noise), ("b.bin", &noise)],
        zip::CompressionMethod::Stored,
    );
    let small_total = Limits {
        max_total_size: 1_000_000,
        ..Limits::default()
    };
    let e = musket::vassal::Archive::from_bytes("two.zip", two, small_total).unwrap_err();
    assert_eq!(
        e.to_string(),
        "two.zip: entries total more than the limit of 1000000 bytes uncompressed (at entry 'b.bin')"
    );
}

#[test]
fn too_many_entries() {
    let names: Vec<String> = (0..6).map(|i| format!("images/{i}.png")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
    let z = zip_bytes(&entries, zip::CompressionMethod::Stored);
    let limits = Limits {
        max_entries: 5,
        ..Limits::default()
    };
    let e = Module::from_bytes("many.vmod", z, limits).unwrap_err();
    assert_eq!(
        e.to_string(),
        "many.vmod: 6 entries, more than the limit of 5"
    );
}

#[test]
fn damaged_saves() {
    let d = dir("damaged");
    let good = obfuscate(scenario_stream().as_bytes(), 0x3c);
    // A non-hex byte in the middle of the obfuscated stream.
    let mut bad = good.clone();
    bad[101] = b'z';
    let z = zip_bytes(&[("savedGame", &bad)], zip::CompressionMethod::Deflated);
    let e = SavedGame::from_bytes("g.vsav", z, Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "g.vsav: entry 'savedGame': damaged obfuscated stream at byte 101: byte 0x7a is not a hex digit"
    );
    // Truncated stream (an odd number of hex digits).
    let cut = &good[..good.len() - 1];
    let z = zip_bytes(&[("savedGame", cut)], zip::CompressionMethod::Deflated);
    let e = SavedGame::from_bytes("g.vsav", z, Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "g.vsav: entry 'savedGame': damaged obfuscated stream at byte {}: odd number of hex digits (truncated)",
            cut.len() - 1
        )
    );
    // A truncated zip file on disk.
    let full = vsav_bytes(&scenario_stream(), 1);
    let path = d.join("cut.vsav");
    std::fs::write(&path, &full[..full.len() / 2]).unwrap();
    let e = SavedGame::open(&path, Limits::default()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("{}: not a zip archive: ", path.display())),
        "{e}"
    );
    // A zip without savedGame.
    let z = zip_bytes(&[("other", b"x")], zip::CompressionMethod::Stored);
    let e = SavedGame::from_bytes("h.vsav", z, Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.vsav: no entry 'savedGame' (not a VASSAL saved game)"
    );
    // A damaged command: the error names the command's index.
    let stream = join_commands(&["begin_save", "M/p1/Main/x/1/null/null/0/0/null", "end_save"]);
    let z = zip_bytes(
        &[("savedGame", &obfuscate(stream.as_bytes(), 9))],
        zip::CompressionMethod::Stored,
    );
    let e = SavedGame::from_bytes("i.vsav", z, Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "i.vsav!savedGame: command 1: move-piece x 'x' is not an integer"
    );
    // A broken piece type is reported as a warning and the rest is read.
    let stream = save_stream(
        &[
            "+/p9/mark;Side/x".to_string(),
            saved_union("p1", 1, 2, "Main Map"),
        ],
        &[],
    );
    let g = SavedGame::from_command_text(&stream, "j.vsav").unwrap();
    assert_eq!(g.pieces.len(), 1);
    assert_eq!(
        g.warnings,
        [
            "j.vsav: command 4 (piece 'p9'): bad piece definition: innermost type is 'mark;Side', not a BasicPiece ('piece;')"
        ]
    );
}

#[test]
fn prototype_loops_and_unknowns() {
    use std::collections::HashMap;
    let mut protos = HashMap::new();
    let looping = encode_add_piece(
        None,
        &nest(&["prototype;A", "piece;;;;"]),
        &nest(&["", "null;0;0;;0"]),
    );
    protos.insert("A".to_string(), looping);
    let text = encode_add_piece(
        None,
        &nest(&["prototype;A", "piece;;;x.png;X"]),
        &nest(&["", "null;0;0;;0"]),
    );
    let mut p = musket::vassal::Piece::from_add_piece(&text, "slot 'X'").unwrap();
    let e = p.expand_prototypes(&protos, "slot 'X'").unwrap_err();
    assert_eq!(
        e.to_string(),
        "slot 'X': bad piece definition: prototype 'A' nests deeper than 32 levels (a loop?)"
    );
    let text = encode_add_piece(
        None,
        &nest(&["prototype;Missing", "piece;;;x.png;X"]),
        &nest(&["", "null;0;0;;0"]),
    );
    let mut p = musket::vassal::Piece::from_add_piece(&text, "slot 'X'").unwrap();
    p.expand_prototypes(&protos, "slot 'X'").unwrap();
    assert_eq!(p.unresolved_prototypes, ["Missing"]);
    assert_eq!(p.trait_ids(), ["prototype;"]);
    // Parameters are substituted into the definition ($key$).
    protos.insert(
        "Sided".to_string(),
        encode_add_piece(
            None,
            &nest(&["mark;Side", "piece;;;;"]),
            &nest(&["$side$", "null;0;0;;0"]),
        ),
    );
    let text = encode_add_piece(
        None,
        &nest(&["prototype;Sided;side=Union", "piece;;;x.png;X"]),
        &nest(&["", "null;0;0;;0"]),
    );
    let mut p = musket::vassal::Piece::from_add_piece(&text, "slot").unwrap();
    p.expand_prototypes(&protos, "slot").unwrap();
    assert_eq!(p.property("Side").as_deref(), Some("Union"));
}

#[test]
fn garbage_never_panics() {
    // Damaged inputs of every kind give errors or odd values, never a panic.
    let samples = [
        "",
        "+",
        "+/",
        "+/a",
        "+/a/b",
        "+/a/piece;/",
        "+/a/\t\t\t/\t\t",
        "+/\\/\\/\\",
        "+/x/emb2;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;/999999999999",
        "+/x/label;\\\\/\\",
        "+/x/mark;a,b,c/\\,",
        "+/x/prototype;;;;=,=/",
    ];
    for s in samples {
        if let Ok(p) = musket::vassal::Piece::from_add_piece(s, "fuzz") {
            let _ = (
                p.name(),
                p.plain_name(),
                p.image(),
                p.properties(),
                p.all_images(),
            );
        }
        let _ = SavedGame::from_command_text(s, "fuzz");
    }
    for b in [&b"!VCSK"[..], b"!VCSKzz", b"!VCSK00\xff\xfe", b"\xff\xfe"] {
        let z = zip_bytes(&[("savedGame", b)], zip::CompressionMethod::Stored);
        assert!(SavedGame::from_bytes("f.vsav", z, Limits::default()).is_err());
    }
    // Absurd coordinates on a real grid.
    let m = open_test_module("garbage");
    let b = &m.build_file().maps[0].boards[0];
    for p in [
        Point::new(i32::MAX, i32::MIN),
        Point::new(i32::MIN, i32::MAX),
        Point::new(-7, 1 << 30),
    ] {
        let _ = (b.location_name(p), b.snap(p), b.range(p, Point::new(0, 0)));
    }
    for name in [
        "",
        "-",
        "--",
        "99999999999999",
        "0",
        "-0-",
        "A",
        "\u{1F600}",
    ] {
        let _ = b.location(name);
    }
}
