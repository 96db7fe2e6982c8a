// Type definitions for mcp-matchers' transcript family: normalizeTranscript over
// the transcripts of coding-agent harnesses, and reeval's transcript matchers
// (docs.reeval.ai, "Matchers"). Every function is synchronous.

/** The harnesses normalizeTranscript reads (aliases: `claude`, `gemini`, `cursor-agent`, `transcript`). */
export type Harness = "claude-code" | "codex" | "gemini-cli" | "opencode" | "cursor" | "pi" | "goose" | "acp" | "reeval";

/** A normalised event (reeval's transcript.jsonl line). Optional fields are absent, never null. */
export interface TranscriptEvent {
  /** The turn, from 0. */
  turn: number;
  /** ISO-8601 UTC time of the call. */
  ts?: string;
  /** Milliseconds from the run's first timestamp to the call. */
  atMs?: number;
  /** Milliseconds from the call to its result. */
  durationMs?: number;
  /**
   * Successful edits/writes/deletes are `file-edit`, one per file (a patch of several files gives several,
   * with one `toolCallId`; its `input` and `output` are on the first only); web tools `web-search` / `web-fetch`.
   */
  type: "tool" | "file-edit" | "web-search" | "web-fetch";
  toolCallId?: string;
  /** `bash` / `shell` for shell commands, `mcp__<server>__<tool>` for MCP tools, else the harness's name. */
  name?: string;
  /** Arguments as recorded; shell tools have `command` (the inner command of `bash -lc '…'`). */
  input?: unknown;
  output?: unknown;
  /** What a tool acted on: a workspace-relative path, or a shell command. */
  target?: string;
  /** Workspace-relative path of a `file-edit`. */
  path?: string;
  /** Query of a `web-search`. */
  query?: string;
  /** URL of a `web-fetch`. */
  url?: string;
  /** Whether the call succeeded (absent when the transcript does not say). */
  ok?: boolean;
}

/** One changed file of a workspace diff. */
export interface DiffFile {
  path: string;
  status: "added" | "modified" | "deleted";
}

/** One turn: what reeval's `c.send()` returns. */
export interface Turn {
  turn: number;
  events: TranscriptEvent[];
  /** Event types the harness cannot report for this turn (`web-search`, `web-fetch`). */
  unreported: string[];
  /** The workspace against the snapshot taken after setup (supplied by the caller). */
  diff?: { files: DiffFile[] };
  /** For toHaveFile: a path → content map, a Map, or a reader returning the content or undefined. */
  files?: Record<string, string> | Map<string, string> | ((path: string) => string | undefined | null);
}

/**
 * Something about a transcript that was not read as-is (the traces family's
 * `TraceDiagnostic` shape). `code`: `NOTHING_READ`, a non-empty input of which
 * nothing was read (no line is a JSON record, or no record is a turn or tool
 * call of the harness's format); the run is then empty, never an error.
 * `UNREADABLE_RECORD` (path `input[<line>]`, the 0-based line): a line of
 * JSON-lines text that starts like a record (`{`, `[`) but is not JSON (cut
 * short, nested past 128 levels); it is skipped and the other lines read.
 */
export interface TranscriptDiagnostic {
  code: "NOTHING_READ" | "UNREADABLE_RECORD" | (string & {});
  /** Where in the input: `input` for the whole of it. */
  path: string;
  /** E.g. `read nothing from 3 records: none is a codex turn or tool call (they look like claude-code's: pass options.harness "claude-code")`. */
  message: string;
}

/** A whole run: reeval's `c` (every turn so far). */
export interface Run {
  harness: Harness | "unknown";
  turns: Turn[];
  /** Every turn's events in turn order; from normalizeTranscript, the same objects as in `turns`. */
  events: TranscriptEvent[];
  /** What was not read as-is; always present (maybe empty) in what normalizeTranscript returns. */
  diagnostics?: TranscriptDiagnostic[];
  diff?: { files: DiffFile[] };
  files?: Turn["files"];
}

