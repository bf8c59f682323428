//! The turn flow: the engine that runs a rule system's sequence of play. It keeps the phase in
//! [`Game::phase`] and the side that acts now in `Game::active_side`; [`end_phase`] moves to
//! the next phase and says so in events (the initiative rolled where a phase runs on it, the
//! recovery, command control, reinforcements and random events between game turns).
//! `Command::EndPhase` ends the phase; `Command::EndTurn` ends phases until the other side acts
//! (in a sequence of one phase, the old "end my turn"). [`new_game`] starts a game.

use std::sync::Arc;

use super::dice::DieSource;
use super::event::Event;
use super::game::Game;
use super::gate::on_initiative;
use super::ruleset::Ruleset;
use super::scenario::Scenario;
use super::sequence::*;
use super::unit::SideId;

/// A new game of `scenario` under `rules` and its rule system's sequence of play.
pub fn new_game(scenario: Arc<Scenario>, rules: Arc<dyn Ruleset>) -> Game {
    let sequence = Arc::new(rules.sequence().clone());
    new_game_with(scenario, rules, sequence)
}

/// A new game following `sequence` instead of its rule system's: the scenario set up, the first
/// game turn's command control (no dice; the recovery waits for turn 2), the opening phases
/// with nothing to do passed over. (The first initiative roll, which needs dice, comes with
/// [`begin`].)
pub fn new_game_with(
    scenario: Arc<Scenario>,
    rules: Arc<dyn Ruleset>,
    sequence: Arc<Sequence>,
) -> Game {
    let mut g = Game::set_up(scenario, rules.clone(), sequence);
    rules.command_control(&mut g);
    skip_idle_start(&mut g);
    g
}

/// End the current phase and begin the next (the next player-turn after the last phase: the
/// other side's, or the next game turn's after the second side's; in a game-turn sequence,
/// the next game turn). A phase on the initiative begins with its roll.
pub fn end_phase(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let seq = game.sequence.clone();
    let many = seq.phases.len() > 1 || seq.rounds > 1;
    let mut events = Vec::new();
    let mut next = PhaseState {
        index: game.phase.index + 1,
        ..game.phase
    };
    let new_player_turn = next.index >= seq.phases.len();
    if new_player_turn {
        next = end_player_turn(game, dice, &seq, &mut events);
    } else {
        // A phase's attack limit counts its own attacks.
        for u in game.units_mut() {
            u.attacks = [0; 6];
        }
    }
    game.set_phase(next);
    if let Some(a) = game.rules.clone().alternation() {
        a.new_phase(game);
    }
    let cycle = game.cycle_mut();
    *cycle = Cycle {
        actions: cycle.actions,
        history: std::mem::take(&mut cycle.history),
        ..Cycle::default()
    };
    if let Some(side) = seq.acting(next) {
        game.set_active_side(side);
    }
    if new_player_turn && !game.is_over() {
        events.extend(game.rules.clone().player_turn_begins(game, dice));
    }
    // A phase not played in this game turn (`from_turn`), or one with nothing to do
    // (`skip_when_idle`), is passed over.
    if !game.is_over() && (!played(&seq, next, game.turn) || idle(game)) {
        events.extend(end_phase(game, dice));
        return events;
    }
    if many && !game.is_over() {
        let p = seq.phase(next);
        events.push(Event::PhaseBegan {
            turn: game.turn,
            round: (seq.rounds > 1).then_some(next.round + 1),
            phase: p.name.clone(),
            phasing: next.phasing,
            acting: seq.acting(next),
        });
    }
    if !game.is_over() {
        events.extend(begin_phase(game, dice));
    }
    events
}

/// The end of a player-turn (of the game turn, in a game-turn sequence): the next round after
/// the first side's, the next game turn after the second side's, with what comes between.
/// The phase that follows, its first.
fn end_player_turn(
    game: &mut Game,
    dice: &mut dyn DieSource,
    seq: &Sequence,
    events: &mut Vec<Event>,
) -> PhaseState {
    let side = match seq.structure {
        Structure::PlayerTurns => game.phase.phasing,
        Structure::GameTurn => game.active_side,
    };
    let turn = game.turn;
    let mut next = PhaseState {
        index: 0,
        phasing: match seq.structure {
            Structure::PlayerTurns => game.phase.phasing.other(),
            Structure::GameTurn => SideId(0),
        },
        round: game.phase.round,
    };
    // What units did in a player-turn (moves, march rolls) restarts with the next.
    for u in game.units_mut() {
        u.new_turn();
    }
    // After the second side's player-turn: the next round, or the next game turn.
    let mid_point = next.phasing == SideId(0) && next.round + 1 < seq.rounds;
    if mid_point {
        next.round += 1;
    } else if next.phasing == SideId(0) {
        next.round = 0;
        end_game_turn(game, dice, seq, events);
    }
    events.push(Event::TurnEnded { turn, side });
    // Between the rounds of a game turn: the mid-point recovery (SSI Shiloh).
    let rules = game.rules.clone();
    if mid_point {
        events.extend(rules.round_recovery(game, dice, true));
    }
    if game.turn != turn && !game.is_over() {
        if let Some(a) = rules.alternation() {
            a.new_turn(game);
        }
        // SSI Shiloh's order: command control, recovery, then reinforcements (no-ops where
        // the sequence has no command control or round recovery).
        events.extend(rules.command_control(game));
        events.extend(rules.round_recovery(game, dice, false));
        events.extend(reinforce(game));
        events.extend(random_events(game, dice));
    }
    next
}

