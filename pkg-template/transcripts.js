// Agent transcripts over the Rust core: normalizeTranscript (Claude Code,
// Codex, Gemini CLI, OpenCode, Cursor, pi, Goose, ACP, reeval's
// transcript.jsonl) and reeval's transcript matchers. See transcripts.d.ts.
import "./encoding.js"; // TextEncoder/TextDecoder where the environment lacks them (Jest jsdom)

import * as glue from "./wasm/transcripts.js";
import { wasmBytes as bytesTranscripts } from "./wasm/transcripts_bytes.js";
import { guard } from "./errors.js";

// This family's own WebAssembly module, compiled synchronously from the inlined
// bytes on first use; a trap restarts it (errors.js guard).
const wasm = guard("transcripts", glue, bytesTranscripts);
const { CheckRecorder, TranscriptRun, writeTranscriptJsonl: wasmWriteJsonl } = wasm;
import { MAX_PAYLOAD, call, capped, encodeOptions, fail, jsonText, payload } from "./internal.js";
import { keeper } from "./kept.js";
export { MatcherError } from "./errors.js";

/**
 * Thrown by toHaveSearched / toHaveFetched, negated or not, when the turn's
 * harness cannot report that kind of web event (it is in `turn.unreported`).
 */
export class HarnessCapabilityError extends Error {
  constructor(message) {
    super(message);
    this.name = "HarnessCapabilityError";
    this.code = "HARNESS_CAPABILITY";
  }
}

/** See transcripts.d.ts. */
export function normalizeTranscript(input, options) {
  if (options !== undefined && options !== null && typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
  const [opts] = encodeOptions(options, ["harness", "workspace", "mcpServers"], "options");
  let text;
  let isText = typeof input === "string";
  if (isText) text = input;
  else if (input instanceof Uint8Array) {
    text = new TextDecoder().decode(input);
    isText = true;
  } else if (input !== null && typeof input === "object") text = jsonText(input, "input");
  else fail("INVALID_ARGUMENT", "input", "input must be transcript text, an array of records, or one record");
  // Text of any length is read (in pieces past MAX_PAYLOAD); parsed records cross as one payload.
  if (!isText) capped(text, "input");
  return keptRun({ text, isText, opts, core: null, gen: undefined, freed: false });
}

// ---- runs kept in wasm ------------------------------------------------------
// A normalised run stays in the module (TranscriptRun, src/wasm/transcripts.rs):
// its turns become JS objects only when the caller reads `run.turns` or
// `run.events`, and a matcher given the run, or one of its turns, reads the
// events there instead of sending them again. The turns' events, unreported
// types and diffs read out are frozen, so they and the kept run cannot
// disagree; what the caller assigns (a turn's `unreported` or `diff`, the
// run's `diff`, `files`) is read from its objects on every call. How many runs
// stay kept, and their reading again after they left, `run.free()` and the
// FinalizationRegistry: pkg-template/kept.js.
const kept = keeper(
  wasm,
  (rec) => new TranscriptRun(rec.isText && rec.text.length > MAX_PAYLOAD ? pieces(rec.text) : rec.text, rec.isText, rec.opts),
  "this run was freed (run.free()); normalise the transcript again",
);

// A text larger than one payload crosses in pieces of whole lines, each
// encoded when the module asks for it (src/wasm/transcripts.rs `Pieces`): JSON
// lines of any length, read line by line. (A single JSON document that large
// is not read that way: its lines are not records, and the run says so.)
const PIECE = 1 << 23; // characters
function pieces(text) {
  const encoder = new TextEncoder();
  let at = 0;
  return () => {
    if (at >= text.length) return undefined;
    let end = Math.min(text.length, at + PIECE);
    if (end < text.length) {
      const nl = text.indexOf("\n", end - 1);
      end = nl < 0 ? text.length : nl + 1;
    }
    const piece = text.slice(at, end);
    at = end;
    return encoder.encode(piece);
  };
}
const open = kept.open;
const held = new WeakMap(); // a run or turn object -> how to ask its kept run

function freezeAll(root) {
  const stack = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== "object" || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const k of Object.keys(v)) stack.push(v[k]);
  }
  return root;
}

