// The trace viewer: load a trace, a transcript, a tool response or an eval dataset,
// say what is expected, and see the verdict of the built package (../pkg) as you edit.
import { MATCH_OPTIONS_DEFAULTS, not } from "../pkg/index.js";
import { BUNDLED, DATASETS, readBundled, recordingOf } from "./examples.js";
import { isCallToolResult, parseField } from "./load.js";
import { renderArguments } from "./args.js";
import { testSource } from "./copy-test.js";
import { handle, serve, verdictOf } from "./engine.js";
import { BlockList } from "./vlist.js";
import { jsonTree } from "./tree.js";

const $ = (id) => document.getElementById(id);
const KINDS = ["trace", "transcript", "response", "dataset"];
const URL_INPUT_LIMIT = 16000; // pasted input kept in the link up to this many characters

let loaded = null; // what readInput returned for the current text (or null)
let loadError = null; // why the current text could not be read (or null)
let loadedKey = "";
let lastVerdict = null;
let verdictInput = null; // the input lastVerdict was made on
let drawnFor = null; // the expectations (and row filter) the drawn verdict was made for
let expectationsFor = ""; // the input text the expectations were written for (or made from)
let source = { example: "" }; // where the input came from
let pendingCase = null; // a case id restored from the link, picked once the dataset is read
let datasetRun = 0; // the latest dataset evaluation (older async results are dropped)

// ---------- the input: in the text area, or past BIG kept out of the DOM ----------
// A text area holding megabytes costs seconds of layout on every change (a
// 20 MB transcript: 8 s); past BIG characters the input stays in memory and
// the page shows a preview of its start. Typing in the text area replaces it.

const BIG = 1_000_000;
const PREVIEW = 4000;
/**
 * A text area whose text, past `limit` characters, is kept in memory with a
 * preview of its start (`#<preview>`, `#<preview>-text`, `#<preview>-note`)
 * instead of in the area: a text area holding megabytes costs seconds of
 * layout on every change. Typing in the area replaces the kept text (`drop`).
 */
function keptOut(area, preview, limit, what, placeholder) {
  let big = null;
  return {
    get: () => big ?? $(area).value,
    isKept: () => big !== null,
    /** `text`: a string, or a FileInput (a big file the page never reads whole). */
    set(text) {
      if (text instanceof FileInput || text.length > limit) {
        big = text;
        $(area).value = "";
        $(area).placeholder = placeholder;
        $(`${preview}-text`).textContent = `${text instanceof FileInput ? text.preview : text.slice(0, PREVIEW)}…`;
        $(`${preview}-note`).textContent = text instanceof FileInput
          ? `${text.file.name}: ${(text.length / 1e6).toFixed(1)} MB${what}, read in the worker and kept out of the page; its start is shown.`
          : `${(text.length / 1e6).toFixed(1)} million characters${what}, kept out of the page; the first ${PREVIEW} are shown.`;
        $(preview).hidden = false;
      } else {
        big = null;
        $(area).value = text;
        $(area).placeholder = "";
        $(preview).hidden = true;
      }
    },
    drop() {
      big = null;
      $(area).placeholder = "";
      $(preview).hidden = true;
    },
  };
}

/**
 * A picked file past BIG bytes, kept as the File: the worker reads its text
 * (the page reading 100 MB of text is a task of a third of a second), the
 * page holds the start of it for the preview. `length` is its size in bytes
 * (what the page's size choices need); `text()` reads it (export).
 */
class FileInput {
  static #next = 0;
  constructor(file, preview) {
    this.file = file;
    this.preview = preview;
    this.length = file.size;
    this.id = ++FileInput.#next;
  }
  text() {
    return this.file.text();
  }
}

const inputBox = keptOut("trace", "preview", BIG, "", "The loaded input is kept out of the page (see the preview); type or paste here to replace it.");
const getInput = inputBox.get;
const setInput = inputBox.set;

// The expected calls likewise: a trace of 50,000 calls starts from 50,000
// expected calls (3 MB of text, 3 s of layout in a text area). Past
// BIG_EXPECTED characters they stay in memory with a preview; "edit them
// here" puts them in the text area, and typing there replaces them.
const BIG_EXPECTED = 100000;
const expectedBox = keptOut("expected", "expected-preview", BIG_EXPECTED, " of expected calls", "The expected calls are kept out of the page (see below); type or paste here to replace them.");
const getExpected = expectedBox.get;
const setExpected = expectedBox.set;

// ---------- helpers ----------

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

const CALL_TEXT_LIMIT = 2000; // characters of a call shown in a row (the diff shows the differing part in full)
const cut = (s) => (s.length > CALL_TEXT_LIMIT ? `${s.slice(0, CALL_TEXT_LIMIT)}… (${s.length} characters)` : s);
const compact = (call) =>
  call.argumentsError
    ? `${call.toolName}(⚠ ${call.argumentsError}: ${cut(JSON.stringify(call.rawArguments ?? ""))} — judged as {})`
    : `${call.toolName}(${cut(JSON.stringify(call.arguments ?? {}))})`;

/**
 * Whether `now` is a new input rather than an edit of `old`: less than half
 * of it is the old text's common start and end (a paste, a drop, a file).
 */
export function replaced(old, now) {
  if (old === now) return false;
  // A big file kept as itself (FileInput) is a new input, and so is anything after one.
  if (typeof old !== "string" || typeof now !== "string") return true;
  if (old.trim() === "") return true;
  const n = Math.min(old.length, now.length);
  let p = 0;
  while (p < n && old.charCodeAt(p) === now.charCodeAt(p)) p++;
  let q = 0;
  while (q < n - p && old.charCodeAt(old.length - 1 - q) === now.charCodeAt(now.length - 1 - q)) q++;
  return p + q < Math.max(old.length, now.length) / 2;
}
const describeError = (e) => (e.code ? `${e.code}: ${e.message}` : e.message);

function options() {
  const max = $("maxExtraToolCalls").value.trim();
  return {
    toolCallOrder: $("toolCallOrder").value,
    argumentMatching: $("argumentMatching").value,
    // A number as typed; other text as itself, so the refusal quotes what was typed ("abc", not NaN).
    maxExtraToolCalls: max === "" || max === "null" ? null : /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(max) ? Number(max) : max,
    isNegativeTest: $("isNegativeTest").checked,
  };
}

function setOptions(o) {
  const v = { ...MATCH_OPTIONS_DEFAULTS, isNegativeTest: false, ...o };
  $("toolCallOrder").value = v.toolCallOrder ?? "ignore";
  $("argumentMatching").value = v.argumentMatching ?? "partial";
  $("maxExtraToolCalls").value = v.maxExtraToolCalls == null ? "" : String(v.maxExtraToolCalls);
  $("isNegativeTest").checked = v.isNegativeTest === true;
}

const lines = (id) => $(id).value.split("\n").map((s) => s.trim()).filter((s) => s !== "");

function showKind(kind) {
  for (const k of KINDS) {
    $(`expect-${k}`).hidden = k !== kind;
    $(`verdict-${k}`).hidden = k !== kind;
  }
  document.body.dataset.kind = kind ?? "";
}

let transcriptDrawn = null; // { input, failing } of the transcript timeline on screen

/** Clears the verdict views; `keepTimeline`: the transcript timeline on screen stays (same run, same failing turns). */
function clearVerdict(keepTimeline = false) {
  $("verdict").textContent = "";
  $("verdict").className = "verdict";
  $("counts").textContent = "";
  $("why").textContent = "";
  setStale(false);
  lists();
  alignList.set([]);
  if (!keepTimeline) {
    traceSteps.set([]);
    $("trace-timeline").replaceChildren();
    traceTimelineFor = null;
    timelineDrawn++;
    transcriptSteps.set([]);
    $("timeline").replaceChildren();
    transcriptDrawn = null;
  }
  for (const id of ["assertion-results", "response-results", "response-text", "response-media", "expectation-results"]) $(id).replaceChildren();
  lastVerdict = null;
  verdictInput = null;
  drawnFor = null;
  problemAt = -1; // "next problem" starts again at the first problem of the new verdict
}

function setStale(stale) {
  $("verdict-section").classList.toggle("stale", stale);
  $("stale").hidden = !stale;
}

/** The verdict line; a failing verdict always says why (`why`). */
function setVerdict(passed, counts, why = "") {
  $("verdict").textContent = passed ? "PASS" : "FAIL";
  $("verdict").className = `verdict ${passed ? "pass" : "fail"}`;
  $("counts").textContent = counts;
  $("why").textContent = passed ? "" : `Why: ${why || "the matchers' verdict is FAIL"}`;
}

// ---------- reading and judging: in the worker, or in the page for small inputs ----------
// engine.js reads and judges; it runs in a dedicated Web Worker (www/worker.js,
// or in the one-file build this very script started from a Blob URL), so a
// 20 MB transcript or a 50,000-call trace never holds the page's thread. An
// input under WORKER_FROM characters is read and judged by the same code in the
// page, at once (a keystroke's verdict without a round trip). `?worker=1` sends
// every input to the worker, `?worker=0` none. Only plain data crosses.

const WORKER_FROM = 200000;
// The one-file build's own script text (a classic inline script), which can start again as the worker.
const ownScript = typeof document !== "undefined" && document.currentScript && !document.currentScript.src ? document.currentScript.textContent : null;
const workerMode = typeof location !== "undefined" ? new URLSearchParams(location.search).get("worker") : null;
let worker; // undefined: not started; null: could not start