/// The end of a game turn: the rules' own end of turn, the turn counted, the initiative's
/// cycle kept in its history, the recovery, and this turn's counts restarted.
fn end_game_turn(
    game: &mut Game,
    dice: &mut dyn DieSource,
    seq: &Sequence,
    events: &mut Vec<Event>,
) {
    let rules = game.rules.clone();
    events.extend(rules.end_of_turn(game, dice));
    game.set_turn(game.turn + 1);
    if seq.initiative.is_some() {
        let done = game.cycle.actions;
        game.cycle_mut().history.push(done);
    }
    game.cycle_mut().actions = [0, 0];
    // The rule system's recovery phase (GCACW's: fatigue, disorganization, demoralization).
    events.extend(rules.recovery_phase(game));
    // What units did this turn restarts: forced marches (GCACW, NGG 1812 11.2).
    for u in game.units_mut() {
        u.forced_march = false;
    }
}

/// Whether the current phase is one to pass over because the side to act has nothing to do in
/// it (`skip_when_idle`: no unit of the side with a special action open).
pub fn idle(game: &Game) -> bool {
    let seq = &game.sequence;
    let phase = seq.phase(game.phase);
    if !phase.skip_when_idle {
        return false;
    }
    // A phase of leader transfers with no leader of the side to act who may transfer.
    if phase.allows.iter().all(|a| *a == Allow::LeaderTransfer) {
        return !game.rules.actions().is_some_and(|a| a.any_transfer(game));
    }
    let side = game.active_side;
    !game.unit_indices().any(|u| {
        let unit = game.unit(u);
        unit.side == side
            && unit.on_map()
            && game
                .rules
                .special_actions(game, u)
                .iter()
                .any(|a| a.cost.is_ok())
    })
}

/// A new game's opening phases with nothing to do (`skip_when_idle`) are passed over, quietly:
/// nothing happened in them.
pub fn skip_idle_start(game: &mut Game) {
    let seq = game.sequence.clone();
    while idle(game) && game.phase.index + 1 < seq.phases.len() {
        let next = PhaseState {
            index: game.phase.index + 1,
            ..game.phase
        };
        if !played(&seq, next, game.turn) {
            game.set_phase(next);
            continue;
        }
        game.set_phase(next);
        // As a new game begins (a phase on the initiative rolls it when the game begins).
        game.set_active_side(seq.acting(next).unwrap_or(SideId(0)));
    }
}

/// The scenario's random events table, rolled at the start of a game turn (the draw order:
/// before the turn's initiative roll): the event, if the total has one.
pub fn random_events(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    use super::map::Weather;
    use super::scenario::RandomEvent;
    let Some(table) = game.scenario.file.random_events.clone() else {
        return Vec::new();
    };
    let rolled: Vec<u8> = (0..table.dice.clamp(1, 3)).map(|_| dice.d6()).collect();
    let total: i64 = rolled.iter().map(|d| i64::from(*d)).sum();
    let event = table
        .events
        .iter()
        .find(|e| e.rolls.contains(&total))
        .map(|e| e.event.clone());
    match &event {
        Some(RandomEvent::Rain) => game.set_weather_event(game.turn, Weather::Rain),
        Some(RandomEvent::Dry) => game.set_weather_event(game.turn, Weather::Dry),
        _ => {}
    }
    let mut events: Vec<Event> = rolled
        .iter()
        .map(|v| Event::DieRolled {
            role: super::dice::DieRole::Other,
            value: *v,
        })
        .collect();
    events.push(Event::RandomEvent {
        dice: rolled,
        event,
    });
    events
}

