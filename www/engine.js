// Reading and judging, with no DOM: what the page sends (the input text, the
// expectations as typed) in, plain data (structured-cloneable) out. It runs in
// the viewer's Web Worker (worker.js; in the one-file build the page's own
// script started as a worker from a Blob URL), and for small inputs in the
// page itself (app.js): the same code either way, so the verdicts agree.
// The input read last is kept here (its PromptResult or normalised run stays
// in this realm's WebAssembly module); judging reads it there.
import { PreparedToolCalls, alignToolCalls, evaluateExpectations, matchSnapshot, validatePattern, validateText } from "../pkg/index.js";
import { parseField, readInput } from "./load.js";
import { runAssertions } from "./assertions.js";
import { judgeRun, runsOf } from "./batch.js";
import { toolCallsWhy } from "./why.js";

const describeError = (e) => (e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? e));

let current = null; // { key, loaded } of the input read last

const TEXT_LIMIT = 200000; // characters of a response's extracted text sent to the page
const EDIT_TEXT_LIMIT = 100000; // characters of an edit drawn as a diff
const EDIT_LINES = 400; // lines of an edit's diff sent to the page

const plainCall = (c) => {
  const o = { toolName: c.toolName, arguments: c.arguments ?? {} };
  for (const k of ["id", "rawArguments", "argumentsError", "result", "isError", "kind", "step", "index"]) if (c[k] !== undefined) o[k] = c[k];
  return o;
};

/** The text parts of an AI SDK ModelMessage (assistant content: a string or parts). */
const messageText = (m) => (typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.filter((p) => p?.type === "text").map((p) => p.text).join("") : "");

/** The model's text of each step (assistant message). */
const stepTexts = (result) => result.getMessages().filter((m) => m.role === "assistant").map(messageText);

const CATEGORY = { "file-edit": "edit", "web-search": "search", "web-fetch": "fetch" };
function category(e) {
  if (CATEGORY[e.type]) return CATEGORY[e.type];
  return /^(bash|shell)$/i.test(e.name ?? "") ? "shell" : "tool";
}

/**
 * A file edit as diff text, from what the harness recorded: Claude Code's and
 * Gemini CLI's `old_string`/`new_string` (diffed by the package's own
 * snapshot diff), a written file's `content` (all added), a patch text
 * (Codex `apply_patch`, a unified diff) as it is. `null` when the event
 * records none of these.
 */
function editDiff(e) {
  const i = e.input;
  let text = null;
  if (typeof i === "string" && /^(\*\*\* Begin Patch|diff --git|--- )/m.test(i)) text = i;
  else if (i && typeof i === "object") {
    const [before, after] = typeof i.old_string === "string" && typeof i.new_string === "string" ? [i.old_string, i.new_string] : typeof i.content === "string" ? ["", i.content] : [null, null];
    if (before !== null && before.length + after.length <= EDIT_TEXT_LIMIT) text = matchSnapshot(after, before, []).diff?.replace(/^--- expected\n\+\+\+ actual\n/, "") ?? "";
    else if (typeof i.patch === "string") text = i.patch;
  }
  if (text === null || text === "") return null;
  return text.split("\n").slice(0, EDIT_LINES).join("\n");
}

/** An event as the timeline draws it. */
function shownEvent(e) {
  const cat = category(e);
  const what = e.path ?? e.query ?? e.url ?? e.target ?? (e.input === undefined ? "" : JSON.stringify(e.input).slice(0, 160));
  return { cat, label: e.name ?? e.type, what, ok: e.ok, ms: typeof e.durationMs === "number" ? e.durationMs : null, detail: e.input !== undefined || e.output !== undefined, diff: cat === "edit" ? editDiff(e) : null };
}

