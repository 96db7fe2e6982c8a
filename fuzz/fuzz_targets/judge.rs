//! Judge verdict parsing (`parseJudgeResponse`): any model reply, in
//! fences, prose or broken JSON. Invariant: an accepted score is in 0–1.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::responses::parse_verdict;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(v) = parse_verdict(&text) {
        assert!((0.0..=1.0).contains(&v.score), "{}", v.score);
    }
});
