//! The client's state, at the bottom of its modules: the game in play (one resource), what the
//! player has selected, the attack preview, the combat log, the settings, the screens and the
//! [`Action`]s input and UI send. Every other client module reads these; this one imports
//! none of them (but the saves folder), so imports run one way: state, then the turn flow
//! ([`super::turn`]), the views and the dispatcher ([`super::core`]), the screens on top.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::ai::Kind;
use crate::rules::attack::{AttackRequest, AttackType, Odds};
use crate::rules::event::Event;
use crate::rules::hex::Coord;
use crate::rules::order::Command;
use crate::rules::registry::RulesOverrides;
use crate::rules::scenario::Scenario;
use crate::rules::session::Session;
use crate::rules::unit::{SideId, UnitIdx};

/// Which screen is up.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// The main menu: scenarios and saves.
    #[default]
    Menu,
    /// A game on the map.
    Playing,
    /// The scenario editor.
    Editor,
}

/// How the sides are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// One player runs both sides; no hand-over screen.
    #[default]
    Solitaire,
    /// Two players at one computer; a hand-over screen hides the map between turns (unless
    /// switched off).
    HotSeat,
}

/// Who plays a side: a person at the screen, the computer, or (play by turn files) the
/// distant opponent whose moves arrive in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Seat {
    #[default]
    Human,
    Computer(Kind),
    Remote,
}

impl Seat {
    /// `human`, or the computer player's name (`ai2`, `greedy`…) as `--sides` takes it.
    pub fn name(self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Computer(k) => k.name(),
            Seat::Remote => "remote".into(),
        }
    }

    /// Parse `human` or a computer player (`ai`, `ai1`, `ai2`, `random`, `greedy`).
    pub fn parse(s: &str) -> Result<Seat, String> {
        if s.trim().eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        Kind::parse(s)
            .map(Seat::Computer)
            .map_err(|e| format!("{e}, or human"))
    }

    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer(_))
    }
}

/// Where a scenario comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// One of the scenarios built into the program (its file name).
    Builtin(&'static str),
    File(PathBuf),
}

impl Source {
    /// A short name for save files.
    pub fn stem(&self) -> String {
        let name = match self {
            Source::Builtin(n) => n.to_string(),
            Source::File(p) => p
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_default(),
        };
        name.trim_end_matches(".ron").to_string()
    }
}

/// The game in play: the one authoritative state of the client.
pub struct PlayState {
    pub session: Session,
    pub mode: Mode,
    pub handover: bool,
    pub source: Source,
    /// Bumped on every change of the game, so views know when to redraw.
    pub revision: u64,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// Undo never goes below this length of the log: the end of the computer's last turn (or
    /// where a game with a computer player was loaded).
    pub undo_floor: usize,
}

impl PlayState {
    /// The computer player of the side to move, if a computer plays it and the game goes on.
    pub fn computer_to_move(&self) -> Option<Kind> {
        let g = &self.session.game;
        if g.is_over() {
            return None;
        }
        match self.seats[(g.active_side.0 as usize).min(1)] {
            Seat::Computer(k) => Some(k),
            Seat::Human | Seat::Remote => None,
        }
    }

    /// How many of the last commands the player may take back: those after the last die roll
    /// and after the computer's last turn.
    pub fn undoable(&self) -> usize {
        self.session
            .undoable()
            .min(self.session.log.len().saturating_sub(self.undo_floor))
    }
}

#[derive(Resource, Default)]
pub struct Play(pub Option<PlayState>);

impl Play {
    /// How the map in play stands (flat-top when no game is in play).
    pub fn orientation(&self) -> crate::rules::hex::Orientation {
        self.0
            .as_ref()
            .map_or_else(Default::default, |p| p.session.game.map().orientation())
    }
}

/// Identifies the game in play: views rebuild when it changes (a new or loaded game).
pub fn game_key(g: &crate::rules::game::Game) -> usize {
    Arc::as_ptr(&g.scenario) as usize
}

impl Play {
    pub fn game(&self) -> Option<&crate::rules::game::Game> {
        self.0.as_ref().map(|p| &p.session.game)
    }
}