/** What the page is told of a read input (plain data), and the expectations it starts from. */
function summary(loaded) {
  const base = { kind: loaded.kind, format: loaded.format, notes: loaded.notes };
  if (loaded.kind === "expectations") return { ...base, spec: loaded.spec };
  if (loaded.kind === "trace") {
    const calls = loaded.calls.map(plainCall);
    const spans = loaded.result.getSpans?.() ?? [];
    const steps = {
      // Past 5,000 calls the model's texts come later ("texts"): reading the messages of a
      // 50,000-call run takes half a second the verdict need not wait for.
      texts: calls.length > 5000 ? null : stepTexts(loaded.result),
      stepMs: spans.filter((s) => s.category === "step").map((s) => [s.stepIndex, s.endMs - s.startMs]),
      toolMs: spans.filter((s) => s.category === "tool" && s.toolCallId).map((s) => [s.toolCallId, s.endMs - s.startMs]),
    };
    const list = calls.map((c) => ({ toolName: c.toolName, arguments: c.arguments }));
    // Past 1,000 calls one call per line (a text area of megabytes is slow to lay out).
    const expected = list.length > 1000 ? `[\n${list.map((c) => `  ${JSON.stringify(c)}`).join(",\n")}\n]` : JSON.stringify(list, null, 2);
    return { ...base, calls, steps, defaults: { expected, isNegativeTest: calls.length === 0 } };
  }
  if (loaded.kind === "transcript") {
    const { run } = loaded;
    const ev = run.events;
    const tool = ev.find((e) => e.type === "tool" && e.name);
    const edit = ev.find((e) => e.type === "file-edit" && e.path);
    // The first two hold by construction (they name what the events show);
    // the command check is kept only if the run holds it (one matcher call).
    const shown = [
      tool ? `toHaveCalledTool(${JSON.stringify(tool.name)})` : "not.toHaveCalledTool(/.*/)",
      edit ? `toHaveEdited(${JSON.stringify(edit.path)})` : "not.toHaveEdited()",
    ];
    const safe = "not.toHaveRun(/rm -rf/)";
    if (runAssertions(safe, run)[0]?.pass === true) shown.push(safe);
    const turns = run.turns.map((t) => ({ turn: t.turn, unreported: [...t.unreported], events: t.events.map(shownEvent) }));
    return { ...base, harness: run.harness, turns, turnCount: run.turns.length, eventCount: ev.length, defaults: { assertions: shown.join("\n") } };
  }
  if (loaded.kind === "response") {
    const { response, raw } = loaded;
    const text = response.text;
    const first = text.split("\n", 50).find((l) => l.trim() !== "") ?? "";
    const blocks = Array.isArray(raw.content) ? raw.content.slice(0, 20) : [];
    return {
      ...base,
      blockCount: response.contentBlocks.length,
      isError: response.isError,
      text: text.length > TEXT_LIMIT ? text.slice(0, TEXT_LIMIT) : text,
      textLength: text.length,
      media: blocks.filter((b) => b && (b.type === "image" || b.type === "resource_link" || b.type === "resource")),
      defaults: { texts: first.trim().slice(0, 40), patterns: text.trim() === "" ? "^$" : "\\S" },
    };
  }
  if (loaded.kind === "dataset") return { ...base, dataset: loaded.dataset };
  return base;
}

function toPattern(line) {
  const m = /^\/(.*)\/([a-z]*)$/.exec(line);
  return m ? new RegExp(m[1], m[2]) : line;
}


/**
 * `evaluateToolCalls`' result (@mcpjam/sdk@1.14.0's shape: the callers' own call
 * objects, `toolName` on each mismatch and move) from `alignToolCalls`' indices.
 */
export function verdictOf(al, expected, actual) {
  return {
    missing: al.missing.map((i) => expected[i]),
    extra: al.extra.map((i) => actual[i]),
    outOfOrder: al.outOfOrder.map(({ expectedIndex, actualIndex }) => ({ toolName: expected[expectedIndex].toolName, expectedIndex, actualIndex })),
    argumentMismatches: al.argumentMismatches.map(({ expectedIndex, actualIndex }) => ({ toolName: expected[expectedIndex].toolName, expectedArgs: expected[expectedIndex].arguments ?? {}, actualArgs: actual[actualIndex].arguments ?? {} })),
    passed: al.passed,
  };
}

