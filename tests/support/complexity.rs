//! Complexity checks shared by the family test binaries (included with
//! `#[path = "../support/complexity.rs"] mod complexity;`): an input scaled
//! 10× must cost at most about 10× (issue 16 item 3), measured as a ratio in
//! one run so that the machine's speed and load cancel out.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// The ratio a 10× input may cost: "about 10×" with room for noise on a
/// loaded machine; a quadratic path costs 100×.
pub const MAX_RATIO: f64 = 25.0;

/// The best of three runs of `run` on `input`.
fn best_of_three<T>(input: &T, run: &mut impl FnMut(&T)) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            run(input);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Builds inputs of size `n` and `10 n` with `make` (not timed), times `run`
/// on each (best of three per round, the fastest round kept), and asserts that the larger costs at most
/// [`MAX_RATIO`] times the smaller and at most `limit` in absolute terms
/// (a miss is measured again, up to three times).
/// Returns both times, for messages.
pub fn assert_linear<T>(
    what: &str,
    n: usize,
    limit: Duration,
    make: impl Fn(usize) -> T,
    mut run: impl FnMut(&T),
) -> (Duration, Duration) {
    let (small, large) = (make(n), make(10 * n));
    // A first run warms caches (allocator, compiled patterns) for both sizes alike.
    run(&small);
    // A loaded machine can stall one measurement: a miss is measured again,
    // up to five times, each size keeping its fastest time of every round so
    // far (load that falls on one round of one size cancels out; a quadratic
    // path misses every time, its fastest run included).
    let (mut t1, mut t10, mut ratio) = (Duration::MAX, Duration::MAX, f64::INFINITY);
    for _ in 0..5 {
        t1 = t1.min(best_of_three(&small, &mut run));
        t10 = t10.min(best_of_three(&large, &mut run));
        // Below two milliseconds the clock, the allocator and the other tests
        // of the binary running beside it dominate: count it as two (a
        // quadratic path at 10n still costs 50× that).
        let base = t1.max(Duration::from_millis(2));
        ratio = t10.as_secs_f64() / base.as_secs_f64();
        if ratio <= MAX_RATIO && t10 <= limit {
            break;
        }
    }
    eprintln!("{what}: n = {n} {t1:?}, 10n {t10:?} ({ratio:.1}×)");
    assert!(
        ratio <= MAX_RATIO,
        "{what}: n = {n} took {t1:?}, 10n took {t10:?} ({ratio:.1}×, at most {MAX_RATIO}× allowed)"
    );
    assert!(t10 <= limit, "{what}: 10n = {} took {t10:?} (limit {limit:?})", 10 * n);
    (t1, t10)
}
