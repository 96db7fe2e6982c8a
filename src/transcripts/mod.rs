//! Agent transcripts: harness adapters and reeval's transcript matchers.
//!
//! Follows reeval's "Matchers" reference (`docs.reeval.ai`, the transcript
//! matchers `toHaveCalledSkill`, `toHaveCalledMcp`, `toHaveCalledTool`,
//! `toHaveRun`, `toHaveEdited`, `toHaveSearched`, `toHaveFetched`,
//! `toHaveChanged`, `toHaveFile`, `toSucceed`, `toPass`), over transcripts
//! of Claude Code, Codex, Gemini CLI, OpenCode, Cursor, pi, Goose and ACP
//! normalised to reeval's event form ([`Event`]).
//!
//! ```
//! use mcp_matchers::transcripts::{normalize_text, NormalizeOptions};
//! let text = r#"{"type":"turn.started"}
//! {"type":"item.completed","item":{"id":"item_1","type":"mcp_tool_call","server":"stamp","tool":"house_stamp","arguments":{},"status":"completed"}}"#;
//! let run = normalize_text(text, None, &NormalizeOptions::default()).unwrap();
//! use mcp_matchers::transcripts::Harness;
//! assert_eq!(run.harness, Some(Harness::Codex));
//! assert_eq!(run.harness_name(), "codex"); // its JSON `harness`
//! assert_eq!(run.events()[0].name.as_deref(), Some("mcp__stamp__house_stamp"));
//!
//! // Matchers take a turn or the whole run (reeval's `c`) as a `Subject`.
//! use mcp_matchers::transcripts::{to_have_called_mcp, to_have_called_tool, TextOrRegex, Subject};
//! let turn = Subject::from(&run.turns[0]);
//! assert!(to_have_called_mcp(&turn, "stamp", "house_stamp", None).pass);
//! let r = to_have_called_tool(&Subject::from(&run), &TextOrRegex::text("mcp__stamp__other"), None);
//! assert_eq!(r.message, r#"expected tool calls matching mcp__stamp__other, got ["mcp__stamp__house_stamp"]"#);
//! // `.not()`: the negated assertion (reeval's `expect(c).not.toHaveCalledTool(…)`).
//! assert_eq!(r.not().message, "expected no tool calls matching mcp__stamp__other, got none");
//! ```
//!
//! | module | what |
//! |---|---|
//! | `events` | [`Event`], [`Turn`], [`Run`]; reeval's `transcript.jsonl` ([`read_transcript_jsonl`], [`write_transcript_jsonl`]) |
//! | `normalize`, `detect` | [`normalize_transcript`], [`normalize_text`], [`normalize_reader`] (JSON lines from a `BufRead`, line by line), [`detect_harness`], [`Harness`]; a `NOTHING_READ` [`TranscriptDiagnostic`] for a non-empty input of which nothing was read |
//! | `harness/` (`claude`, `codex`, `gemini`, `opencode`, `cursor`, `pi`, `goose`, `acp`) | one adapter per harness |
//! | `paths`, `globs`, `query` | workspace paths, MCP names, `apply_patch` files, globs, what a matcher asks for |
//! | `matchers`, `outcomes`, `records` | the matchers, the workspace/exec/judge checks, labels and records |

mod builder;
mod detect;
mod events;
mod globs;
mod harness;
mod matchers;
mod normalize;
mod outcomes;
mod paths;
mod query;
mod records;

pub use builder::NormalizeOptions;
pub use detect::detect_harness;
pub use events::{
    event_from_value, read_transcript_jsonl, write_transcript_jsonl, Diff, DiffFile, Event, EventType, Run,
    TranscriptDiagnostic, Turn,
};
pub use globs::{expansion_count, gitignored, PathPattern};
pub use matchers::{
    to_have_called_in_order, to_have_called_mcp, to_have_called_skill, to_have_called_times, to_have_called_tool,
    to_have_edited, to_have_fetched, to_have_run, to_have_searched, trajectory_f1, HarnessCapabilityError, MatchResult,
    Subject, TrajectoryScore,
};
pub use normalize::{
    normalize_reader, normalize_records, normalize_text, normalize_transcript, records_from_text, Harness,
};
pub use outcomes::{exec_from_value, to_have_changed, to_have_file, to_pass, to_succeed, to_succeed_number};
pub use paths::{patch_files, relative_path, split_mcp};
pub use query::{InputMatch, JsRegex, TextOrRegex};
pub use records::{CheckRecord, CheckStatus, Recorder, LABEL_MAX};
