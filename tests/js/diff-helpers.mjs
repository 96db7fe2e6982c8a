// Helpers for differential.test.mjs: a seeded PRNG, the input generators,
// the reference oracle loader, a structural clone that keeps every JS quirk
// the matchers care about (undefined members, holes, NaN, -0, null
// prototypes), a greedy shrinker, and a printer that turns values into JS
// source for minimal repros.
//
// Not a test file itself (its name matches none of node --test's patterns).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// ---- the reference ---------------------------------------------------------

const VALIDATOR_NAMES = [
  "matchToolCalls",
  "matchToolCallsSubset",
  "matchAnyToolCall",
  "matchToolCallCount",
  "matchNoToolCalls",
  "matchToolCallWithArgs",
  "matchToolCallWithPartialArgs",
  "matchToolArgument",
  "matchToolArgumentWith",
];
export { VALIDATOR_NAMES };

/**
 * The nine validators of @mcpjam/sdk@1.14.0, evaluated from the
 * `// src/validators.ts` section of dist/index.js (the package's root entry
 * does not load on Node 20).
 */
export function loadReferenceValidators() {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@mcpjam/sdk"); // exports "." -> dist/index.js
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === "// src/validators.ts");
  const end = lines.findIndex((l, i) => i > start && l.trim() === "// src/percentiles.ts");
  if (start < 0 || end < 0) throw new Error(`validators section not found in ${file}`);
  const section = lines.slice(start, end).join("\n");
  const fns = new Function(`${section}\n;return { ${VALIDATOR_NAMES.join(", ")} };`)();
  for (const n of VALIDATOR_NAMES) {
    if (typeof fns[n] !== "function") throw new Error(`reference validator ${n} missing`);
  }
  return { fns, file, lines: [start + 1, end] };
}

// ---- seeded PRNG -----------------------------------------------------------

/** Parses DIFF_SEED: decimal or 0x-hex integer, else a hash of the text. */
export function parseSeed(text, fallback) {
  if (text === undefined || text === "") return fallback >>> 0;
  const t = text.trim();
  if (/^(0x[0-9a-f]+|\d+)$/i.test(t)) return Number(t) >>> 0;
  return hash32(t);
}

function hash32(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 */
export function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    int: (n) => Math.floor(next() * n),
    range: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    /** pick from [[weight, value], ...] */
    weighted(pairs) {
      let total = 0;
      for (const [w] of pairs) total += w;
      let x = next() * total;
      for (const [w, v] of pairs) {
        if ((x -= w) < 0) return v;
      }
      return pairs[pairs.length - 1][1];
    },
    shuffle(arr) {
      for (let i = arr.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [arr[i], arr[j]] = [arr[j], arr[i]];
      }
      return arr;
    },
  };
  return r;
}

/** An independent stream for case number `i` of a run seeded with `seed`. */
export function caseRng(seed, stream, i) {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35) ^ Math.imul(i + 1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return makeRng(h >>> 0);
}

// ---- value generators ------------------------------------------------------

export const TOOLS = ["search", "fetch", "read"];
const RARE_TOOLS = ["Search", "search ", "", "d\u00e9j\u00e0"];
export const KEYS = ["a", "b", "c", "d"];
const RARE_KEYS = ["", "0", "2", "10", "A", "query", "a b", "\u00e9", "\u0000", "\u0000k", "\ud83d\ude00"];

const PLACEHOLDER_WORDS = ["any", "string", "number", "boolean", "object", "array", "null"];
const NEAR_WORDS = ["strings", "str", "anything", "nul", "obj ect", "arr", "none", "undefined", "int", "bool", "nan"];
// JS trim() removes all of these except U+0085 and U+200B.
const WS = [" ", "  ", "\t", "\n", "\r\n", "\u000b", "\u000c", "\u00a0", "\ufeff", "\u0085", "\u2028", "\u3000", "\u200b", "\u1680"];
const PLAIN_STRINGS = [
  "", "x", "hello", "Hello", "10", "1", "true", "false", "null", "undefined", "NaN", "Infinity",
  "u", "D0", "B1", "\u0000", "\u0000u", "\u00e9", "\ud83d\ude00", "a,b", "{}", "[]", "-0",
];
const NUMBERS = [
  0, 0, 1, 1, 2, 2, -1, 10, 10.0, 1e1, 1.5, -0, 0.1 + 0.2, 0.3, 1e21, 2 ** 53, 2 ** 64, 5e-324, -1e300, 1e-7,
  NaN, NaN, Infinity, -Infinity,
];