function keptRun(rec) {
  const { harness, diagnostics } = JSON.parse(open(rec, "input").head());
  // `read`: the turns were made; `replaced`: the caller assigned `turns` or `events`.
  const state = { turns: undefined, events: undefined, read: false, replaced: false };
  const materialise = () => {
    if (state.read) return;
    const turns = JSON.parse(open(rec, "run").turns());
    turns.forEach((t, i) => {
      for (const key of ["events", "unreported", "diff"]) freezeAll(t[key]);
      held.set(t, { rec, turn: i, events: t.events, unreported: t.unreported, diff: t.diff });
    });
    // The run-level events are the turns' events, in turn order: the same objects.
    Object.assign(state, { turns, events: Object.freeze(turns.flatMap((t) => t.events)), read: true });
  };
  const run = { harness };
  for (const key of ["turns", "events"]) {
    Object.defineProperty(run, key, {
      enumerable: true,
      configurable: true,
      get() {
        materialise();
        return state[key];
      },
      set(value) {
        state.replaced = true;
        Object.defineProperty(run, key, { value, writable: true, enumerable: true, configurable: true });
      },
    });
  }
  run.diagnostics = diagnostics;
  const free = () => kept.free(rec);
  Object.defineProperty(run, "free", { value: free, configurable: true });
  if (typeof Symbol.dispose === "symbol") Object.defineProperty(run, Symbol.dispose, { value: free, configurable: true });
  held.set(run, { rec, turn: -1, state });
  kept.track(run, rec);
  return run;
}

// How a matcher asks the kept run behind `actual`, or undefined when it must
// send `actual` itself (not a normalised run or turn, its events replaced, or
// the run freed after its turns were read).
function keptSubject(actual) {
  const h = held.get(actual);
  if (h === undefined) return undefined;
  if (h.turn >= 0) {
    if (actual.events !== h.events || h.rec.freed) return undefined;
    return new Kept(h, { unreported: actual.unreported, diff: actual.diff });
  }
  if (h.state.replaced || (h.rec.freed && h.state.read)) return undefined;
  // The turns' unreported types and diffs are the kept run's unless the caller
  // replaced one (they are frozen, so a change is a new object): only then they cross.
  const changed = (t) => {
    const k = held.get(t);
    return k === undefined || t.unreported !== k.unreported || t.diff !== k.diff;
  };
  const turns = h.state.read && h.state.turns.some(changed) ? h.state.turns.map((t) => ({ unreported: t?.unreported, diff: t?.diff })) : undefined;
  return new Kept(h, { diff: actual.diff, turns });
}

class Kept {
  constructor(h, subject) {
    this.h = h;
    this.subject = subject;
  }
}

/** See transcripts.d.ts. */
export function writeTranscriptJsonl(events) {
  const list = Array.isArray(events) ? events : events?.events;
  if (!Array.isArray(list)) fail("INVALID_ARGUMENT", "events", "events must be an array (or a turn or run)");
  return call(() => wasmWriteJsonl(jsonText(list, "events")));
}

/** See transcripts.d.ts. */
export function readTranscriptJsonl(text) {
  if (typeof text !== "string") fail("INVALID_ARGUMENT", "text", `text must be the transcript.jsonl text, got ${text === null ? "null" : typeof text}`);
  return normalizeTranscript(text, { harness: "reeval" });
}

// A RegExp crosses as { source, flags }; a string as itself.
function pat(p) {
  return p instanceof RegExp ? { source: p.source, flags: p.flags } : p;
}
// A tool input: substring, RegExp, or object (nested partial match).
function inputArg(i) {
  if (i === undefined || i === null) return null;
  if (i instanceof RegExp) return pat(i);
  if (typeof i === "object") return { object: i };
  return i;
}
// What crosses of a turn or run: its events, unreported list and diff; for
// a normalised run or turn, how to ask its kept run (keptSubject).
function subject(actual) {
  if (actual === null || typeof actual !== "object") return actual ?? null;
  const k = keptSubject(actual);
  if (k !== undefined) return k;
  const { events, turns, unreported, diff } = actual;
  if (!Array.isArray(turns)) return { events, unreported, diff };
  // A run: its turns' events are already in `events`.
  return { events, turns: turns.map((t) => ({ unreported: t?.unreported, diff: t?.diff })), unreported, diff };
}

