// The hostile-input catalogue (issue 16 item 5) for every export of the
// package: each export is called with each hostile value in each of its
// first three argument positions (the other arguments well-formed), and
// every call ends, within its bound, in a result or a coded error (a
// MatcherError with one of the documented codes, never INTERNAL; the
// transcripts' documented HarnessCapabilityError; a rejected promise of the
// same kinds). Afterwards every module answers well-formed calls with the
// references' values (tests/js/trap-recovery.test.mjs's probes).
//
//   node --test tests/js/hostile-catalogue.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import * as pkg from "../../pkg/index.js";
import * as transcripts from "../../pkg/transcripts.js";
import * as schema from "../../pkg/schema.js";
import * as agent from "../../pkg/agent.js";

const CODES = new Set(["INVALID_ARGUMENT", "INVALID_OPTION", "UNSUPPORTED_VALUE", "INVALID_JSON"]);
const BOUND_MS = 2_000;

function hostileValues() {
  let deepObject = { v: 1 };
  for (let i = 0; i < 500; i++) deepObject = { a: deepObject };
  let deepArray = [1];
  for (let i = 0; i < 5_000; i++) deepArray = [deepArray];
  const cyclic = { toolName: "a", arguments: {} };
  cyclic.arguments.self = cyclic;
  const cyclicArray = [];
  cyclicArray.push(cyclicArray);
  const manyKeys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
  return {
    "deep object": deepObject,
    "deep array": deepArray,
    "cyclic object": cyclic,
    "cyclic array": cyclicArray,
    "huge string": "é".repeat(1 << 18),
    "lone surrogates": "a\ud800b\udfffc",
    "NUL and controls": "\u0000\u0001\u001f",
    "many small items": Array.from({ length: 20_000 }, (_, i) => ({ toolName: `t${i % 7}`, name: `t${i % 7}`, arguments: { i } })),
    "many keys": manyKeys,
    "duplicate keys (as JSON text)": '{"toolName":"a","toolName":"b","arguments":{},"arguments":1}',
    "JSON-looking garbage": '{"type":"message","role":"assistant","content":[{"type":"tool_use"'.repeat(2_000),
    NaN: NaN,
    "-0": -0,
    Infinity: -Infinity,
    BigInt: 10n ** 30n,
    undefined: undefined,
    null: null,
    symbol: Symbol("s"),
    function: () => 1,
    "a Map": new Map([["a", 1]]),
    "an invalid Date": new Date(NaN),
    "a pathological RegExp": /(a+)+$/,
    "a sticky RegExp": /x/y,
    "a glob bomb": "{*,*,*,*,*,*,*,*}".repeat(8) + "x",
    "an object with __proto__": JSON.parse('{"__proto__":{"polluted":1},"toolName":"a"}'),
  };
}