export function genToolName(r) {
  return r.chance(0.03) ? r.pick(RARE_TOOLS) : r.pick(TOOLS);
}

export function genKey(r) {
  return r.chance(0.08) ? r.pick(RARE_KEYS) : r.pick(KEYS);
}

function recase(r, w) {
  switch (r.int(5)) {
    case 0:
      return w.toUpperCase();
    case 1:
      return w.charAt(0).toUpperCase() + w.slice(1);
    case 2:
      return [...w].map((c) => (r.chance(0.5) ? c.toUpperCase() : c)).join("");
    default:
      return w;
  }
}

export function genPlaceholderString(r) {
  let w = r.chance(0.85) ? r.pick(PLACEHOLDER_WORDS) : r.pick(NEAR_WORDS);
  w = recase(r, w);
  if (r.chance(0.35)) w = r.pick(WS) + w;
  if (r.chance(0.35)) w = w + r.pick(WS);
  return w;
}

export function genString(r) {
  return r.chance(0.5) ? genPlaceholderString(r) : r.pick(PLAIN_STRINGS);
}

export function genScalar(r) {
  return r.weighted([
    [30, () => r.pick(NUMBERS)],
    [32, () => genString(r)],
    [10, () => r.chance(0.5)],
    [12, () => null],
    [8, () => undefined],
  ])();
}

/** Any value; containers only while depth < 3. */
export function genValue(r, depth = 1) {
  if (depth < 3 && r.chance(0.22)) {
    return r.chance(0.5) ? genArray(r, depth + 1) : genObject(r, depth + 1, r.int(4));
  }
  return genScalar(r);
}

function genArray(r, depth) {
  const n = r.int(4);
  const a = [];
  for (let i = 0; i < n; i++) a.push(r.chance(0.12) ? undefined : genValue(r, depth));
  if (n > 0 && r.chance(0.05)) delete a[r.int(n)]; // a hole
  return a;
}

function genObject(r, depth, nKeys) {
  const o = r.chance(0.03) ? Object.create(null) : {};
  for (let i = 0; i < nKeys; i++) o[genKey(r)] = genValue(r, depth);
  return o;
}

/** An arguments object (always an object): 0-4 keys. */
export function genArgsObject(r) {
  return genObject(r, 1, r.weighted([[2, 0], [4, 1], [4, 2], [3, 3], [2, 4]]));
}

const ABSENT = Symbol("absent");

/** `arguments` of a call: ABSENT, undefined, null, {} or an object. */
function genCallArgs(r) {
  return r.weighted([
    [14, () => ABSENT],
    [3, () => undefined],
    [3, () => null],
    [10, () => ({})],
    [70, () => genArgsObject(r)],
  ])();
}

function makeCall(r, toolName, args) {
  const c = { toolName };
  if (args !== ABSENT) c.arguments = args;
  if (r.chance(0.02)) c.toolCallId = `id${r.int(100)}`;
  return c;
}

// ---- clones and near-copies ------------------------------------------------

function isObj(v) {
  return v !== null && typeof v === "object";
}

/**
 * Structural clone keeping undefined members, holes, -0, NaN, null
 * prototypes, and shared references (an object reachable twice is cloned
 * once; pass one `memo` to clone several roots together).
 */
