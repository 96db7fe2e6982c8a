//! Linear cost on large runs (issue 16 item 3: an input 10× larger may cost
//! about 10× more, never 100×): each matcher over a run of `n` events, every
//! one distinct (so a failure message that lists what was seen, once each,
//! must not compare every item with every other), at n = 20,000 and 200,000 (sizes past the CPU caches, so that the ratio shows the algorithm).

use super::complexity::assert_linear;
use mcp_matchers::transcripts::*;
use serde_json::json;
use std::time::Duration;

/// `n` events of `kind`, each with its own name, command, path, query and URL.
fn run(kind: &str, n: usize) -> Subject<'static> {
    let events: Vec<Event> = (0..n)
        .map(|i| {
            serde_json::from_value(json!({
                "turn": 0, "type": kind, "name": format!("tool_{i}"), "target": format!("cmd --n {i}"),
                "input": { "command": format!("cmd --n {i}") }, "path": format!("src/f{i}.rs"),
                "query": format!("q {i}"), "url": format!("https://example.com/{i}")
            }))
            .unwrap()
        })
        .collect();
    Subject {
        events: events.into(),
        ..Default::default()
    }
}

const LIMIT: Duration = Duration::from_secs(5);

#[test]
fn failing_matchers_over_many_distinct_events_cost_linear_time() {
    let absent = TextOrRegex::text("absent");
    assert_linear(
        "toHaveCalledTool",
        20_000,
        LIMIT,
        |n| run("tool", n),
        |s| {
            assert!(!to_have_called_tool(s, &absent, None).pass);
        },
    );
    assert_linear(
        "toHaveRun",
        20_000,
        LIMIT,
        |n| run("tool", n),
        |s| {
            assert!(!to_have_run(s, Some(&absent)).pass);
        },
    );
    assert_linear(
        "toHaveEdited",
        20_000,
        LIMIT,
        |n| run("file-edit", n),
        |s| {
            assert!(!to_have_edited(s, Some(&absent)).pass);
        },
    );
    assert_linear(
        "toHaveFetched",
        20_000,
        LIMIT,
        |n| run("web-fetch", n),
        |s| {
            assert!(!to_have_fetched(s, Some(&absent)).unwrap().pass);
        },
    );
    assert_linear(
        "toHaveCalledInOrder",
        20_000,
        LIMIT,
        |n| run("tool", n),
        |s| {
            assert!(!to_have_called_in_order(s, &[absent.clone(), absent.clone()]).pass);
        },
    );
    assert_linear(
        "trajectoryF1",
        20_000,
        LIMIT,
        |n| run("tool", n),
        |s| {
            assert!(!trajectory_f1(s, &["absent".to_string()], 0.5).pass);
        },
    );
    // Negated and passing: the other direction lists every hit, once each.
    let any = TextOrRegex::regex("tool_", "", "name").unwrap();
    assert_linear(
        "not.toHaveCalledTool",
        20_000,
        LIMIT,
        |n| run("tool", n),
        |s| {
            assert!(!to_have_called_tool(s, &any, None).not().pass);
        },
    );
}

#[test]
fn a_run_read_back_with_many_turns_and_unreported_types_costs_linear_time() {
    // A run as JSON (reeval's shape) whose turns each list distinct unreported types.
    let make = |n: usize| {
        json!({
            "events": [],
            "turns": (0..n).map(|i| json!({ "unreported": [format!("type-{i}"), "web-fetch"] })).collect::<Vec<_>>()
        })
    };
    assert_linear("Subject::from_value", 20_000, LIMIT, make, |v| {
        let s = Subject::from_value(v, "toHaveFetched").unwrap();
        assert_eq!(s.unreported.len(), v["turns"].as_array().unwrap().len() + 1);
    });
}