/// The reinforcements due by this game turn enter the map at their hexes (the scenario's
/// `arrives`), in unit order, a hex's units together; where the enemy holds the hex they wait
/// for the next turn [project default]. Those a scenario's ferry carries ([`ferry_loads`]) enter
/// only as its capacity allows; the rest wait, in order, for the next turn's crossing.
pub fn reinforce(game: &mut Game) -> Vec<Event> {
    type Groups = Vec<(super::hex::Coord, Vec<super::unit::UnitIdx>)>;
    let boarding = ferry_loads(game);
    let mut entered: Groups = Vec::new();
    let mut delayed: Groups = Vec::new();
    let mut waiting: Groups = Vec::new();
    for u in game.unit_indices().collect::<Vec<_>>() {
        let unit = game.unit(u);
        let Some((t, h)) = unit.arrives else { continue };
        if t > game.turn {
            continue;
        }
        let side = unit.side;
        let ferried = game.scenario.ferry_at(side, h).is_some();
        let list = if game.side_at(h).is_some_and(|s| s != side) {
            &mut delayed
        } else if ferried && !boarding.contains(&u) {
            &mut waiting
        } else {
            game.unit_mut(u).arrives = None;
            game.place(u, Some(h));
            &mut entered
        };
        match list.iter_mut().find(|(c, _)| *c == h) {
            Some((_, v)) => v.push(u),
            None => list.push((h, vec![u])),
        }
    }
    let mut events: Vec<Event> = entered
        .into_iter()
        .map(|(hex, units)| Event::Reinforced {
            units,
            hex,
            delayed: false,
        })
        .collect();
    events.extend(delayed.into_iter().map(|(hex, units)| Event::Reinforced {
        units,
        hex,
        delayed: true,
    }));
    events.extend(waiting.into_iter().map(|(hex, mut units)| {
        units.sort_by_key(|u| (game.unit(*u).arrives.map(|a| a.0), *u));
        let side = game.unit(units[0]).side;
        let ferry = game
            .scenario
            .ferry_at(side, hex)
            .map(|(_, f)| f.name.clone())
            .unwrap_or_default();
        Event::FerryFull { ferry, hex, units }
    }));
    events
}

/// The reinforcements each of the scenario's ferries lands this game turn: its queue (the
/// units of its side due at its hex by now, the earliest due first, then in unit order) as far
/// as its men and units a turn allow, no unit passing one before it; the first of the turn
/// crosses even if larger than the whole capacity. While the enemy holds the landing nobody
/// crosses (the queue waits).
pub fn ferry_loads(game: &Game) -> Vec<super::unit::UnitIdx> {
    let mut out = Vec::new();
    for f in &game.scenario.ferries {
        if game.side_at(f.hex).is_some_and(|s| s != f.side) {
            continue;
        }
        let mut queue: Vec<(u32, super::unit::UnitIdx)> = game
            .unit_indices()
            .filter_map(|u| {
                let unit = game.unit(u);
                let (t, h) = unit.arrives?;
                (t <= game.turn && h == f.hex && unit.side == f.side).then_some((t, u))
            })
            .collect();
        queue.sort_unstable();
        let (mut men, mut count) = (0u64, 0u32);
        for (_, u) in queue {
            men += u64::from(game.unit(u).manpower);
            count += 1;
            let fits = f.men_per_turn.is_none_or(|m| men <= u64::from(m))
                && f.units_per_turn.is_none_or(|n| count <= n);
            if count > 1 && !fits {
                break;
            }
            out.push(u);
        }
    }
    out
}

/// Begin a game (`Session` calls it before the first command): the first game turn's random
/// events, then the current phase where it needs dice (a phase on the initiative rolls it).
pub fn begin(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    // The first game turn's random events (the later turns' come as each begins).
    let mut events = random_events(game, dice);
    events.extend(game.rules.clone().player_turn_begins(game, dice));
    events.extend(begin_phase(game, dice));
    events
}

/// Start a phase where it needs dice: a phase on the initiative rolls it.
fn begin_phase(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let seq = game.sequence.clone();
    match (seq.phase(game.phase).acts, &seq.initiative) {
        (Acts::Initiative, Some(rules)) if game.cycle.winner.is_none() => {
            roll_initiative(game, rules, dice)
        }
        _ => Vec::new(),
    }
}

/// `side` acts next: a new action, not begun.
fn give_initiative(game: &mut Game, side: SideId) {
    let cycle = game.cycle_mut();
    cycle.winner = Some(side);
    cycle.acted = false;
    cycle.units.clear();
    cycle.leader = None;
    cycle.attacked.clear();
    cycle.assault = false;
    game.set_active_side(side);
}