export function clone(v, memo = new Map()) {
  if (!isObj(v)) return v;
  if (memo.has(v)) return memo.get(v);
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    memo.set(v, out);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = clone(v[i], memo);
    return out;
  }
  const out = Object.getPrototypeOf(v) === null ? Object.create(null) : {};
  memo.set(v, out);
  for (const k of Object.keys(v)) out[k] = clone(v[k], memo);
  return out;
}

/** A value near `v` in the sense of the reference's equalities. */
function nearValue(r, v) {
  if (typeof v === "number") {
    if (Number.isNaN(v) || !Number.isFinite(v)) return r.pick([null, NaN, Infinity, -Infinity, 0, String(v)]);
    if (v === 0) return r.pick([-0, 0, "0", false, null]);
    return r.pick([v + 1, -v, String(v), v * 1.0, null]);
  }
  if (v === null) return r.pick([NaN, Infinity, undefined, "null", 0]);
  if (v === undefined) return r.pick([null, "undefined", NaN]);
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (PLACEHOLDER_WORDS.includes(t) && r.chance(0.6)) return valueOfType(r, t);
    return r.pick([recase(r, v), ` ${v}`, `${v}\ufeff`, `\u0085${v}`, "", Number(v)]);
  }
  if (typeof v === "boolean") return r.pick([!v, String(v), v ? 1 : 0]);
  if (Array.isArray(v)) {
    const c = clone(v);
    switch (r.int(5)) {
      case 0:
        c.push(r.chance(0.5) ? undefined : genValue(r, 3));
        return c;
      case 1:
        c.pop();
        return c;
      case 2:
        return v.length === 0 ? [undefined] : v.map((x) => (x === undefined ? null : x));
      case 3:
        return c.length === 1 && c[0] === undefined ? [] : c.reverse();
      default:
        return {};
    }
  }
  // object
  const c = clone(v);
  const keys = Object.keys(c);
  switch (r.int(4)) {
    case 0:
      if (keys.length) delete c[r.pick(keys)];
      return c;
    case 1:
      c[genKey(r)] = r.chance(0.4) ? undefined : genValue(r, 3);
      return c;
    case 2:
      if (keys.length) c[r.pick(keys)] = undefined;
      return c;
    default:
      return [];
  }
}

function valueOfType(r, t) {
  switch (t) {
    case "any":
      return r.pick([undefined, undefined, null, 0, "", false, NaN, [], {}, genValue(r, 2)]);
    case "string":
      return r.pick(["", "x", "string"]);
    case "number":
      return r.pick([0, 1, NaN, -0, Infinity]);
    case "boolean":
      return r.chance(0.5);
    case "object":
      return r.pick([{}, { a: 1 }, [], [1], null, "object"]);
    case "array":
      return r.pick([[], [1], [undefined], {}]);
    default:
      return r.pick([null, undefined, NaN]);
  }
}

/**
 * A clone of `v` with object keys in a permuted insertion order at every
 * level and, with probability `pm` per node, a nearby or fresh value.
 */
export function permutedCopy(r, v, pm, depth = 1) {
  if (depth > 0 && isObj(v) && r.chance(0.04)) return v; // a shared reference
  if (depth > 0 && pm > 0 && r.chance(pm)) {
    return r.chance(0.7) ? nearValue(r, v) : genValue(r, Math.min(depth, 3));
  }
  if (!isObj(v)) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = permutedCopy(r, v[i], pm, depth + 1);
    return out;
  }
  const out = Object.getPrototypeOf(v) === null ? Object.create(null) : {};
  for (const k of r.shuffle(Object.keys(v))) out[k] = permutedCopy(r, v[k], pm, depth + 1);
  return out;
}

