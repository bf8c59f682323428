//! Undo by what each edit changed, not by copies of the file.
//!
//! Before an action is applied, the parts of the file it can touch are put aside
//! ([`Snapshot::take`]): the header, the terrain or elevation rows of the hexes it names, or the
//! list of hexsides, routes, units or victory hexes. After it is applied, each part is cut down
//! to what actually changed ([`Snapshot::trim`]): the rows that differ, the run of list entries
//! between the common head and tail. An undo step is a list of such parts; undoing swaps each
//! back into the file, and what comes out is the redo step. So the memory of a step is in
//! proportion to its change: a single-hex paint keeps one terrain row, a unit copy nothing but
//! the place of the new unit; only a resize keeps the whole map.

use super::action::{EditAction, dims};
use crate::rules::scenario::{
    HexsideFile, MapFile, RouteFile, ScenarioFile, UnderlayFile, UnitFile, VictoryHexFile,
};

/// The header fields of a scenario file (everything but the map and the lists).
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    title: String,
    ruleset: String,
    sides: Vec<String>,
    weather: crate::rules::map::Weather,
    turn: Option<i64>,
    turns: Option<i64>,
    weather_by_turn: Option<Vec<crate::rules::map::Weather>>,
    night_turns: Vec<i64>,
    briefing: Option<String>,
    movement: crate::rules::points::Enforcement,
    underlay: Option<UnderlayFile>,
}

impl Header {
    fn of(f: &ScenarioFile) -> Header {
        Header {
            title: f.title.clone(),
            ruleset: f.ruleset.clone(),
            sides: f.sides.clone(),
            weather: f.weather,
            turn: f.turn,
            turns: f.turns,
            weather_by_turn: f.weather_by_turn.clone(),
            night_turns: f.night_turns.clone(),
            briefing: f.briefing.clone(),
            movement: f.movement,
            underlay: f.underlay.clone(),
        }
    }

    fn swap(&mut self, f: &mut ScenarioFile) {
        std::mem::swap(&mut self.title, &mut f.title);
        std::mem::swap(&mut self.ruleset, &mut f.ruleset);
        std::mem::swap(&mut self.sides, &mut f.sides);
        std::mem::swap(&mut self.weather, &mut f.weather);
        std::mem::swap(&mut self.turn, &mut f.turn);
        std::mem::swap(&mut self.turns, &mut f.turns);
        std::mem::swap(&mut self.weather_by_turn, &mut f.weather_by_turn);
        std::mem::swap(&mut self.night_turns, &mut f.night_turns);
        std::mem::swap(&mut self.briefing, &mut f.briefing);
        std::mem::swap(&mut self.movement, &mut f.movement);
        std::mem::swap(&mut self.underlay, &mut f.underlay);
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Header>()
            + self.title.len()
            + self.ruleset.len()
            + self.sides.iter().map(String::len).sum::<usize>()
            + self.briefing.as_ref().map_or(0, String::len)
            + self.night_turns.len() * 8
            + self.weather_by_turn.as_ref().map_or(0, Vec::len)
            + self
                .underlay
                .as_ref()
                .map_or(0, |u| u.image.len() + u.align.len() * 48)
    }
}

/// A run of list entries: `len` entries of the file from `start` are to be replaced by `items`.
#[derive(Clone, Debug)]
pub struct Splice<T> {
    start: usize,
    len: usize,
    items: Vec<T>,
}

impl<T: Clone + PartialEq> Splice<T> {
    /// The whole list, to be cut down by [`Splice::trim`].
    fn whole(list: &[T]) -> Splice<T> {
        Splice {
            start: 0,
            len: list.len(),
            items: list.to_vec(),
        }
    }

    /// Keep only the entries between the head and the tail `before` (the items) and `now`
    /// share.
    fn trim(&mut self, now: &[T]) {
        let old = &self.items;
        let head = old.iter().zip(now).take_while(|(a, b)| a == b).count();
        let most = old.len().min(now.len()) - head;
        let tail = old
            .iter()
            .rev()
            .zip(now.iter().rev())
            .take(most)
            .take_while(|(a, b)| a == b)
            .count();
        self.items = self.items[head..old.len() - tail].to_vec();
        self.start = head;
        self.len = now.len() - head - tail;
    }

    /// Put the items back; what they replace is the inverse.
    fn swap(self, list: &mut Vec<T>) -> Splice<T> {
        let n = self.items.len();
        let out: Vec<T> = list
            .splice(self.start..self.start + self.len, self.items)
            .collect();
        Splice {
            start: self.start,
            len: n,
            items: out,
        }
    }

