//! The client's logic, with no rendering: the game in play (one resource), what the player has
//! selected, the attack preview, the combat log and the turn flow. Input and UI send
//! [`Action`]s; this plugin turns them into rules [`Command`]s and keeps the view resources up
//! to date. Everything here runs under `MinimalPlugins`, so it is tested headless.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::ai::Kind;
use crate::rules::command::Command;
use crate::rules::event::Event;
use crate::rules::hex::Coord;
use crate::rules::ruleset::{
    AttackRequest, AttackType, Choices, Odds, RulesOverrides, for_scenario,
};
use crate::rules::scenario::{self, Scenario};
use crate::rules::session::Session;
use crate::rules::unit::{SideId, UnitIdx};

use super::save;

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

/// Who plays a side: a person at the screen or the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Seat {
    #[default]
    Human,
    Computer(Kind),
}

impl Seat {
    /// `human`, or the computer player's name (`ai2`, `greedy`…) as `--sides` takes it.
    pub fn name(self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Computer(k) => k.name(),
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
            Seat::Human => None,
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

/// The attack the preview shows, and its odds.
#[derive(Resource, Default)]
pub struct Preview {
    pub request: Option<AttackRequest>,
    pub odds: Option<Result<Odds, String>>,
    /// Whether the preview is for the clicked target (true) or only the hovered hex.
    pub pinned: bool,
    key: Option<PreviewKey>,
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
}

impl Default for Overlays {
    fn default() -> Self {
        Overlays {
            // The terrain tiles draw their own edges; the grid lines are an option (G).
            grid: false,
            labels: true,
            zoc: [false, false],
            legend: false,
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
    ToggleLegend,
    ShowBriefing(bool),
    /// Roll the chosen stack's march allowance (rule systems that roll it: GCACW).
    March,
    /// New games enforce movement and attack limits, or not (Free).
    SetFreeMovement(bool),
    /// A special action of the rule system by the chosen units that have it (its key).
    Special(String),
    /// Who plays each side in new games.
    SetSeats([Seat; 2]),
    /// Play the rest of the computer's turn without pausing to show it.
    SkipComputerTurn,
    /// Open the scenario editor on a scenario (None: a new one).
    Edit(Option<Source>),
}

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_message::<Action>()
        .init_resource::<Play>()
        .init_resource::<Selection>()
        .init_resource::<Preview>()
        .init_resource::<CombatLog>()
        .init_resource::<Feed>()
        .init_resource::<Notice>()
        .init_resource::<HandOver>()
        .init_resource::<Overlays>()
        .init_resource::<Settings>()
        .init_resource::<Briefing>()
        .init_resource::<MoveCostTip>()
        .add_systems(
            Update,
            (handle_actions, update_preview).chain().in_set(CoreSystems),
        )
        .add_systems(Update, update_move_cost.after(super::moves::update_reach));
}

/// The tooltip of a move to the hovered hex (`moves::tip_lines`): its cost step by step, what
/// is left, the march roll it needs, or why it is out of reach.
#[derive(Resource, Default)]
pub struct MoveCostTip {
    key: Option<(u64, Option<Coord>, Vec<UnitIdx>)>,
    pub lines: Vec<String>,
}

fn update_move_cost(
    play: Res<Play>,
    sel: Res<Selection>,
    reach: Res<super::moves::MoveReach>,
    mut tip: ResMut<MoveCostTip>,
) {
    let Some(p) = &play.0 else { return };
    let g = &p.session.game;
    let key = Some((p.revision, sel.hover, reach.units.clone()));
    if tip.key == key && !reach.is_changed() {
        return;
    }
    tip.key = key;
    let lines = match sel.hover {
        Some(h) if !reach.units.is_empty() => super::moves::tip_lines(g, &reach, h),
        _ => Vec::new(),
    };
    if tip.lines != lines {
        tip.lines = lines;
    }
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
        "gbacw-bloody-hill.ron",
        include_str!("../../scenarios/gbacw-bloody-hill.ron"),
    ),
    (
        "ngg1812-smolensk.ron",
        include_str!("../../scenarios/ngg1812-smolensk.ron"),
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
            scenario::parse(text, std::path::Path::new(&format!("scenarios/{name}")))
                .map_err(|e| e.to_string())
        }
        Source::File(p) => scenario::load(p).map_err(|e| e.to_string()),
    }
}

/// Start a game: used by the menu, the command line and tests.
pub fn start_game(
    world: &mut World,
    source: Source,
    mode: Mode,
    handover: bool,
) -> Result<(), String> {
    let settings = world.resource::<Settings>().clone();
    let mut sc = load_scenario(&source)?;
    if settings.free_movement {
        // Kept in the scenario the save holds, so loading, undo and replay keep it.
        sc.movement = crate::rules::movement::Enforcement::Free;
        sc.file.movement = crate::rules::movement::Enforcement::Free;
    }
    let rules = for_scenario(&sc, &settings.rules).map_err(|e| e.to_string())?;
    let seed = settings.seed.unwrap_or_else(clock_seed);
    let mut session = Session::new(Arc::new(sc), rules, seed);
    let seats = settings.seats;
    if seats.iter().any(|s| s.is_computer()) {
        session.players = Some(seats.iter().map(|s| s.name()).collect());
    }
    install(world, session, mode, handover, source, seats);
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

fn install(
    world: &mut World,
    session: Session,
    mode: Mode,
    handover: bool,
    source: Source,
    seats: [Seat; 2],
) {
    let title = session.game.scenario.title.clone();
    // A game with a computer player is loaded after its last computer turn: undo stops there.
    let undo_floor = if seats.iter().any(|s| s.is_computer()) {
        session.log.len()
    } else {
        0
    };
    // No hand-over screen when the computer plays a side: only one person is at the screen.
    let handover = handover && !seats.iter().any(|s| s.is_computer());
    let has_briefing = session.game.scenario.briefing.is_some() && session.log.is_empty();
    let turn = session.game.turn;
    world.resource_mut::<Play>().0 = Some(PlayState {
        session,
        mode,
        handover,
        source,
        revision: 1,
        seats,
        undo_floor,
    });
    *world.resource_mut::<Selection>() = Selection::default();
    *world.resource_mut::<HandOver>() = HandOver::default();
    world.resource_mut::<Feed>().batches.clear();
    world.resource_mut::<Briefing>().open = has_briefing;
    let mut log = world.resource_mut::<CombatLog>();
    log.lines.clear();
    log.lines.push(LogLine {
        turn,
        text: format!("{title}: turn {turn}"),
        kind: LogKind::Info,
    });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

fn notice(world: &mut World, text: impl Into<String>, error: bool) {
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

fn handle_actions(world: &mut World) {
    let actions: Vec<Action> = {
        let mut msgs = world.resource_mut::<Messages<Action>>();
        msgs.drain().collect()
    };
    for a in actions {
        handle(world, a);
    }
}

/// The actions that change the game: refused while the computer plays its turn.
fn changes_game(a: &Action) -> bool {
    matches!(
        a,
        Action::MoveTo(_)
            | Action::ConfirmAttack
            | Action::Advance(_)
            | Action::EndTurn
            | Action::EndPhase
            | Action::Undo
            | Action::March
            | Action::Special(_)
    )
}

/// The side the computer is playing now, if it is its turn.
pub fn computer_turn(world: &World) -> Option<SideId> {
    let p = world.resource::<Play>().0.as_ref()?;
    p.computer_to_move().map(|_| p.session.game.active_side)
}

/// Apply one action.
pub fn handle(world: &mut World, action: Action) {
    if changes_game(&action)
        && let Some(side) = computer_turn(world)
    {
        let name = world
            .resource::<Play>()
            .game()
            .map_or(String::new(), |g| g.scenario.side_name(side).to_string());
        notice(
            world,
            format!("The computer is playing {name}'s turn (Space: skip to its end)"),
            false,
        );
        return;
    }
    match action {
        Action::Start {
            source,
            mode,
            handover,
        } => {
            if let Err(e) = start_game(world, source, mode, handover) {
                notice(world, e, true);
            }
        }
        Action::Load(path) => {
            let rules = world.resource::<Settings>().rules.clone();
            match Session::load_file(&path, &rules) {
                Ok(s) => {
                    let source = Source::File(path.clone());
                    // The save says who played each side (games against the computer).
                    let seats = match &s.players {
                        Some(p) if p.len() == 2 => [
                            Seat::parse(&p[0]).unwrap_or_default(),
                            Seat::parse(&p[1]).unwrap_or_default(),
                        ],
                        _ => [Seat::Human; 2],
                    };
                    install(world, s, Mode::Solitaire, false, source, seats);
                    notice(world, format!("Loaded {}", path.display()), false);
                }
                Err(e) => notice(world, e.to_string(), true),
            }
        }
        Action::Hover(h) => hover(world, h),
        Action::PointerOnPanel => {
            let sel = world.resource::<Selection>();
            if !sel.pointer_on_panel || sel.hover_left.is_some() {
                let mut sel = world.resource_mut::<Selection>();
                sel.pointer_on_panel = true;
                sel.hover_left = None;
            }
        }
        Action::Click { hex, add } => click(world, hex, add),
        Action::MoveTo(hex) => move_to(world, hex),
        Action::March => march(world),
        Action::Special(key) => special(world, &key),
        Action::SetFreeMovement(on) => world.resource_mut::<Settings>().free_movement = on,
        Action::SetSeats(seats) => world.resource_mut::<Settings>().seats = seats,
        Action::Edit(source) => {
            if let Err(e) = super::editor::open(world, source) {
                notice(world, e, true);
            }
        }
        Action::SkipComputerTurn => {
            if computer_turn(world).is_some() {
                world.resource_mut::<super::opponent::Opponent>().skip = true;
            }
        }
        Action::ToggleUnit(u) => {
            let Some(g) = world.resource::<Play>().game() else {
                return;
            };
            if g.unit(u).side != g.active_side || !g.unit(u).on_map() {
                return;
            }
            let mut sel = world.resource_mut::<Selection>();
            if let Some(i) = sel.units.iter().position(|x| *x == u) {
                sel.units.remove(i);
            } else {
                sel.units.push(u);
            }
        }
        Action::SetKind(k) => {
            let mut sel = world.resource_mut::<Selection>();
            if sel.kind != k {
                sel.kind = k;
                // Options belong to an attack type.
                sel.options.clear();
            }
        }
        Action::SetOption(key, value) => {
            let mut sel = world.resource_mut::<Selection>();
            match value {
                Some(v) => sel.options.insert(key, v),
                None => sel.options.remove(&key),
            };
        }
        Action::ClearSelection => {
            let hover = world.resource::<Selection>().hover;
            *world.resource_mut::<Selection>() = Selection { hover, ..default() };
        }
        Action::ConfirmAttack => confirm_attack(world),
        Action::Advance(yes) => advance(world, yes),
        Action::EndTurn => end_turn(world),
        Action::EndPhase => end_phase(world),
        Action::Undo => undo(world),
        Action::Save => {
            if let Err(e) = save_game(world, false) {
                notice(world, e, true);
            }
        }
        Action::HandOverDone => world.resource_mut::<HandOver>().waiting = None,
        Action::ToMenu => world.resource_mut::<NextState<Screen>>().set(Screen::Menu),
        Action::Resume => {
            if world.resource::<Play>().0.is_some() {
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Playing);
            }
        }
        Action::ToggleGrid => {
            let mut o = world.resource_mut::<Overlays>();
            o.grid = !o.grid;
        }
        Action::ToggleLabels => {
            let mut o = world.resource_mut::<Overlays>();
            o.labels = !o.labels;
        }
        Action::ToggleZoc(s) => {
            let mut o = world.resource_mut::<Overlays>();
            let i = (s as usize).min(1);
            o.zoc[i] = !o.zoc[i];
        }
        Action::ToggleLegend => {
            let mut o = world.resource_mut::<Overlays>();
            o.legend = !o.legend;
        }
        Action::ShowBriefing(open) => world.resource_mut::<Briefing>().open = open,
    }
}

/// The active side's units in a hex that can be chosen.
fn own_units(g: &crate::rules::game::Game, hex: Coord) -> Vec<UnitIdx> {
    g.units_at(hex)
        .iter()
        .copied()
        .filter(|u| g.unit(*u).side == g.active_side)
        .collect()
}

fn click(world: &mut World, hex: Coord, add: bool) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    if !g.map().contains(hex) {
        return;
    }
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    // The computer's turn: a click only shows the stack.
    if computer_turn(world).is_some() {
        let hover = world.resource::<Selection>().hover;
        *world.resource_mut::<Selection>() = Selection {
            hover,
            hex: Some(hex),
            ..default()
        };
        return;
    }
    // An open advance: clicking the vacated hex advances.
    if g.advance_option.as_ref().is_some_and(|a| a.hex == hex) {
        advance(world, true);
        return;
    }
    let side_here = g.side_at(hex);
    let active = g.active_side;
    let own = own_units(g, hex);
    let mut sel = world.resource::<Selection>().clone();
    match side_here {
        Some(s) if s == active => {
            if add {
                for u in own {
                    if !sel.units.contains(&u) {
                        sel.units.push(u);
                    }
                }
            } else {
                sel.units = own;
                sel.target = None;
            }
            sel.hex = Some(hex);
        }
        Some(_) => {
            if sel.units.is_empty() {
                // Inspect the enemy stack.
                sel.hex = Some(hex);
            } else {
                sel.target = Some(hex);
            }
        }
        None => {
            if !sel.units.is_empty() {
                world.insert_resource(sel);
                move_to(world, hex);
                return;
            }
            sel = Selection {
                hover: sel.hover,
                hex: Some(hex),
                ..default()
            };
        }
    }
    world.insert_resource(sel);
}

/// Move the chosen stack to `hex` along its cheapest path: in a rule system whose allowances
/// are rolled (GCACW), the march die is rolled first (on screen); a hex out of reach is refused
/// with the reason. In Free movement the cheapest path is taken whatever it costs.
fn move_to(world: &mut World, hex: Coord) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let sel = world.resource::<Selection>().clone();
    let movers = super::moves::movers(g, &sel);
    if movers.is_empty() {
        if !sel.units.is_empty() {
            notice(
                world,
                "The chosen units are in several hexes: choose one stack to move",
                true,
            );
        }
        return;
    }
    let free = g.scenario.movement == crate::rules::movement::Enforcement::Free;
    let mut reach = super::moves::compute(g, &movers);
    // A march roll first, where allowances are rolled and the target may be within it.
    if reach.roll.is_some() && !free {
        if !reach.can_reach(g, hex) {
            let why = reach.why_not(g, hex);
            notice(world, why, true);
            return;
        }
        let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
        if !execute(world, Command::March { units: ids }) {
            return;
        }
        let Some(g) = world.resource::<Play>().game() else {
            return;
        };
        reach = super::moves::compute(g, &movers);
    }
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let path = if free {
        reach.path(g, hex, true)
    } else if reach.can_reach(g, hex) {
        reach.path(g, hex, false)
    } else {
        None
    };
    let Some(path) = path else {
        let why = reach.why_not(g, hex);
        notice(world, why, true);
        return;
    };
    let labels: Vec<String> = path.iter().map(|c| g.label(*c)).collect();
    let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
    let stops = reach.reach.as_ref().is_some_and(|r| r.stops(g, hex));
    let cmd = if ids.len() == 1 {
        Command::Move {
            unit: ids[0].clone(),
            path: labels,
        }
    } else {
        Command::MoveStack {
            units: ids,
            path: labels,
        }
    };
    if !execute(world, cmd) {
        return;
    }
    if stops {
        let l = world
            .resource::<Play>()
            .game()
            .map_or(String::new(), |g| g.label(hex));
        notice(
            world,
            format!("Entered an enemy zone of control at {l}: the move ends there"),
            false,
        );
    }
    let mut sel = world.resource_mut::<Selection>();
    sel.hex = Some(hex);
    sel.target = None;
}

/// A special action by the chosen units that can take it.
fn special(world: &mut World, key: &str) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let sel = world.resource::<Selection>().clone();
    let ids: Vec<String> = super::moves::movers(g, &sel)
        .into_iter()
        .filter(|u| g.rules.special_actions(g, *u).iter().any(|a| a.key == key))
        .map(|u| g.unit(u).id.clone())
        .collect();
    if ids.is_empty() {
        return;
    }
    execute(
        world,
        Command::Special {
            units: ids,
            action: key.to_string(),
        },
    );
}