/** A copy of an arguments object (stays an object), sometimes changed. */
export function copyArgs(r, args, { keepKeys = false } = {}) {
  const pm = r.weighted([[45, 0], [35, 0.15], [20, 0.4]]);
  const out = permutedCopy(r, args, pm, 0);
  // type placeholders: often give the copy a value of (or near) the named type
  for (const k of Object.keys(out)) {
    const v = out[k];
    if (typeof v === "string" && r.chance(0.5)) {
      const t = v.trim().toLowerCase();
      if (PLACEHOLDER_WORDS.includes(t)) out[k] = r.chance(0.75) ? valueOfType(r, t) : genScalar(r);
    }
  }
  if (!keepKeys) {
    const keys = Object.keys(out);
    if (keys.length && r.chance(0.15)) delete out[r.pick(keys)];
    if (r.chance(0.25)) {
      const k = genKey(r);
      if (!(k in out)) out[k] = r.chance(0.2) ? undefined : genValue(r, 1);
    }
  }
  return out;
}

function copyCall(r, c) {
  if (r.chance(0.02)) return c; // the very same call object
  const toolName = r.chance(0.88) ? c.toolName : genToolName(r);
  let args;
  if (!("arguments" in c) || !isObj(c.arguments)) {
    args = r.weighted([[4, () => ABSENT], [2, () => ({})], [1, () => null], [3, () => genArgsObject(r)]])();
  } else if (r.chance(0.06)) {
    args = r.pick([ABSENT, null, {}]);
  } else if (r.chance(0.05)) {
    args = c.arguments; // a shared arguments object
  } else {
    args = copyArgs(r, c.arguments);
  }
  return makeCall(r, toolName, args);
}

// ---- evaluateToolCalls cases ----------------------------------------------

const INVALID_MAX = [-1, 1.5, NaN, "2"];

export function genOptions(r) {
  const shape = r.weighted([[5, "undefined"], [1, "null"], [94, "object"]]);
  if (shape === "undefined") return undefined;
  if (shape === "null") return null;
  const o = {};
  const order = r.weighted([[3, ABSENT], [1, undefined], [4, "ignore"], [4, "strict"], [4, "superset"]]);
  if (order !== ABSENT) o.toolCallOrder = order;
  const matching = r.weighted([[3, ABSENT], [1, undefined], [4, "partial"], [4, "exact"], [3, "ignore"]]);
  if (matching !== ABSENT) o.argumentMatching = matching;
  const max = r.weighted([
    [8, ABSENT], [2, undefined], [3, null], [3, 0], [3, 1], [2, 2], [1, 5],
    [1.2, () => r.pick(INVALID_MAX)],
  ]);
  if (max !== ABSENT) o.maxExtraToolCalls = typeof max === "function" ? max() : max;
  const allow = r.weighted([[6, ABSENT], [2, true], [2, false]]);
  if (allow !== ABSENT) o.allowExtraToolCalls = allow;
  const neg = r.weighted([[7, ABSENT], [1.2, true], [2, false]]);
  if (neg !== ABSENT) o.isNegativeTest = neg;
  // property order varies too
  if (r.chance(0.3)) {
    const p = {};
    for (const k of r.shuffle(Object.keys(o))) p[k] = o[k];
    return p;
  }
  return o;
}

export function genEvalCase(r) {
  const n = r.weighted([[3, 0], [8, 1], [10, 2], [10, 3], [8, 4], [6, 5], [4, 6], [3, 7], [3, 8]]);
  const expected = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && r.chance(0.3)) expected.push(copyCall(r, r.pick(expected)));
    else expected.push(makeCall(r, genToolName(r), genCallArgs(r)));
  }
  let actual = [];
  const keepP = r.pick([0.5, 0.8, 0.95, 1]);
  for (const e of expected) if (r.chance(keepP)) actual.push(copyCall(r, e));
  const nExtra = r.weighted([[5, 0], [4, 1], [2, 2], [1, 3]]);
  for (let i = 0; i < nExtra; i++) {
    const c =
      expected.length && r.chance(0.5)
        ? copyCall(r, r.pick(expected))
        : makeCall(r, genToolName(r), genCallArgs(r));
    actual.splice(r.int(actual.length + 1), 0, c);
  }
  switch (r.int(5)) {
    case 0:
    case 1:
      break; // keep order
    case 2:
      r.shuffle(actual);
      break;
    case 3:
      actual.reverse();
      break;
    default:
      for (let k = 0; k < 2 && actual.length > 1; k++) {
        const i = r.int(actual.length - 1);
        [actual[i], actual[i + 1]] = [actual[i + 1], actual[i]];
      }
  }
  if (actual.length > 8) actual = actual.slice(0, 8);
  if (r.chance(0.04)) actual = [];
  return { expected, actual, options: genOptions(r) };
}