/// What the player has picked on the map.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Selection {
    /// The stack shown in the inspector.
    pub hex: Option<Coord>,
    /// The chosen units of the active side: they move, or attack when adjacent to the target.
    pub units: Vec<UnitIdx>,
    /// The enemy hex whose attack is previewed.
    pub target: Option<Coord>,
    /// The attack type (None: the rules' default; grand when the attackers are in several hexes).
    pub kind: Option<AttackType>,
    /// The attack's options (`Ruleset::attack_options`) the player has set; the others take
    /// their defaults.
    pub options: std::collections::BTreeMap<String, String>,
    /// The hex under the pointer (kept while the pointer is over a panel, and for
    /// [`HOVER_HOLD_SECS`] after it leaves a hovered attack's hex: see [`Action::Hover`]).
    pub hover: Option<Coord>,
    /// When the pointer left the hovered attack's hex for one without an enemy (seconds of
    /// [`Time`]): the attack's preview is held until [`HOVER_HOLD_SECS`] later.
    pub hover_left: Option<f64>,
    /// The pointer is over a panel: the hovered hex and its preview stay as they were.
    pub pointer_on_panel: bool,
}

impl Selection {
    /// Whether the pointer is over the hovered hex itself (not holding it from a panel or on
    /// its way there): pointer tips about the hex show only then.
    pub fn pointer_on_hover(&self) -> bool {
        !self.pointer_on_panel && self.hover_left.is_none()
    }
}

/// How long a hovered attack's preview stays while the pointer crosses hexes without an enemy,
/// so that it can travel from the target to the preview panel's "Attack!" button.
pub const HOVER_HOLD_SECS: f64 = 0.6;

/// What the preview was computed for: game revision, attackers, target, type.
type PreviewKey = (
    u64,
    Vec<UnitIdx>,
    Option<Coord>,
    Option<AttackType>,
    std::collections::BTreeMap<String, String>,
);

/// The attack the preview shows, its odds, and the command that makes it with `validate`'s
/// verdict: worked out once when the attack or the game changes (`core::update_preview`).
#[derive(Resource, Default)]
pub struct Preview {
    pub request: Option<AttackRequest>,
    pub odds: Option<Result<Odds, String>>,
    /// The attack as the command the Attack button (and Enter) sends.
    pub command: Option<Command>,
    /// Why `validate` refuses that command now (`None`: it takes it); the button is greyed
    /// with this on hover.
    pub refusal: Option<String>,
    /// Whether the preview is for the clicked target (true) or only the hovered hex.
    pub pinned: bool,
    pub(crate) key: Option<PreviewKey>,
}

/// One line of the combat log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub turn: u32,
    pub text: String,
    pub kind: LogKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    /// An attack: its header and modifiers.
    Attack,
    /// What the rules did.
    Event,
    /// Turn changes, saves.
    Info,
    /// Something refused.
    Error,
    /// What the computer player did and why.
    Computer,
}

#[derive(Resource, Default)]
pub struct CombatLog {
    pub lines: Vec<LogLine>,
}

/// Events the view has not shown yet (dice, losses, retreats), in order.
#[derive(Resource, Default)]
pub struct Feed {
    pub batches: VecDeque<Vec<Event>>,
}

/// A short message for the player (errors, saves).
#[derive(Resource, Default)]
pub struct Notice {
    pub text: Option<(String, bool)>,
    pub age: f32,
}

/// A hot-seat hand-over waiting for the next player.
#[derive(Resource, Default)]
pub struct HandOver {
    pub waiting: Option<SideId>,
}

/// Map display toggles.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Overlays {
    pub grid: bool,
    pub labels: bool,
    /// ZOC shown per side.
    pub zoc: [bool; 2],
    /// The legend window.
    pub legend: bool,
    /// The danger overlay: the side to move's hexes shaded by their worst threat (T).
    pub danger: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Overlays {
            // The terrain tiles draw their own edges; the grid lines are an option (G).
            grid: false,
            labels: true,
            zoc: [false, false],
            legend: false,
            danger: false,
        }
    }
}