// Well-formed arguments per export, so that one hostile value at a time is the only fault.
const call = [{ toolName: "add", arguments: { a: 2 } }];
const response = { content: [{ type: "text", text: "hello world" }] };
const run = { events: [{ type: "tool", turn: 0, name: "Bash", toolCallId: "c0", input: { command: "ls" } }], turns: [{ turn: 0, events: [], unreported: [] }], diff: { files: [{ path: "src/a.ts", status: "modified" }] } };
const dataset = { name: "d", cases: [{ id: "c", toolName: "t", args: {}, expect: { containsText: "x" } }] };
const wellFormed = {
  alignToolCalls: [call, call],
  applySanitizers: ["id 1", ["uuid"]],
  assertValidMatchOptions: [{}],
  assertValidMaxExtra: [1],
  buildJudgePrompt: ["candidate", "reference", "correctness"],
  detectTraceFormat: ['{"choices":[]}'],
  evaluateExpectations: [response, { containsText: "hello" }],
  evaluateToolCalls: [call, call],
  extractText: [response],
  hasToolCall: ["add"],
  matchAnyToolCall: [call],
  matchNoToolCalls: [call],
  matchSnapshot: [response, "hello world", []],
  matchToolArgument: ["add", "a", 2, call],
  matchToolArgumentWith: ["add", "a", (v) => v === 2, call],
  matchToolCallCount: ["add", 1, call],
  matchToolCallWithArgs: ["add", { a: 2 }, call],
  matchToolCallWithPartialArgs: ["add", { a: 2 }, call],
  matchToolCalls: [["add"], call],
  matchToolCallsSubset: [["add"], call],
  normalizeToolResponse: [response],
  normalizeTranscript: ['{"type":"thread.started","thread_id":"t"}'],
  parseJudgeVerdict: ['{"score": 0.5}'],
  readTranscriptJsonl: ['{"type":"tool","turn":0,"name":"Bash"}'],
  replayModel: ['{"choices":[]}'],
  resolveMatchOptions: [{}],
  resolveRubric: ["correctness"],
  runEvalDataset: [dataset, { callTool: async () => response }],
  stepCountIs: [2],
  toHaveCalledInOrder: [run, ["Bash"]],
  toHaveCalledMcp: [run, "server"],
  toHaveCalledSkill: [run, "skill"],
  toHaveCalledTimes: [run, "Bash", 1],
  toHaveCalledTool: [run, "Bash"],
  toHaveChanged: [run, "src/**"],
  toHaveEdited: [run, "src/a.ts"],
  toHaveFetched: [run, "https://example.com"],
  toHaveFile: [run, "src/a.ts"],
  toHaveRun: [run, "ls"],
  toHaveSearched: [run, "x"],
  toPass: [{ pass: true }],
  toSucceed: [{ exitCode: 0, stdout: "", stderr: "" }],
  trajectoryF1: [run, ["Bash"], 1],
  validateError: [{ ...response, isError: true }, "hello"],
  validateEvalDataset: [dataset],
  validateJudge: [response, { rubric: "correctness" }, { judge: async () => '{"score": 1}' }],
  validatePattern: [response, ["hello"]],
  validatePredicate: [response, () => true],
  validateResponse: [response, { containsText: "hello" }],
  validateSchema: [response, { "~standard": { version: 1, vendor: "t", validate: (v) => ({ value: v }) } }],
  validateSize: [response, { maxBytes: 100 }],
  validateText: [response, "hello"],
  validateToolCallCount: [{ success: true, toolCalls: [] }, { exact: 0 }],
  validateToolCalls: [{ success: true, toolCalls: [{ name: "a" }] }, { calls: [{ name: "a" }] }],
  writeTranscriptJsonl: [run.events],
  getResponseSizeBytes: [response],
  isBuiltInRubric: ["correctness"],
  normalizeWhitespace: ["  a \n b  "],
  validateEvalCase: [dataset.cases[0]],
  runEvalCase: [dataset.cases[0], async () => response],
  loadEvalDatasetFromObject: [dataset],
  compareEvalRuns: [{ baseline: { total: 1, passed: 1, caseResults: [{ id: "c", pass: true }] }, candidate: { total: 1, passed: 0, caseResults: [{ id: "c", pass: false }] } }],
  "EvalCaseSchema.safeParse": [dataset.cases[0]],
  "EvalDatasetSchema.parse": [dataset],
  validateJsonSchema: [1, { type: "number" }],
  jsonSchema: [{ type: "number" }],
  "PromptResult.fromTrace": ['{"choices":[]}'],
  "PromptResult.from": [{ prompt: "p", messages: [], text: "", toolCalls: [], usage: {}, latency: {} }],
  "PromptResult.error": ["boom"],
  "new TestAgent": [{ tools: {}, model: async () => ({ text: "ok" }) }],
  "new PreparedToolCalls": [call],
  "evaluateToolCalls on prepared lists": [call, call, {}],
  "alignToolCalls on prepared lists": [call, call, {}],
};
const fns = {
  ...Object.fromEntries(Object.entries(pkg).filter(([, f]) => typeof f === "function" && !/^[A-Z]/.test(f.name))),
  ...Object.fromEntries(Object.entries(transcripts).filter(([, f]) => typeof f === "function" && !/^[A-Z]/.test(f.name))),
  validateJsonSchema: schema.validateJsonSchema,
  jsonSchema: schema.jsonSchema,
  "EvalCaseSchema.safeParse": (...a) => pkg.EvalCaseSchema.safeParse(...a),
  "EvalDatasetSchema.parse": (...a) => pkg.EvalDatasetSchema.parse(...a),
  "PromptResult.fromTrace": (...a) => pkg.PromptResult.fromTrace(...a),
  "PromptResult.from": (...a) => pkg.PromptResult.from(...a),
  "PromptResult.error": (...a) => pkg.PromptResult.error(...a),
  "new TestAgent": (...a) => new agent.TestAgent(...a),
  "new PreparedToolCalls": (...a) => new pkg.PreparedToolCalls(...a),
  "evaluateToolCalls on prepared lists": (e, a, o) => pkg.evaluateToolCalls(new pkg.PreparedToolCalls(e), new pkg.PreparedToolCalls(a), o),
  "alignToolCalls on prepared lists": (e, a, o) => pkg.alignToolCalls(new pkg.PreparedToolCalls(e), new pkg.PreparedToolCalls(a), o),
};
delete fns.not;
delete fns.createRecorder;
delete fns.transcriptMatchers;