/**
 * What normalizeTranscript returns: a run with its diagnostics, kept inside the WebAssembly
 * module. `turns` and `events` become JS objects on first read; a matcher given the run (or one
 * of its turns) reads the events there, without sending them again. The turns' events,
 * `unreported` lists and diffs read out are frozen (so they and the kept run cannot disagree);
 * assign them (`run.events = …`, `turn.diff = …`) or copy the run (`structuredClone(run)`) to
 * change them. What the caller assigns, and the run's `diff` and `files`, are read from the
 * objects on every call.
 */
export interface NormalizedRun extends Run {
  diagnostics: TranscriptDiagnostic[];
  /**
   * Ends the kept run now (a FinalizationRegistry ends dropped ones in any case; at most 32 runs of
   * 16 Mi input characters together stay kept, least recently used leaving first and read again
   * from their input when next asked). After `free()`, reading turns never read before, or a
   * matcher on them, throws `MatcherError` `INVALID_ARGUMENT`. Also `run[Symbol.dispose]()` where
   * the platform has `Symbol.dispose` (`using run = normalizeTranscript(text)`).
   */
  free(): void;
}

export interface NormalizeOptions {
  /** The harness; detected from the records when absent. */
  harness?: Harness | "claude" | "gemini" | "cursor-agent" | "transcript";
  /**
   * Workspace root: absolute paths under it become relative. Default: the working directory the
   * transcript records, when it has one (Claude Code's `cwd`, Cursor's and Gemini CLI's init `cwd`,
   * a Codex rollout's `session_meta` `cwd`, pi's session header `cwd`, ACP's `session/new` `cwd`).
   */
  workspace?: string;
  /** Known MCP server names, to split OpenCode's `server_tool`, Goose's `ext__tool` and pi's names exactly. */
  mcpServers?: string[];
}

/**
 * Normalises raw transcript text (JSONL or one JSON document; banner and `#` lines skipped;
 * duplicate keys keep the last value) or parsed records into a run. Reads Claude Code
 * (stream-json, stored sessions), Codex (`exec --json` and the rollout files of `~/.codex/sessions/`),
 * Gemini CLI, OpenCode, Cursor, pi (`--mode json` and session files), Goose, ACP logs and reeval's
 * transcript.jsonl. A non-empty input of which nothing is read gives an empty run with a
 * `NOTHING_READ` diagnostic, never silently an empty run. Text of any length is read: past 32 Mi
 * UTF-16 code units it crosses into the module in pieces of whole lines and is read line by line
 * (so it must be JSON lines; a single JSON document that large reads as `NOTHING_READ`).
 * Parsed records cross as one JSON text of at most 32 Mi characters.
 * Throws a MatcherError: `INVALID_OPTION` at `options.harness` for an unknown harness,
 * `options.workspace` for a non-string, `options.mcpServers` for a non-array or non-string item;
 * `INVALID_ARGUMENT` at `input` when the harness cannot be detected; `UNSUPPORTED_VALUE` at
 * `input` for parsed records whose JSON text is over 32 Mi characters.
 */
export declare function normalizeTranscript(
  input: string | Uint8Array | unknown[] | Record<string, unknown>,
  options?: NormalizeOptions,
): NormalizedRun;

/** reeval's transcript.jsonl: one event per line, each ending in "\n". */
export declare function writeTranscriptJsonl(events: TranscriptEvent[] | Turn | Run): string;
/** Reads reeval's transcript.jsonl into a run (harness `reeval`). Throws `INVALID_ARGUMENT` at `text` for a non-string. */
export declare function readTranscriptJsonl(text: string): NormalizedRun;

/** A matcher's verdict: `pass` is whether the assertion (negated or not) holds; `message` explains its failure. */
export interface MatchResult {
  pass: boolean;
  message: string;
}

/** A trajectory F1 score of the run's tool names against an expected list (multisets). */
export interface TrajectoryScore extends MatchResult {
  precision: number;
  recall: number;
  f1: number;
}

/** A tool input match: a substring, a RegExp, or an object matched as a nested partial. */
export type InputPattern = string | RegExp | Record<string, unknown> | unknown[];
type TurnOrRun = Turn | Run;

