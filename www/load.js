// Reading what the user loads: a trace (PromptResult.fromTrace), a harness transcript
// (normalizeTranscript), an MCP CallToolResult (normalizeToolResponse), an eval
// dataset (validateEvalDataset) or an expectations file. `readInput` names what it found, or throws an Error whose
// message says plainly why nothing could read the text (with line and column
// for JSON that does not parse).
import { PromptResult, detectTraceFormat, normalizeToolResponse, normalizeTranscript, validateEvalDataset } from "../pkg/index.js";

const RESULT_KEYS = new Set(["content", "structuredContent", "isError", "_meta"]);

/**
 * Offset of the first character where `text` stops being JSON (Chromium's
 * JSON.parse messages give no position): a small recursive-descent scan.
 */
export function jsonErrorOffset(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = () => {
    throw i;
  };
  const lit = (word) => (text.startsWith(word, i) ? (i += word.length) : fail());
  function string() {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  }
  function value(depth) {
    ws();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (text[i] === close) return i++;
      for (;;) {
        ws();
        if (c === "{") {
          if (text[i] !== '"') fail();
          string();
          ws();
          if (text[i] !== ":") fail();
          i++;
        }
        value(depth + 1);
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === close) return i++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === "t") return lit("true");
    if (c === "f") return lit("false");
    if (c === "n") return lit("null");
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m[0].length;
  }
  try {
    value(0);
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    if (typeof at !== "number") throw at;
    return at;
  }
}

/** "line L, column C" of where `text` stops being JSON, or "". */
export function jsonErrorAt(text) {
  const at = jsonErrorOffset(text);
  if (at < 0) return "";
  const upTo = text.slice(0, at);
  return `line ${upTo.split("\n").length}, column ${at - upTo.lastIndexOf("\n")}`;
}

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const at = jsonErrorAt(text);
    const what = e.message.replace(/ in JSON at position[^]*$/, "").replace(/, (\.\.\.)?"[^]*$/, "").replace(/ \(line \d+ column \d+\)$/, "");
    return { error: `${at ? `${at}: ` : ""}${what}` };
  }
}

/**
 * `JSON.parse(text)` of a field the user writes (`what`: "the expected calls"),
 * throwing an Error that says where it stops being JSON ("line 3, column 18"),
 * or that it is empty (`empty`: what to write instead).
 */
export function parseField(text, what, empty = "write it as JSON") {
  if (text.trim() === "") throw new Error(`${what}: nothing is written (${empty})`);
  const p = parseJson(text);
  if (p.error !== undefined) throw new Error(`${what} is not JSON (${p.error})`);
  return p.value;
}