// ---- resolveMatchOptions cases -------------------------------------------

export function genResolveLayers(r) {
  const n = r.int(4);
  const layers = [];
  for (let i = 0; i < n; i++) {
    const shape = r.weighted([[3, "undefined"], [1, "null"], [12, "object"]]);
    if (shape !== "object") {
      layers.push(shape === "null" ? null : undefined);
      continue;
    }
    const o = {};
    const set = (key, pairs) => {
      const v = r.weighted(pairs);
      if (v !== ABSENT) o[key] = v;
    };
    set("toolCallOrder", [[5, ABSENT], [1, undefined], [2, "ignore"], [2, "strict"], [2, "superset"]]);
    set("argumentMatching", [[5, ABSENT], [1, undefined], [2, "partial"], [2, "exact"], [2, "ignore"]]);
    set("maxExtraToolCalls", [[5, ABSENT], [1, undefined], [2, null], [2, 0], [1, 1], [1, 2], [1, 5]]);
    set("allowExtraToolCalls", [[5, ABSENT], [1, undefined], [2, true], [2, false]]);
    if (r.chance(0.1)) o.isNegativeTest = r.chance(0.5);
    layers.push(o);
  }
  return layers;
}

// ---- validator cases -------------------------------------------------------

export const NAMES = ["a", "b", "c", "d"];
const RARE_NAMES = ["A", "", "a "];
const COUNTS = [0, 0, 1, 1, 2, 2, 3, 2.5, -1, -0, NaN, Infinity];

function genName(r) {
  return r.chance(0.05) ? r.pick(RARE_NAMES) : r.pick(NAMES);
}

function genNameList(r) {
  const n = r.weighted([[2, 0], [3, 1], [3, 2], [3, 3], [2, 4], [1, 5], [1, 6]]);
  return Array.from({ length: n }, () => genName(r));
}

function nearNameList(r, list) {
  const c = [...list];
  switch (r.int(6)) {
    case 0:
      return c;
    case 1:
      return r.shuffle(c);
    case 2:
      if (c.length) c.splice(r.int(c.length), 1);
      return c;
    case 3:
      c.splice(r.int(c.length + 1), 0, genName(r));
      return c;
    case 4:
      if (c.length) c[r.int(c.length)] = genName(r);
      return c;
    default:
      return genNameList(r);
  }
}

function genValidatorCalls(r) {
  const n = r.weighted([[1, 0], [3, 1], [3, 2], [2, 3], [1, 4], [1, 5]]);
  const calls = [];
  for (let i = 0; i < n; i++) {
    const args =
      i > 0 && r.chance(0.3)
        ? r.chance(0.15)
          ? r.pick(calls).arguments // shared
          : copyArgs(r, r.pick(calls).arguments)
        : genArgsObject(r);
    calls.push({ toolName: genToolName(r), arguments: args });
  }
  return calls;
}

/** Predicates for matchToolArgumentWith, by name (for repro printing). */
export const PREDICATES = {
  isString: (v) => typeof v === "string",
  isNumber: (v) => typeof v === "number",
  isNull: (v) => v === null,
  isUndefined: (v) => v === undefined,
  isArray: (v) => Array.isArray(v),
  isObject: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  equalsOne: (v) => v === 1,
  equalsX: (v) => v === "x",
  isNaN: (v) => v !== v,
  never: () => false,
  identity: (v) => v, // truthy non-boolean results
  throwsOnObject: (v) => {
    if (typeof v === "object" && v !== null) throw new Error("predicate boom");
    return false;
  },
};
const PREDICATE_NAMES = Object.keys(PREDICATES);

