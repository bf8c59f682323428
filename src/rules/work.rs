//! A count of the work the rules do on this thread: hexes settled by movement searches,
//! attack odds computed, commands planned. The computer opponent's search spends its budget in
//! it ([`crate::rules::ai::search`]): a count, so a decision is the same on every machine and
//! every run, and one that grows with what costs time — a larger map, longer reaches, dearer
//! odds — where a count of commands does not.

use std::cell::Cell;

thread_local! {
    static DONE: Cell<u64> = const { Cell::new(0) };
}

/// Work of `n` units done on this thread.
pub fn add(n: u64) {
    DONE.with(|d| d.set(d.get().wrapping_add(n)));
}

/// The work done on this thread so far (differences of two readings are what count).
pub fn done() -> u64 {
    DONE.with(Cell::get)
}

#[cfg(test)]
mod tests {
    // Each thread counts its own work: a reading taken around some work sees that work only.
    #[test]
    fn work_is_counted_per_thread() {
        let before = super::done();
        super::add(5);
        let other = std::thread::spawn(|| {
            super::add(7);
            super::done()
        })
        .join()
        .unwrap();
        assert_eq!(super::done() - before, 5);
        assert_eq!(other, 7);
    }
}