function check(name, actual, negated, args) {
  // The argument without a JSON form is named by its position in the matcher's call.
  const text = (v, i) => jsonText(v, i === 0 ? "actual" : `arguments[${i - 1}]`) ?? "null";
  const k = actual instanceof Kept ? actual : undefined;
  const body = k ? `[${args.map((v, i) => text(v, i + 2)).join(",")}]` : `[${[actual, negated, ...args].map((v, i) => (i === 1 ? String(negated) : text(v, i))).join(",")}]`;
  capped(body, "actual");
  try {
    // One export per matcher, named as it (src/wasm/transcripts.rs `matchers!`): the kept
    // run's method of that name, or the module's function.
    if (k) return JSON.parse(open(k.h.rec, "actual")[name](k.h.turn, negated, jsonText(k.subject, "actual"), body));
    return JSON.parse(wasm[name](body));
  } catch (e) {
    if (Array.isArray(e) && e[0] === "HARNESS_CAPABILITY") throw new HarnessCapabilityError(e[2]);
    if (Array.isArray(e) && e.length === 3) fail(e[0], e[1], e[2]);
    throw e;
  }
}

function readFile(actual, path) {
  const files = actual?.files;
  if (typeof files === "function") return files(path);
  if (files instanceof Map) return files.get(path);
  if (files && typeof files === "object") return Object.prototype.hasOwnProperty.call(files, path) ? files[path] : undefined;
  return undefined;
}

// Each implementation: (actual, negated, ...args) -> { pass, message } where
// pass is whether the assertion as asked (negated or not) holds.
const impl = {
  toHaveCalledSkill: (a, n, name) => check("toHaveCalledSkill", subject(a), n, [name]),
  toHaveCalledMcp: (a, n, server, tool, input) => check("toHaveCalledMcp", subject(a), n, [server, tool, inputArg(input)]),
  toHaveCalledTool: (a, n, name, input) => check("toHaveCalledTool", subject(a), n, [pat(name), inputArg(input)]),
  toHaveRun: (a, n, command) => check("toHaveRun", subject(a), n, [pat(command ?? null)]),
  toHaveEdited: (a, n, path) => check("toHaveEdited", subject(a), n, [pat(path ?? null)]),
  toHaveSearched: (a, n, query) => check("toHaveSearched", subject(a), n, [pat(query ?? null)]),
  toHaveFetched: (a, n, url) => check("toHaveFetched", subject(a), n, [pat(url ?? null)]),
  toHaveCalledInOrder: (a, n, names) =>
    check("toHaveCalledInOrder", subject(a), n, [Array.isArray(names) ? names.map(pat) : names]),
  toHaveCalledTimes: (a, n, name, times) => check("toHaveCalledTimes", subject(a), n, [pat(name), times]),
  toHaveTrajectoryF1: (a, n, expected, threshold) =>
    check("trajectoryF1", subject(a), n, [expected, threshold ?? 1]),
  toHaveChanged: (a, n, paths, options) => {
    const p = paths === undefined ? null : Array.isArray(paths) ? paths.map(pat) : pat(paths);
    encodeOptions(options, ["ignore", "workspace"], "options"); // refuses functions and symbols, which JSON drops
    return check("toHaveChanged", subject(a), n, [p, options ?? null]);
  },
  toHaveFile: (a, n, path, pattern) => {
    if (a === null || typeof a !== "object") fail("INVALID_ARGUMENT", "actual", "toHaveFile() expects a turn from c.send(), or c");
    if (typeof path !== "string") fail("INVALID_ARGUMENT", "path", "path must be a string");
    const content = readFile(a, path);
    if (content !== undefined && content !== null && typeof content !== "string") {
      fail("INVALID_ARGUMENT", "files", "a file's content must be a string");
    }
    return check("toHaveFile", null, n, [path, pat(pattern ?? null), content ?? null]);
  },
  toSucceed: (a, n) => check("toSucceed", a ?? null, n, []),
  toPass: (a, n) => check("toPass", a ?? null, n, []),
};

function positive(name) {
  return (actual, ...args) => impl[name](actual, false, ...args);
}
function negative(name) {
  return (actual, ...args) => impl[name](actual, true, ...args);
}