function startWorker() {
  if (worker !== undefined) return worker;
  let w;
  try {
    w = ownScript !== null
      ? new Worker(URL.createObjectURL(new Blob([ownScript], { type: "text/javascript" })), { name: "mcp-matchers" })
      : new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "mcp-matchers" });
  } catch {
    worker = null;
    return null;
  }
  const waiting = new Map();
  let next = 0;
  const parts = new Map(); // id -> { calls: [...], expected: [...] } received so far
  w.onmessage = (e) => {
    const { id, ...reply } = e.data;
    if (id === undefined) return;
    if (reply.part) {
      if (!parts.has(id)) parts.set(id, {});
      const got = parts.get(id);
      (got[reply.part] ??= []).push(reply.items);
      return;
    }
    // The lists that came in parts, put back in their place.
    const got = parts.get(id);
    parts.delete(id);
    if (got?.calls && reply.input) reply.input.calls = got.calls.flat();
    if (got?.expected && reply.verdict) reply.verdict.expected = got.expected.flat();
    const done = waiting.get(id);
    waiting.delete(id);
    // Drawn in a task of its own: reading a big reply (the message's data) is one task, drawing it the next.
    if (done) setTimeout(() => done(reply), 0);
  };
  const failAll = (why) => {
    for (const done of waiting.values()) done({ ok: false, error: `The worker failed: ${why}` });
    waiting.clear();
  };
  w.onerror = (e) => {
    // A worker that cannot run (its script failed): the next inputs are read in the page.
    worker = null;
    failAll(e.message ?? "error");
  };
  w.onmessageerror = () => failAll("a message could not be read");
  worker = {
    post(msg, done) {
      const id = next++;
      waiting.set(id, done);
      try {
        w.postMessage({ id, ...msg });
      } catch (e) {
        waiting.delete(id);
        done({ ok: false, error: `The input could not be sent to the worker: ${e.message}` });
      }
    },
  };
  return worker;
}

/** Where an input of `length` characters is read and judged. */
function placeFor(length) {
  if (workerMode === "0") return "page";
  if (workerMode === "1" || length >= WORKER_FROM) return startWorker() ? "worker" : "page";
  return "page";
}

/** `request` on a worker that may have stopped since `where` was chosen (then in the page). */
const live = (where) => (where === "worker" && !worker ? "page" : where);

/** Sends `msg` to the engine at `where`; `done(reply)` (at once, in the page). */
function request(msg, where, done) {
  if (live(where) === "worker") return worker.post(msg, done);
  const reply = handle(msg);
  if (reply instanceof Promise) reply.then(done);
  else done(reply);
}

// ---------- loading ----------

let loadedWhere = "page"; // where the loaded input was read (and is judged)
let readAsBy = "page"; // who chose "Read as": the page ("detect" or a kind it read), an example, or the user
let freshNext = false; // the next read starts from what happened in the input, whatever "keep" says (an example)
let formatPrefix = ""; // said before what was read ("file.json: ")
let picked = null; // { file, text } of the file picked last (a File crosses to the worker cheaper than its text)

function formatText(input) {
  return {
    trace: () => `Detected ${input.format}: ${input.calls.length} tool call(s).`,
    transcript: () => `Detected ${input.format} transcript: ${input.turnCount} turn(s), ${input.eventCount} event(s).`,
    response: () => `Detected an MCP CallToolResult: ${input.blockCount} content block(s)${input.isError ? ", isError: true" : ""}.`,
    dataset: () => `Detected an eval dataset "${input.dataset.name}": ${input.dataset.cases.length} case(s).`,
    expectations: () => "Read an expectations file: expected calls and options set. Now load a trace.",
  }[input.kind]();
}

/** What was read, shown (once per read): the format line, the notes, the cases, the starting expectations. */
function applyRead(input, text) {
  $("notes").replaceChildren();
  if (input.kind === "expectations") {
    applyExpectations(input.spec);
    return;
  }
  if (input.kind === "dataset") fillCases(input.dataset);
  for (const n of input.notes.slice(0, 20)) $("notes").append(el("li", { text: n }));
  if (input.notes.length > 20) $("notes").append(el("li", { text: `… and ${input.notes.length - 20} more` }));
  // A new input (not an edit of the last one) starts from what happened in it,
  // unless the user keeps their expectations.
  const isNew = freshNext || replaced(expectationsFor, text);
  const fresh = freshNext || (isNew && !$("keep-expectations").checked);
  freshNext = false;
  if (isNew) {
    // What belonged to the last input goes with it: its test, its row filter and search.
    $("test-box").hidden = true;
    $("row-filter").value = "all";
    $("row-search").value = "";
  }
  expectationsFor = text;
  fillDefaults(input, fresh);
  // Expectations made from the run pass by construction: said, until the user edits them.
  if (fresh && ORIGIN[input.kind]) {
    $("expect-origin").textContent = ORIGIN[input.kind](input);
    $("expect-origin").hidden = false;
  } else if (isNew) $("expect-origin").hidden = true; // kept expectations: not made from this input
}

/** What the starting expectations of a new input are (shown above them until edited). */
const ORIGIN = {
  trace: (input) => `A starting point made from this run (${input.calls.length === 0 ? "no calls, so isNegativeTest" : `its ${input.calls.length} call(s) as made`}): it passes as is. Change it to what the run should have done.`,
  transcript: () => "A starting point made from this run (its first tool, edit and command, each kept only if it holds): it passes as is. Change it to what the run should have done.",
  response: () => "A starting point made from this response (its first line and a pattern its text matches): it passes as is. Change it to what it should say.",
};

/**
 * Expectations of what happened in `input` (an editable starting point that
 * passes; engine.js makes them), only where the field is empty unless `force`
 * (a new input). Traces: the calls it made (no calls: isNegativeTest);
 * transcripts: the first tool, edit and command it shows, each kept only if it
 * holds; responses: its first line of text and a pattern that its text matches.
 */
function fillDefaults(input, force) {
  const d = input.defaults;
  if (input.kind === "trace" && (force || getExpected().trim() === "")) {
    setExpected(d.expected);
    if (force) setOptions({ isNegativeTest: d.isNegativeTest });
  }
  if (input.kind === "transcript" && (force || $("assertions").value.trim() === "")) $("assertions").value = d.assertions;
  if (input.kind === "response" && (force || (lines("texts").length === 0 && lines("patterns").length === 0))) {
    $("texts").value = d.texts;
    $("patterns").value = d.patterns;
  }
}

function applyExpectations(spec) {
  $("expect-origin").hidden = true; // expectations someone wrote
  setExpected(JSON.stringify(spec.expected, null, 2));
  setOptions(spec.options ?? {});
}

// ---------- evaluation ----------

function setBusy(what) {
  $("verdict-section").setAttribute("aria-busy", what ? "true" : "false");
  if (what) $("timing").textContent = what;
}

/** What the loaded input must be for the input and "Read as" on screen (`loadedKey` when it is). */
function inputKey() {
  const text = getInput();
  const readAs = $("readAs").value;
  return typeof text === "string" ? `${readAs}\u0000${text}` : `${readAs}\u0000file ${text.id}`;
}

/** Reads the input when it changed, then judges it; `done()` once the verdict (or the error) is drawn. */
function evaluate(done) {
  const text = getInput();
  const readAs = $("readAs").value;
  const key = inputKey();
  if (key === loadedKey) return judgeLoaded(done);
  const where = placeFor(text.length);
  const t0 = performance.now();
  if (where === "worker") setBusy("Reading…");
  // A big file kept as itself, or a picked file's text: the worker reads the File itself.
  const file = text instanceof FileInput ? text.file : where === "worker" && picked?.text === text ? picked.file : null;
  const msg = file ? { op: "read", file, readAs } : { op: "read", text, readAs };
  request(msg, where, (reply) => {
    // The input changed while it was read: the next run reads the new one.
    if (getInput() !== text || $("readAs").value !== readAs) return done();
    loadedKey = key;
    loadedWhere = where;
    timing.load = performance.now() - t0;
    if (!reply.ok) {
      loaded = null;
      loadError = reply.error;
      freshNext = false;
      $("expect-origin").hidden = true;
      return judgeLoaded(done);
    }
    loaded = reply.input;
    loadError = null;
    applyRead(loaded, text);
    judgeLoaded(done);
  });
}

/** The expectations of the kind being judged, as the engine reads them. */
function specFor(kind) {
  if (kind === "trace") {
    const expected = getExpected();
    // The input's own calls, not edited: named, not sent (3 MB of text for 50,000 calls).
    if (loaded?.kind === "trace" && expected === loaded.defaults?.expected) return { own: true, options: options() };
    return { expected, options: options() };
  }
  if (kind === "transcript") return { assertions: $("assertions").value };
  return { texts: lines("texts"), patterns: lines("patterns"), caseSensitive: $("caseSensitive").checked };
}

/** What a drawn verdict depends on besides the input: the expectations and the row filter. */
const signature = (spec) => JSON.stringify([spec, $("row-filter").value, $("row-search").value]);

function judgeLoaded(done) {
  // The worker that read the input stopped: read it again in the page.
  if (loadedWhere === "worker" && !worker) {
    loadedKey = "";
    loadedWhere = "page";
    return evaluate(done);
  }
  if (loadError !== null) {
    clearVerdict();
    $("format").textContent = "";
    $("notes").replaceChildren();
    $("error").textContent = loadError;
    showKind(null);
    saveState(); // the link holds what is on screen (a forced "Read as" that fails included)
    return done();
  }
  const input = loaded;
  $("format").textContent = `${formatPrefix}${formatText(input)}`;
  if (input.kind === "expectations") {
    // An expectations file only sets the expected calls; the trace stays what it was.
    $("error").textContent = "";
    showKind("trace");
    return done();
  }
  showKind(input.kind);
  if (input.kind === "dataset") {
    $("error").textContent = "";
    evaluateDataset(input);
    verdictInput = input;
    saveState();
    return done();
  }
  const spec = specFor(input.kind);
  // Nothing changed since the verdict was drawn (a `change` event after the input one, a
  // click that blurs a text area): the verdict and the folds the user opened stay.
  const sig = signature(spec);
  if (verdictInput === input && drawnFor === sig && $("stale").hidden) return done();
  const t1 = performance.now();
  if (loadedWhere === "worker") setBusy("Judging…");
  request({ op: "judge", spec }, loadedWhere, (reply) => {
    if (input !== loaded) return done();
    // Newer expectations wait to be judged: this verdict is already old (unless they are the
    // same, as when a select fires both "input" and "change": then it is the one wanted).
    // (The input itself may have changed too: then this verdict is old whatever the expectations.)
    if (again) {
      if (signature(specFor(input.kind)) !== sig || inputKey() !== loadedKey) return done();
      again = false;
    }
    if (!reply.ok) {
      // The expectations have an error: the last verdict on this input stays, dimmed
      // (no layout jump while typing), until the next good one replaces it.
      if (lastVerdict && verdictInput === input) setStale(true);
      else clearVerdict();
      $("error").textContent = reply.error;
      drawnFor = null;
    } else {
      $("error").textContent = "";
      ({ trace: drawTrace, transcript: drawTranscript, response: drawResponse })[input.kind](input, reply.verdict);
      verdictInput = input;
      drawnFor = sig;
      setStale(false);
      saveState();
    }
    timing.judge = performance.now() - t1;
    done();
  });
}