/// Roll the chosen stack's march allowance (GCACW), without moving yet.
fn march(world: &mut World) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let sel = world.resource::<Selection>().clone();
    let movers = super::moves::movers(g, &sel);
    if movers.is_empty() {
        notice(world, "Choose a stack of yours to march", true);
        return;
    }
    let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
    execute(world, Command::March { units: ids });
}

/// Run a command on the game; log its events and queue them for the view. False if refused.
pub fn execute(world: &mut World, cmd: Command) -> bool {
    let Some(play) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return false;
    };
    let result = play.session.execute(cmd);
    match result {
        Ok(events) => {
            play.revision += 1;
            let game = &play.session.game;
            let turn = game.turn;
            let lines: Vec<LogLine> = events
                .iter()
                .map(|e| LogLine {
                    turn,
                    text: e.describe(game),
                    kind: if matches!(e, Event::AttackDeclared { .. }) {
                        LogKind::Attack
                    } else {
                        LogKind::Event
                    },
                })
                .collect();
            world.resource_mut::<CombatLog>().lines.extend(lines);
            world.resource_mut::<Feed>().batches.push_back(events);
            true
        }
        Err(e) => {
            notice(world, e.to_string(), true);
            false
        }
    }
}

/// The pointer is over hex `h` of the map (or off it): it becomes the hovered hex, unless it
/// leaves the hex of a hovered (unpinned) attack for one without an enemy, when the attack's
/// preview is held for [`HOVER_HOLD_SECS`] (time to reach the panel's "Attack!" button).
fn hover(world: &mut World, h: Option<Coord>) {
    let now = world
        .get_resource::<Time>()
        .map_or(0.0, |t| t.elapsed_secs_f64());
    let sel = world.resource::<Selection>();
    if sel.hover == h {
        if sel.hover_left.is_some() || sel.pointer_on_panel {
            let mut sel = world.resource_mut::<Selection>();
            sel.hover_left = None;
            sel.pointer_on_panel = false;
        }
        return;
    }
    let preview = world.resource::<Preview>();
    let previewing = !preview.pinned
        && preview
            .request
            .as_ref()
            .is_some_and(|r| Some(r.defender) == sel.hover);
    let enemy = world.resource::<Play>().game().is_some_and(|g| {
        h.and_then(|c| g.side_at(c))
            .is_some_and(|s| s != g.active_side)
    });
    if previewing && !enemy {
        match sel.hover_left {
            Some(t) if now - t < HOVER_HOLD_SECS => return,
            None => {
                let mut sel = world.resource_mut::<Selection>();
                sel.hover_left = Some(now);
                sel.pointer_on_panel = false;
                return;
            }
            _ => {}
        }
    }
    let mut sel = world.resource_mut::<Selection>();
    sel.hover = h;
    sel.hover_left = None;
    sel.pointer_on_panel = false;
}