/** Notes for the lines of a JSON-lines text that do not parse ("line 7 is not JSON: …"). */
export function badLines(text) {
  const notes = [];
  text.split("\n").forEach((line, i) => {
    if (notes.length < 5 && /^\s*[[{]/.test(line)) {
      const p = parseJson(line);
      if (p.error) notes.push(`line ${i + 1} is not JSON (${p.error.replace(/^line 1, /, "")}): skipped or cut short`);
    }
  });
  return notes;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Whether `v` has the shape of an MCP CallToolResult: only its keys, and a
 * `content` array of blocks (objects with a string `type`), as the MCP
 * schema (2025-06-18, CallToolResult) defines it.
 */
export function isCallToolResult(v) {
  return (
    isObject(v) &&
    Array.isArray(v.content) &&
    Object.keys(v).every((k) => RESULT_KEYS.has(k)) &&
    v.content.every((b) => isObject(b) && typeof b.type === "string")
  );
}

/** Whether `v` looks like an eval dataset (`{ name, cases: [...] }`), valid or not. */
export function isDatasetShaped(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && "cases" in v && !Array.isArray(v.content);
}

/** A dataset validation error as "field.path: what is wrong". */
export function datasetError(e) {
  const message = String(e.message ?? e).replace(/ \(at [^()]*\)$/, "");
  return e.path ? `${e.path}: ${message}` : message;
}

// A trace is read in one call of at most 32 Mi characters (README, Limits);
// a transcript's JSON lines of any length are read in pieces.
const MAX_TRACE = 32 * 1024 * 1024;

function asTrace(text, json, readAs) {
  if (text.length > MAX_TRACE) return { reason: `${(text.length / 1048576).toFixed(1)} Mi characters: a trace is read in one call of at most 32 Mi (a transcript's JSON lines of any length are read)` };
  const detected = detectTraceFormat(text);
  if (detected.format === null) return { reason: detected.reason };
  // Text that is not JSON reads as a model's plain-text reply (an MCPJam trace
  // may be one); unless asked to read it as a trace, such text is not a run.
  let result = null;
  if (readAs !== "trace" && json.error && detected.format === "mcpjam") {
    result = PromptResult.fromTrace(text); // detected as mcpjam, so read once here
    const notJson = result.diagnostics.find((d) => d.code === "NOT_JSON");
    if (result.getToolCalls().length === 0) return { reason: notJson ? notJson.message : "plain text with no tool calls in it (pick “read as: trace” to judge it as a model's reply)" };
  }
  result ??= PromptResult.fromTrace(text, { format: detected.format });
  const all = result.getToolCalls();
  const calls = all.filter((c) => c.kind !== "server");
  const notes = result.diagnostics.map((d) => `${d.code} at ${d.path}: ${d.message}`);
  for (const c of all) if (c.kind === "server") notes.push(`${c.toolName} was run by the provider (a server tool), not by the agent: not judged`);
  for (const c of calls) if (c.argumentsError) notes.push(`${c.toolName} (step ${c.step}, #${c.index}): arguments unreadable (${c.argumentsError}), judged as {}`);
  return { kind: "trace", format: detected.format, result, calls, notes, ignored: result.diagnostics.some((d) => d.code === "IGNORED") };
}

function asTranscript(text) {
  try {
    const run = normalizeTranscript(text);
    if (run.harness === "unknown") return { reason: "no harness recognised" };
    return { kind: "transcript", format: run.harness, run, notes: [] };
  } catch (e) {
    return { reason: e.message };
  }
}

/** The "Read as" choices as the page names them (index.html's #readAs). */
const READ_AS = { trace: "an agent trace", transcript: "a harness transcript" };

/**
 * Reads `text` as `readAs` ("auto", "trace", "transcript", "response", "dataset").
 * @returns {{ kind: "trace"|"transcript"|"response"|"dataset"|"expectations", format: string, notes: string[], ... }}
 * @throws {Error} saying why the text could not be read.
 */
export function readInput(text, readAs = "auto") {
  // A byte order mark (a file saved by some editors, pasted): dropped, as a UTF-8 decoder drops it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") throw new Error("Nothing to read: drop a file, pick one, or paste a trace, a transcript or a tool response.");
  const json = parseJson(text);
  if (readAs === "response" || (readAs === "auto" && json.value !== undefined && isCallToolResult(json.value))) {
    if (json.error) throw new Error(`Could not read the tool response: the text is not JSON (${json.error}).`);
    if (!isCallToolResult(json.value)) throw new Error("Not a tool response: an MCP CallToolResult is an object { content: [blocks with a type], structuredContent?, isError?, _meta? }.");
    const response = normalizeToolResponse(json.value);
    const blocks = response.contentBlocks.map((b) => b.type);
    const notes = [`content: ${blocks.length ? blocks.join(", ") : "none"}${response.structuredContent !== null ? "; structuredContent present" : ""}`];
    return { kind: "response", format: "MCP CallToolResult", raw: json.value, response, notes };
  }
  if (readAs === "dataset" || (readAs === "auto" && isDatasetShaped(json.value))) {
    if (json.error) throw new Error(`Could not read the eval dataset: the text is not JSON (${json.error}).`);
    let dataset;
    try {
      dataset = validateEvalDataset(json.value);
    } catch (e) {
      throw new Error(`Not a valid eval dataset: ${datasetError(e)}`);
    }
    return { kind: "dataset", format: "eval dataset", dataset, notes: [] };
  }
  if (readAs === "auto" && json.value && typeof json.value === "object" && Array.isArray(json.value.expected)) {
    return { kind: "expectations", format: "expectations file", spec: json.value, notes: [] };
  }
  const firstLine = text.trim().split("\n", 1)[0];
  if (json.error && /^[[{]/.test(text.trim()) && parseJson(firstLine).error) {
    throw new Error(`Could not read the input: the trace is not JSON (${json.error}), nor JSON lines.`);
  }
  const trace = readAs === "transcript" ? { reason: "not tried" } : asTrace(text, json, readAs);
  // A trace with calls and no skipped records wins below whatever the transcript reader finds: not tried then.
  if (readAs === "auto" && trace.kind && trace.calls.length > 0 && !trace.ignored) return trace;
  const transcript = readAs === "trace" ? { reason: "not tried" } : asTranscript(text);
  if (json.error && transcript.kind) transcript.notes.push(...badLines(text));
  if (readAs === "trace" && trace.kind) return trace;
  if (readAs === "transcript" && transcript.kind) return transcript;
  if (readAs === "auto") {
    const events = transcript.kind ? transcript.run.events.length : -1;
    // A transcript reader that finds events wins over a trace reader that finds no
    // calls or skips records it does not know (Cursor and Codex lines look like traces).
    if (transcript.kind && (!trace.kind || (events > 0 && (trace.calls.length === 0 || trace.ignored)))) return transcript;
    if (trace.kind) return trace;
  }
  const why = [];
  if (trace.reason && trace.reason !== "not tried") why.push(`not a trace: ${trace.reason}`);
  if (transcript.reason && transcript.reason !== "not tried") why.push(`not a transcript: ${transcript.reason}`);
  if (readAs === "auto") why.push(json.value !== undefined && isObject(json.value) && Array.isArray(json.value.content) ? "not a tool response: its content is not a list of blocks with a type, or it has keys a CallToolResult does not" : "not a tool response: no content array");
  if (json.error) why.push(...badLines(text).slice(0, 1));
  if (readAs !== "auto") why.push(`read as ${READ_AS[readAs] ?? readAs} only (the “Read as” choice): choose “detect” to tell what it is`);
  throw new Error(`Could not read the input — not a trace or transcript: ${why.join("; ")}.`);
}