/** A `skill`/`Skill`/`load_skill` call with `input.id|name|skill` equal to `name`, or a tool whose target has `skills/<name>/`. */
export declare function toHaveCalledSkill(turnOrRun: TurnOrRun, name: string): MatchResult;
/** A tool event named `mcp__<server>__<tool>` (message: `expected MCP calls matching stamp/other, got ["stamp/house_stamp"]`). */
export declare function toHaveCalledMcp(turnOrRun: TurnOrRun, server: string, tool: string, input?: InputPattern): MatchResult;
/** A `tool` event whose name equals `name` (or matches the RegExp) and whose input matches. */
export declare function toHaveCalledTool(turnOrRun: TurnOrRun, name: string | RegExp, input?: InputPattern): MatchResult;
/** A `bash`/`shell` tool whose `input.command` contains `command` (or matches the RegExp). */
export declare function toHaveRun(turnOrRun: TurnOrRun, command?: string | RegExp): MatchResult;
/** A `file-edit` of the path (or a tool whose target/output mentions it); no argument: any `file-edit`. */
export declare function toHaveEdited(turnOrRun: TurnOrRun, path?: string | RegExp): MatchResult;
/** A `web-search` whose query contains / matches. Throws HarnessCapabilityError when `web-search` is unreported. */
export declare function toHaveSearched(turnOrRun: TurnOrRun, query?: string | RegExp): MatchResult;
/** A `web-fetch` whose URL contains / matches. Throws HarnessCapabilityError when `web-fetch` is unreported. */
export declare function toHaveFetched(turnOrRun: TurnOrRun, url?: string | RegExp): MatchResult;
/** Tool calls matching each name in order, others allowed between. */
export declare function toHaveCalledInOrder(turnOrRun: TurnOrRun, names: Array<string | RegExp>): MatchResult;
/** Exactly `times` tool calls matching `name`. */
export declare function toHaveCalledTimes(turnOrRun: TurnOrRun, name: string | RegExp, times: number): MatchResult;
/** Trajectory F1 against `expected` tool names; passes when `f1 >= threshold` (default 1). */
export declare function trajectoryF1(turnOrRun: TurnOrRun, expected: string[], threshold?: number): TrajectoryScore;
/**
 * A changed file of `turnOrRun.diff.files` matches a glob (`*`, `**`, `{a,b}`, dotfiles; a directory names
 * everything under it; at most 512 characters and 256 brace expansions, else INVALID_ARGUMENT) or RegExp; none given: any change.
 * `options.ignore` holds .gitignore lines whose files are left out. `options.workspace`: an absolute
 * path under it loses that prefix, in the globs and in the diff's paths alike (messages show the
 * workspace-relative path). Throws `INVALID_ARGUMENT` at `options` when it is not an object,
 * `INVALID_OPTION` at `options.workspace` for a non-string, at `options.ignore` for a non-array or a
 * non-string line.
 */
export declare function toHaveChanged(
  turnOrRun: TurnOrRun,
  paths?: string | RegExp | Array<string | RegExp>,
  options?: { ignore?: string[]; workspace?: string },
): MatchResult;
/** The file exists in `turnOrRun.files` and contains the string / matches the RegExp. */
export declare function toHaveFile(turnOrRun: TurnOrRun, path: string, pattern?: string | RegExp): MatchResult;
/** `exitCode` is 0; the message shows the tail (20 lines, 2,000 characters) of stderr and stdout, capped at 16 KB. */
export declare function toSucceed(exec: { exitCode: number; stdout?: string; stderr?: string }): MatchResult;
/** A judge verdict passes (`pass`/`verdict: "pass"`, else `score >= threshold`); a verdict with `error` fails both ways. */
export declare function toPass(verdict: {
  score?: number;
  threshold?: number;
  question?: string;
  model?: string;
  pass?: boolean;
  verdict?: "pass" | "fail";
  error?: string;
}): MatchResult;

type Matchers = {
  toHaveCalledSkill: typeof toHaveCalledSkill;
  toHaveCalledMcp: typeof toHaveCalledMcp;
  toHaveCalledTool: typeof toHaveCalledTool;
  toHaveRun: typeof toHaveRun;
  toHaveEdited: typeof toHaveEdited;
  toHaveSearched: typeof toHaveSearched;
  toHaveFetched: typeof toHaveFetched;
  toHaveCalledInOrder: typeof toHaveCalledInOrder;
  toHaveCalledTimes: typeof toHaveCalledTimes;
  toHaveTrajectoryF1: typeof trajectoryF1;
  toHaveChanged: typeof toHaveChanged;
  toHaveFile: typeof toHaveFile;
  toSucceed: typeof toSucceed;
  toPass: typeof toPass;
};