function coded(e) {
  return (e instanceof pkg.MatcherError && CODES.has(e.code)) || e instanceof pkg.HarnessCapabilityError;
}

async function ends(what, f, args) {
  const t0 = performance.now();
  let outcome;
  try {
    const r = f(...args);
    outcome = r && typeof r.then === "function" ? await Promise.race([r, new Promise((_, rej) => setTimeout(() => rej(new Error("no answer within the bound")), BOUND_MS))]) : r;
  } catch (e) {
    assert.ok(coded(e), `${what}: threw ${e?.name} ${e?.code ?? ""} ${String(e?.message).slice(0, 300)}`);
  }
  const ms = performance.now() - t0;
  assert.ok(ms < BOUND_MS, `${what}: ${ms.toFixed(0)} ms`);
  return outcome;
}

test("every export has well-formed arguments in this catalogue", () => {
  assert.deepEqual(Object.keys(fns).filter((k) => !(k in wellFormed)), []);
});

for (const [name, good] of Object.entries(wellFormed)) {
  test(`catalogue: ${name}`, async () => {
    const f = fns[name];
    assert.equal(typeof f, "function", name);
    await ends(`${name} well-formed`, f, good);
    for (const [what, v] of Object.entries(hostileValues())) {
      for (let i = 0; i < Math.min(3, Math.max(1, good.length)); i++) {
        const args = [...good];
        args[i] = v;
        await ends(`${name}(${what} at argument ${i})`, f, args);
      }
    }
  });
}

test("afterwards every module answers with the references' values", () => {
  assert.equal(pkg.evaluateToolCalls([{ toolName: "add", arguments: { a: 2 } }], [{ toolName: "add", arguments: { a: 2, b: 3 } }]).passed, true);
  assert.equal(pkg.validateText({ content: [{ type: "text", text: "hello world" }] }, "world").pass, true);
  assert.equal(pkg.applySanitizers("id 550e8400-e29b-41d4-a716-446655440000", ["uuid"]), "id [UUID]");
  assert.equal(schema.validateJsonSchema(1, { type: "number" }).valid, true);
  assert.equal(transcripts.toHaveCalledTool(run, "Bash").pass, true);
  assert.equal(pkg.PromptResult.fromTrace({ choices: [{ message: { role: "assistant", content: "hi" } }] }).getToolCalls().length, 0);
});
