//! Events: what applying a command did, step by step, for the log and the client's animations.

use serde::Serialize;

use super::attack::{AttackType, Role};
use super::cv::Cv;
use super::dice::{DieRole, DieSource};
use super::hex::Coord;
use super::unit::{SideId, Status, UnitIdx};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Event {
    AttackDeclared {
        kind: AttackType,
        attackers: Vec<UnitIdx>,
        defender: Coord,
        defenders: Vec<UnitIdx>,
        /// Net modifiers (attacker die minus defender die) as previewed; with an extra die,
        /// the value for an even roll.
        attacker_drm: i32,
        defender_drm: i32,
    },
    DieRolled {
        role: DieRole,
        value: u8,
    },
    /// A modifier decided by the extra die.
    ModifierSettled {
        name: String,
        value: i32,
    },
    CombatResult {
        differential: i32,
        attacker: String,
        defender: String,
    },
    ManpowerLost {
        unit: UnitIdx,
        amount: u32,
        left: u32,
    },
    Disorganized {
        unit: UnitIdx,
        cv: Cv,
    },
    FatigueRaised {
        unit: UnitIdx,
        from: u8,
        to: u8,
    },
    Demoralized {
        unit: UnitIdx,
        level: u8,
    },
    Eliminated {
        unit: UnitIdx,
    },
    Retreated {
        units: Vec<UnitIdx>,
        path: Vec<Coord>,
        rout: bool,
    },
    Surrendered {
        units: Vec<UnitIdx>,
        why: String,
    },
    Advanced {
        units: Vec<UnitIdx>,
        to: Coord,
    },
    /// The attacker may advance into `hex` (`Command::Advance`) before the next command.
    AdvanceOffered {
        hex: Coord,
    },
    /// A result letter whose effect the sources do not give: shown, not applied.
    CodeNotApplied {
        role: Role,
        letter: char,
        note: String,
    },
    /// A choice the command carried could not be followed; the default was used.
    ChoiceOverridden {
        what: String,
        why: String,
    },
    UnitMoved {
        unit: UnitIdx,
        path: Vec<Coord>,
    },
    /// A morale check (GBACW): `roll` against `morale`; `passed` as the rule reads it.
    MoraleCheck {
        unit: UnitIdx,
        roll: u8,
        morale: u8,
        passed: bool,
        /// What the check was for, e.g. `P/R` or `after 1*`.
        why: String,
    },
    /// A green unit's morale rating rolled on Seeing the Elephant (GBACW [13.15]).
    MoraleRated {
        unit: UnitIdx,
        dice: u8,
        morale: u8,
    },
    /// A unit's status changed (pinned, routed, engaged, disrupted, or back to normal).
    StatusChanged {
        unit: UnitIdx,
        status: Status,
    },
    /// Strength points captured by the enemy (GBACW melee `C`).
    Captured {
        unit: UnitIdx,
        amount: u32,
        left: u32,
    },
    /// A unit placed elsewhere without moving through the hexes between (NGG 11.19's escape).
    Relocated {
        unit: UnitIdx,
        to: Coord,
    },
    /// A march allowance rolled (GCACW): the dice (also sent as `DieRolled`), the modifier
    /// and the points the units may spend this turn.
    MarchRolled {
        units: Vec<UnitIdx>,
        dice: Vec<u8>,
        modifier: i32,
        allowance: crate::rules::points::Mp,
        rule: String,
    },
    /// What a move cost a unit, and what it has left this turn.
    MoveCost {
        unit: UnitIdx,
        cost: crate::rules::points::Mp,
        left: Option<crate::rules::points::Mp>,
        points: &'static str,
        /// The price, step by step.
        lines: Vec<String>,
    },
    /// A step of a procedure worth a line in the log (e.g. `FAV 9 + 1 + die 5 = 15`).
    Note {
        text: String,
    },
    TurnEnded {
        turn: u32,
        side: SideId,
    },
    /// The command-control step of a game turn (`rules::control`): the combat units out of
    /// command, with the radius and the share of points they keep.
    CommandControl {
        turn: u32,
        out_of_command: Vec<UnitIdx>,
        radius: u32,
        percent: u32,
    },
    /// The recovery step (`rules::control`): routed units that rallied or failed (with their
    /// die), disrupted ones back in good order, and how many units rested off fatigue.
    RoundRecovered {
        mid_point: bool,
        rallied: Vec<(UnitIdx, u8)>,
        failed: Vec<(UnitIdx, u8)>,
        restored: Vec<UnitIdx>,
        rested: u32,
        fatigue: u8,
    },
    /// A phase of the sequence of play begins (`rules::sequence`).
    PhaseBegan {
        turn: u32,
        /// The round of player-turns, where a game turn has more than one.
        round: Option<u8>,
        phase: String,
        /// Whose player-turn it is.
        phasing: SideId,
        /// Who acts in the phase (`None`: the initiative decides).
        acting: Option<SideId>,
    },
    /// Both sides rolled for the initiative (the first side's dice first); `None`: a tie, rolled
    /// again.
    InitiativeRolled {
        dice: [Vec<u8>; 2],
        winner: Option<SideId>,
    },
    /// The initiative's winner passed.
    Passed {
        side: SideId,
    },
    /// A pass yielded the action to `to`, in the same cycle (GCACW 5.1: `PassRule::Yield`).
    Yielded {
        to: SideId,
    },
    /// Supply trains used (`rules::ngg::trains`: a strategic move, a pass, a rally).
    TrainsUsed {
        side: SideId,
        used: u32,
        left: u32,
        why: String,
    },
    /// An extended-march check (`rules::sequence`): its dice and modifier, and what it cost.
    ExtendedMarch {
        unit: UnitIdx,
        dice: Vec<u8>,
        modifier: i32,
        loss: u32,
        disorganize: bool,
        source: String,
    },
    /// A forced march: its dice and the points it added to each unit's march.
    ForcedMarch {
        units: Vec<UnitIdx>,
        dice: Vec<u8>,
        bonus: crate::rules::points::Mp,
        source: String,
    },
    /// A unit recovered in the recovery at the end of a game turn (reorganized, rallied).
    Recovered {
        unit: UnitIdx,
        what: String,
    },
    /// The scenario's random events table was rolled at the start of a game turn: the dice,
    /// and the event (`None`: no event).
    RandomEvent {
        dice: Vec<u8>,
        event: Option<crate::rules::scenario::RandomEvent>,
    },
    /// Reinforcements entered the map at the start of a game turn (or, with `delayed`, could
    /// not: the enemy holds their hex, and they wait for the next turn).
    Reinforced {
        units: Vec<UnitIdx>,
        hex: Coord,
        delayed: bool,
    },
    /// The scenario's ferry `ferry` (its name) landing at `hex` was full this game turn: these
    /// reinforcements, due, wait for the next turn's crossing (in this order).
    FerryFull {
        ferry: String,
        hex: Coord,
        units: Vec<UnitIdx>,
    },
    /// The scenario's alert woke `side` as its player-turn began: `sighted` is the enemy unit
    /// that came within sight of one of its units (`None`: the alert's last turn came). Each
    /// unit's morale check is its own events; these failed and routed, and these mounted
    /// units of them fight on foot from now on.
    Alerted {
        side: SideId,
        sighted: Option<(UnitIdx, UnitIdx)>,
        routed: Vec<UnitIdx>,
        on_foot: Vec<UnitIdx>,
    },
    /// A leader moved onto friendly units in a leader-transfer phase.
    LeaderTransferred {
        leader: UnitIdx,
        from: Option<Coord>,
        to: Coord,
    },
    /// A leader's activation: he and these units of his command make the action.
    LeaderActivated {
        leader: UnitIdx,
        units: Vec<UnitIdx>,
    },
}

/// One d6 rolled for `role` and logged as its [`Event::DieRolled`]: how every rule system rolls
/// its combat dice (the draw order is the order of the calls).
pub fn roll_die(dice: &mut dyn DieSource, role: DieRole, ev: &mut Vec<Event>) -> u8 {
    let value = dice.d6();
    ev.push(Event::DieRolled { role, value });
    value
}
