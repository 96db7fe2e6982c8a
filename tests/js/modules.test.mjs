// One WebAssembly module per family, compiled on the first call of one of its
// exports: importing an entry point compiles nothing but the tool-call module
// (whose MATCH_OPTIONS_DEFAULTS the core resolves at import), and using it
// compiles only the modules of the families it exports (counted in a fresh
// Node process by wrapping WebAssembly.Module). Each module is smaller than the old
// all-in-one module (1,010,206 bytes after wasm-opt, the figure in the
// README's performance section before the split).
//
//   node --test tests/js/modules.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "pkg");
const size = (m) => readFileSync(join(pkg, "wasm", `${m}_bg.wasm`)).length;

// The byte lengths of the modules compiled while importing `entry` as `m` and running `use`.
function compiledBy(entry, use = "") {
  const script = `
    const sizes = [];
    const Real = WebAssembly.Module;
    WebAssembly.Module = function (bytes) { sizes.push(bytes.byteLength); return new Real(bytes); };
    WebAssembly.Module.prototype = Real.prototype;
    const m = await import(${JSON.stringify(pathToFileURL(join(pkg, entry)).href)});
    ${use}
    console.log(JSON.stringify(sizes));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).sort((a, b) => a - b);
}

const sorted = (...names) => names.map(size).sort((a, b) => a - b);
// One call per family, each with an answer the reference gives.
const USE = {
  toolCalls: `if (m.evaluateToolCalls([{ toolName: "a" }], [{ toolName: "a" }]).passed !== true) throw 1;`,
  traces: `if (m.PromptResult.fromTrace('{"choices":[{"message":{"role":"assistant","content":"hi"}}]}').getToolCalls().length !== 0) throw 2;`,
  transcripts: `if (m.toHaveRun({ events: [] }).pass !== false) throw 3;`,
  responses: `if (m.validateText({ content: [{ type: "text", text: "hello world" }] }, "world").pass !== true) throw 4;`,
  schema: `if (m.validateJsonSchema(1, { type: "number" }).valid !== true) throw 5;`,
};

test("mcp-matchers/matchers compiles only the tool-call module", () => {
  assert.deepEqual(compiledBy("matchers.js"), sorted("tool_calls"));
  assert.deepEqual(compiledBy("matchers.js", USE.toolCalls), sorted("tool_calls"));
  assert.ok(size("tool_calls") < 300_000, `tool_calls module is ${size("tool_calls")} bytes`);
});

test("an import compiles no family's module until one of its exports is called, and then only that family's", () => {
  for (const entry of ["traces.js", "agent.js", "transcripts.js", "responses.js", "expect.js", "evals.js", "schema.js"]) {
    assert.deepEqual(compiledBy(entry).filter((n) => n !== size("tool_calls")), [], `${entry} compiled at import`);
  }
  assert.deepEqual(compiledBy("traces.js", USE.traces).filter((n) => n !== size("tool_calls")), sorted("traces"));
  assert.deepEqual(compiledBy("transcripts.js", USE.transcripts), sorted("transcripts"));
  assert.deepEqual(compiledBy("responses.js", USE.responses), sorted("responses"));
  // The schema module compiles only when a schema is validated (with the responses module for the verdict text, if it does).
  assert.ok(compiledBy("schema.js", USE.schema).includes(size("schema")));
  // The root: the tool-call module at import (its defaults); each family's when first used; never the schema module.
  assert.deepEqual(compiledBy("index.js"), sorted("tool_calls"));
  const families = ["tool_calls", "traces", "transcripts", "responses"];
  assert.deepEqual(compiledBy("index.js", Object.entries(USE).filter(([k]) => k !== "schema").map(([, u]) => u).join("\n")), sorted(...families));
  // Each family stays near the old single module (1,010,206 bytes); the responses module passed it with
  // the rest of the reference's evals API (issue 11 item 4: compareEvalRuns, runEvalCase, the dataset issues),
  // and by 5 KB when the value model got its own JSON reader (src/value/parse.rs: the tool-call module lost
  // serde_json's deserializer, 75 KB; the modules whose typed readers keep it now also carry core's f64 reader).
  for (const m of families) assert.ok(size(m) < 1_060_000, `${m}: ${size(m)} bytes`);
});

// Issue 13 item 1: one export per JS function, named as it, no dispatch on a
// name. The names are the package's public ones (reeval's matchers, the
// seed reeval-matchers.txt; @mcpjam/sdk@1.14.0's and @gleanwork/mcp-server-tester@1.1.0's
// functions), each a function of its family's wasm-bindgen glue.
test("each family's wasm exports carry the JS names of the functions they serve", async () => {
  const glue = async (m) => import(pathToFileURL(join(pkg, "wasm", `${m}.js`)).href);
  const named = {
    tool_calls: ["evaluateToolCalls", "alignToolCalls", "resolveMatchOptions", "assertValidMatchOptions", "assertValidMaxExtra", "matchToolCalls",
      "matchToolCallsSubset", "matchAnyToolCall", "matchToolCallCount", "matchNoToolCalls", "matchToolCallWithArgs",
      "matchToolCallWithPartialArgs", "matchToolArgument", "matchToolArgumentWith"],
    traces: ["fromTrace", "detectTraceFormat", "toEvalResult", "merge"],
    transcripts: ["toHaveCalledSkill", "toHaveCalledMcp", "toHaveCalledTool", "toHaveRun", "toHaveEdited", "toHaveSearched", "toHaveFetched",
      "toHaveCalledInOrder", "toHaveCalledTimes", "trajectoryF1", "toHaveChanged", "toHaveFile", "toSucceed", "toPass", "writeTranscriptJsonl"],
    responses: ["normalizeToolResponse", "extractText", "validateResponse", "validateText", "validatePattern", "validateError", "validateSize",
      "validateToolCalls", "validateToolCallCount", "getResponseSizeBytes", "normalizeWhitespace", "applySanitizers", "matchSnapshot",
      "resolveRubric", "buildJudgePrompt", "parseJudgeVerdict", "validateEvalDataset", "validateEvalCase", "isBuiltInRubric", "compareEvalRuns"],
  };
  for (const [family, names] of Object.entries(named)) {
    const g = await glue(family);
    for (const n of names) assert.equal(typeof g[n], "function", `${family}: no export ${n}`);
  }
  // A matcher that reads a turn or run is also a method of the kept run, under the same name.
  const { TranscriptRun, transcript_check } = await glue("transcripts");
  assert.equal(transcript_check, undefined);
  for (const n of named.transcripts.slice(0, 11)) assert.equal(typeof TranscriptRun.prototype[n], "function", `TranscriptRun.prototype.${n}`);
  assert.equal(TranscriptRun.prototype.check, undefined);
});

// The inlined bytes decode to the module's own .wasm file on each path the
// platform may take: Node's Buffer, and the atob loop (browsers without
// Uint8Array.fromBase64, Jest's jsdom), each in a fresh process.
test("every module's inlined bytes decode to its .wasm file, natively and by the fallback", () => {
  for (const m of ["tool_calls", "traces", "transcripts", "responses", "schema"]) {
    for (const hide of [false, true]) {
      const script = `const B = globalThis.Buffer;
        ${hide ? "globalThis.Buffer = undefined;" : ""}
        const { wasmBytes } = await import(${JSON.stringify(pathToFileURL(join(pkg, "wasm", `${m}_bytes.js`)).href)});
        const { readFileSync } = await import("node:fs");
        const want = readFileSync(${JSON.stringify(join(pkg, "wasm", `${m}_bg.wasm`))});
        const got = wasmBytes();
        console.log(got.length === want.length && B.compare(B.from(got.buffer, got.byteOffset, got.length), want) === 0 && got !== wasmBytes());`;
      const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
      assert.equal(r.stdout.trim(), "true", `${m} ${hide ? "without Buffer" : "with Buffer"}: ${r.stderr}`);
    }
  }
});

// mcp-matchers/matchers is one file (scripts/bundle-matchers.mjs), so that a
// browser loading the package as plain ES modules fetches it in one round trip;
// the tool-call modules the other entry points import are that file's own
// (one tool-call module per program, one MatcherError class).
test("mcp-matchers/matchers is one file, and the tool-call modules are its own", async () => {
  const imports = (file) => [...readFileSync(join(pkg, file), "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?["']([^"']+)["']/gm)].map((m) => m[1]);
  assert.deepEqual(imports("matchers.js"), []);
  assert.doesNotMatch(readFileSync(join(pkg, "matchers.js"), "utf8"), /\bimport\s*\(/);
  const script = `
    const sizes = [];
    const Real = WebAssembly.Module;
    WebAssembly.Module = function (bytes) { sizes.push(bytes.byteLength); return new Real(bytes); };
    WebAssembly.Module.prototype = Real.prototype;
    const at = (f) => import(${JSON.stringify(pathToFileURL(pkg).href)} + "/" + f);
    const [m, root, tc, glue] = await Promise.all(["matchers.js", "index.js", "tool-calls.js", "wasm/tool_calls.js"].map(at));
    const same = m.evaluateToolCalls === root.evaluateToolCalls && tc.evaluateToolCalls === m.evaluateToolCalls && m.MatcherError === root.MatcherError && tc.MatcherError === root.MatcherError;
    let caught = null;
    try { m.evaluateToolCalls("nope", []); } catch (e) { caught = e; }
    const before = glue.__memory_bytes();
    root.matchToolCalls(["a"], ["a"]);
    console.log(JSON.stringify({ same, sizes, branded: caught instanceof root.MatcherError, glue: before > 0 }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { same: true, sizes: [size("tool_calls")], branded: true, glue: true });
});