/// The attack the current selection describes, if any.
pub fn current_request(
    g: &crate::rules::game::Game,
    sel: &Selection,
) -> Option<(AttackRequest, bool)> {
    let (target, pinned) = match sel.target {
        Some(t) => (t, true),
        None => {
            let h = sel.hover?;
            (h, false)
        }
    };
    let enemy = g.side_at(target).is_some_and(|s| s != g.active_side);
    if !enemy {
        return None;
    }
    let attackers: Vec<UnitIdx> = sel
        .units
        .iter()
        .copied()
        .filter(|u| {
            let unit = g.unit(*u);
            unit.side == g.active_side && unit.hex.is_some_and(|h| h.is_adjacent(target))
        })
        .collect();
    if attackers.is_empty() {
        return None;
    }
    let mut hexes: Vec<Coord> = attackers
        .iter()
        .filter(|u| !g.unit(**u).is_leader())
        .filter_map(|u| g.unit(*u).hex)
        .collect();
    hexes.sort();
    hexes.dedup();
    // GCACW: attackers in several hexes make a grand assault.
    let gcacw = g.rules.id() == "gcacw";
    let kind = match sel.kind {
        Some(AttackType::Assault) if gcacw && hexes.len() > 1 => Some(AttackType::Grand),
        None if gcacw && hexes.len() > 1 => Some(AttackType::Grand),
        k => k,
    };
    Some((
        AttackRequest {
            attackers,
            defender: target,
            kind,
            march_type: None,
            options: sel.options.clone(),
        },
        pinned,
    ))
}

