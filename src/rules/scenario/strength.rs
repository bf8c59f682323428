//! A unit's strength: `Organized(cv)` or `Disorganized(cv: .., manpower: ..)`, none for a
//! leader or a wagon.

use super::super::cv::Cv;
use super::super::unit::UnitKind;
use super::{Check, MAX_STRENGTH, StrengthFile, UnitFile};

/// A checked strength: CV, manpower, and whether the unit is disorganized.
pub(super) type Strength = (Cv, u32, bool);

/// What a refused strength counts as.
const NONE: Strength = (Cv::ZERO, 0, false);

/// The strengths a unit of this kind may have, for messages.
fn strength_range(leader: bool, kind: UnitKind) -> String {
    if leader {
        format!("a {} has none: Organized(0)", kind.name())
    } else {
        format!("from 1 to {MAX_STRENGTH}")
    }
}

/// Check a unit's strength: a combat unit needs one; leaders and wagons have no combat value.
pub(super) fn check_strength(
    ck: &mut Check,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) -> Strength {
    // Leaders and wagons have no combat value.
    let leader = matches!(uf.kind, UnitKind::Leader | UnitKind::Wagon);
    match (&uf.strength, leader) {
        (None, true) => NONE,
        (None, false) => {
            ck.bad(
                f("strength"),
                "",
                "missing; a combat unit needs Organized(cv) or Disorganized(cv: .., manpower: ..)",
            );
            NONE
        }
        (Some(StrengthFile::Organized(n)), _) => organized(ck, uf, *n, leader, f),
        (Some(StrengthFile::Disorganized { cv, manpower }), _) => {
            disorganized(ck, uf, *cv, *manpower, leader, f)
        }
    }
}

/// `Organized(n)`: a whole CV, 1 to [`MAX_STRENGTH`] (0 for a leader or a wagon); the
/// manpower is the CV.
fn organized(
    ck: &mut Check,
    uf: &UnitFile,
    n: f64,
    leader: bool,
    f: &dyn Fn(&str) -> String,
) -> Strength {
    let whole = n.is_finite() && n.fract() == 0.0;
    if !whole {
        ck.bad(
            f("strength"),
            format!("Organized({n})"),
            format!(
                "the CV of an organized unit is a whole number ({})",
                strength_range(leader, uf.kind)
            ),
        );
        NONE
    } else if !leader && (n < 0.0 || n > MAX_STRENGTH as f64) {
        ck.bad(
            f("strength"),
            format!("Organized({n})"),
            format!(
                "out of range: the CV of an organized {} is {}",
                uf.kind.name(),
                strength_range(leader, uf.kind)
            ),
        );
        NONE
    } else if leader && n != 0.0 {
        ck.bad(
            f("strength"),
            format!("Organized({n})"),
            format!("a {} has no combat value: use Organized(0)", uf.kind.name()),
        );
        NONE
    } else if !leader && n < 1.0 {
        ck.bad(
            f("strength"),
            format!("Organized({n})"),
            "a combat unit's CV is at least 1",
        );
        NONE
    } else {
        (Cv::whole(n as u32), n as u32, false)
    }
}

/// `Disorganized(cv, manpower)` (not for a leader or a wagon): a whole manpower, 1 to
/// [`MAX_STRENGTH`], and a CV in halves from 1/2 to the manpower.
fn disorganized(
    ck: &mut Check,
    uf: &UnitFile,
    cv: f64,
    manpower: f64,
    leader: bool,
    f: &dyn Fn(&str) -> String,
) -> Strength {
    let shown = format!("Disorganized(cv: {cv}, manpower: {manpower})");
    if leader {
        ck.bad(
            f("strength"),
            shown,
            format!("a {} has no combat value: use Organized(0)", uf.kind.name()),
        );
        NONE
    } else if !(manpower.is_finite()
        && manpower.fract() == 0.0
        && manpower >= 1.0
        && manpower <= MAX_STRENGTH as f64)
    {
        ck.bad(
            f("strength"),
            shown,
            format!("manpower is a whole number from 1 to {MAX_STRENGTH}"),
        );
        NONE
    } else if cv.is_finite() && cv >= 0.0 && cv <= manpower && Cv::from_f64(cv).is_none() {
        ck.bad(
            f("strength"),
            shown,
            "the CV is not a whole number or a half",
        );
        NONE
    } else if !(cv.is_finite() && cv >= 0.5 && cv <= manpower) {
        let why = if cv.is_nan() {
            "not a number"
        } else if cv < 0.5 {
            "the CV of a disorganized unit is at least 1/2"
        } else {
            "the CV may not exceed the manpower"
        };
        ck.bad(
            f("strength"),
            shown,
            format!("out of range: {why}; it is 1/2 to {manpower} here"),
        );
        NONE
    } else {
        match Cv::from_f64(cv) {
            None => NONE,
            Some(c) => (c, manpower as u32, true),
        }
    }
}