/// Each side rolls its dice (the first side's first), the higher total wins; ties as the
/// rules say. The winner acts next.
fn roll_initiative(
    game: &mut Game,
    rules: &InitiativeRules,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let mut events = Vec::new();
    if rules.alternate {
        // The side that did not act last; the first side to begin.
        let next = match game.cycle.last {
            None => SideId(0),
            Some(s) => s.other(),
        };
        // With supply trains (NGG 8.2): the side with more starts, a side without moves no
        // more; `None` (neither has a train) leaves the winner unset: the phase ends.
        let first = game.cycle.last.is_none();
        let who = match game.rules.clone().alternation() {
            Some(a) => a.who_moves(game, next, first),
            None => Some(next),
        };
        match who {
            Some(side) => give_initiative(game, side),
            None => game.cycle_mut().winner = None,
        }
        return events;
    }
    // A bound on re-rolls of ties (a die source that always ties must still end).
    for _ in 0..100 {
        let mut totals = [0u32; 2];
        let mut rolled = [Vec::new(), Vec::new()];
        for side in 0..2 {
            for _ in 0..rules.dice.max(1) {
                let d = dice.d6();
                rolled[side].push(d);
                totals[side] += u32::from(d);
            }
        }
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(SideId(0)),
            std::cmp::Ordering::Less => Some(SideId(1)),
            // The scenario's own tie rule, where its game gives one, before the rule system's.
            std::cmp::Ordering::Equal if game.scenario.initiative_ties.is_some() => {
                game.scenario.initiative_ties
            }
            std::cmp::Ordering::Equal => match rules.ties {
                Ties::Reroll => None,
                Ties::FirstSide => Some(SideId(0)),
                Ties::SecondSide => Some(SideId(1)),
            },
        };
        events.push(Event::InitiativeRolled {
            dice: rolled.clone(),
            winner,
        });
        if let Some(w) = winner {
            game.cycle_mut().rolled = Some(rolled);
            give_initiative(game, w);
            return events;
        }
    }
    game.cycle_mut().winner = Some(SideId(0));
    game.set_active_side(SideId(0));
    events
}

/// End the action of the initiative's winner: a pass if it did nothing since the roll. The
/// phase ends after `passes_to_end` passes in a row; otherwise the initiative is rolled again.
fn end_action(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let Some(rules) = game.sequence.initiative.clone() else {
        return end_phase(game, dice);
    };
    let side = game.active_side;
    game.cycle_mut().last = Some(side);
    let mut events = Vec::new();
    if game.cycle.acted {
        game.cycle_mut().passed = [false, false];
        game.cycle_mut().actions[side.0 as usize % 2] += 1;
        // The action's units may act again in a later one (a new march, a new allowance),
        // unless a unit moves once a turn (NGG 1812 8.3).
        let units = std::mem::take(&mut game.cycle_mut().units);
        if game.rules.movement().one_move_per_turn().is_none() {
            for u in units {
                game.unit_mut(u).new_action();
            }
        }
    } else {
        game.cycle_mut().passed[side.0 as usize % 2] = true;
        events.push(Event::Passed { side });
    }
    let alternation = game.rules.clone();
    let alternation = alternation.alternation();
    if let (false, Some(a)) = (game.cycle.acted, alternation) {
        events.extend(a.passed(game, side));
    }
    // Both passed, or the side going on alone (the other has no train left) did.
    let alone = !game.cycle.acted && alternation.is_some_and(|a| a.alone_passed(game, side));
    if game.cycle.passed == [true, true] || alone {
        events.extend(end_phase(game, dice));
    } else if !game.cycle.acted && rules.pass == PassRule::Yield && !rules.alternate {
        // The pass yields the action to the other side, in this cycle: no new roll.
        give_initiative(game, side.other());
        events.push(Event::Yielded { to: side.other() });
    } else {
        game.cycle_mut().winner = None;
        events.extend(roll_initiative(game, &rules, dice));
        if game.cycle.winner.is_none() {
            events.extend(end_phase(game, dice));
        }
    }
    events
}

/// End phases until the side that acts changes (or the game turn does, the game ends or an
/// action phase begins); in a phase on the initiative, end the action (the next roll may give
/// the same side another).
pub fn end_turn(game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    if game.sequence.phase(game.phase).acts == Acts::Initiative {
        return end_action(game, dice);
    }
    let side = game.active_side;
    let turn = game.turn;
    let mut events = Vec::new();
    for _ in 0..=game.sequence.phases.len() * 2 {
        events.extend(end_phase(game, dice));
        // An action phase begins with the initiative's winner to act, whoever it is.
        if game.active_side != side || game.turn != turn || game.is_over() || on_initiative(game) {
            break;
        }
    }
    events
}