/** What a call returned, shortly: its text blocks, else its JSON (`✗ error:` when it failed). */
function resultText(call) {
  if (!call || call.result === undefined) return "";
  const r = call.result;
  const t = r && typeof r === "object" && Array.isArray(r.content)
    ? r.content.map((b) => (b && b.type === "text" ? b.text : `[${b?.type ?? "?"}]`)).join("\n")
    : typeof r === "string" ? r : (JSON.stringify(r) ?? "");
  return `${call.isError ? "✗ error: " : "→ "}${t.length > 300 ? `${t.slice(0, 300)}… (${t.length} characters)` : t}`;
}

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/; // drawn from data: URLs (never SVG: no script in a page of untrusted input)

/**
 * The media of an MCP result's content blocks (MCP 2025-06-18 ContentBlock):
 * images drawn small, resource links and embedded resources listed by name and
 * URI (not fetched: the page opens no connection).
 */
function mediaOf(result) {
  const blocks = result && typeof result === "object" && Array.isArray(result.content) ? result.content : [];
  const out = [];
  for (const b of blocks.slice(0, 20)) {
    if (b?.type === "image" && typeof b.data === "string" && IMAGE_TYPES.test(b.mimeType ?? "")) {
      out.push(el("img", { class: "result-image", src: `data:${b.mimeType};base64,${b.data}`, alt: `image (${b.mimeType})` }));
    } else if (b?.type === "resource_link" && typeof b.uri === "string") {
      out.push(el("span", { class: "resource-link", title: b.description ?? "", text: `🔗 ${b.name ?? b.uri} <${b.uri}>` }));
    } else if (b?.type === "resource" && typeof b.resource?.uri === "string") {
      out.push(el("span", { class: "resource-link", text: `📄 ${b.resource.uri}${b.resource.mimeType ? ` (${b.resource.mimeType})` : ""}` }));
    }
  }
  return out.length ? el("div", { class: "result-media" }, ...out) : null;
}

/**
 * A call as `toolName(arguments)`, the arguments a folding JSON tree (tree.js;
 * folded it reads as the call's JSON, cut after 2,000 characters); `other`:
 * the arguments it is compared with (a long string is never cut before it
 * differs from them).
 */
function callCode(call, other) {
  if (call.argumentsError) return el("code", { text: compact(call) });
  return el("code", {}, `${call.toolName}(`, jsonTree(call.arguments ?? {}, { other, preview: CALL_TEXT_LIMIT, label: `the arguments of ${call.toolName}` }), ")");
}

/** What a structured result holds, as a folding tree (its text is in the line above it). */
function resultTree(call) {
  const r = call?.result;
  if (r === null || typeof r !== "object") return null;
  return el("div", { class: "call-json" }, el("span", { class: "note", text: "result JSON " }), jsonTree(r, { preview: 120, label: "the result" }));
}

/** A row: the expected call, the status, and the actual call (with what it returned). */
function row(cls, expected, status, actual) {
  const tr = el("tr", { class: cls });
  const result = resultText(actual);
  tr.append(
    el("td", {}, expected ? callCode(expected, actual?.arguments) : null),
    el("td", { text: status }),
    el("td", {}, actual ? callCode(actual, expected?.arguments) : null, result ? el("div", { class: `call-result${actual.isError ? " failed" : ""}`, text: result }) : null, actual ? resultTree(actual) : null, actual ? mediaOf(actual.result) : null),
  );
  return tr;
}

// ---------- long lists: drawn in blocks near the screen (vlist.js) ----------

const BLOCK = 100; // entries a block
const spacerRow = (height, columns = 3) => el("tbody", { "aria-hidden": "true" }, el("tr", {}, el("td", { colspan: String(columns), style: `height:${height}px;padding:0;border:0` })));
const spacerDiv = (height) => el("div", { "aria-hidden": "true", style: `height:${height}px` });
let alignList = null;
let traceSteps = null;
let transcriptSteps = null;

function lists() {
  if (alignList) return;
  // The alignment: one <tbody> a block, each entry its row (and a mismatch's diff row).
  alignList = new BlockList($("alignment"), {
    size: BLOCK,
    estimate: 60,
    draw: (entries, first) => {
      const body = el("tbody");
      entries.forEach((x, i) => {
        const rows = x.make();
        rows[0].dataset.entry = String(first + i);
        body.append(...rows);
      });
      return body;
    },
    spacer: spacerRow,
  });
  // Timelines: a step's (or turn's) head, then its calls (events); a block that
  // starts inside a step continues its section (class "cont").
  const timeline = (items) => {
    const box = el("div");
    let section = null;
    let ol = null;
    for (const it of items) {
      if (it.head) {
        section = it.head();
        ol = null;
        box.append(section);
        continue;
      }
      if (section === null) {
        section = it.cont();
        box.append(section);
      }
      if (ol === null) {
        ol = el("ol", { class: "events" });
        section.append(ol);
      }
      ol.append(it.make());
    }
    return box;
  };
  traceSteps = new BlockList($("trace-timeline"), { size: BLOCK, estimate: 44, draw: timeline, spacer: spacerDiv });
  transcriptSteps = new BlockList($("timeline"), { size: BLOCK, estimate: 24, draw: timeline, spacer: spacerDiv });
}

function drawTrace(input, v) {
  const { passed, al, paired, why } = v;
  // null: the expectations are the input's own calls (engine.js), made here from them (once).
  const expected = v.expected ?? (input.ownCalls ??= input.calls.map((c) => ({ toolName: c.toolName, arguments: c.arguments })));
  const pairCount = paired.length / 2;
  const shown = input.calls; // the actual calls with argumentsError / rawArguments, for display
  const o = specFor("trace").options;
  // What happened does not change with the expectations: the same input's timeline stays as drawn.
  const keepTimeline = traceTimelineFor === input;
  clearVerdict(keepTimeline);
  setVerdict(
    passed,
    `${pairCount} paired · ${al.missing.length} missing · ${al.extra.length} extra · ` +
      `${al.outOfOrder.length} out of order · ${al.argumentMismatches.length} argument mismatch(es)`,
    why,
  );
  // One entry per row group: its class (for the filter), its text (for the search), how to draw it;
  // an array by expected index (50,000 entries made in a few ms), the extra calls after.
  const label = { paired: () => "paired", missing: () => "missing", unjudged: () => (o.isNegativeTest ? "not judged (isNegativeTest)" : "not paired") };
  const entry = (cls, e, a, m = null) => ({
    cls,
    text: () => `${e === null ? "" : compact(expected[e])} ${a === null ? "" : `${compact(shown[a])} ${resultText(shown[a])}`}`,
    make: () => {
      const ex = e === null ? null : expected[e];
      const ac = a === null ? null : shown[a];
      if (cls === "mismatch") {
        const diff = el("td", { colspan: "3" }, renderArguments(ex.arguments, ac.arguments ?? {}, m.differences));
        return [row("mismatch", ex, `argument mismatch (actual #${a})`, ac, m.differences), el("tr", { class: "diff" }, diff)];
      }
      const text = cls === "out-of-order" ? `out of order → actual #${a}` : cls === "extra" ? `extra (actual #${a})` : label[cls]();
      return [row(cls, ex, text, ac)];
    },
  });
  const every = new Array(expected.length);
  for (let k = 0; k < pairCount; k++) every[paired[2 * k]] = entry("paired", paired[2 * k], paired[2 * k + 1]);
  for (const m of al.argumentMismatches) every[m.expectedIndex] = entry("mismatch", m.expectedIndex, m.actualIndex, m);
  const moved = new Map(al.outOfOrder.map((x) => [x.expectedIndex, x.actualIndex]));
  for (const i of al.missing) every[i] = moved.has(i) ? entry("out-of-order", i, moved.get(i)) : entry("missing", i, null);
  // Under isNegativeTest no expected call is paired: each is listed as not judged.
  for (let i = 0; i < every.length; i++) every[i] ??= entry("unjudged", i, null);
  for (const j of al.extra) every.push(entry("extra", null, j));
  // The filter and the search (over both calls and what the actual one returned).
  const filter = $("row-filter").value;
  const needle = $("row-search").value.trim().toLowerCase();
  const all = every.filter((x) => (filter === "all" || (filter === "problems" ? x.cls !== "paired" : x.cls === filter)) && (needle === "" || x.text().toLowerCase().includes(needle)));
  $("row-count").textContent = all.length === every.length ? "" : `${all.length} of ${every.length} row(s) shown`;
  lists();
  alignList.set(all);
  // A long run's steps are drawn in a task of their own (they are below the table).
  if (!keepTimeline) {
    traceTimelineFor = input;
    const drawing = ++timelineDrawn;
    if (input.calls.length <= 5000) drawTraceTimeline(input);
    else setTimeout(() => drawing === timelineDrawn && drawTraceTimeline(input), 0);
  }
  // evaluateToolCalls' verdict with the calls themselves, made from the indices when read (export):
  // the calls as the engine judged them, `{ toolName, arguments }` with `{}` for none.
  let made = null;
  const verdict = () => {
    const plain = (input.plainCalls ??= input.calls.map((c) => ({ toolName: c.toolName, arguments: c.arguments ?? {} })));
    return (made ??= verdictOf(al, v.expected ?? plain, plain));
  };
  lastVerdict = {
    kind: "trace",
    format: input.format,
    passed,
    get missing() {
      return verdict().missing;
    },
    get extra() {
      return verdict().extra;
    },
    get outOfOrder() {
      return verdict().outOfOrder;
    },
    get argumentMismatches() {
      return verdict().argumentMismatches;
    },
  };
}

