// Normalises real coding-agent transcripts with the built package (../pkg)
// and runs reeval-style transcript assertions on them, printing each check's
// record ({ label, matcher, status, soft, message? }) and a summary.
//
//   node examples/transcripts.mjs                  every transcript in tests/fixtures/transcripts/
//   node examples/transcripts.mjs PATH [PATH...]   these transcript files or folders
//   options: --assertions FILE   (default: examples/transcript-assertions.json)
//            --json              print the results as JSON instead of text
//
// The assertions file lists, per transcript (by its path under
// tests/fixtures/transcripts/), the harness it must be detected as and its
// checks; each check says which status (pass, fail, error) and, optionally,
// which exact message its record must have (see the file's "format").
// A transcript without assertions is normalised and shown only.
// Exit code 0 when every record and harness is as the file says, else 1.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRecorder, normalizeTranscript } from "../pkg/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, "..", "tests", "fixtures", "transcripts");
const MAX_EVENTS = 12;
const MAX_TEXT = 70;

function parseArgs(argv) {
  const out = { paths: [], assertions: join(here, "transcript-assertions.json"), json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--json") out.json = true;
    else if (argv[i] === "--assertions") out.assertions = resolve(argv[++i] ?? "");
    else out.paths.push(resolve(argv[i]));
  }
  return out;
}

/** Transcript files (.json, .jsonl) under the given files or folders, sorted. */
function transcriptFiles(paths) {
  const walk = (p) =>
    statSync(p).isDirectory()
      ? readdirSync(p).sort().flatMap((f) => walk(join(p, f)))
      : /\.jsonl?$/.test(p) || paths.includes(p)
        ? [p]
        : [];
  return (paths.length ? paths : [fixtures]).flatMap(walk);
}

/** The name an assertion entry uses: the path under tests/fixtures/transcripts/. */
function entryName(file) {
  const rel = relative(fixtures, file);
  return rel.startsWith("..") ? relative(process.cwd(), file) : rel.split(sep).join("/");
}

/** `{ "$regex": source, "flags"? }` becomes a RegExp, in arrays and objects too. */
function revive(v) {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === "object") {
    if (typeof v.$regex === "string") return new RegExp(v.$regex, v.flags ?? "");
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  }
  return v;
}

function short(text) {
  const s = String(text ?? "").replace(/\s+/g, " ");
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

function showEvent(e) {
  const what = e.path ?? e.query ?? e.url ?? e.target ?? "";
  const ok = e.ok === undefined ? "" : e.ok ? "  ok" : "  failed";
  return `turn ${e.turn}  ${e.type.padEnd(10)} ${(e.name ?? "").padEnd(14)} ${short(what)}${ok}`;
}

/** Runs one check through the recorder; returns its record. */
function runCheck(rec, c, check) {
  const subject = check.turn === undefined ? c : c.turns[check.turn];
  const bound = (check.soft ? rec.soft : rec.expect)(subject, check.label);
  const fn = (check.not ? bound.not : bound)[check.matcher];
  const before = rec.records.length;
  if (typeof fn !== "function") {
    const r = { label: check.label ?? check.matcher, matcher: check.matcher, status: "error", soft: !!check.soft, message: `unknown matcher ${check.matcher}` };
    rec.records.push(r);
    return r;
  }
  try {
    fn(...revive(check.args ?? []));
  } catch {
    // A failed hard check or an error: the recorder has its record.
  }
  return rec.records[before];
}

/** What differs between a record and its check's expectation ("" when nothing). */
function difference(record, check) {
  const status = check.expect ?? "pass";
  if (record.status !== status) return `expected ${status}`;
  if (check.message !== undefined && record.message !== check.message) return `expected message ${JSON.stringify(check.message)}`;
  return "";
}

/** Normalises and checks one transcript; returns its result. */
function runOne(file, entry) {
  const name = entryName(file);
  const result = { file: name, harness: null, turns: 0, events: [], records: [], differences: [] };
  let c;
  try {
    c = normalizeTranscript(readFileSync(file, "utf8"), entry?.options);
  } catch (e) {
    result.differences.push(`cannot normalise: ${e.code ? `${e.code} ` : ""}${e.message}`);
    return result;
  }
  Object.assign(result, { harness: c.harness, turns: c.turns.length, events: c.events, diagnostics: c.diagnostics });
  if (entry?.harness !== undefined && entry.harness !== c.harness) {
    result.differences.push(`harness ${c.harness}, expected ${entry.harness}`);
  }
  const rec = createRecorder();
  for (const check of entry?.checks ?? []) {
    const record = runCheck(rec, c, check);
    const diff = difference(record, check);
    result.records.push({ ...record, expected: check.expect ?? "pass", ...(diff ? { differs: diff } : {}) });
    if (diff) result.differences.push(`${record.label}: ${record.status}, ${diff}`);
  }
  return result;
}

function print(result) {
  const out = [`${result.file}  (${result.harness ?? "?"}: ${result.turns} turn${result.turns === 1 ? "" : "s"}, ${result.events.length} event${result.events.length === 1 ? "" : "s"})`];
  const events = result.events.slice(0, MAX_EVENTS).map(showEvent);
  if (result.events.length > MAX_EVENTS) events.push(`… ${result.events.length - MAX_EVENTS} more`);
  events.forEach((line, i) => out.push(`  ${(i === 0 ? "events" : "").padEnd(8)}${line}`));
  for (const d of result.diagnostics ?? []) out.push(`  ${"note".padEnd(8)}${d.code} at ${d.path}: ${d.message}`);
  if (!result.records.length) out.push("  (no assertions)");
  for (const r of result.records) {
    const status = `${r.status}${r.soft ? " soft" : ""}`.padEnd(11);
    const note = r.differs ? `   <-- ${r.differs}` : r.status !== "pass" ? "   (as expected)" : "";
    out.push(`  ${status}${r.label}${r.message ? ` — ${r.message}` : ""}${note}`);
  }
  for (const d of result.differences.filter((d) => !result.records.some((r) => d.startsWith(`${r.label}: `)))) out.push(`  <-- ${d}`);
  console.log(out.join("\n") + "\n");
}

const args = parseArgs(process.argv.slice(2));
const spec = JSON.parse(readFileSync(args.assertions, "utf8"));
const entries = new Map((spec.transcripts ?? []).map((t) => [t.file, t]));
const files = transcriptFiles(args.paths);
const results = files.map((f) => runOne(f, entries.get(entryName(f))));
if (!args.paths.length) {
  // Every transcript the assertions name must be there.
  const seen = new Set(results.map((r) => r.file));
  for (const name of entries.keys()) {
    if (!seen.has(name)) results.push({ file: name, harness: null, turns: 0, events: [], records: [], differences: ["no such transcript"] });
  }
}

const records = results.flatMap((r) => r.records);
const count = (s) => records.filter((r) => r.status === s).length;
const wrong = results.filter((r) => r.differences.length);
const summary = `${results.length} transcripts, ${records.length} checks: ${count("pass")} pass, ${count("fail")} fail, ${count("error")} error`;
if (args.json) console.log(JSON.stringify({ results, summary, asExpected: !wrong.length }, null, 2));
else {
  results.forEach(print);
  if (!wrong.length) console.log(`${summary}; every record as expected.`);
  else {
    console.log(`${summary}; NOT as expected:`);
    for (const r of wrong) for (const d of r.differences) console.log(`  ${r.file}: ${d}`);
  }
}
if (wrong.length) process.exitCode = 1;
