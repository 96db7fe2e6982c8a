// Differential test: mcp-matchers (pkg/index.js) against @mcpjam/sdk@1.14.0.
//
//   node --test tests/js/
//   DIFF_SEED=123 DIFF_CASES=20000 node --test tests/js/
//
// DIFF_SEED (default 0x5eed2026; decimal or 0x-hex, other text is hashed)
// seeds every generator; DIFF_CASES (default 100000) is the number of
// evaluateToolCalls cases; the validators get 30% and resolveMatchOptions 10%
// of that (30000 and 10000 by default).
//
// Oracles: evaluateToolCalls / resolveMatchOptions / MATCH_OPTIONS_DEFAULTS
// from "@mcpjam/sdk/matchers"; the nine validators evaluated from the
// `// src/validators.ts` section of the package's dist/index.js (its root
// entry does not load on Node 20).
//
// Every disagreement is shrunk to a minimal repro and printed (JS source with
// the reference's and our output); the test then fails. The intended
// differences are not counted: `outOfOrder` is checked against its
// invariants instead of the reference's constant `[]`, and the generators
// produce only well-formed options, calls and arguments (no Dates, no
// inherited keys, no class instances, no calls without `arguments` for the
// argument validators). They do produce shared references (the same call,
// arguments object or nested value in two places), as callers do.
//
// The "issue:" tests are hand-written cases; the "edge:" tests hold
// well-formed values outside the generators' ranges, asserted as the
// reference behaves.

import { test } from "node:test";
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import * as refMatchers from "@mcpjam/sdk/matchers";
import * as ours from "../../pkg/index.js";
import {
  caseRng,
  clone,
  del,
  genEvalCase,
  genResolveLayers,
  genValidatorCase,
  loadReferenceValidators,
  objectEdits,
  parseSeed,
  PREDICATES,
  set,
  sharedDeclarations,
  shrink,
  splice,
  toSource,
  TOOLS,
  VALIDATOR_NAMES,
  valueEdits,
} from "./diff-helpers.mjs";

const SEED = parseSeed(process.env.DIFF_SEED, 0x5eed2026);
const EVAL_CASES = Math.max(1, Number.parseInt(process.env.DIFF_CASES ?? "100000", 10) || 100000);
const VALIDATOR_CASES = Math.max(1, Math.ceil(EVAL_CASES * 0.3));
const RESOLVE_CASES = Math.max(1, Math.ceil(EVAL_CASES * 0.1));
const MAX_REPROS = 12; // distinct disagreement kinds shrunk and printed per section

const { fns: refValidators, file: refFile, lines: refLines } = loadReferenceValidators();

const log = (...a) => console.log(...a);
log(
  `differential: seed=${SEED} (0x${SEED.toString(16)}) evaluateToolCalls=${EVAL_CASES} ` +
    `validators=${VALIDATOR_CASES} resolveMatchOptions=${RESOLVE_CASES}`,
);
log(`differential: reference validators from ${refFile} lines ${refLines[0]}-${refLines[1]}`);