let timelineDrawn = 0; // the latest trace drawn (a deferred timeline of an older one is not drawn)
let traceTimelineFor = null; // the input whose trace timeline is on screen (or on its way)
const msText = (v) => (typeof v === "number" ? ` · ${Math.round(v)} ms` : "");

/**
 * A transcript event's recorded input and output as folding JSON trees, asked
 * of the engine (op "event") when first unfolded: a big run's inputs and
 * outputs stay where it was read until a row is opened.
 */
function eventDetail(input, turn, index, label) {
  const box = el("div", { class: "event-detail" });
  const button = el("button", { type: "button", class: "jt-toggle event-open", "aria-expanded": "false", "aria-label": `input and output of ${label}` });
  const body = el("div", { class: "event-json", hidden: "" });
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    body.hidden = !open;
    if (!open || body.childElementCount) return;
    body.append(el("span", { class: "note", text: "reading…" }));
    request({ op: "event", turn, index }, loadedWhere, (reply) => {
      if (loaded !== input) return;
      if (!reply.ok) {
        body.replaceChildren(el("span", { class: "note", text: reply.error }));
        return;
      }
      body.replaceChildren(
        ...[["input", reply.input], ["output", reply.output]].filter(([, v]) => v !== undefined).map(([what, v]) =>
          el("div", { class: "call-json" }, el("span", { class: "note", text: `${what} ` }), jsonTree(v, { preview: 120, label: `the ${what} of ${label}` }))),
      );
    });
  });
  box.append(button, el("span", { class: "note", text: "input/output" }), body);
  return box;
}

/**
 * What happened, step by step: each model turn with its duration (where the
 * run's spans record one), the model's text, and each call with its
 * arguments, what it returned and how long it took.
 */
function drawTraceTimeline(input) {
  if (input.steps.texts === null) {
    // A long run's texts (a second read of it: 0.5 s for 50,000 calls) are asked for once
    // no judgement has been under way for a while, so an edit made at once is judged first.
    const drawing = timelineDrawn;
    whenQuiet(() => {
      if (drawing !== timelineDrawn || loaded !== input) return;
      request({ op: "texts" }, loadedWhere, (reply) => {
        input.steps.texts = reply.ok ? reply.texts : [];
        if (drawing === timelineDrawn && loaded === input) drawTraceTimeline(input);
      });
    });
    return;
  }
  const { texts, stepMs, toolMs } = input.steps;
  const stepSpan = new Map(stepMs);
  const toolSpan = new Map(toolMs);
  const steps = new Map();
  for (const c of input.calls) {
    if (!steps.has(c.step)) steps.set(c.step, []);
    steps.get(c.step).push(c);
  }
  const count = Math.max(texts.length, ...[...steps.keys()].map((k) => k + 1), 0);
  const items = [];
  for (let k = 0; k < count; k++) {
    const calls = steps.get(k) ?? [];
    items.push({
      head: () => {
        const section = el("section", { class: "turn", "aria-label": `step ${k}` }, el("h4", {}, `Step ${k}`, el("span", { class: "note", text: ` · ${calls.length} call(s)${msText(stepSpan.get(k))}` })));
        if (texts[k]) section.append(el("p", { class: "model-text", text: texts[k].length > 600 ? `${texts[k].slice(0, 600)}…` : texts[k] }));
        return section;
      },
    });
    const cont = () => el("section", { class: "turn cont", "aria-label": `step ${k}, continued` }, el("h4", {}, `Step ${k}`, el("span", { class: "note", text: " · continued" })));
    for (const c of calls) {
      items.push({
        cont,
        make: () => el("li", { class: `event tool${c.isError ? " failed" : ""}` },
          el("span", { class: "chip tool", text: c.kind ?? "tool" }), " ", callCode(c),
          el("span", { class: "note", text: msText(toolSpan.get(c.id)) }),
          resultText(c) ? el("div", { class: `call-result${c.isError ? " failed" : ""}`, text: resultText(c) }) : null,
          resultTree(c)),
      });
    }
  }
  lists();
  traceSteps.set(items);
  if (count === 0) $("trace-timeline").append(el("p", { class: "note vblock", text: "No model turn recorded." }));
}

/** An edit's diff text (engine.js) drawn with its added and removed lines marked. */
function editDiff(text) {
  if (text === null || text === "") return null;
  const pre = el("pre", { class: "edit-diff" });
  for (const line of text.split("\n")) pre.append(el("span", { class: line.startsWith("+") && !line.startsWith("+++") ? "add" : line.startsWith("-") && !line.startsWith("---") ? "del" : "ctx", text: `${line}\n` }));
  return el("details", { class: "edit" }, el("summary", { text: "diff" }), pre);
}

function drawTranscript(input, v) {
  const { results } = v;
  const failed = results.filter((r) => r.pass !== true);
  const passed = results.length > 0 && failed.length === 0;
  const failingTurns = new Map();
  for (const r of failed) if (r.turn !== null) failingTurns.set(r.turn, (failingTurns.get(r.turn) ?? 0) + 1);
  // An edit that changes no turn's failing count leaves the timeline as drawn (a 48,000-event run's
  // is rebuilt in tens of milliseconds, and its unfolded rows would fold again).
  const failing = JSON.stringify([...failingTurns]);
  const keep = transcriptDrawn?.input === input && transcriptDrawn.failing === failing;
  clearVerdict(keep);
  const first = failed[0];
  const why = results.length === 0 ? "no assertions: write one to judge the run." : first ? `${failed.length} assertion(s) do not hold; first: ${first.text}${first.message ? ` — ${first.message}` : ""}` : "";
  setVerdict(passed, `${results.length - failed.length} of ${results.length} assertion(s) pass · ${input.turnCount} turn(s) · ${input.eventCount} event(s)`, why);
  if (results.length === 0) $("counts").textContent += " · write an assertion to judge the run";
  const list = $("assertion-results");
  for (const r of results) {
    const cls = r.pass === true ? "pass" : r.pass === false ? "fail" : "error";
    const mark = { pass: "✓ pass", fail: "✗ fail", error: "! not run" }[cls];
    list.append(el("li", { class: cls }, el("span", { class: "badge", text: mark }), " ", el("code", { text: r.text }), r.message ? el("div", { class: "message", text: r.message }) : null));
  }
  if (keep) {
    lastVerdict = transcriptVerdict(input, passed, results);
    return;
  }
  const items = [];
  input.turns.forEach((turn, position) => {
    const failing = failingTurns.has(turn.turn) ? " failing" : "";
    items.push({
      head: () => {
        const head = el("h4", {}, `Turn ${turn.turn}`, el("span", { class: "note", text: ` · ${turn.events.length} event(s)` }));
        if (failing) head.append(el("span", { class: "badge fail", text: ` ✗ ${failingTurns.get(turn.turn)} failing assertion(s)` }));
        if (turn.unreported.length) head.append(el("span", { class: "note", text: ` · cannot report: ${turn.unreported.join(", ")}` }));
        return el("section", { class: `turn${failing}`, "aria-label": `turn ${turn.turn}` }, head);
      },
    });
    const cont = () => el("section", { class: `turn cont${failing}`, "aria-label": `turn ${turn.turn}, continued` }, el("h4", {}, `Turn ${turn.turn}`, el("span", { class: "note", text: " · continued" })));
    turn.events.forEach((e, index) => {
      items.push({
        cont,
        make: () => el("li", { class: `event ${e.cat}${e.ok === false ? " failed" : ""}` },
          el("span", { class: `chip ${e.cat}`, text: e.cat }), " ",
          el("strong", { text: e.label }), " ",
          el("code", { text: e.what }),
          e.ms === null ? null : el("span", { class: "note", text: ` · ${e.ms} ms` }),
          e.ok === false ? el("span", { class: "badge fail", text: " failed" }) : null,
          e.detail ? eventDetail(input, position, index, e.label) : null,
          e.cat === "edit" ? editDiff(e.diff) : null),
      });
    });
    if (turn.events.length === 0) items.push({ cont, make: () => el("li", { class: "note", text: "no events" }) });
  });
  lists();
  transcriptSteps.set(items);
  transcriptDrawn = { input, failing };
  lastVerdict = transcriptVerdict(input, passed, results);
}

const transcriptVerdict = (input, passed, results) => ({ kind: "transcript", harness: input.harness, passed, assertions: results.map(({ text, pass, message, turn }) => ({ assertion: text, turn, pass, message })) });

function toPattern(line) {
  const m = /^\/(.*)\/([a-z]*)$/.exec(line);
  return m ? new RegExp(m[1], m[2]) : line;
}