/**
 * The verdict on the read input under `spec`: a trace's `{ expected, options }`
 * (`expected` the JSON text of the expected calls, or `own: true` for the
 * input's own calls unedited), a transcript's `{ assertions }`, a response's
 * `{ texts, patterns, caseSensitive }`.
 */
function judge(spec) {
  if (current === null) throw new Error("nothing read");
  const input = current.loaded;
  if (input.kind === "trace") {
    current.actual ??= input.calls.map((c) => ({ toolName: c.toolName, arguments: c.arguments ?? {} }));
    const actual = current.actual;
    // Both lists stay prepared in the module while they do not change (an option
    // change on 50,000 calls judges them without reading either again).
    current.prepared ??= new PreparedToolCalls(actual);
    // Expectations still as the reader made them (the input's own calls): not parsed again, and
    // the page has those calls, so they need not cross back (50,000 objects fewer to read there).
    const own = spec.own === true || spec.expected === current.defaultsText;
    const o = spec.options;
    let expected = actual;
    let pe = current.prepared;
    if (!own) {
      if (current.expected?.text !== spec.expected) {
        current.expected?.prepared.free();
        current.expected = null;
        const list = parseField(spec.expected, "the expected calls", "a JSON array of calls; [] expects none");
        let prepared;
        try {
          prepared = new PreparedToolCalls(list);
        } catch (e) {
          // The same error at its path in the expected list ("expected[3].toolName").
          alignToolCalls(list, current.prepared, o);
          throw e;
        }
        current.expected = { text: spec.expected, list, prepared };
      }
      ({ list: expected, prepared: pe } = current.expected);
    }
    // One evaluation: alignToolCalls is evaluateToolCalls' verdict by index (its .d.ts), so the
    // verdict's calls are the indexed ones (a 50,000-call run is not judged twice on each edit).
    const { pairs, ...al } = alignToolCalls(pe, current.prepared, o);
    const r = verdictOf(al, expected, actual);
    // The pairs as one typed array (expected, actual index, …): 50,000 pairs cross as one buffer, not 50,000 objects.
    const paired = new Int32Array(pairs.length * 2);
    pairs.forEach((p, i) => {
      paired[2 * i] = p.expectedIndex;
      paired[2 * i + 1] = p.actualIndex;
    });
    // The verdict's lists cross as the alignment's indices only: the page has the calls
    // (49,999 extra calls are not cloned to it as objects).
    return { kind: "trace", expected: own ? null : expected, passed: r.passed, al, paired, why: toolCallsWhy(r, actual.length, o) };
  }
  if (input.kind === "transcript") {
    const results = runAssertions(spec.assertions, input.run);
    // A line not yet written as an assertion (typing `toHaveEdited(`) is an error of the
    // expectations, as half-typed JSON is: the page keeps the last verdict, the line is named.
    const bad = results.find((r) => r.written === false);
    if (bad) throw new Error(`assertion on line ${bad.line}: ${bad.message}`);
    return { kind: "transcript", results };
  }
  if (input.kind === "response") {
    const patterns = spec.patterns.map(toPattern);
    const checks = [];
    if (spec.texts.length) checks.push(["validateText", validateText(input.raw, spec.texts, { caseSensitive: spec.caseSensitive })]);
    if (patterns.length) checks.push(["validatePattern", validatePattern(input.raw, patterns, { caseSensitive: spec.caseSensitive })]);
    return { kind: "response", checks };
  }
  throw new Error(`nothing to judge on a ${input.kind}`);
}

/**
 * One request: `{ op: "read", text | file, readAs }` (`file`: a File or Blob to read), `{ op: "judge", key, spec }`,
 * `{ op: "texts" }` (the read trace's step texts), `{ op: "event", turn, index }` (the read transcript's
 * event `index` of its turn at position `turn`: `{ input, output }`, asked when its row is unfolded),
 * `{ op: "case", expect, response, snapshots }`,
 * `{ op: "runs", files: [{ name, text | file }], shared, many? }`.
 * Returns `{ ok: true, ... }` or `{ ok: false, error }` (a Promise for "case").
 */