/** Returns { kind, args } with args in the validator's parameter order. */
export function genValidatorCase(r) {
  const kind = r.weighted([[1, 0], [1, 1], [1, 2], [1.2, 3], [0.4, 4], [2, 5], [2, 6], [2, 7], [2, 8]]);
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const e = genNameList(r);
      const a = r.chance(0.6) ? nearNameList(r, e) : genNameList(r);
      return { kind, args: [e, a] };
    }
    case 3: {
      const a = genNameList(r);
      const name = a.length && r.chance(0.7) ? r.pick(a) : genName(r);
      let count = r.pick(COUNTS);
      if (r.chance(0.3)) count = a.filter((x) => x === name).length;
      return { kind, args: [name, a, count] };
    }
    case 4:
      return { kind, args: [genNameList(r)] };
    case 5:
    case 6: {
      const calls = genValidatorCalls(r);
      let want;
      let name = genToolName(r);
      if (calls.length && r.chance(0.7)) {
        const c = r.pick(calls);
        if (r.chance(0.8)) name = c.toolName;
        if (r.chance(0.1)) return { kind, args: [name, c.arguments, calls] }; // shared
        want = copyArgs(r, c.arguments);
        if (kind === 6 && r.chance(0.4)) {
          for (const k of Object.keys(want)) if (r.chance(0.5)) delete want[k];
        }
      } else {
        want = r.chance(0.2) ? {} : genArgsObject(r);
      }
      return { kind, args: [name, want, calls] };
    }
    case 7: {
      const calls = genValidatorCalls(r);
      let name = genToolName(r);
      let key = genKey(r);
      let want;
      if (calls.length && r.chance(0.7)) {
        const c = r.pick(calls);
        if (r.chance(0.8)) name = c.toolName;
        const keys = Object.keys(c.arguments);
        if (keys.length && r.chance(0.85)) key = r.pick(keys);
        want = r.chance(0.15) ? c.arguments[key] : permutedCopy(r, c.arguments[key], r.pick([0, 0, 0.2, 0.5]), 1);
      } else {
        want = genValue(r, 1);
      }
      return { kind, args: [name, key, want, calls] };
    }
    default: {
      const calls = genValidatorCalls(r);
      let name = genToolName(r);
      let key = genKey(r);
      if (calls.length && r.chance(0.7)) {
        const c = r.pick(calls);
        if (r.chance(0.8)) name = c.toolName;
        const keys = Object.keys(c.arguments);
        if (keys.length && r.chance(0.85)) key = r.pick(keys);
      }
      return { kind, args: [name, key, r.pick(PREDICATE_NAMES), calls] };
    }
  }
}

// ---- JS source printing ----------------------------------------------------

function escapeString(s) {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

function keySource(k) {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : escapeString(k);
}

/**
 * JS source that evaluates to a value structurally equal to `v`. Objects in
 * `names` (see sharedDeclarations) print as their name.
 */
export function toSource(v, names = null, defining = null) {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  switch (typeof v) {
    case "number":
      return Object.is(v, -0) ? "-0" : String(v);
    case "string":
      return escapeString(v);
    case "boolean":
      return String(v);
    case "function":
      return v.name || "function";
    case "symbol":
      return String(v);
    case "bigint":
      return `${v}n`;
  }
  if (names && v !== defining && names.has(v)) return names.get(v);
  if (Array.isArray(v)) {
    const parts = [];
    for (let i = 0; i < v.length; i++) parts.push(i in v ? toSource(v[i], names) : "");
    let s = parts.join(", ");
    if (v.length && !(v.length - 1 in v)) s += ",";
    return `[${s}]`;
  }
  const body = Object.keys(v)
    .map((k) => `${keySource(k)}: ${toSource(v[k], names)}`)
    .join(", ");
  const lit = body ? `{ ${body} }` : "{}";
  return Object.getPrototypeOf(v) === null ? `Object.assign(Object.create(null), ${lit})` : lit;
}

/**
 * Objects reachable more than once from `roots` get names; returns the
 * names and their `const` declarations, inner ones first.
 */
export function sharedDeclarations(roots) {
  const seen = new Set();
  const shared = new Set();
  const visit = (v) => {
    if (!isObj(v)) return;
    if (seen.has(v)) {
      shared.add(v);
      return;
    }
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (i in v) visit(v[i]);
    } else for (const k of Object.keys(v)) visit(v[k]);
  };
  roots.forEach(visit);
  const names = new Map();
  const decls = [];
  const done = new Set();
  const define = (v) => {
    if (!isObj(v) || done.has(v)) return;
    done.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (i in v) define(v[i]);
    } else for (const k of Object.keys(v)) define(v[k]);
    if (shared.has(v)) {
      const name = `shared${names.size}`;
      decls.push(`const ${name} = ${toSource(v, names, v)};`);
      names.set(v, name);
    }
  };
  roots.forEach(define);
  return { names, decls };
}

