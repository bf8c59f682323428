//! Flank attacks (seed `gcacw-flank-attacks.txt`; readings in gcacw-tables.md §7.5–7.9).

use std::fmt;

use crate::rules::cv::Cv;
use crate::rules::game::Game;
use crate::rules::hex::{Coord, Dir};
use crate::rules::map::{Feature, HexsideInfo};
use crate::rules::unit::SideId;

use super::Gcacw;
use super::data::FlankTable;

/// A clause of the flank procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clause {
    /// 1a: occupied by an undemoralized unit friendly to the attacker.
    OccupiedByAttacker,
    /// 1b: in the ZOC of an undemoralized unit friendly to the attacker.
    AttackerZoc,
    /// 1c / 3c: swamp or mountain not connected to the defender by a route.
    SwampMountain,
    /// 1d / 3d: across a river without a crossing (or the rain-turn ford / creek cases).
    River,
    /// 1e / 3e: a hypothetical hex off the map.
    OffMap,
    /// 3a: occupied by an undemoralized unit friendly to the defender.
    OccupiedByDefender,
    /// 3b: unoccupied and separated from every adjacent attacker-side unit by woods hexsides.
    Woods,
}

impl Clause {
    /// The clause's number in step 1 or step 3.
    pub fn code(self, step: u8) -> &'static str {
        match (step, self) {
            (1, Clause::OccupiedByAttacker) => "1a",
            (1, Clause::AttackerZoc) => "1b",
            (1, Clause::SwampMountain) => "1c",
            (1, Clause::River) => "1d",
            (1, Clause::OffMap) => "1e",
            (_, Clause::OccupiedByDefender) => "3a",
            (_, Clause::Woods) => "3b",
            (_, Clause::SwampMountain) => "3c",
            (_, Clause::River) => "3d",
            (_, Clause::OffMap) => "3e",
            _ => "?",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Clause::OccupiedByAttacker => "attacker-side unit",
            Clause::AttackerZoc => "attacker-side ZOC",
            Clause::SwampMountain => "swamp/mountain without a route",
            Clause::River => "river hexside without a crossing",
            Clause::OffMap => "off the map",
            Clause::OccupiedByDefender => "defender-side unit",
            Clause::Woods => "cut off by woods hexsides",
        }
    }
}

/// The flank facts for one of the six hexes around the defender.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighbourFlank {
    pub hex: Coord,
    pub dir: Dir,
    pub on_map: bool,
    /// Step-1 clauses that make the hex covered.
    pub cover: Vec<Clause>,
    /// Step-3 clauses that hold for the hex (they reduce the bonus only if it is covered).
    pub reduce: Vec<Clause>,
    /// The combined CV of the attacker-side units occupying the hex or exerting ZOC into it,
    /// when some do.
    pub attacker_cv: Option<Cv>,
    /// Set when that CV fell under the fraction of the defender's CV (the hex is then not
    /// covered by 1a or 1b).
    pub under_fraction: bool,
    pub restricted_only: bool,
}

impl NeighbourFlank {
    pub fn covered(&self) -> bool {
        !self.cover.is_empty()
    }
    pub fn reduces(&self) -> bool {
        self.covered() && !self.reduce.is_empty()
    }

    /// The reasons, for the overlay and the breakdown.
    pub fn reasons(&self, defender_cv: Cv, fraction: (u32, u32)) -> Vec<String> {
        let mut r: Vec<String> = self
            .cover
            .iter()
            .map(|c| format!("covered: {} ({})", c.describe(), c.code(1)))
            .collect();
        if self.under_fraction {
            r.push(format!(
                "attacker-side CV {} is under {}/{} of the defender's {}: not covered by 1a/1b",
                self.attacker_cv.unwrap_or_default(),
                fraction.0,
                fraction.1,
                defender_cv
            ));
        }
        if self.restricted_only && self.cover.contains(&Clause::AttackerZoc) {
            r.push("reached by restricted ZOC only".into());
        }
        for c in &self.reduce {
            if self.covered() {
                r.push(format!("reduces: {} ({})", c.describe(), c.code(3)));
            }
        }
        if r.is_empty() {
            r.push("not covered".into());
        }
        r
    }
}

/// The whole flank computation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flank {
    pub neighbours: Vec<NeighbourFlank>,
    /// Covered hexes, sorted by label.
    pub covered: Vec<Coord>,
    /// Covered hexes meeting a step-3 condition, sorted by label.
    pub reductions: Vec<Coord>,
    pub basic: i32,
    /// The reduction applied (capped).
    pub reduction: i32,
    pub final_bonus: i32,
}