    fn bytes(&self, each: impl Fn(&T) -> usize) -> usize {
        std::mem::size_of::<Self>()
            + self
                .items
                .iter()
                .map(|i| std::mem::size_of::<T>() + each(i))
                .sum::<usize>()
    }
}

/// Terrain or elevation rows by index.
#[derive(Clone, Debug)]
pub struct Rows {
    elevation: bool,
    rows: Vec<(usize, String)>,
}

/// One part of the file put aside.
#[derive(Clone, Debug)]
pub enum Part {
    Header(Box<Header>),
    Rows(Rows),
    /// The whole elevation (it appears or goes).
    Elevation(Option<Vec<String>>),
    /// The whole map (a resize).
    Map(Box<MapFile>),
    Hexsides(Splice<HexsideFile>),
    Routes(Splice<RouteFile>),
    Units(Splice<UnitFile>),
    Victory(Splice<VictoryHexFile>),
}

fn rows_of(f: &mut ScenarioFile, elevation: bool) -> Option<&mut Vec<String>> {
    if elevation {
        f.map.elevation.as_mut()
    } else {
        Some(&mut f.map.terrain)
    }
}

impl Part {
    /// Swap the part into the file; what it replaced is the inverse.
    fn swap(self, f: &mut ScenarioFile) -> Part {
        match self {
            Part::Header(mut h) => {
                h.swap(f);
                Part::Header(h)
            }
            Part::Rows(mut r) => {
                if let Some(rows) = rows_of(f, r.elevation) {
                    for (i, text) in &mut r.rows {
                        if let Some(row) = rows.get_mut(*i) {
                            std::mem::swap(row, text);
                        }
                    }
                }
                Part::Rows(r)
            }
            Part::Elevation(mut e) => {
                std::mem::swap(&mut e, &mut f.map.elevation);
                Part::Elevation(e)
            }
            Part::Map(mut m) => {
                std::mem::swap(&mut *m, &mut f.map);
                Part::Map(m)
            }
            Part::Hexsides(s) => Part::Hexsides(s.swap(&mut f.map.hexsides)),
            Part::Routes(s) => Part::Routes(s.swap(&mut f.map.routes)),
            Part::Units(s) => Part::Units(s.swap(&mut f.units)),
            Part::Victory(s) => Part::Victory(s.swap(&mut f.victory)),
        }
    }

    /// Cut the part down to what differs from the file now; `None` if nothing does.
    fn trim(mut self, f: &ScenarioFile) -> Option<Part> {
        let changed = match &mut self {
            Part::Header(h) => **h != Header::of(f),
            Part::Rows(r) => {
                let now = if r.elevation {
                    f.map.elevation.as_deref().unwrap_or(&[])
                } else {
                    &f.map.terrain
                };
                r.rows.retain(|(i, text)| now.get(*i) != Some(text));
                !r.rows.is_empty()
            }
            Part::Elevation(e) => *e != f.map.elevation,
            Part::Map(m) => **m != f.map,
            Part::Hexsides(s) => {
                s.trim(&f.map.hexsides);
                s.len > 0 || !s.items.is_empty()
            }
            Part::Routes(s) => {
                s.trim(&f.map.routes);
                s.len > 0 || !s.items.is_empty()
            }
            Part::Units(s) => {
                s.trim(&f.units);
                s.len > 0 || !s.items.is_empty()
            }
            Part::Victory(s) => {
                s.trim(&f.victory);
                s.len > 0 || !s.items.is_empty()
            }
        };
        changed.then_some(self)
    }

    /// About how many bytes the part holds.
    fn bytes(&self) -> usize {
        std::mem::size_of::<Part>()
            + match self {
                Part::Header(h) => h.bytes(),
                Part::Rows(r) => r.rows.iter().map(|(_, t)| 32 + t.len()).sum(),
                Part::Elevation(e) => e.iter().flatten().map(|t| 24 + t.len()).sum(),
                Part::Map(m) => {
                    m.terrain
                        .iter()
                        .chain(m.elevation.iter().flatten())
                        .map(|t| 24 + t.len())
                        .sum::<usize>()
                        + m.hexsides.len() * 64
                        + m.routes
                            .iter()
                            .map(|r| 32 + r.hexes.len() * 30)
                            .sum::<usize>()
                }
                Part::Hexsides(s) => s.bytes(|h| h.hex.len() + h.features.len()),
                Part::Routes(s) => s.bytes(|r| r.hexes.len() * 30),
                Part::Units(s) => {
                    s.bytes(|u| u.id.len() + u.name.len() + u.side.len() + u.hex.len())
                }
                Part::Victory(s) => {
                    s.bytes(|v| v.hex.len() + v.name.as_ref().map_or(0, String::len))
                }
            }
    }
}