// ---- shrinking -------------------------------------------------------------
//
// A candidate is an edit at a path into the whole case; it is applied to a
// clone of the case (shared references stay shared, so an edit reaches every
// place a shared object appears).

const SIMPLE = [0, null, undefined, "", "x", true, NaN];

const getAt = (root, path) => path.reduce((x, k) => x[k], root);

export function applyEdit(root, e) {
  const c = clone(root);
  const parent = getAt(c, e.path);
  if (e.op === "splice") parent.splice(e.key, 1);
  else if (e.op === "delete") delete parent[e.key];
  else if (e.op === "hoist") parent[e.key] = parent[e.key][e.child];
  else parent[e.key] = typeof e.value === "function" ? e.value() : e.value;
  return c;
}

export const splice = (path, key) => ({ op: "splice", path, key });
export const del = (path, key) => ({ op: "delete", path, key });
export const set = (path, key, value) => ({ op: "set", path, key, value });

/** Edits of the value at `path` (any value may take its place). */
export function* valueEdits(v, path) {
  const parent = path.slice(0, -1);
  const key = path[path.length - 1];
  if (isObj(v)) {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) yield splice(path, i);
      for (let i = 0; i < v.length; i++) if (i in v) yield { op: "hoist", path: parent, key, child: i };
      for (let i = 0; i < v.length; i++) yield* valueEdits(v[i], [...path, i]);
    } else {
      for (const k of Object.keys(v)) yield del(path, k);
      for (const k of Object.keys(v)) yield { op: "hoist", path: parent, key, child: k };
      for (const k of Object.keys(v)) yield* valueEdits(v[k], [...path, k]);
    }
  }
  if (typeof v === "string" && v.length > 1) {
    yield set(parent, key, v.slice(1));
    yield set(parent, key, v.slice(0, -1));
  }
  for (const s of SIMPLE) if (!Object.is(s, v)) yield set(parent, key, s);
}

/** Edits of the object at `path` that keep it an object. */
export function* objectEdits(v, path) {
  const keys = Object.keys(v);
  if (keys.length > 1 || Object.getPrototypeOf(v) === null) yield set(path.slice(0, -1), path[path.length - 1], () => ({}));
  for (const k of keys) yield del(path, k);
  for (const k of keys) yield* valueEdits(v[k], [...path, k]);
}

/**
 * Greedy shrink: `edits(c)` yields edits of case `c`; `fails(c)` says whether
 * a case still shows the same disagreement; `size(c)` must shrink strictly.
 */
export function shrink(start, edits, fails, size, budget = 5000) {
  let cur = start;
  let curSize = size(cur);
  let tries = 0;
  let improved = true;
  while (improved && tries < budget) {
    improved = false;
    for (const e of edits(cur)) {
      if (++tries > budget) break;
      const c = applyEdit(cur, e);
      const s = size(c);
      if (s >= curSize) continue;
      let f = false;
      try {
        f = fails(c);
      } catch {
        f = false;
      }
      if (f) {
        cur = c;
        curSize = s;
        improved = true;
        break;
      }
    }
  }
  return cur;
}