impl Flank {
    /// Text for the breakdown, e.g. `6 covered; -1 0403 defender-side unit (3a)`.
    pub fn summary(&self, game: &Game) -> String {
        let mut s = format!("{} covered", self.covered.len());
        // Coordinates sort as their labels do (fixed-width column, then row).
        let mut by_label: Vec<&NeighbourFlank> = self.neighbours.iter().collect();
        by_label.sort_by_key(|n| n.hex);
        let covered: Vec<String> = by_label
            .iter()
            .filter(|n| n.covered())
            .map(|n| {
                let codes: Vec<&str> = n.cover.iter().map(|c| c.code(1)).collect();
                format!("{} ({})", game.label(n.hex), codes.join(","))
            })
            .collect();
        if !covered.is_empty() {
            s.push_str(&format!(" [{}]", covered.join(", ")));
        }
        s.push_str(&format!(", basic {:+}", self.basic));
        for n in by_label.iter().filter(|n| n.reduces()) {
            let why: Vec<String> = n
                .reduce
                .iter()
                .map(|c| format!("{} ({})", c.describe(), c.code(3)))
                .collect();
            s.push_str(&format!("; -1 {} {}", game.label(n.hex), why.join(", ")));
        }
        let count = self.reductions.len() as i32;
        if count > self.reduction && self.basic > 0 {
            s.push_str(&format!("; reduction limited to {}", self.reduction));
        }
        s
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Compute the flank bonus against the units in `defender` attacked by `attacker_side`, whose
/// combined CV (after the maxima) is `defender_cv`.
pub fn flank(
    rules: &Gcacw,
    game: &Game,
    defender: Coord,
    attacker_side: SideId,
    defender_side: SideId,
    defender_cv: Cv,
) -> Flank {
    let ctx = FlankCtx {
        rules,
        game,
        defender,
        attacker_side,
        defender_side,
        defender_cv,
        rain: game.weather() == crate::rules::map::Weather::Rain,
    };
    let neighbours: Vec<NeighbourFlank> = Dir::ALL.into_iter().map(|d| ctx.neighbour(d)).collect();
    final_flank_bonus(&rules.tables.flank, neighbours)
}

/// Steps 2 and 3: the basic bonus for the covered hexes, less one per covered hex meeting a
/// step-3 condition (at most the maximum reduction), never below 0.
fn final_flank_bonus(t: &FlankTable, neighbours: Vec<NeighbourFlank>) -> Flank {
    // Coordinates sort as their labels do (fixed-width column, then row).
    let mut covered: Vec<Coord> = neighbours
        .iter()
        .filter(|n| n.covered())
        .map(|n| n.hex)
        .collect();
    covered.sort();
    let mut reductions: Vec<Coord> = neighbours
        .iter()
        .filter(|n| n.reduces())
        .map(|n| n.hex)
        .collect();
    reductions.sort();
    let basic = t.basic.get(covered.len()).copied().unwrap_or(0);
    let reduction = (reductions.len() as i32)
        .min(t.max_reduction as i32)
        .min(basic.max(0));
    let final_bonus = (basic - reduction).max(0);
    Flank {
        neighbours,
        covered,
        reductions,
        basic,
        reduction,
        final_bonus,
    }
}

/// The attack the flank bonus is computed for.
struct FlankCtx<'a> {
    rules: &'a Gcacw,
    game: &'a Game,
    defender: Coord,
    attacker_side: SideId,
    defender_side: SideId,
    defender_cv: Cv,
    rain: bool,
}

impl FlankCtx<'_> {
    fn table(&self) -> &FlankTable {
        &self.rules.tables.flank
    }

    /// Steps 1 and 3 for the hex adjacent to the defender in direction `dir`.
    fn neighbour(&self, dir: Dir) -> NeighbourFlank {
        let map = self.game.map();
        let hex = self.defender.neighbor(dir);
        let mut nf = NeighbourFlank {
            hex,
            dir,
            on_map: map.contains(hex),
            cover: Vec::new(),
            reduce: Vec::new(),
            attacker_cv: None,
            under_fraction: false,
            restricted_only: false,
        };
        if !nf.on_map {
            // 1e / 3e.
            nf.cover.push(Clause::OffMap);
            nf.reduce.push(Clause::OffMap);
            return nf;
        }
        let side = map.side_between(self.defender, hex);

        // Step 1: covered hexes.
        self.step1_attacker_cover(&mut nf);
        let swamp = self.swamp_mountain(hex, side);
        if swamp {
            nf.cover.push(Clause::SwampMountain);
        }
        if self.river_covers(side) {
            nf.cover.push(Clause::River);
        }

        // Step 3: the conditions that reduce the bonus (when the hex is covered).
        if self.occupied_by_defender(hex) {
            nf.reduce.push(Clause::OccupiedByDefender);
        }
        if self.cut_off_by_woods(hex) {
            nf.reduce.push(Clause::Woods);
        }
        if swamp {
            nf.reduce.push(Clause::SwampMountain);
        }
        if self.river_reduces(side) {
            nf.reduce.push(Clause::River);
        }
        nf
    }