/** See transcripts.d.ts. */
export const toHaveCalledSkill = positive("toHaveCalledSkill");
/** See transcripts.d.ts. */
export const toHaveCalledMcp = positive("toHaveCalledMcp");
/** See transcripts.d.ts. */
export const toHaveCalledTool = positive("toHaveCalledTool");
/** See transcripts.d.ts. */
export const toHaveRun = positive("toHaveRun");
/** See transcripts.d.ts. */
export const toHaveEdited = positive("toHaveEdited");
/** See transcripts.d.ts. */
export const toHaveSearched = positive("toHaveSearched");
/** See transcripts.d.ts. */
export const toHaveFetched = positive("toHaveFetched");
/** See transcripts.d.ts. */
export const toHaveCalledInOrder = positive("toHaveCalledInOrder");
/** See transcripts.d.ts. */
export const toHaveCalledTimes = positive("toHaveCalledTimes");
/** See transcripts.d.ts. */
export const toHaveChanged = positive("toHaveChanged");
/** See transcripts.d.ts. */
export const toHaveFile = positive("toHaveFile");
/** See transcripts.d.ts. */
export const toSucceed = positive("toSucceed");
/** See transcripts.d.ts. */
export const toPass = positive("toPass");

/** See transcripts.d.ts. */
export function trajectoryF1(turnOrRun, expected, threshold) {
  return impl.toHaveTrajectoryF1(turnOrRun, false, expected, threshold);
}

/** See transcripts.d.ts: the negated forms, `not.toHaveFetched(turn, "example.com")`. */
export const not = Object.freeze(Object.fromEntries(Object.keys(impl).map((k) => [k, negative(k)])));

/**
 * See transcripts.d.ts: Vitest/Jest matchers for `expect.extend(transcriptMatchers)`.
 * Each reads `this.isNot` and returns `{ pass, message() }` in Vitest's sense.
 */
export const transcriptMatchers = Object.freeze(
  Object.fromEntries(
    Object.keys(impl).map((k) => [
      k,
      function (received, ...args) {
        const isNot = this?.isNot === true;
        const r = impl[k](received, isNot, ...args);
        const text = r.message;
        return { pass: isNot ? !r.pass : r.pass, message: () => text };
      },
    ]),
  ),
);

// ---- labels and records (reeval's "Labels"; src/transcripts/records.rs) ----
// Labels, the ` #n` of a repeated label and the records are the core's
// (CheckRecorder); here the first argument becomes text and the matcher runs.

function argText(a) {
  if (a === undefined) return "";
  if (typeof a === "string") return a;
  if (a instanceof RegExp) return String(a);
  if (typeof a === "number" || typeof a === "boolean" || typeof a === "bigint") return String(a);
  try {
    return JSON.stringify(a) ?? "";
  } catch {
    return String(a);
  }
}

/** An Error thrown by a recorder's failed hard check; `record` is its record. */
export class CheckFailure extends Error {
  constructor(record) {
    super(record.message);
    this.name = "CheckFailure";
    this.record = record;
  }
}

/** See transcripts.d.ts. */
export function createRecorder() {
  const core = new CheckRecorder();
  const records = [];
  const run = (actual, given, soft, negated, name, args) => {
    let result;
    let thrown;
    let threw = false;
    try {
      result = impl[name](actual, negated, ...args);
    } catch (e) {
      [threw, thrown] = [true, e];
    }
    const outcome = threw ? { error: String(thrown?.message ?? String(thrown)) } : { pass: result.pass, message: result.message };
    const parts = [given ?? null, name, negated, argText(args[0]), soft, outcome].map((v, i) => [jsonText(v, `record[${i}]`), false, `record[${i}]`]);
    const rec = JSON.parse(call(() => core.record(...payload(parts))));
    records.push(rec);
    if (threw && !soft) throw thrown;
    if (threw) return undefined;
    if (!result.pass && !soft) throw new CheckFailure(rec);
    return result;
  };
  const bind = (actual, given, soft) => {
    const make = (negated) => Object.fromEntries(Object.keys(impl).map((k) => [k, (...args) => run(actual, given, soft, negated, k, args)]));
    return Object.assign(make(false), { not: make(true) });
  };
  return {
    expect: (actual, label) => bind(actual, label, false),
    soft: (actual, label) => bind(actual, label, true),
    records,
    finish: () => ({ pass: core.passed(), records }),
  };
}