fn update_preview(play: Res<Play>, sel: Res<Selection>, mut preview: ResMut<Preview>) {
    let Some(p) = &play.0 else {
        if preview.request.is_some() || preview.odds.is_some() {
            *preview = Preview::default();
        }
        return;
    };
    let g = &p.session.game;
    let req = current_request(g, &sel);
    let key = req.as_ref().map(|(r, _)| {
        (
            p.revision,
            r.attackers.clone(),
            Some(r.defender),
            r.kind,
            r.options.clone(),
        )
    });
    if key == preview.key && preview.key.is_some() == req.is_some() {
        return;
    }
    match req {
        None => {
            if preview.request.is_some() || preview.odds.is_some() {
                *preview = Preview::default();
            }
        }
        Some((r, pinned)) => {
            // The side that may make it (Shiloh's Final Defensive Fire is the other side's),
            // as `validate` will judge it; then the odds.
            let odds = crate::rules::command::attack_turn(g, &r)
                .map_err(|e| e.to_string())
                .and_then(|()| g.rules.odds(g, &r).map_err(|e| e.to_string()));
            *preview = Preview {
                request: Some(r),
                odds: Some(odds),
                pinned,
                key,
            };
        }
    }
}

fn confirm_attack(world: &mut World) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let sel = world.resource::<Selection>().clone();
    let Some((req, _)) = current_request(g, &sel) else {
        notice(
            world,
            "Choose attacking units, then an adjacent enemy hex",
            true,
        );
        return;
    };
    let cmd = Command::Attack {
        attackers: req
            .attackers
            .iter()
            .map(|u| g.unit(*u).id.clone())
            .collect(),
        defender: g.label(req.defender),
        kind: req.kind,
        march_type: None,
        choices: Choices::default(),
        options: req.options.clone(),
    };
    // Log the modifiers the attack is made with, as previewed.
    if let Ok(odds) = g.rules.odds(g, &req) {
        let turn = g.turn;
        let lines: Vec<LogLine> = odds
            .lines
            .iter()
            .map(|l| LogLine {
                turn,
                text: format!("  {} {} {}: {}", l.role.name(), l.name, l.value, l.detail),
                kind: LogKind::Attack,
            })
            .collect();
        world.resource_mut::<CombatLog>().lines.extend(lines);
    }
    if execute(world, cmd) {
        let mut s = world.resource_mut::<Selection>();
        s.target = None;
        // Keep the surviving attackers chosen.
        let keep: Vec<UnitIdx> = s.units.clone();
        let Some(g) = world.resource::<Play>().game() else {
            return;
        };
        let alive: Vec<UnitIdx> = keep.into_iter().filter(|u| g.unit(*u).on_map()).collect();
        world.resource_mut::<Selection>().units = alive;
    }
}