/** The negated matchers: `not.toHaveFetched(turn, "example.com")`. */
export declare const not: Readonly<Matchers>;

/**
 * The transcript matchers as called on `expect(turnOrRun)` (what the runner's
 * augmented `expect` offers), `R` the runner's return type. Each takes the
 * arguments of the function of the same name after the turn or run
 * (`toHaveTrajectoryF1` is `trajectoryF1`). Reference: reeval's transcript matchers (docs.reeval.ai, "Matchers").
 */
export interface TranscriptAssertions<R = void> {
  toHaveCalledSkill(name: string): R;
  toHaveCalledMcp(server: string, tool: string, input?: InputPattern): R;
  toHaveCalledTool(name: string | RegExp, input?: InputPattern): R;
  toHaveRun(command?: string | RegExp): R;
  toHaveEdited(path?: string | RegExp): R;
  toHaveSearched(query?: string | RegExp): R;
  toHaveFetched(url?: string | RegExp): R;
  toHaveCalledInOrder(names: Array<string | RegExp>): R;
  toHaveCalledTimes(name: string | RegExp, times: number): R;
  toHaveTrajectoryF1(expected: string[], threshold?: number): R;
  toHaveChanged(paths?: string | RegExp | Array<string | RegExp>, options?: { ignore?: string[]; workspace?: string }): R;
  toHaveFile(path: string, pattern?: string | RegExp): R;
  toSucceed(): R;
  toPass(): R;
}

/**
 * For `expect.extend(transcriptMatchers)` in Vitest or Jest. Each reads
 * `this.isNot` and returns `{ pass, message() }` in their sense, so
 * `expect(turn).not.toHaveFetched("example.com")` works. Types for
 * `expect(turn).toHaveCalledTool(…)` (all fourteen, as `TranscriptAssertions`):
 * `import "mcp-matchers/vitest"` or `import "mcp-matchers/jest"` in a setup
 * file (which also registers them), or for the types alone
 * `/// <reference types="mcp-matchers/vitest" />` (`…/jest`) in a `.d.ts` of the suite.
 */
export declare const transcriptMatchers: Readonly<{
  [K in keyof Matchers]: (
    this: { isNot?: boolean } | void,
    received: unknown,
    ...args: any[]
  ) => { pass: boolean; message: () => string };
}>;

/** Thrown by toHaveSearched / toHaveFetched (negated or not) when the turn lists those events as unreported. */
export declare class HarnessCapabilityError extends Error {
  readonly name: "HarnessCapabilityError";
  readonly code: "HARNESS_CAPABILITY";
}

/** One recorded check: `status` is `pass`, `fail` or `error` (the matcher threw). */
export interface CheckRecord {
  label: string;
  matcher: string;
  status: "pass" | "fail" | "error";
  soft: boolean;
  /** The failure or error text, with a given label in front (`house greeting: expected …`). */
  message?: string;
}

/** Thrown by a recorder's failed hard check. */
export declare class CheckFailure extends Error {
  readonly name: "CheckFailure";
  readonly record: CheckRecord;
}

type Bound = {
  [K in keyof Matchers]: (...args: Parameters<Matchers[K]> extends [any, ...infer R] ? R : never) => ReturnType<Matchers[K]>;
};

/**
 * reeval's labels and records for one attempt. `expect(actual, label?)` checks and throws a CheckFailure
 * on a failure (an error propagates); `soft(actual, label?)` records and carries on. Default labels are
 * `[not.]<matcher> <first argument>` cut at 60 characters; a repeated label gets ` #2`, ` #3`, ….
 * `finish()` passes when no check (soft ones included) failed or erred.
 */
export declare function createRecorder(): {
  expect(actual: unknown, label?: string): Bound & { not: Bound };
  soft(actual: unknown, label?: string): Bound & { not: Bound };
  readonly records: CheckRecord[];
  finish(): { pass: boolean; records: CheckRecord[] };
};

export { MatcherError } from "./errors.js";
