// Judges recorded agent traces with the built package (../pkg) and prints
// each verdict with its diagnostics.
//
//   node examples/run.mjs                 every file in examples/expectations/
//   node examples/run.mjs PATH [PATH...]  these expectation files or folders
//
// An expectation file is
//   { "description": "...", "trace": "traces/<dir>/<file>", "expected": [{ toolName, arguments }],
//     "options": { toolCallOrder, maxExtraToolCalls, argumentMatching, isNegativeTest }, "expectPassed": true|false }
// with `trace` relative to this folder (examples/): any format the package's
// trace readers know (`PromptResult.fromTrace`: OpenAI Chat / Responses,
// Anthropic, Gemini, Vercel AI SDK, MCPJam; JSON or SSE / JSON-lines streams).
// Exit code 0 when every verdict equals its file's `expectPassed`, else 1.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { evaluateToolCalls, resolveMatchOptions } from "../pkg/index.js";
import { extractToolCalls } from "./extract.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** Expectation files named by `args` (files or folders), or all in expectations/. */
function expectationFiles(args) {
  const roots = args.length ? args.map((a) => resolve(a)) : [join(here, "expectations")];
  return roots.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p).filter((f) => f.endsWith(".json")).sort().map((f) => join(p, f))
      : [p],
  );
}

const MAX_ARGS = 100;

function compact(value) {
  const text = JSON.stringify(value);
  return text.length > MAX_ARGS ? `${text.slice(0, MAX_ARGS - 1)}…` : text;
}

function showCall(call) {
  if (call.argumentsError) return `${call.toolName} <unreadable arguments: ${call.argumentsError}> raw ${compact(call.rawArguments)}`;
  return `${call.toolName} ${compact(call.arguments ?? {})}`;
}

// `label` then one line per item, continuation lines aligned under the first.
function block(label, lines) {
  const pad = " ".repeat(15);
  return lines.map((line, i) => (i === 0 ? `  ${label.padEnd(13)}${line}` : `${pad}${line}`)).join("\n");
}

/** Runs one expectation file; returns { passed, expectPassed } or throws. */
function runOne(file) {
  const spec = JSON.parse(readFileSync(file, "utf8"));
  if (typeof spec.expectPassed !== "boolean") throw new Error(`"expectPassed" must be true or false`);
  const tracePath = resolve(here, spec.trace);
  const warnings = [];
  // The trace file as text: JSON, or an SSE / JSON-lines stream.
  const { format, calls } = extractToolCalls(readFileSync(tracePath, "utf8"), { warn: (w) => warnings.push(w) });
  const expected = spec.expected ?? [];
  const result = evaluateToolCalls(expected, calls, spec.options);

  const out = [`${basename(file)}: ${spec.description ?? "(no description)"}`];
  out.push(block("trace", [`${spec.trace} (${format})`]));
  for (const w of warnings) out.push(block("", [w]));
  out.push(block("actual", calls.length ? calls.map((c, j) => `#${j} ${showCall(c)}`) : ["(no tool calls)"]));
  out.push(block("expected", expected.length ? expected.map((c, i) => `#${i} ${showCall(c)}`) : ["(none)"]));
  out.push(block("options", [spec.options ? compact(spec.options) : "(defaults)"]));

  const ok = result.passed === spec.expectPassed;
  const verdict = result.passed ? "PASS" : "FAIL";
  out.push(`  => ${verdict}${ok ? "" : `   <-- expected ${spec.expectPassed ? "PASS" : "FAIL"}`}`);
  if (result.missing.length) out.push(block("missing", result.missing.map((c) => `expected #${expected.indexOf(c)} ${showCall(c)}`)));
  if (result.extra.length) {
    const max = resolveMatchOptions(spec.options).maxExtraToolCalls; // also reads allowExtraToolCalls
    const n = result.extra.length;
    const limit = spec.options?.isNegativeTest
      ? "(negative test: no call allowed)"
      : max === null
        ? "(extra calls allowed)"
        : `(${n} extra, at most ${max} allowed)`;
    out.push(block("extra", [...result.extra.map((c) => `actual #${calls.indexOf(c)} ${showCall(c)}`), limit]));
  }
  if (result.outOfOrder.length) {
    out.push(block("out of order", result.outOfOrder.map((o) => `${o.toolName}: expected #${o.expectedIndex}, found at actual #${o.actualIndex}`)));
  }
  if (result.argumentMismatches.length) {
    out.push(block("arguments", result.argumentMismatches.map((m) => `${m.toolName}: expected ${compact(m.expectedArgs)}, got ${compact(m.actualArgs)}`)));
  }
  console.log(out.join("\n") + "\n");
  return { passed: result.passed, expectPassed: spec.expectPassed };
}

const files = expectationFiles(process.argv.slice(2));
const tally = { PASS: 0, FAIL: 0 };
const wrong = [];
const errors = [];
for (const file of files) {
  const name = relative(process.cwd(), file);
  try {
    const { passed, expectPassed } = runOne(file);
    tally[passed ? "PASS" : "FAIL"]++;
    if (passed !== expectPassed) wrong.push(`${name} (got ${passed ? "PASS" : "FAIL"}, expectPassed ${expectPassed})`);
  } catch (e) {
    console.log(`${basename(file)}: ERROR ${e.code ? `${e.code} ` : ""}${e.message}\n`);
    errors.push(name);
  }
}

const total = files.length;
let summary = `${total} expectation${total === 1 ? "" : "s"}: ${tally.PASS} PASS, ${tally.FAIL} FAIL`;
if (errors.length) summary += `, ${errors.length} ERROR`;
if (!wrong.length && !errors.length) {
  console.log(`${summary}; every verdict as expected.`);
} else {
  console.log(`${summary}; NOT as expected:`);
  for (const w of wrong) console.log(`  verdict differs: ${w}`);
  for (const e of errors) console.log(`  could not run: ${e}`);
  process.exitCode = 1;
}