fn advance(world: &mut World, yes: bool) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let Some(opt) = g.advance_option.clone() else {
        return;
    };
    if !yes {
        // Declining leaves the option to lapse with the next command.
        if let Some(p) = world.resource_mut::<Play>().0.as_mut() {
            p.session.game.advance_option = None;
            p.revision += 1;
        }
        return;
    }
    let ids = opt.units.iter().map(|u| g.unit(*u).id.clone()).collect();
    if execute(world, Command::Advance { units: ids }) {
        let mut s = world.resource_mut::<Selection>();
        s.hex = Some(opt.hex);
    }
}

fn end_turn(world: &mut World) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    if !execute(world, Command::EndTurn) {
        return;
    }
    after_end_turn(world, false);
}

/// End the phase; when the side to act changes, as after the end of a turn.
fn end_phase(world: &mut World) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let before = world
        .resource::<Play>()
        .0
        .as_ref()
        .map(|p| p.session.game.active_side);
    if !execute(world, Command::EndPhase) {
        return;
    }
    let after = world
        .resource::<Play>()
        .0
        .as_ref()
        .map(|p| p.session.game.active_side);
    if before != after {
        after_end_turn(world, false);
    } else {
        let hover = world.resource::<Selection>().hover;
        *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    }
}

/// After a side's `EndTurn` (a player's, or the computer's when `computer`): the log line, a
/// clear selection, the autosave, the hand-over screen of a hot-seat game; after the computer's
/// turn, undo stops here.
pub fn after_end_turn(world: &mut World, computer: bool) {
    let Some(p) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return;
    };
    if computer {
        p.undo_floor = p.session.log.len();
    }
    let g = &p.session.game;
    let (turn, side, over) = (g.turn, g.active_side, g.is_over());
    let (mode, handover) = (p.mode, p.handover);
    let side_name = g.scenario.side_name(side).to_string();
    let phase = crate::rules::sequence::status_line(g);
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: match (over, phase) {
            (true, _) => "The last turn is over".into(),
            (false, Some(phase)) => format!("Turn {turn}: {side_name} to play: {phase}"),
            (false, None) => format!("Turn {turn}: {side_name} to play"),
        },
        kind: LogKind::Info,
    });
    let hover = world.resource::<Selection>().hover;
    *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    if let Err(e) = save_game(world, true) {
        notice(world, format!("Autosave failed: {e}"), true);
    }
    if mode == Mode::HotSeat && handover && !over {
        world.resource_mut::<HandOver>().waiting = Some(side);
    }
}