/** Ranges [start, end, cls] of the hits to highlight in `text`. */
function hits(text, texts, patterns, caseSensitive) {
  const out = [];
  const hay = caseSensitive ? text : text.toLowerCase();
  for (const t of texts) {
    const needle = caseSensitive ? t : t.toLowerCase();
    for (let i = hay.indexOf(needle); needle && i !== -1 && out.length < 5000; i = hay.indexOf(needle, i + needle.length)) out.push([i, i + needle.length, "text-hit"]);
  }
  for (const p of patterns) {
    let re;
    try {
      const base = p instanceof RegExp ? p : new RegExp(p);
      const flags = new Set([...base.flags.replace(/[gy]/g, ""), "g", "m", ...(caseSensitive ? [] : ["i"])]);
      re = new RegExp(base.source, [...flags].join(""));
    } catch {
      continue; // the package reports the pattern; the highlight is only a help
    }
    for (const m of text.matchAll(re)) {
      if (out.length >= 5000) break;
      if (m[0].length) out.push([m.index, m.index + m[0].length, "pattern-hit"]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

function drawResponse(input, v) {
  const { checks } = v;
  const texts = lines("texts");
  const patterns = lines("patterns").map(toPattern);
  const caseSensitive = $("caseSensitive").checked;
  const passed = checks.length > 0 && checks.every(([, r]) => r.pass);
  clearVerdict();
  const failing = checks.filter(([, r]) => !r.pass);
  const why = checks.length === 0 ? "no checks: write an expected text or pattern." : failing.map(([name, r]) => `${name}: ${r.message}`).join("; ");
  setVerdict(passed, `${checks.filter(([, r]) => r.pass).length} of ${checks.length} check(s) pass · ${input.textLength} character(s) of text${input.isError ? " · isError: true" : ""}`, why);
  if (checks.length === 0) $("counts").textContent += " · write an expected text or pattern";
  for (const [name, r] of checks) {
    $("response-results").append(el("li", { class: r.pass ? "pass" : "fail" }, el("span", { class: "badge", text: r.pass ? "✓ pass" : "✗ fail" }), " ", el("code", { text: name }), el("div", { class: "message", text: r.message })));
  }
  const pre = $("response-text");
  const shown = input.text;
  let at = 0;
  for (const [s, e, cls] of hits(shown, texts, patterns, caseSensitive)) {
    if (s < at) continue;
    pre.append(shown.slice(at, s), el("mark", { class: cls, text: shown.slice(s, e) }));
    at = e;
  }
  pre.append(shown.slice(at));
  const media = mediaOf({ content: input.media });
  if (media) $("response-media").append(media);
  if (shown.length < input.textLength) pre.append(el("span", { class: "note", text: `\n… ${input.textLength - shown.length} more characters` }));
  lastVerdict = { kind: "response", passed, checks: checks.map(([name, r]) => ({ check: name, ...r })), isError: input.isError };
}

// ---------- eval datasets ----------

/** Lists the dataset's cases; keeps the picked case when it is still there. */
function fillCases(dataset) {
  const select = $("case");
  const wanted = pendingCase ?? select.value;
  pendingCase = null;
  select.replaceChildren(...dataset.cases.map((c) => Object.assign(new Option(c.id, c.id), { title: c.description ?? "" })));
  select.value = dataset.cases.some((c) => c.id === wanted) ? wanted : (dataset.cases[0]?.id ?? "");
}

/** The stored snapshot texts for a dataset: those bundled with it, else none. */
function snapshotsFor(dataset) {
  const bundled = DATASETS[source.example] ?? Object.values(DATASETS).find((d) => d.dataset.name === dataset.name);
  return bundled?.snapshots ?? {};
}

/**
 * An expectation's message, with the reasons of its parts when it only counts them
 * (`passesJudge` with several judges: "0/2 judges passed: … no judge function supplied").
 */
function expectationMessage(r) {
  const parts = r.details?.judgeResults;
  if (!Array.isArray(parts) || r.pass) return r.message;
  const reasons = [...new Set(parts.filter((j) => !j.pass && j.message).map((j) => j.message))];
  return reasons.length ? `${r.message}: ${reasons.join("; ")}` : r.message;
}

/** `evaluateExpectations` of case `c` on `response`, by the engine that read the dataset. */
function judgeCase(c, response, dataset) {
  return new Promise((resolve, reject) => {
    request({ op: "case", expect: c.expect ?? {}, response, snapshots: snapshotsFor(dataset) }, loadedWhere, (reply) => (reply.ok ? resolve(reply.results) : reject(new Error(reply.error))));
  });
}

/**
 * Every case of the loaded dataset judged on its recorded response, as rows of
 * the runs table; `recorded` is the outcome the case expects
 * (`metadata.expectPass`, when it says), so "differs" lists the cases that
 * did not come out as expected.
 */
async function judgeAllCases() {
  const { dataset } = loaded;
  const rows = [];
  for (const c of dataset.cases) {
    const recording = recordingOf(c);
    const row = { name: `${dataset.name} · ${c.id}`, kind: "dataset case", format: recording ?? "", calls: null, verdict: "—", recorded: typeof c.metadata?.expectPass === "boolean" ? c.metadata.expectPass : null, why: "" };
    if (!recording) {
      rows.push({ ...row, why: "no recorded response bundled: open the case and paste one" });
      continue;
    }
    try {
      const results = await judgeCase(c, JSON.parse(await readBundled(recording)), dataset);
      const entries = Object.entries(results);
      const failing = entries.filter(([, r]) => !r.pass);
      rows.push({ ...row, verdict: entries.length > 0 && failing.length === 0 ? "PASS" : "FAIL", why: entries.length === 0 ? "no expectations" : failing.map(([name, r]) => `${name}: ${expectationMessage(r)}`).join("; ") });
    } catch (e) {
      rows.push({ ...row, verdict: "ERROR", why: describeError(e) });
    }
  }
  runs = [];
  runSort = { key: "", dir: 1 };
  runRows = rows;
  drawRuns();
  $("runs-section").hidden = false;
  document.body.dataset.casesJudged = String(rows.length);
}

function evaluateDataset(input) {
  const { dataset } = input;
  const id = $("case").value;
  const c = dataset.cases.find((x) => x.id === id);
  // The same case judged again (a pasted response being typed): its last verdict stays until the new one.
  const same = lastVerdict?.kind === "dataset" && lastVerdict.dataset === dataset.name && lastVerdict.case === id;
  if (!same) clearVerdict();
  if (!c) {
    setVerdict(false, "pick a case", "no case picked.");
    return;
  }
  const recording = recordingOf(c);
  $("case-about").textContent = `${c.description ?? ""}${c.toolName ? ` · tool ${c.toolName}` : ""}${c.mode ? ` · mode ${c.mode}` : ""}${recording ? ` · recorded response: ${recording}` : " · no recorded response bundled: paste one"}`;
  const pasted = $("case-response").value.trim();
  const runId = ++datasetRun;
  document.body.dataset.caseEvaluated = "";
  if (!same) {
    setVerdict(false, "evaluating…");
    $("why").textContent = "";
    $("verdict").textContent = "…";
    $("verdict").className = "verdict";
  }
  (async () => {
    let response, from;
    if (pasted) {
      response = parseField(pasted, "the pasted response");
      if (!isCallToolResult(response)) throw new Error("the pasted response is not a CallToolResult (no content array)");
      from = "the pasted response";
    } else if (recording) {
      response = JSON.parse(await readBundled(recording));
      from = `the recorded response ${recording}`;
    } else {
      throw new Error(`Case ${c.id}: no recorded response bundled for it; paste a CallToolResult to judge.`);
    }
    const results = await judgeCase(c, response, dataset);
    return { response, from, results };
  })().then(
    ({ from, results }) => {
      if (runId !== datasetRun) return;
      setStale(false);
      $("error").textContent = "";
      const entries = Object.entries(results);
      const passed = entries.length > 0 && entries.every(([, r]) => r.pass);
      const failing = entries.filter(([, r]) => !r.pass);
      const why = entries.length === 0 ? "the case has no expectations." : failing.map(([name, r]) => `${name}: ${expectationMessage(r)}`).join("; ");
      setVerdict(passed, `case ${c.id}: ${entries.filter(([, r]) => r.pass).length} of ${entries.length} expectation(s) pass · judged against ${from}`, why);
      if (entries.length === 0) $("counts").textContent += " · the case has no expectations";
      const list = $("expectation-results");
      list.replaceChildren();
      for (const [name, r] of entries) {
        list.append(el("li", { class: r.pass ? "pass" : "fail", "data-expectation": name }, el("span", { class: "badge", text: r.pass ? "✓ pass" : "✗ fail" }), " ", el("code", { text: name }), el("div", { class: "message", text: expectationMessage(r) })));
      }
      lastVerdict = { kind: "dataset", dataset: dataset.name, case: c.id, response: from, passed, expectations: results };
      document.body.dataset.caseEvaluated = c.id;
    },
    (e) => {
      if (runId !== datasetRun) return;
      // A half-typed pasted response: the last verdict on this case stays, dimmed, as for other expectations.
      if (same) setStale(true);
      else clearVerdict();
      $("error").textContent = describeError(e);
      document.body.dataset.caseEvaluated = c.id;
    },
  );
}

/** The input's file name for a written test: the picked file or example, else a name by kind. */
function fileName(kind) {
  const name = (source.file ?? source.example ?? "").split("/").pop();
  if (name && !BUNDLED.expectations.includes(source.example)) return name;
  return { trace: "trace.json", transcript: "transcript.jsonl", response: "response.json" }[kind];
}

// ---------- state in the URL fragment ----------
// `#<JSON>` while short; past PLAIN_LINK_LIMIT characters `#z:<base64url of the
// deflate-raw compressed JSON>` (CompressionStream, in every current browser).
// An input whose compressed link would pass LINK_LIMIT is left out and the link
// says so (`inputOmitted`): opening it never shows another input's verdict.

const PLAIN_LINK_LIMIT = 2000;
const LINK_LIMIT = 60000; // characters of the compressed fragment
let linkNote = ""; // what the last saved link left out
let saving = 0;

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function inflate(b64) {
  try {
    const bin = atob(b64.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return await new Response(stream).text();
  } catch {
    // (The stream's own error reads "Failed to fetch": nothing is fetched.)
    throw new Error("its compressed state does not decompress");
  }
}

async function fragment(state) {
  const json = JSON.stringify(state);
  const plain = encodeURIComponent(json);
  return plain.length <= PLAIN_LINK_LIMIT ? plain : `z:${await deflate(json)}`;
}

function expectationsState() {
  return {
    expected: getExpected(),
    options: options(),
    assertions: $("assertions").value,
    texts: $("texts").value,
    patterns: $("patterns").value,
    caseSensitive: $("caseSensitive").checked,
  };
}

function saveState() {
  const state = { example: source.example, readAs: $("readAs").value, ...expectationsState() };
  if (loaded?.kind === "dataset") Object.assign(state, { case: $("case").value, caseResponse: $("case-response").value });
  const input = getInput();
  // Expected calls too big for any link (a 50,000-call trace's own) are left out of it.
  const omitted = state.expected.length > 20 * LINK_LIMIT ? state.expected.length : 0;
  if (omitted) {
    delete state.expected;
    state.expectedOmitted = { characters: omitted };
  }
  const run = ++saving;
  // A big state in a task of its own, after the verdict is drawn (compressing it takes a while).
  const save = async () => {
    if (run !== saving) return;
    let hash;
    linkNote = omitted ? `The expected calls (${omitted} characters) are too big for a link: it keeps the options only.` : "";
    if (!source.example) {
      hash = typeof input !== "string" || input.length > 20 * LINK_LIMIT ? "" : await fragment({ ...state, input });
      if (hash === "" || hash.length > LINK_LIMIT) {
        hash = await fragment({ ...state, inputOmitted: { characters: input.length } });
        linkNote = `The input (${input.length} characters) is too big for a link: the link keeps the expectations only. Export saves the verdict with its input as a file to share.${linkNote ? ` ${linkNote}` : ""}`;
      }
    } else {
      hash = await fragment(state);
    }
    if (run === saving) history.replaceState(null, "", `${location.pathname}${location.search}#${hash}`);
  };
  if (input.length + (state.expected?.length ?? 0) < SMALL) save().catch(() => {});
  else setTimeout(() => save().catch(() => {}), 0);
}

async function stateFromHash() {
  try {
    const h = location.hash.slice(1);
    if (h === "") return null;
    const saved = JSON.parse(h.startsWith("z:") ? await inflate(h.slice(2)) : decodeURIComponent(h));
    if (saved === null || typeof saved !== "object" || Array.isArray(saved)) throw new Error("it holds no page state");
    return saved;
  } catch (e) {
    // A link cut short or changed: said, never replaced by another input's verdict.
    return { broken: e.message };
  }
}

/** A link's "Read as" (one of the choices, else "detect"): chosen by the user unless it is "detect". */
function restoreReadAs(saved) {
  const readAs = [...$("readAs").options].some((o) => o.value === saved.readAs) ? saved.readAs : "auto";
  $("readAs").value = readAs;
  readAsBy = readAs === "auto" ? "page" : "user";
}

function restore(saved) {
  if (typeof saved.expected === "string") setExpected(saved.expected);
  if (saved.options) setOptions(saved.options);
  for (const id of ["assertions", "texts", "patterns"]) if (typeof saved[id] === "string") $(id).value = saved[id];
  if (typeof saved.caseSensitive === "boolean") $("caseSensitive").checked = saved.caseSensitive;
  if (typeof saved.caseResponse === "string") $("case-response").value = saved.caseResponse;
  if (typeof saved.case === "string") {
    pendingCase = saved.case;
    if ([...$("case").options].some((o) => o.value === saved.case)) {
      $("case").value = saved.case;
      pendingCase = null;
    }
  }
}

// ---------- scheduling: evaluate at once while that is cheap, else debounce ----------

const timing = { load: 0, judge: 0 };
let timer = null;
let busy = false; // an evaluation is under way (in the worker)
let again = false; // something changed meanwhile: evaluate again when it ends
let idle = []; // callbacks for when no evaluation is under way

/**
 * Evaluates now, or, while one is under way, once it ends (one at a time: the
 * worker never queues a judgement per keystroke). `body[data-evaluations]`
 * counts the evaluations done (the settled ones); `body[data-pending]` is
 * "true" while one is under way or waits for a pause in typing.
 */
function run() {
  timer = null;
  if (busy) {
    again = true;
    return;
  }
  busy = true;
  again = false;
  document.body.dataset.pending = "true";
  const started = performance.now();
  evaluate(() => {
    busy = false;
    setBusy("");
    if (again) return run();
    // Counted once settled (an evaluation overtaken by a newer change is not).
    const n = Number(document.body.dataset.evaluations ?? 0) + 1;
    document.body.dataset.evaluations = String(n);
    // (A message of the user's last action, shown meanwhile, stays: a click's blur starts an evaluation.)
    if (noticeAt < started) $("timing").textContent = `Read in ${timing.load.toFixed(1)} ms, judged in ${timing.judge.toFixed(1)} ms${loadedWhere === "worker" ? " (in the worker)" : ""}.`;
    if (timer === null) document.body.dataset.pending = "false";
    for (const f of idle.splice(0)) f();
  });
}

/** Resolves once no evaluation is under way. */
const whenIdle = () => new Promise((resolve) => (busy || timer !== null ? idle.push(resolve) : resolve()));
const QUIET = 400; // ms with no evaluation under way or waiting before whenQuiet's work starts
/** Calls `f` once no evaluation has been under way or waiting for QUIET ms. */
function whenQuiet(f) {
  setTimeout(() => (busy || timer !== null ? whenIdle().then(() => whenQuiet(f)) : f()), QUIET);
}
const SMALL = 200000; // characters of input + expectations judged at once on every keystroke
/**
 * Small inputs are judged on every keystroke, and so is every edit of the
 * expectations of an input kept in the worker: run() keeps one judgement in
 * flight and only the newest edit waiting, so typing never queues judgements,
 * and the page stays free while the worker judges (a pause in typing waited
 * for made a 50,000-call trace's keystroke cost 0.4-0.7 s where judging it
 * takes 30-80 ms). Typing in a large input itself, or in the expectations of a
 * large input read in the page, is judged after a pause that grows with the
 * measured cost of the last run. (A picked option or a ticked box is judged at
 * once: wire().)
 */
function schedule(inputChanged) {
  if (timer !== null) clearTimeout(timer);
  const cost = timing.judge + (inputChanged ? timing.load : 0);
  if (getInput().length + getExpected().length < SMALL || (!inputChanged && loadedWhere === "worker")) run();
  else {
    document.body.dataset.pending = "true";
    timer = setTimeout(run, Math.min(800, 150 + 2 * cost));
  }
}

// ---------- examples, files, drop ----------

function fillExamples() {
  const select = $("example");
  select.append(new Option("— your own input —", ""));
  const group = (label, values, text = (v) => v) => {
    const g = el("optgroup", { label });
    for (const v of values) g.append(new Option(text(v), v));
    select.append(g);
  };
  group("Expectations (trace + expected calls)", BUNDLED.expectations);
  group("Traces", BUNDLED.trace, (p) => p.replace(/^(examples|tests\/fixtures)\/traces\//, ""));
  group("Transcripts", BUNDLED.transcript, (p) => p.replace(/^tests\/fixtures\/transcripts\//, ""));
  group("Tool responses", BUNDLED.response, (p) => p.replace(/^tests\/fixtures\/responses\//, ""));
  group("Eval datasets", Object.keys(DATASETS));
}

function kindOfExample(value) {
  if (DATASETS[value]) return "dataset";
  return KINDS.find((k) => BUNDLED[k]?.includes(value)) ?? null;
}

async function loadExample(value) {
  closeRuns();
  source = { example: value };
  formatPrefix = "";
  try {
    if (BUNDLED.expectations.includes(value)) {
      const spec = JSON.parse(await readBundled(`examples/expectations/${value}.json`));
      setInput(await readBundled(`examples/${spec.trace}`));
      $("readAs").value = "auto";
      readAsBy = "page";
      applyExpectations(spec);
      expectationsFor = getInput();
    } else {
      const kind = kindOfExample(value);
      if (!kind) return;
      setInput(await readBundled(value));
      $("readAs").value = kind;
      readAsBy = "example";
      $("case-response").value = "";
      loadedKey = "";
      freshNext = true;
      expectationsFor = getInput();
    }
  } catch (e) {
    $("error").textContent = `Could not load the example ${value}: ${e.message}`;
    return;
  }
  run();
}

// The package reads a trace or tool response of at most 32 Mi UTF-16 code units
// per call (the README's Limits: `MAX_PAYLOAD`) and a transcript's JSON lines of
// any length; the page reads files up to MAX_INPUT bytes (read in the worker, so
// the page never freezes), and a larger one is told at once, before reading it.
// `?maxInput=BYTES` lowers it (the tests check the refusal without building a 512 MiB file).
const MAX_INPUT = Math.min(512 * 1024 * 1024, Number(new URLSearchParams(typeof location !== "undefined" ? location.search : "").get("maxInput")) || Infinity);

// ---------- many runs at once ----------

let runs = []; // the runs of the last batch (for "open")
let runRows = []; // their verdicts
let runSort = { key: "", dir: 1 };
let runsList = null; // the runs table's blocks

/** Loads several files (or one JSON-lines file of EvalResultInputs) as a table of runs. */
async function loadRuns(files) {
  const big = files.find((f) => f.size > MAX_INPUT);
  if (big) {
    $("runs-note").textContent = `${big.name} is ${(big.size / 1048576).toFixed(1)} MiB: over the ${MAX_INPUT / 1048576} MiB the viewer reads; left out.`;
  }
  const read = await Promise.all(files.filter((f) => f !== big).map(async (f) => ({ name: f.name, text: await f.text() })));
  judgeRuns(read, placeFor(read.reduce((n, f) => n + f.text.length, 0)), true);
}

let batch = null; // { files, where } of the runs table (judged again when "keep my expectations" changes)

/**
 * Judges the runs in `files` (`[{ name, text }]` or `[{ name, file }]`, read in `where`)
 * on their own expectations or the kept ones, and shows the table.
 */
function judgeRuns(files, where, fresh) {
  const mine = (batch = { files, where });
  request({ op: "runs", files, shared: sharedExpectations() }, where, (reply) => {
    if (batch !== mine) return; // a newer batch
    if (!reply.ok) {
      $("runs-note").textContent = reply.error;
      return;
    }
    showRuns(reply.runs, reply.rows, fresh);
  });
}

function sharedExpectations() {
  if (!$("keep-expectations").checked) return null;
  try {
    return { expected: JSON.parse(getExpected()), options: options() };
  } catch {
    return null;
  }
}

/**
 * The runs table of `list`, judged (engine.js judgeRun) as `rows`. A new batch
 * (`fresh`) shows in its own order, and the single-run view below it is cleared
 * (until a run is opened there, it would show the input loaded before).
 */
function showRuns(list, rows, fresh = true) {
  runs = list;
  runRows = rows;
  if (fresh) {
    runSort = { key: "", dir: 1 };
    clearVerdict();
    $("error").textContent = "";
    $("notes").replaceChildren();
    $("format").textContent = `${rows.length} run(s) in the table above: open one to see it here.`;
    for (const k of KINDS) $(`verdict-${k}`).hidden = true; // shown again by the next verdict (showKind)
  }
  drawRuns();
  $("runs-section").hidden = false;
  if (fresh) $("runs-section").scrollIntoView({ block: "start" });
}

function drawRuns() {
  const filter = $("runs-filter").value;
  const keep = (r) => filter === "all" || (filter === "differs" ? r.recorded !== null && (r.verdict === "PASS") !== r.recorded : r.verdict === filter);
  const order = runRows.map((r, i) => ({ r, i })).filter(({ r }) => keep(r));
  if (runSort.key) order.sort((a, b) => (String(a.r[runSort.key] ?? "") < String(b.r[runSort.key] ?? "") ? -1 : String(a.r[runSort.key] ?? "") > String(b.r[runSort.key] ?? "") ? 1 : 0) * runSort.dir);
  // Drawn in blocks near the screen, like the alignment (a JSON-lines file may hold thousands of runs).
  runsList ??= new BlockList($("runs"), {
    size: BLOCK,
    estimate: 32,
    draw: (entries) => el("tbody", {}, ...entries.map(({ r, i }) => {
      const tr = el("tr", { class: `run ${r.verdict.toLowerCase()}` });
      const open = runs[i] ? el("button", { type: "button", class: "open-run", "data-run": String(i), text: "open" }) : null;
      tr.append(el("td", {}, open, " ", el("span", { text: r.name })), el("td", { text: r.format ? `${r.kind} · ${r.format}` : r.kind }), el("td", { text: r.calls ?? "" }),
        el("td", { class: "run-verdict", text: r.verdict }), el("td", { text: r.recorded === null ? "" : r.recorded ? "passed" : "failed" }), el("td", { class: "note", text: r.why }));
      return tr;
    })),
    spacer: (height) => spacerRow(height, 6),
  });
  runsList.set(order);
  const counts = (v) => runRows.filter((r) => r.verdict === v).length;
  const expected = runRows.filter((r) => r.recorded !== null && (r.verdict === "PASS" || r.verdict === "FAIL"));
  const asRecorded = expected.filter((r) => (r.verdict === "PASS") === r.recorded).length;
  $("runs-summary").textContent = `${runRows.length} run(s): ${counts("PASS")} pass, ${counts("FAIL")} fail, ${counts("ERROR")} unreadable, ${counts("—")} not judged${expected.length ? ` · ${asRecorded} of ${expected.length} as recorded or expected` : ""}${order.length < runRows.length ? ` · ${order.length} shown` : ""}.`;
}

/** Opens run `i` of the table in the single-run view, with its own expectations when it records them. */
function openRun(i) {
  const r = runs[i];
  source = { example: "", file: r.name };
  formatPrefix = "";
  $("example").value = "";
  $("readAs").value = r.result ? "trace" : "auto";
  readAsBy = "page";
  setInput(r.text);
  if (r.result && Array.isArray(r.result.expectedToolCalls)) {
    $("expect-origin").hidden = true; // the run's recorded expectations
    setExpected(JSON.stringify(r.result.expectedToolCalls.map((c) => ({ toolName: c.toolName, arguments: c.arguments ?? {} })), null, 2));
    setOptions({ ...(r.result.matchOptions ?? {}), isNegativeTest: r.result.isNegativeTest === true });
    expectationsFor = r.text;
  }
  run();
  $("verdict-section").scrollIntoView({ block: "start" });
}

async function loadFile(file) {
  if (file.size > MAX_INPUT) {
    clearVerdict();
    showKind(null);
    $("format").textContent = "";
    $("error").textContent = `${file.name} is ${(file.size / 1048576).toFixed(1)} MiB: the viewer reads at most ${MAX_INPUT / 1048576} MiB (traces at most 32 MiB per call, transcripts' JSON lines of any length: README, Limits). Split the run (e.g. one JSON line per file) or judge it with the package in Node.`;
    return;
  }
  if (file.size > BIG && placeFor(file.size) === "worker") return loadBigFile(file);
  const text = await file.text();
  // One JSON-lines file of EvalResultInputs is many runs (told from its first line, in the worker when big).
  const where = placeFor(text.length);
  // To the worker the File itself crosses (it reads the text there), not a copy of its text.
  const files = [where === "worker" ? { name: file.name, file } : { name: file.name, text }];
  const reply = await new Promise((resolve) => request({ op: "runs", files, shared: sharedExpectations(), many: true }, where, resolve));
  if (reply.ok && reply.runs.length > 1) {
    batch = { files, where };
    showRuns(reply.runs, reply.rows);
    return;
  }
  let spec = null;
  // An expectations file is one small JSON object with an `expected` list (told without reading the input).
  if (text.length < BIG && /^\s*\{/.test(text)) {
    try {
      const v = JSON.parse(text);
      if (v && typeof v === "object" && Array.isArray(v.expected)) spec = v;
    } catch {
      // not JSON: shown as the input below, with the reason it cannot be read
    }
  }
  if (spec) {
    // An expectations file sets what is expected and keeps the loaded trace (or loads the bundled one it names).
    applyExpectations(spec);
    const bundled = typeof spec.trace === "string" ? `examples/${spec.trace}` : "";
    if (BUNDLED.trace.includes(bundled)) {
      setInput(await readBundled(bundled));
      expectationsFor = getInput();
      source = { example: "" };
      $("example").value = "";
      $("readAs").value = "auto";
      readAsBy = "page";
    }
    formatPrefix = `${file.name}: expected calls and options set. `;
    run();
    return;
  }
  useFile(file, text, { file, text });
}

/** A single input loaded: the runs table of an earlier batch or dataset goes (it is not about it). */
function closeRuns() {
  if (document.getElementById("report-data")) return; // a report page is its table
  $("runs-section").hidden = true;
  batch = null;
}

/** `input` (the text of `file`, or a FileInput of it) as the one input, read as "auto", then judged. */
function useFile(file, input, pick) {
  closeRuns();
  source = { example: "", file: file.name };
  formatPrefix = `${file.name}: `;
  $("example").value = "";
  $("readAs").value = "auto";
  readAsBy = "page";
  // A picked or dropped file is a new input, however much it shares with the last one
  // (two runs of one agent): it starts from what happened in it unless "keep" is ticked.
  // (Read again even when its text is the loaded one: a text area gives CRLF text as LF.)
  if (!$("keep-expectations").checked) freshNext = true;
  loadedKey = "";
  setInput(input);
  $("case-response").value = "";
  picked = pick;
  run();
}

/**
 * A file past BIG bytes: the worker reads it (is it many runs? then the run),
 * the page reads only its start for the preview, never its whole text. (An
 * expectations file is a small JSON object: never this big.)
 */
async function loadBigFile(file) {
  const files = [{ name: file.name, file }];
  const reply = await new Promise((resolve) => request({ op: "runs", files, shared: sharedExpectations(), many: true }, "worker", resolve));
  if (reply.ok && reply.runs.length > 1) {
    batch = { files, where: "worker" };
    showRuns(reply.runs, reply.rows);
    return;
  }
  // PREVIEW characters take at most 4 bytes each (UTF-8): a cut character falls after them.
  const start = (await file.slice(0, 4 * PREVIEW + 3).text()).slice(0, PREVIEW);
  useFile(file, new FileInput(file, start), null);
}

const PROBLEMS = "#assertion-results li.fail, #assertion-results li.error, #response-results li.fail, #expectation-results li.fail";
let problemAt = -1;

/**
 * The failing rows and results: the alignment's from its list (drawn or not:
 * the row is drawn when it is reached), the others from the page.
 */
function problems() {
  if (!$("verdict-trace").hidden && alignList) {
    return alignList.items.flatMap((x, i) => (x.cls === "paired" ? [] : [() => alignList.reveal(i)?.querySelector(`tr[data-entry="${i}"]`)]));
  }
  return [...document.querySelectorAll(PROBLEMS)].filter((x) => x.offsetParent !== null).map((x) => () => x);
}

/** Moves to the next failing row or result (wrapping), scrolled into view and focused. */
function nextProblem() {
  const all = problems();
  document.querySelector(".current-problem")?.classList.remove("current-problem");
  if (all.length === 0) {
    $("timing").textContent = "No problem to show.";
    return;
  }
  problemAt = (problemAt + 1) % all.length;
  const x = all[problemAt]();
  if (!x) return;
  x.classList.add("current-problem");
  x.tabIndex = -1;
  x.scrollIntoView({ block: "center" });
  x.focus();
  notice(`Problem ${problemAt + 1} of ${all.length}.`);
}

let noticeAt = -1; // when the last message of a user's action (copy, next problem) was shown
/** Shows what a user's action did where the timing goes; an evaluation ending later leaves it. */
function notice(text) {
  noticeAt = performance.now();
  $("timing").textContent = text;
}

/**
 * Puts `text` on the clipboard; rejects when the browser refuses, or gives no
 * answer within 2 s (a page that lost focus can leave the promise pending).
 */
function toClipboard(text) {
  return Promise.race([
    navigator.clipboard.writeText(text),
    new Promise((_, reject) => setTimeout(() => reject(new Error("no answer from the clipboard")), 2000)),
  ]);
}

function wire() {
  $("example").addEventListener("change", () => {
    if ($("example").value) loadExample($("example").value);
  });
  const typedInput = () => {
    source = { example: "" };
    formatPrefix = "";
    $("example").value = "";
    // A paste over the input (not an edit of it) closes an earlier batch's table, and over an
    // example's input it is read as what it is, not as the example's kind.
    if (replaced(expectationsFor, getInput())) {
      closeRuns();
      if (readAsBy === "example") {
        $("readAs").value = "auto";
        readAsBy = "page";
      }
    }
    schedule(true);
  };
  // A paste past BIG characters goes straight to memory (kept out of the text area: inserted
  // there, 2.7 MB cost a task of a second and every later keystroke most of one).
  $("trace").addEventListener("paste", (e) => {
    const text = e.clipboardData?.getData("text/plain") ?? "";
    if (text.length <= BIG) return;
    e.preventDefault();
    setInput(text);
    typedInput();
  });
  $("trace").addEventListener("input", () => {
    // Typing replaces the input that was kept out of the page; text put there past BIG
    // characters (not by a paste: a script, a drop of text) is kept out in turn.
    if (inputBox.isKept()) inputBox.drop();
    else if ($("trace").value.length > BIG) setInput($("trace").value);
    typedInput();
  });
  $("expected").addEventListener("input", () => {
    // Typing replaces the expected calls that were kept out of the page.
    if (expectedBox.isKept()) expectedBox.drop();
  });
  // Edited (an option included): no longer the run's own, which passes as is.
  for (const id of ["expected", "assertions", "texts", "patterns", "toolCallOrder", "argumentMatching", "maxExtraToolCalls", "isNegativeTest", "caseSensitive"]) {
    $(id).addEventListener("input", () => ($("expect-origin").hidden = true));
  }
  $("expected-edit").addEventListener("click", () => {
    const text = getExpected();
    expectedBox.drop();
    $("expected").value = text;
  });
  for (const id of ["expected", "toolCallOrder", "argumentMatching", "maxExtraToolCalls", "isNegativeTest", "assertions", "texts", "patterns", "caseSensitive", "case", "case-response"]) {
    // A picked option or a ticked box is one change, not typing: judged at once (a select fires "input" and "change": one judgement).
    const discrete = $(id).tagName === "SELECT" || $(id).type === "checkbox";
    const then = discrete ? () => {
      if (timer !== null) clearTimeout(timer);
      run();
    } : () => schedule(false);
    $(id).addEventListener("input", then);
    $(id).addEventListener("change", then);
  }
  $("readAs").addEventListener("change", () => {
    readAsBy = "user";
    run();
  });
  $("file").addEventListener("change", () => {
    const files = [...$("file").files];
    if (files.length > 1) loadRuns(files);
    else if (files[0]) loadFile(files[0]);
  });
  $("runs-filter").addEventListener("change", drawRuns);
  // The runs table judged again on the kept expectations (ticked) or each run's own (not).
  $("keep-expectations").addEventListener("change", () => {
    if (batch && !$("runs-section").hidden) judgeRuns(batch.files, batch.where, false);
  });
  $("judge-all").addEventListener("click", () => loaded?.kind === "dataset" && judgeAllCases());
  $("runs").addEventListener("click", (e) => {
    const open = e.target.closest("button.open-run");
    if (open) return openRun(Number(open.dataset.run));
    const th = e.target.closest("th[data-key]");
    if (th) {
      runSort = { key: th.dataset.key, dir: runSort.key === th.dataset.key ? -runSort.dir : 1 };
      drawRuns();
    }
  });
  // A file dropped anywhere on the page is loaded; dragged text still drops into the text areas.
  const drop = $("drop");
  const hasFile = (e) => [...(e.dataTransfer?.types ?? [])].includes("Files");
  document.addEventListener("dragover", (e) => {
    if (!hasFile(e)) return;
    e.preventDefault();
    drop.classList.add("over");
  });
  document.addEventListener("dragleave", () => drop.classList.remove("over"));
  document.addEventListener("drop", (e) => {
    drop.classList.remove("over");
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    e.preventDefault();
    if (files.length > 1) loadRuns(files);
    else loadFile(files[0]);
  });
  for (const id of ["row-filter", "row-search"]) $(id).addEventListener("input", () => schedule(false));
  $("next-problem").addEventListener("click", nextProblem);
  // Keyboard: n = next problem, / = search the calls (outside text fields).
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName ?? "")) return;
    if (e.key === "n") {
      e.preventDefault();
      nextProblem();
    } else if (e.key === "/" && !$("verdict-trace").hidden) {
      e.preventDefault();
      $("row-search").focus();
    }
  });
  $("export").addEventListener("click", async () => {
    // The verdict (or the error in its place), the expectations and the input.
    const verdict = lastVerdict ?? { kind: loaded?.kind ?? null, passed: null };
    const error = $("error").textContent;
    const stale = !$("stale").hidden;
    const expectations = expectationsState();
    const readAs = $("readAs").value;
    const input = getInput();
    const out = { ...verdict, ...(error ? { error } : {}), stale, expectations, input: { readAs, text: typeof input === "string" ? input : await input.text() } };
    const blob = new Blob([JSON.stringify(out, null, 2)], { type: "application/json" });
    const a = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: "verdict.json" });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $("copy-test").addEventListener("click", async () => {
    const kind = loaded?.kind;
    if (!["trace", "transcript", "response"].includes(kind)) {
      $("timing").textContent = "Copy as test works on a trace, a transcript or a tool response.";
      return;
    }
    const file = fileName(kind);
    const o = options();
    const changed = Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== ({ ...MATCH_OPTIONS_DEFAULTS, isNegativeTest: false })[k]));
    let text;
    try {
      text = testSource({ kind, file, expected: kind === "trace" ? parseField(getExpected(), "the expected calls", "a JSON array of calls; [] expects none") : undefined, options: changed, assertions: $("assertions").value, texts: lines("texts"), patterns: lines("patterns"), caseSensitive: $("caseSensitive").checked });
    } catch (e) {
      notice(`Copy as test: ${e.message}`);
      return;
    }
    $("test-source").textContent = text;
    $("test-file").textContent = file;
    $("test-box").hidden = false;
    $("test-box").open = true;
    try {
      await toClipboard(text);
      notice(`Test copied: save it next to ${file}.`);
    } catch {
      notice(`The test is shown below: save it next to ${file}.`);
    }
  });
  $("copy-link").addEventListener("click", async () => {
    // The link holds the state last judged: while the expectations have an error, that is not what is on screen.
    const behind = !$("stale").hidden ? " It holds the last expectations that were judged: the ones on screen have an error (above)." : "";
    try {
      await toClipboard(location.href);
      notice(`Link copied.${behind}${linkNote ? ` ${linkNote}` : ""}`);
    } catch {
      notice(`Copy the address bar: it holds the state.${behind}${linkNote ? ` ${linkNote}` : ""}`);
    }
  });
}

async function main() {
  fillExamples();
  $("matcher-names").textContent = Object.keys(not).join(", ");
  wire();
  // A report written by a tool: its verdicts embedded in the page, shown without the inputs.
  const report = document.getElementById("report-data");
  if (report) {
    runs = [];
    runRows = JSON.parse(report.textContent);
    drawRuns();
    $("runs-section").hidden = false;
  }
  const saved = await stateFromHash();
  const wanted = saved ? saved.example : new URLSearchParams(location.search).get("example");
  const all = [...BUNDLED.expectations, ...BUNDLED.trace, ...BUNDLED.transcript, ...BUNDLED.response, ...Object.keys(DATASETS)];
  if (saved?.broken !== undefined || (typeof wanted === "string" && wanted !== "" && !all.includes(wanted))) {
    // Nothing is loaded: a verdict on the default example would read as this link's.
    $("example").value = "";
    $("error").textContent = saved?.broken !== undefined
      ? `This link's state could not be read (cut short or changed?): ${saved.broken}. Nothing is loaded: drop a file, pick one, paste, or choose an example.`
      : `There is no bundled example “${wanted}”. Nothing is loaded: choose one from the list, or drop, pick or paste your own input.`;
  } else if (saved && !saved.example && typeof saved.input === "string") {
    $("example").value = "";
    restoreReadAs(saved);
    setInput(saved.input);
    restore(saved);
    expectationsFor = saved.input;
    run();
    await whenIdle();
  } else if (saved && !saved.example && saved.inputOmitted) {
    // A link made for an input too big to keep in it: its expectations, and no other input's verdict.
    $("example").value = "";
    restoreReadAs(saved);
    restore(saved);
    $("keep-expectations").checked = true;
    $("error").textContent = `This link was made for an input of ${saved.inputOmitted.characters} characters, too big to keep in a link: load that file to see its verdict (its expectations are kept).`;
  } else {
    const value = wanted && all.includes(wanted) ? wanted : "anthropic.wrong-family-member";
    $("example").value = value;
    await loadExample(value);
    if (saved) {
      // The link's expectations and reader, not the example's starting ones: a read still under
      // way (in the worker) must not replace them when it lands.
      freshNext = false;
      if (typeof saved.readAs === "string") restoreReadAs(saved);
      restore(saved);
      run();
    }
    await whenIdle();
  }
  document.body.dataset.ready = "true";
}

// In the one-file build this script is also the worker's (started from a Blob URL of its own text).
if (typeof document === "undefined") serve(self);
else main();