/// The parts an action can touch, put aside before it is applied.
pub struct Snapshot(Vec<Part>);

impl Snapshot {
    pub fn take(f: &ScenarioFile, a: &EditAction) -> Snapshot {
        let d = dims(f);
        let rows = |hexes: &[String], elevation: bool| -> Part {
            let src = if elevation {
                f.map.elevation.as_deref().unwrap_or(&[])
            } else {
                &f.map.terrain
            };
            let mut idx: Vec<usize> = hexes
                .iter()
                .filter_map(|h| d.hex(h).ok())
                .map(|c| (d.printed(c).1 - 1) as usize)
                .filter(|r| *r < src.len())
                .collect();
            idx.sort_unstable();
            idx.dedup();
            Part::Rows(Rows {
                elevation,
                rows: idx.into_iter().map(|i| (i, src[i].clone())).collect(),
            })
        };
        let header = || Part::Header(Box::new(Header::of(f)));
        let units = || Part::Units(Splice::whole(&f.units));
        let victory = || Part::Victory(Splice::whole(&f.victory));
        Snapshot(match a {
            EditAction::Title(_)
            | EditAction::Ruleset(_)
            | EditAction::Turns { .. }
            | EditAction::Weather(_)
            | EditAction::WeatherByTurn(_)
            | EditAction::NightTurns(_)
            | EditAction::Briefing(_)
            | EditAction::Underlay(_) => vec![header()],
            EditAction::Sides(_) => vec![header(), units(), victory()],
            EditAction::Resize { .. } => vec![
                header(),
                Part::Map(Box::new(f.map.clone())),
                units(),
                victory(),
            ],
            EditAction::Paint { hexes, .. } => vec![rows(hexes, false)],
            EditAction::Fill { .. } => vec![Part::Rows(Rows {
                elevation: false,
                rows: f.map.terrain.iter().cloned().enumerate().collect(),
            })],
            EditAction::Elevation { hexes, .. } => match &f.map.elevation {
                None => vec![Part::Elevation(None)],
                Some(_) => vec![rows(hexes, true)],
            },
            EditAction::Hexside { .. } => vec![Part::Hexsides(Splice::whole(&f.map.hexsides))],
            EditAction::Route { .. } | EditAction::EraseRoute { .. } => {
                vec![Part::Routes(Splice::whole(&f.map.routes))]
            }
            EditAction::Unit(_)
            | EditAction::UnitField { .. }
            | EditAction::MoveUnit { .. }
            | EditAction::RemoveUnit { .. }
            | EditAction::CopyUnit { .. } => vec![units()],
            EditAction::Victory(_) | EditAction::RemoveVictory { .. } => vec![victory()],
        })
    }

    /// Put the file back as it was when the snapshot was taken (an action refused half-way).
    pub fn restore(self, f: &mut ScenarioFile) {
        for p in self.0.into_iter().rev() {
            // A whole list put aside goes back whole: its splice spans the list now.
            let p = match p {
                Part::Hexsides(mut s) => {
                    s.len = f.map.hexsides.len();
                    Part::Hexsides(s)
                }
                Part::Routes(mut s) => {
                    s.len = f.map.routes.len();
                    Part::Routes(s)
                }
                Part::Units(mut s) => {
                    s.len = f.units.len();
                    Part::Units(s)
                }
                Part::Victory(mut s) => {
                    s.len = f.victory.len();
                    Part::Victory(s)
                }
                p => p,
            };
            p.swap(f);
        }
    }

    /// What the action changed, as parts that swap it back.
    pub fn trim(self, f: &ScenarioFile) -> Vec<Part> {
        self.0.into_iter().filter_map(|p| p.trim(f)).collect()
    }
}

/// One undo (or redo) step: what it was, and the parts that take it back, in the order they
/// were put aside.
#[derive(Clone, Debug)]
pub struct Step {
    pub label: String,
    pub parts: Vec<Part>,
}

impl Step {
    /// Take the step back (or make it again): the parts are swapped in, newest first; the step
    /// returned does the opposite.
    pub fn swap(self, f: &mut ScenarioFile) -> Step {
        let parts = self.parts.into_iter().rev().map(|p| p.swap(f)).collect();
        Step {
            label: self.label,
            parts,
        }
    }

    /// About how many bytes the step holds.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Step>()
            + self.label.len()
            + self.parts.iter().map(Part::bytes).sum::<usize>()
    }
}