fn undo(world: &mut World) {
    let Some(play) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return;
    };
    if play.undoable() == 0 {
        let why = if play.session.undoable() > 0 {
            "Nothing to undo since the computer's turn"
        } else {
            "Nothing to undo since the last die roll"
        };
        notice(world, why, true);
        return;
    }
    let before = play.session.log.last().cloned();
    play.session.undo(1);
    play.revision += 1;
    let turn = play.session.game.turn;
    let what = match before {
        Some(Command::Move { unit, .. }) => format!("Undid the move of {unit}"),
        Some(Command::EndTurn) => "Undid the end of turn".to_string(),
        Some(c) => format!("Undid {c:?}"),
        None => "Undid".to_string(),
    };
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: what,
        kind: LogKind::Info,
    });
    let hover = world.resource::<Selection>().hover;
    *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    world.resource_mut::<HandOver>().waiting = None;
}

/// Save the game in the data directory (atomically); `auto`: the autosave slot.
pub fn save_game(world: &mut World, auto: bool) -> Result<PathBuf, String> {
    let dir = save::saves_dir(&world.resource::<Settings>().data_dir)
        .ok_or("no data directory for saves")?;
    let Some(p) = &world.resource::<Play>().0 else {
        return Err("no game to save".into());
    };
    let name = if auto {
        format!("autosave-{}.ron", p.source.stem())
    } else {
        format!(
            "{}-turn{}-{}.ron",
            p.source.stem(),
            p.session.game.turn,
            save::timestamp()
        )
    };
    let path = dir.join(name);
    let text = p.session.save_string();
    crate::rules::session::write_atomic(&path, &text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if !auto {
        notice(world, format!("Saved {}", path.display()), false);
    }
    Ok(path)
}

/// Start the game the command line asked for (a scenario file, or the default scenario).
pub fn start_from_args(
    world: &mut World,
    scenario: Option<PathBuf>,
    mode: Mode,
) -> Result<(), String> {
    let source = match scenario {
        Some(p) => Source::File(p),
        None => Source::Builtin(DEFAULT_SCENARIO),
    };
    start_game(world, source, mode, true)
}