    /// 1a / 1b with the 1/4 condition (reading 6: one sum per hex). An attacker-side unit
    /// "contributes" (1a, 1b, 3b) unless it is inactive and demoralized; 1a and 1b need it
    /// undemoralized.
    fn step1_attacker_cover(&self, nf: &mut NeighbourFlank) {
        let (game, hex) = (self.game, nf.hex);
        let (num, den) = self.table().minimum_fraction;
        let mut sum = Cv::ZERO;
        let mut occupied = false;
        for &u in game.units_at(hex) {
            let unit = super::state::gu(game, u);
            if unit.side == self.attacker_side && !unit.is_leader() && !unit.is_demoralized() {
                occupied = true;
                sum += unit.cv;
            }
        }
        let mut zoc = false;
        let mut normal = false;
        for e in self.rules.zoc_into(game, hex) {
            let unit = game.unit(e.unit);
            if unit.side == self.attacker_side {
                zoc = true;
                normal |= e.kind == crate::rules::attack::ZocKind::Normal;
                sum += unit.cv;
            }
        }
        if !(occupied || zoc) {
            return;
        }
        nf.attacker_cv = Some(sum);
        // sum < defender_cv * num / den  <=>  sum * den < defender_cv * num (in halves).
        if u64::from(sum.halves()) * u64::from(den)
            < u64::from(self.defender_cv.halves()) * u64::from(num)
        {
            nf.under_fraction = true;
        } else {
            if occupied {
                nf.cover.push(Clause::OccupiedByAttacker);
            }
            if zoc {
                nf.cover.push(Clause::AttackerZoc);
                nf.restricted_only = !normal;
            }
        }
    }

    /// 1c / 3c: a swamp or mountain hex no route connects to the defender's.
    fn swamp_mountain(&self, hex: Coord, side: &HexsideInfo) -> bool {
        let w = self.game.weather();
        self.game
            .map()
            .terrain(hex)
            .is_some_and(|tr| tr.is_swamp_or_mountain(w))
            && !side.route_any(&self.table().connecting_routes)
    }

    /// A river hexside without a crossing (1d and 3d alike).
    fn river_no_crossing(&self, side: &HexsideInfo) -> bool {
        let t = self.table();
        side.has_any(&t.river_hexsides) && !side.has_any(&t.river_crossings)
    }

    /// 1d: rivers; in rain also fords, and creeks no road, pike or RR traverses.
    fn river_covers(&self, side: &HexsideInfo) -> bool {
        self.river_no_crossing(side)
            || (self.rain
                && (side.has(Feature::Ford)
                    || (side.has(Feature::Creek)
                        && !side.route_any(&self.table().rain_creek_covers_unless))))
    }

    /// 3d: as 1d, but a trail also spares a creek in rain.
    fn river_reduces(&self, side: &HexsideInfo) -> bool {
        self.river_no_crossing(side)
            || (self.rain
                && (side.has(Feature::Ford)
                    || (side.has(Feature::Creek)
                        && !side.route_any(&self.table().rain_creek_reduces_unless))))
    }

    /// 3a: the hex holds an undemoralized unit friendly to the defender.
    fn occupied_by_defender(&self, hex: Coord) -> bool {
        let game = self.game;
        game.units_at(hex).iter().any(|&u| {
            let unit = super::state::gu(game, u);
            unit.side == self.defender_side && !unit.is_leader() && !unit.is_demoralized()
        })
    }

    /// 3b (reading 9): the hex is unoccupied and every adjacent attacker-side unit that
    /// contributes is across a woods hexside no route traverses.
    fn cut_off_by_woods(&self, hex: Coord) -> bool {
        let game = self.game;
        let t = self.table();
        let unoccupied = game.units_at(hex).iter().all(|&u| {
            let unit = super::state::gu(game, u);
            unit.is_leader()
                || (unit.side == self.attacker_side && unit.is_demoralized() && !unit.own.active)
        });
        if !unoccupied {
            return false;
        }
        hex.neighbors().into_iter().all(|n| {
            let has_attacker = game.units_at(n).iter().any(|&u| {
                let unit = super::state::gu(game, u);
                unit.side == self.attacker_side
                    && !unit.is_leader()
                    && (unit.own.active || !unit.is_demoralized())
            });
            if !has_attacker {
                return true;
            }
            let s = game.map().side_between(hex, n);
            s.has_any(&t.woods_hexsides) && !s.route_any(&t.woods_routes)
        })
    }
}