/// Where scenarios, saves and rules come from.
#[derive(Resource, Clone, Debug, Default)]
pub struct Settings {
    pub rules: RulesOverrides,
    /// Where saves go (the platform's data directory unless overridden).
    pub data_dir: Option<PathBuf>,
    /// Folders scanned for scenario files besides the built-in ones.
    pub scenario_dirs: Vec<PathBuf>,
    /// Seed for new games (None: from the clock).
    pub seed: Option<u64>,
    /// New games in Free movement: costs shown and logged, nothing refused (`--free-movement`,
    /// the menu's toggle).
    pub free_movement: bool,
    /// Who plays each side in new games (`--sides`, the menu).
    pub seats: [Seat; 2],
    /// Hot-seat in action phases: the hand-over screen only when a phase or the turn ends,
    /// not each time the initiative passes to the other side (for short activations).
    pub handover_phases_only: bool,
}

/// Whether the briefing window is up.
#[derive(Resource, Default)]
pub struct Briefing {
    pub open: bool,
}

/// Everything the player can do.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Action {
    /// Start a scenario.
    Start {
        source: Source,
        mode: Mode,
        handover: bool,
    },
    /// Load a saved game.
    Load(PathBuf),
    /// Left click on a hex: select a stack, pick a target, or move there.
    Click {
        hex: Coord,
        add: bool,
    },
    /// Right click: move the chosen units there.
    MoveTo(Coord),
    /// The pointer is over a hex of the map (or off it). A hovered attack's preview is held
    /// for [`HOVER_HOLD_SECS`] while the pointer crosses hexes without an enemy, and for as long
    /// as it then stays on a panel ([`Action::PointerOnPanel`]).
    Hover(Option<Coord>),
    /// The pointer is over a panel: the hovered hex and the attack previewed there stay.
    PointerOnPanel,
    /// Add or remove a unit from the chosen units.
    ToggleUnit(UnitIdx),
    SetKind(Option<AttackType>),
    /// Set an attack option (`None`: back to its default).
    SetOption(String, Option<String>),
    ClearSelection,
    /// Roll the previewed attack.
    ConfirmAttack,
    /// Answer the advance offer.
    Advance(bool),
    EndTurn,
    /// End the current phase of the sequence of play (`rules::sequence`).
    EndPhase,
    Undo,
    Save,
    /// The next hot-seat player is at the screen.
    HandOverDone,
    ToMenu,
    /// Back from the menu to the game in progress.
    Resume,
    ToggleGrid,
    ToggleLabels,
    ToggleZoc(u8),
    /// The danger overlay (`rules::threat`).
    ToggleDanger,
    ToggleLegend,
    ShowBriefing(bool),
    /// Roll the chosen stack's march allowance (rule systems that roll it: GCACW).
    March,
    /// Force-march the chosen stack (it has rolled its march in this action; GCACW).
    ForceMarch,
    /// Activate the selected leader with the units of his command in his radius (GCACW's
    /// action phase).
    Activate,
    /// New games enforce movement and attack limits, or not (Free).
    SetFreeMovement(bool),
    /// Hot-seat: hand over only when a phase or the turn ends, not between actions.
    SetHandOverPhasesOnly(bool),
    /// A special action of the rule system by the chosen units that have it (its key).
    Special(String),
    /// Who plays each side in new games.
    SetSeats([Seat; 2]),
    /// Play the rest of the computer's turn without pausing to show it.
    SkipComputerTurn,
    /// Open the scenario editor on a scenario (None: a new one).
    Edit(Option<Source>),
}

/// The tooltip of a move to the hovered hex (`moves::tip_lines`): its cost step by step, what
/// is left, the march roll it needs, or why it is out of reach.
#[derive(Resource, Default)]
pub struct MoveCostTip {
    pub(crate) key: Option<(u64, Option<Coord>, Vec<UnitIdx>)>,
    pub lines: Vec<String>,
}

/// The systems that apply actions and refresh the preview; input runs before, views after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CoreSystems;

/// The built-in scenarios, so the game works from any folder.
pub const BUILTIN: &[(&str, &str)] = &[
    ("foxs-gap.ron", include_str!("../../scenarios/foxs-gap.ron")),
    (
        "crampton-gap.ron",
        include_str!("../../scenarios/crampton-gap.ron"),
    ),
    (
        "south-mountain.ron",
        include_str!("../../scenarios/south-mountain.ron"),
    ),
    (
        "wilsons-creek-1861.ron",
        include_str!("../../scenarios/wilsons-creek-1861.ron"),
    ),
    (
        "gbacw-bloody-hill.ron",
        include_str!("../../scenarios/gbacw-bloody-hill.ron"),
    ),
    (
        "smolensk-1812.ron",
        include_str!("../../scenarios/smolensk-1812.ron"),
    ),
    (
        "ngg1812-smolensk.ron",
        include_str!("../../scenarios/ngg1812-smolensk.ron"),
    ),
    (
        "shiloh-1862.ron",
        include_str!("../../scenarios/shiloh-1862.ron"),
    ),
    (
        "shiloh-hornets-nest.ron",
        include_str!("../../scenarios/shiloh-hornets-nest.ron"),
    ),
    (
        "example-flank.ron",
        include_str!("../../scenarios/example-flank.ron"),
    ),
];