function run(f) {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

const isObj = (v) => v !== null && typeof v === "object";

function errorText(e) {
  if (!(e instanceof Error)) return `throws ${toSource(e)}`;
  const code = e.code !== undefined ? ` [${e.code}${e.path !== undefined ? ` at ${e.path}` : ""}]` : "";
  return `throws ${e.constructor.name}${code}: ${e.message}`;
}

/** Collects disagreements by kind; keeps the first case of each kind. */
class Findings {
  constructor() {
    this.kinds = new Map();
    this.total = 0;
  }
  add(kind, kase, index) {
    this.total++;
    const k = this.kinds.get(kind);
    if (k) k.count++;
    else this.kinds.set(kind, { count: 1, kase, index });
  }
}

// ============================================================================
// evaluateToolCalls
// ============================================================================

/** Returns null when both agree, else a short kind string. */
function compareEval(expected, actual, options) {
  const R = run(() => refMatchers.evaluateToolCalls(expected, actual, options));
  const O = run(() => ours.evaluateToolCalls(expected, actual, options));
  if (!R.ok || !O.ok) {
    if (R.ok) return "ours throws, the reference returns";
    if (O.ok) return "the reference throws, ours returns";
    if (!(O.error instanceof ours.MatcherError)) return "both throw, but ours not a MatcherError";
    return null;
  }
  const r = R.value;
  const o = O.value;
  if (!isObj(o)) return "ours returns a non-object";
  if (Object.keys(o).join() !== Object.keys(r).join()) return "result keys";
  if (o.passed !== r.passed) return "passed";
  for (const [field, input] of [
    ["missing", expected],
    ["extra", actual],
  ]) {
    const a = r[field];
    const b = o[field];
    if (!Array.isArray(b) || b.length !== a.length) return `${field} length`;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return `${field} elements`;
    if ((a === input) !== (b === input)) return `${field} is${a === input ? "" : " not"} the input array in the reference`;
  }
  const inputArgs = new Set();
  for (const c of [...expected, ...actual]) if (isObj(c.arguments)) inputArgs.add(c.arguments);
  const sameArgs = (x, y) => x === y || (!inputArgs.has(x) && !inputArgs.has(y) && isDeepStrictEqual(x, y));
  const am = r.argumentMismatches;
  const bm = o.argumentMismatches;
  if (!Array.isArray(bm) || bm.length !== am.length) return "argumentMismatches length";
  for (let i = 0; i < am.length; i++) {
    const x = am[i];
    const y = bm[i];
    if (!isObj(y) || Object.keys(y).join() !== Object.keys(x).join()) return "argumentMismatches entry keys";
    if (x.toolName !== y.toolName) return "argumentMismatches toolName";
    if (!sameArgs(x.expectedArgs, y.expectedArgs)) return "argumentMismatches expectedArgs";
    if (!sameArgs(x.actualArgs, y.actualArgs)) return "argumentMismatches actualArgs";
  }
  if (!Array.isArray(r.outOfOrder) || r.outOfOrder.length !== 0) return "reference outOfOrder not [] (test bug?)";
  return checkOutOfOrder(expected, actual, options, o);
}

/** Invariants of our `outOfOrder` (intended difference (a)). */
function checkOutOfOrder(expected, actual, options, o) {
  const ooo = o.outOfOrder;
  if (!Array.isArray(ooo)) return "outOfOrder: not an array";
  if (ooo.length === 0) return null;
  const order = options?.toolCallOrder ?? "ignore";
  if (order === "ignore") return "outOfOrder: not [] in ignore mode";
  if (o.passed) return "outOfOrder: not [] when passed";
  const usedA = new Set();
  const usedE = new Set();
  for (const entry of ooo) {
    if (!isObj(entry) || Object.keys(entry).sort().join() !== "actualIndex,expectedIndex,toolName") {
      return "outOfOrder: entry shape";
    }
    const { toolName, expectedIndex: ei, actualIndex: ai } = entry;
    if (!Number.isInteger(ei) || ei < 0 || ei >= expected.length) return "outOfOrder: expectedIndex out of range";
    if (!Number.isInteger(ai) || ai < 0 || ai >= actual.length) return "outOfOrder: actualIndex out of range";
    if (!o.missing.includes(expected[ei])) return "outOfOrder: expected call not in missing";
    if (!o.extra.includes(actual[ai])) return "outOfOrder: actual call not in extra";
    if (toolName !== expected[ei].toolName || toolName !== actual[ai].toolName) return "outOfOrder: toolName";
    if (usedA.has(ai)) return "outOfOrder: actualIndex used twice";
    if (usedE.has(ei)) return "outOfOrder: expectedIndex used twice";
    usedA.add(ai);
    usedE.add(ei);
    // "its compatible actual call": the reference pairs the two on their own.
    const alone = refMatchers.evaluateToolCalls([expected[ei]], [actual[ai]], {
      argumentMatching: options?.argumentMatching,
    });
    if (!alone.passed) return "outOfOrder: calls not compatible";
  }
  return null;
}

function* evalEdits(c) {
  if (c.options !== undefined) {
    yield set([], "options", undefined);
    if (isObj(c.options)) for (const k of Object.keys(c.options)) yield del(["options"], k);
  }
  for (const list of ["expected", "actual"]) {
    for (let i = 0; i < c[list].length; i++) yield splice([list], i);
  }
  for (const list of ["expected", "actual"]) {
    for (let i = 0; i < c[list].length; i++) {
      const call = c[list][i];
      const path = [list, i];
      if ("toolCallId" in call) yield del(path, "toolCallId");
      for (const name of TOOLS) if (name !== call.toolName) yield set(path, "toolName", name);
      if ("arguments" in call) {
        yield del(path, "arguments");
        if (isObj(call.arguments)) yield* objectEdits(call.arguments, [...path, "arguments"]);
      }
    }
  }
}

/** `const` lines for the case (shared objects first), and the call. */
function evalCaseSource(c) {
  const roots = c.options !== undefined ? [c.expected, c.actual, c.options] : [c.expected, c.actual];
  const { names, decls } = sharedDeclarations(roots);
  const lines = [...decls, `const expected = ${toSource(c.expected, names)};`, `const actual = ${toSource(c.actual, names)};`];
  if (c.options !== undefined) lines.push(`const options = ${toSource(c.options, names)};`);
  lines.push(`evaluateToolCalls(expected, actual${c.options !== undefined ? ", options" : ""});`);
  return lines.join("\n");
}

function describeEval(res, expected, actual) {
  if (!res.ok) return errorText(res.error);
  const o = res.value;
  if (!isObj(o)) return toSource(o);
  const name = (x) => {
    let i = expected.indexOf(x);
    if (i >= 0) return `expected[${i}]`;
    i = actual.indexOf(x);
    if (i >= 0) return `actual[${i}]`;
    for (const [list, L] of [
      ["expected", expected],
      ["actual", actual],
    ]) {
      i = L.findIndex((c) => isObj(c.arguments) && c.arguments === x);
      if (i >= 0) return `${list}[${i}].arguments`;
    }
    return toSource(x);
  };
  const list = (L, input, label) =>
    L === input ? `${label} /* the input array */` : Array.isArray(L) ? `[${L.map(name).join(", ")}]` : toSource(L);
  const parts = [`passed: ${o.passed}`, `missing: ${list(o.missing, expected, "expected")}`, `extra: ${list(o.extra, actual, "actual")}`];
  parts.push(
    `argumentMismatches: [${(o.argumentMismatches ?? [])
      .map((m) => `{ toolName: ${toSource(m.toolName)}, expectedArgs: ${name(m.expectedArgs)}, actualArgs: ${name(m.actualArgs)} }`)
      .join(", ")}]`,
  );
  parts.push(`outOfOrder: ${toSource(o.outOfOrder)}`);
  return `{ ${parts.join(", ")} }`;
}

function reproEval(kind, kase) {
  const fails = (c) => compareEval(c.expected, c.actual, c.options) === kind;
  const min = shrink(clone(kase), evalEdits, fails, (c) => evalCaseSource(c).length);
  const R = run(() => refMatchers.evaluateToolCalls(min.expected, min.actual, min.options));
  const O = run(() => ours.evaluateToolCalls(min.expected, min.actual, min.options));
  return [
    evalCaseSource(min),
    `// reference: ${describeEval(R, min.expected, min.actual)}`,
    `// ours:      ${describeEval(O, min.expected, min.actual)}`,
  ].join("\n");
}

function report(section, findings, cases, reproOf) {
  const lines = [
    `${section}: ${cases} cases, ${findings.total} disagreements in ${findings.kinds.size} kinds (DIFF_SEED=${SEED})`,
  ];
  let n = 0;
  for (const [kind, { count, kase, index }] of findings.kinds) {
    lines.push("", `--- ${section} disagreement: ${kind} (${count} cases, first at case #${index}); minimal repro:`);
    lines.push(n++ < MAX_REPROS ? reproOf(kind, kase) : "(not shrunk: too many kinds)");
  }
  return lines.join("\n");
}

test(`evaluateToolCalls: ${EVAL_CASES} generated cases agree with @mcpjam/sdk@1.14.0`, () => {
  const t0 = performance.now();
  const findings = new Findings();
  const stats = { passed: 0, threw: 0, mismatches: 0, missing: 0, extra: 0, outOfOrder: 0, negative: 0 };
  for (let i = 0; i < EVAL_CASES; i++) {
    const kase = genEvalCase(caseRng(SEED, 1, i));
    const kind = compareEval(kase.expected, kase.actual, kase.options);
    if (kind) {
      findings.add(kind, kase, i);
      continue;
    }
    // coverage counters (on our result, which agreed)
    const o = run(() => ours.evaluateToolCalls(kase.expected, kase.actual, kase.options));
    if (!o.ok) stats.threw++;
    else {
      const v = o.value;
      if (v.passed) stats.passed++;
      if (v.argumentMismatches.length) stats.mismatches++;
      if (v.missing.length) stats.missing++;
      if (v.extra.length) stats.extra++;
      if (v.outOfOrder.length) stats.outOfOrder++;
      if (kase.options?.isNegativeTest) stats.negative++;
    }
  }
  const ms = performance.now() - t0;
  log(
    `evaluateToolCalls: ${EVAL_CASES} cases in ${(ms / 1000).toFixed(1)} s; ` +
      `agreeing cases with passed=${stats.passed}, both threw=${stats.threw}, argumentMismatches=${stats.mismatches}, ` +
      `missing=${stats.missing}, extra=${stats.extra}, outOfOrder=${stats.outOfOrder}, isNegativeTest=${stats.negative}; ` +
      `disagreements=${findings.total}`,
  );
  if (findings.total) {
    const text = report("evaluateToolCalls", findings, EVAL_CASES, reproEval);
    log(text);
    assert.fail(text);
  }
});

// ============================================================================
// resolveMatchOptions
// ============================================================================

function compareResolve(layers) {
  const R = run(() => refMatchers.resolveMatchOptions(...layers));
  const O = run(() => ours.resolveMatchOptions(...layers));
  if (R.ok !== O.ok) return R.ok ? "ours throws, the reference returns" : "the reference throws, ours returns";
  if (!R.ok) return null;
  if (!isDeepStrictEqual(O.value, R.value)) return "resolved options differ";
  return Object.keys(O.value).join() === Object.keys(R.value).join() ? null : "resolved options key order";
}

function* resolveEdits(c) {
  for (let i = 0; i < c.layers.length; i++) {
    yield splice(["layers"], i);
    if (c.layers[i] !== undefined) yield set(["layers"], i, undefined);
    if (isObj(c.layers[i])) for (const k of Object.keys(c.layers[i])) yield del(["layers", i], k);
  }
}

const resolveSource = (layers) => `resolveMatchOptions(${layers.map((l) => toSource(l)).join(", ")});`;

function reproResolve(kind, layers) {
  const min = shrink(
    { layers: clone(layers) },
    resolveEdits,
    (c) => compareResolve(c.layers) === kind,
    (c) => resolveSource(c.layers).length,
  ).layers;
  const show = (res) => (res.ok ? toSource(res.value) : errorText(res.error));
  return [
    resolveSource(min),
    `// reference: ${show(run(() => refMatchers.resolveMatchOptions(...min)))}`,
    `// ours:      ${show(run(() => ours.resolveMatchOptions(...min)))}`,
  ].join("\n");
}

test(`resolveMatchOptions: ${RESOLVE_CASES} generated layer stacks agree; MATCH_OPTIONS_DEFAULTS equal`, () => {
  assert.deepStrictEqual({ ...ours.MATCH_OPTIONS_DEFAULTS }, { ...refMatchers.MATCH_OPTIONS_DEFAULTS });
  const t0 = performance.now();
  const findings = new Findings();
  for (let i = 0; i < RESOLVE_CASES; i++) {
    const layers = genResolveLayers(caseRng(SEED, 2, i));
    const kind = compareResolve(layers);
    if (kind) findings.add(kind, layers, i);
  }
  log(
    `resolveMatchOptions: ${RESOLVE_CASES} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `disagreements=${findings.total}`,
  );
  if (findings.total) {
    const text = report("resolveMatchOptions", findings, RESOLVE_CASES, reproResolve);
    log(text);
    assert.fail(text);
  }
});

// ============================================================================
// the nine validators
// ============================================================================

function callValidator(impl, kase, record) {
  const args = [...kase.args];
  if (kase.kind === 8) {
    const base = PREDICATES[args[2]];
    args[2] = (v) => {
      record.push(v);
      return base(v);
    };
  }
  return run(() => impl[VALIDATOR_NAMES[kase.kind]](...args));
}

/** A deep copy in which no object is reachable twice (breaks sharing). */
function unshared(v) {
  if (v === null || typeof v !== "object" || typeof v === "function") return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = unshared(v[i]);
    return out;
  }
  const out = Object.create(Object.getPrototypeOf(v));
  for (const k of Object.keys(v)) out[k] = unshared(v[k]);
  return out;
}

function compareValidator(kase) {
  const recR = [];
  const recO = [];
  const R = callValidator(refValidators, kase, recR);
  const O = callValidator(ours, kase, recO);
  const name = VALIDATOR_NAMES[kase.kind];
  if (R.ok !== O.ok) return `${name}: ${R.ok ? "ours throws, the reference returns" : "the reference throws, ours returns"}`;
  if (!R.ok) {
    if (!(R.error instanceof Error) || !(O.error instanceof Error) || R.error.message !== O.error.message) {
      return `${name}: different errors`;
    }
  } else if (typeof O.value !== "boolean" || O.value !== R.value) {
    // Documented difference (README compatibility table): the reference's
    // deepEqual starts with `a === b`, so a value compared with itself is
    // equal even when it holds NaN; ours compares by value. Accept ours when
    // the reference agrees with it once no object is shared.
    const U = callValidator(refValidators, { ...kase, args: kase.args.map(unshared) }, []);
    if (!(U.ok && U.value === O.value)) return `${name}: result`;
  }
  if (kase.kind === 8) {
    if (recR.length !== recO.length || recR.some((v, i) => !Object.is(v, recO[i]))) return `${name}: predicate calls`;
  }
  return null;
}

function* validatorEdits(k) {
  const nameListArgs = { 0: [0, 1], 1: [0, 1], 2: [0, 1], 3: [1], 4: [0] }[k.kind] ?? [];
  for (const i of nameListArgs) {
    const L = k.args[i];
    for (let j = 0; j < L.length; j++) yield splice(["args", i], j);
    for (let j = 0; j < L.length; j++) if (L[j] !== "a") yield set(["args", i], j, "a");
  }
  if (k.kind === 3 && k.args[0] !== "a") yield set(["args"], 0, "a");
  if (k.kind >= 5) {
    const ci = k.args.length - 1;
    const calls = k.args[ci];
    for (let j = 0; j < calls.length; j++) yield splice(["args", ci], j);
    for (let j = 0; j < calls.length; j++) {
      if (calls[j].toolName !== TOOLS[0]) yield set(["args", ci, j], "toolName", TOOLS[0]);
      yield* objectEdits(calls[j].arguments, ["args", ci, j, "arguments"]);
    }
    if (k.args[0] !== TOOLS[0]) yield set(["args"], 0, TOOLS[0]);
  }
  if (k.kind === 5 || k.kind === 6) yield* objectEdits(k.args[1], ["args", 1]);
  if ((k.kind === 7 || k.kind === 8) && k.args[1] !== "a") yield set(["args"], 1, "a");
  if (k.kind === 7) yield* valueEdits(k.args[2], ["args", 2]);
}

/** `const` lines for shared objects, and the call. */
function validatorSource(k) {
  const { names, decls } = sharedDeclarations(k.args.filter(isObj));
  const args = k.args.map((a, i) => (k.kind === 8 && i === 2 ? a : toSource(a, names)));
  return [...decls, `${VALIDATOR_NAMES[k.kind]}(${args.join(", ")});`].join("\n");
}

function reproValidator(kind, kase) {
  const min = shrink(clone(kase), validatorEdits, (k) => compareValidator(k) === kind, (k) => validatorSource(k).length);
  const recR = [];
  const recO = [];
  const show = (res, rec) =>
    (res.ok ? toSource(res.value) : errorText(res.error)) + (min.kind === 8 ? `; predicate called with ${toSource(rec)}` : "");
  const lines = [];
  if (min.kind === 8) lines.push(`const ${min.args[2]} = ${PREDICATES[min.args[2]].toString()};`);
  lines.push(validatorSource(min));
  lines.push(`// reference: ${show(callValidator(refValidators, min, recR), recR)}`);
  lines.push(`// ours:      ${show(callValidator(ours, min, recO), recO)}`);
  return lines.join("\n");
}

test(`validators: ${VALIDATOR_CASES} generated cases agree with @mcpjam/sdk@1.14.0 (dist/index.js)`, () => {
  const t0 = performance.now();
  const findings = new Findings();
  const perKind = new Array(9).fill(0);
  const trues = new Array(9).fill(0);
  for (let i = 0; i < VALIDATOR_CASES; i++) {
    const kase = genValidatorCase(caseRng(SEED, 3, i));
    perKind[kase.kind]++;
    const kind = compareValidator(kase);
    if (kind) findings.add(kind, kase, i);
    else {
      const r = callValidator(refValidators, kase, []);
      if (r.ok && r.value) trues[kase.kind]++;
    }
  }
  log(
    `validators: ${VALIDATOR_CASES} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      VALIDATOR_NAMES.map((n, k) => `${n}=${perKind[k]} (true ${trues[k]})`).join(", ") +
      `; disagreements=${findings.total}`,
  );
  if (findings.total) {
    const text = report("validators", findings, VALIDATOR_CASES, reproValidator);
    log(text);
    assert.fail(text);
  }
});

// ============================================================================
// hand-written cases (from the issue); expected values as the reference returns them
// ============================================================================

/**
 * Runs both implementations and checks each against `want`, where `want`
 * names calls by index: { passed, missing: [i...], extra: [j...],
 * argumentMismatches: [[i, j]...] } (mismatch args are the calls' own
 * `arguments`, all present here). outOfOrder must be [] in these cases.
 */
function checkBoth(expected, actual, options, want) {
  for (const [label, impl] of [
    ["reference", refMatchers],
    ["ours", ours],
  ]) {
    const res = impl.evaluateToolCalls(expected, actual, options);
    const got = {
      passed: res.passed,
      missing: res.missing.map((c) => expected.indexOf(c)),
      extra: res.extra.map((c) => actual.indexOf(c)),
      argumentMismatches: res.argumentMismatches.map((m) => {
        const i = expected.findIndex((c) => c.arguments === m.expectedArgs);
        const j = actual.findIndex((c) => c.arguments === m.actualArgs);
        assert.equal(m.toolName, expected[i]?.toolName, `${label}: mismatch toolName`);
        return [i, j];
      }),
      outOfOrder: res.outOfOrder,
    };
    assert.deepStrictEqual(got, { ...want, outOfOrder: [] }, `${label} disagrees with the expected value`);
  }
}

test("issue: two calls of one tool with different arguments, actual in the other order -> ignore mode pairs both", () => {
  const expected = [
    { toolName: "search", arguments: { query: "cats" } },
    { toolName: "search", arguments: { query: "dogs" } },
  ];
  const actual = [
    { toolName: "search", arguments: { query: "dogs" } },
    { toolName: "search", arguments: { query: "cats" } },
  ];
  const want = { passed: true, missing: [], extra: [], argumentMismatches: [] };
  checkBoth(expected, actual, { toolCallOrder: "ignore" }, want);
  checkBoth(expected, actual, undefined, want);
  checkBoth(expected, actual, { toolCallOrder: "ignore", argumentMatching: "exact", maxExtraToolCalls: 0 }, want);
});

test("issue: expected {} in exact mode vs actual { extra: 1 } fails", () => {
  const expected = [{ toolName: "search", arguments: {} }];
  const actual = [{ toolName: "search", arguments: { extra: 1 } }];
  checkBoth(expected, actual, { argumentMatching: "exact" }, {
    passed: false,
    missing: [],
    extra: [],
    argumentMismatches: [[0, 0]],
  });
  // partial mode: {} matches anything
  checkBoth(expected, actual, { argumentMatching: "partial" }, { passed: true, missing: [], extra: [], argumentMismatches: [] });
});

test("issue: keys in another order are equal", () => {
  const expected = [{ toolName: "fetch", arguments: { a: 1, b: { c: [1, { d: 2, e: 3 }], f: "x" } } }];
  const actual = [{ toolName: "fetch", arguments: { b: { f: "x", c: [1, { e: 3, d: 2 }] }, a: 1 } }];
  for (const argumentMatching of ["exact", "partial"]) {
    checkBoth(expected, actual, { argumentMatching, toolCallOrder: "strict" }, {
      passed: true,
      missing: [],
      extra: [],
      argumentMismatches: [],
    });
  }
});

test('issue: { format: "string" } vs { format: "string" } passes in partial mode, vs { format: 5 } fails', () => {
  const expected = [{ toolName: "read", arguments: { format: "string" } }];
  checkBoth(expected, [{ toolName: "read", arguments: { format: "string" } }], { argumentMatching: "partial" }, {
    passed: true,
    missing: [],
    extra: [],
    argumentMismatches: [],
  });
  checkBoth(expected, [{ toolName: "read", arguments: { format: 5 } }], { argumentMatching: "partial" }, {
    passed: false,
    missing: [],
    extra: [],
    argumentMismatches: [[0, 0]],
  });
});

// ============================================================================
// well-formed edge values outside the generators' ranges (found by probing);
// asserted as the reference behaves
// ============================================================================

test("edge: resolveMatchOptions returns maxExtraToolCalls as given (-0, 1e21, ...): the reference does not validate there", () => {
  const problems = [];
  for (const value of [-0, 1e21, Number.MAX_SAFE_INTEGER, 2 ** 64, Number.MAX_VALUE]) {
    const layer = { maxExtraToolCalls: value };
    const R = run(() => refMatchers.resolveMatchOptions(layer));
    const O = run(() => ours.resolveMatchOptions(layer));
    assert.ok(R.ok && Object.is(R.value.maxExtraToolCalls, value), "reference returns the value as given");
    if (!O.ok || !isDeepStrictEqual(O.value, R.value)) {
      problems.push(
        `resolveMatchOptions(${toSource(layer)});\n// reference: ${toSource(R.value)}\n` +
          `// ours:      ${O.ok ? toSource(O.value) : errorText(O.error)}`,
      );
    }
  }
  if (problems.length) assert.fail(problems.join("\n\n"));
});

test("edge: strings with a lone UTF-16 surrogate: the reference compares them, ours throws UNSUPPORTED_VALUE (documented)", () => {
  // Tool-call arguments travel as UTF-8 JSON, where a lone surrogate cannot
  // exist; we refuse them with a coded error rather than compare a lossy copy.
  const options = { argumentMatching: "exact" };
  const cases = [
    [[{ toolName: "a", arguments: { x: "\ud800" } }], [{ toolName: "a", arguments: { x: "\ud800" } }], "expected"],
    [[{ toolName: "a", arguments: { x: "ok" } }], [{ toolName: "a", arguments: { "\udc00": 1 } }], "actual"],
    [[{ toolName: "\ud800" }], [{ toolName: "a" }], "expected"],
  ];
  for (const [expected, actual, path] of cases) {
    assert.ok(run(() => refMatchers.evaluateToolCalls(expected, actual, options)).ok, "the reference compares them");
    assert.throws(
      () => ours.evaluateToolCalls(expected, actual, options),
      (e) => e instanceof ours.MatcherError && e.code === "UNSUPPORTED_VALUE" && e.path === path,
    );
  }
  // The module keeps answering afterwards.
  assert.equal(ours.evaluateToolCalls([{ toolName: "a" }], [{ toolName: "a" }]).passed, true);
  assert.throws(
    () => ours.matchToolArgument("a", "k", "\ud800", [{ toolName: "a", arguments: { k: "x" } }]),
    (e) => e.code === "UNSUPPORTED_VALUE",
  );
});

test("null / undefined lists are empty, as in the reference; other non-arrays throw (documented)", () => {
  for (const [e, a] of [[null, undefined], [undefined, null], [null, [{ toolName: "x" }]], [[{ toolName: "x" }], undefined]]) {
    const r = refMatchers.evaluateToolCalls(e, a);
    const o = ours.evaluateToolCalls(e, a);
    assert.deepEqual(
      { passed: o.passed, missing: o.missing, extra: o.extra, argumentMismatches: o.argumentMismatches },
      { passed: r.passed, missing: r.missing, extra: r.extra, argumentMismatches: r.argumentMismatches },
    );
    assert.equal(ours.alignToolCalls(e, a).passed, r.passed);
  }
  assert.throws(() => ours.evaluateToolCalls(42, []), (e) => e.code === "INVALID_ARGUMENT" && e.path === "expected");
});