export function handle(msg) {
  // A picked file crosses as itself (a reference to its bytes, no copy of megabytes of text); read here.
  if (msg.op === "read" && msg.file) return msg.file.text().then((text) => handle({ ...msg, file: undefined, text }), (e) => ({ ok: false, error: describeError(e) }));
  if (msg.op === "runs" && msg.files.some((f) => f.file)) {
    return Promise.all(msg.files.map(async (f) => (f.file ? { name: f.name, text: await f.file.text() } : f))).then((files) => handle({ ...msg, files }), (e) => ({ ok: false, error: describeError(e) }));
  }
  try {
    if (msg.op === "read") {
      const key = `${msg.readAs}\u0000${msg.text}`;
      current?.loaded?.run?.free?.();
      current?.prepared?.free();
      current?.expected?.prepared.free();
      current = null;
      const t0 = performance.now();
      const loaded = readInput(msg.text, msg.readAs);
      current = { key, loaded };
      const input = summary(loaded);
      current.defaultsText = input.defaults?.expected;
      return { ok: true, input, ms: performance.now() - t0 };
    }
    if (msg.op === "judge") {
      const t0 = performance.now();
      const verdict = judge(msg.spec);
      return { ok: true, verdict, ms: performance.now() - t0 };
    }
    if (msg.op === "texts") {
      if (current?.loaded?.kind !== "trace") throw new Error("no trace read");
      return { ok: true, texts: stepTexts(current.loaded.result) };
    }
    if (msg.op === "event") {
      // An event's recorded input and output cross only when asked for (a 20 MB run's are most of its 20 MB).
      const e = current?.loaded?.kind === "transcript" ? current.loaded.run.turns[msg.turn]?.events[msg.index] : undefined;
      if (e === undefined) throw new Error("no such event in the read transcript");
      return { ok: true, input: e.input, output: e.output };
    }
    if (msg.op === "case") {
      return evaluateExpectations(msg.expect ?? {}, msg.response, { snapshots: msg.snapshots ?? {} }).then(
        (results) => ({ ok: true, results }),
        (e) => ({ ok: false, error: describeError(e) }),
      );
    }
    if (msg.op === "runs") {
      // `many`: only when the files hold more than one run (one file is read as the single input).
      const runs = runsOf(msg.files);
      if (msg.many && runs.length <= 1) return { ok: true, runs: [], rows: [] };
      return { ok: true, runs, rows: runs.map((r) => judgeRun(r, msg.shared)) };
    }
    throw new Error(`unknown request ${msg.op}`);
  } catch (e) {
    return { ok: false, error: describeError(e) };
  }
}

const PART = 5000; // items of a list in one message

/** Serves `handle` to the page over `scope`'s messages (a worker's global). */
export function serve(scope) {
  // One request at a time, in order, even while one waits (a file's text, evaluateExpectations):
  // a judgement never runs on the input before the one being read.
  let queue = Promise.resolve();
  scope.onmessage = (event) => {
    queue = queue.then(() => answer(scope, event.data)).catch(() => {});
  };
  scope.postMessage({ ready: true });
}

/** Answers one request; a reply that cannot cross (not plain data) is answered with why. */
async function answer(scope, data) {
  const { id, ...msg } = data;
  let reply = handle(msg);
  if (reply instanceof Promise) reply = await reply;
  try {
    // Long lists (a trace's 50,000 calls, as many expected calls) cross in parts, each
    // message read on the page in a task of its own; the reply itself comes last.
    for (const [holder, key] of [[reply.input, "calls"], [reply.verdict, "expected"]]) {
      const list = holder?.[key];
      if (!Array.isArray(list) || list.length <= PART) continue;
      for (let i = 0; i < list.length; i += PART) scope.postMessage({ id, part: key, items: list.slice(i, i + PART) });
      holder[key] = null;
    }
    const paired = reply.verdict?.paired;
    scope.postMessage({ id, ...reply }, paired ? [paired.buffer] : []);
  } catch (e) {
    scope.postMessage({ id, ok: false, error: `The worker's answer could not be sent: ${describeError(e)}` });
  }
}