/// The scenario the game opens on.
pub const DEFAULT_SCENARIO: &str = "foxs-gap.ron";

/// Read a scenario from where it lives.
pub fn load_scenario(source: &Source) -> Result<Scenario, String> {
    match source {
        Source::Builtin(name) => {
            let text = BUILTIN
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| *t)
                .ok_or_else(|| format!("no built-in scenario {name}"))?;
            crate::rules::registry::parse_scenario(
                text,
                std::path::Path::new(&format!("scenarios/{name}")),
            )
            .map_err(|e| e.to_string())
        }
        Source::File(p) => crate::rules::registry::load_scenario(p).map_err(|e| e.to_string()),
    }
}

pub fn notice(world: &mut World, text: impl Into<String>, error: bool) {
    let text = text.into();
    if error {
        let turn = world.resource::<Play>().game().map_or(0, |g| g.turn);
        world.resource_mut::<CombatLog>().lines.push(LogLine {
            turn,
            text: text.clone(),
            kind: LogKind::Error,
        });
    }
    let mut n = world.resource_mut::<Notice>();
    n.text = Some((text, error));
    n.age = 0.0;
}

/// The side the distant opponent (play by turn files) is to move, if it is their move: the
/// player at the screen waits for their file.
pub fn remote_turn(world: &World) -> Option<SideId> {
    let p = world.resource::<Play>().0.as_ref()?;
    let g = &p.session.game;
    (!g.is_over() && p.seats[(g.active_side.0 as usize).min(1)] == Seat::Remote)
        .then_some(g.active_side)
}

/// The player asks, in a game by turn files ([`crate::rules::pbem`], driven by
/// [`super::pbem`]).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum TurnAction {
    /// Open a received turn file: verify it, replay the opponent's commands, hand over.
    Open(PathBuf),
    /// Open it, its rules (which differ from the built-in ones) accepted by the player.
    OpenAccepting(PathBuf),
    /// Write the next turn file (the commands played since the last one) to this path.
    Send(PathBuf),
    /// Start a game by turn files on a scenario, playing `side`; the first file is written
    /// to `folder`.
    Start {
        source: Source,
        side: SideId,
        folder: PathBuf,
    },
    /// Show the dialog that opens a turn file, or the one that sends one.
    ShowOpen,
    ShowSend,
}

/// The opponent's commands of a received turn file are being replayed on the map (Space
/// skips to the end of them).
#[derive(Resource, Default)]
pub struct Replaying(pub bool);

/// The side the computer is playing now, if it is its turn.
pub fn computer_turn(world: &World) -> Option<SideId> {
    let p = world.resource::<Play>().0.as_ref()?;
    p.computer_to_move().map(|_| p.session.game.active_side)
}

/// The scenario editor is asked for ([`Action::Edit`]): the editor opens it (the dispatcher
/// does not reach into the editor).
#[derive(Resource, Default)]
pub struct EditorRequest(pub Option<Option<Source>>);

/// The player asked to play the rest of the computer's turn without pausing
/// ([`Action::SkipComputerTurn`]); the opponent's driver reads and clears it.
#[derive(Resource, Default)]
pub struct SkipComputer(pub bool);

/// The player's commands while the game in play is followed online (set by
/// [`super::online`]): they go to the server instead of into the game, and are played when it
/// relays them ([`super::turn::execute`]).
#[derive(Resource, Default)]
pub struct Outbox {
    /// The game in play it is for ([`game_key`]) and where its commands go.
    pub to: Option<(
        usize,
        tokio::sync::mpsc::UnboundedSender<crate::online::client::FromWindow>,
    )>,
    /// A command is on its way to the server.
    pub sending: bool,
}
