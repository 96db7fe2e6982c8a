#!/usr/bin/env node
// Benchmark of evaluateToolCalls: mcp-matchers (pkg/index.js, Rust/wasm)
// against the reference @mcpjam/sdk@1.14.0 (`@mcpjam/sdk/matchers`), in one
// Node process. Run: node --expose-gc bench/evaluate.mjs   (see bench/README.md)
//
// This is a program, not a test: targets are printed as met/missed and never
// change the exit status. The exit status is 1 only when ours and the
// reference disagree on a benchmark input (then the timings are worthless).

import { readFileSync, readdirSync, statSync, mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import os from "node:os";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..");
const PKG = join(ROOT, "pkg");
const QUICK = process.argv.includes("--quick"); // smaller time budget, same rows

const gc = typeof globalThis.gc === "function" ? globalThis.gc : null;
if (!gc) console.warn("warning: run with `node --expose-gc` for steadier numbers (gc() between measurements)");

// ---- load both implementations, proving we instantiate our module once -----
// Every WebAssembly.Instance made while loading is counted; the glue's
// initSync() returns its existing exports when the module is already
// instantiated, so importing the same glue file that pkg/index.js imported
// hands us the one instance (and its memory) without making a second one.
const RealInstance = WebAssembly.Instance;
let instancesMade = 0;
WebAssembly.Instance = new Proxy(RealInstance, {
  construct(target, args, newTarget) {
    instancesMade++;
    return Reflect.construct(target, args, newTarget);
  },
});
let importMs;
let ours, ref, glue;
try {
  const t0 = performance.now();
  // mcp-matchers/matchers: the tool-call family's own module only.
  ours = await import("../pkg/matchers.js");
  importMs = performance.now() - t0;
  ref = await import("@mcpjam/sdk/matchers");
  glue = await import("../pkg/wasm/tool_calls.js");
} finally {
  WebAssembly.Instance = RealInstance;
}
const wasmExports = glue.initSync(); // returns the existing exports: no new instance
if (instancesMade !== 1 || !(wasmExports?.memory instanceof WebAssembly.Memory)) {
  console.error(`error: expected exactly one wasm instance with an exported memory, saw ${instancesMade}`);
  process.exit(1);
}
const wasmMemory = wasmExports.memory;

// The build being measured: the .wasm file now, and whether the bytes that
// pkg/index.js instantiated (inlined base64) are that same file.
const WASM_PATH = join(PKG, "wasm", "tool_calls_bg.wasm");
const sha = (b) => createHash("sha256").update(b).digest("hex");
const wasmAtStart = readFileSync(WASM_PATH);
const { wasmBytes } = await import("../pkg/wasm/tool_calls_bytes.js");
const inlinedSha = sha(wasmBytes());
const wasmSha = sha(wasmAtStart);

// -- sizes (read before any timing, so that they describe the measured build) --
const wasmPath = WASM_PATH;
const wasmRaw = wasmAtStart;
const walk = (d) => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
const allFiles = walk(PKG);
// The published file set: `npm pack --dry-run` when npm is at hand (it applies
// the package.json "files" globs exactly as publishing does), else a plain
// reading of those globs (`*` within one path segment, or a directory).
function publishedFiles() {
  const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: PKG, encoding: "utf8", timeout: 30000 });
  try {
    const [info] = JSON.parse(r.stdout);
    return { source: "npm pack --dry-run", files: info.files.map((f) => f.path).sort(), npmTarball: info.size };
  } catch {
    const pkgJson = JSON.parse(readFileSync(join(PKG, "package.json"), "utf8"));
    const rels = allFiles.map((f) => relative(PKG, f).split("\\").join("/"));
    const globRe = (g) => new RegExp("^" + g.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*") + "(/.*)?$");
    const pats = (pkgJson.files ?? ["**"]).map((g) => globRe(g.replace(/\/$/, "")));
    const always = /^(package\.json|README(\..*)?|LICEN[CS]E(\..*)?)$/i;
    return { source: 'package.json "files" (npm not available)', files: rels.filter((f) => always.test(f) || pats.some((re) => re.test(f))).sort(), npmTarball: null };
  }
}
const pub = publishedFiles();
const published = pub.files;
const publishedBytes = published.map((f) => readFileSync(join(PKG, f)));
const sizes = {
  wasm: { path: relative(ROOT, wasmPath), sha256: wasmSha, inlinedSha256: inlinedSha, raw: wasmRaw.length, gzip9: gzipSync(wasmRaw, { level: 9 }).length },
  pkgOnDisk: { files: allFiles.length, raw: allFiles.reduce((s, f) => s + statSync(f).size, 0) },
  published: {
    source: pub.source,
    npmTarball: pub.npmTarball,
    files: published,
    raw: publishedBytes.reduce((s, b) => s + b.length, 0),
    gzip9: gzipSync(Buffer.concat(publishedBytes), { level: 9 }).length,
  },
};

import { typical, worst, worstByConstruction } from "./tool-call-inputs.mjs";

// ---- timing ------------------------------------------------------------------

const now = () => performance.now();
let sink = 0; // keeps results observably used
const consume = (r) => {
  sink = (sink + (r?.passed ? 1 : 0) + (r?.missing?.length | 0)) | 0;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const BUDGET = QUICK ? { ours: 100, ref: 100, floor: 50 } : { ours: 300, ref: 300, floor: 150 }; // ms per row and side
const BATCHES = 7;
const SLOW_CALL_MS = 150; // a single call this slow is timed as single calls
const SLOW_CAP_MS = QUICK ? 8000 : 20000; // most time spent on one slow row and side
const SKIP_REF_OVER_MS = 30000; // predicted reference time per call above which it is not run
const FULL = process.argv.includes("--full"); // run the reference even where predicted too slow

// Median per-call time (ms) of BATCHES timed batches after a warm-up.
// `prior` holds per-call times (ms) of calls already made on the same input.
function measure(fn, budgetMs, prior = []) {
  if (gc) gc();
  const samples = [...prior];
  if (!samples.length) {
    const t0 = now();
    consume(fn());
    samples.push(now() - t0);
  }
  let est = Math.min(...samples);
  if (est > SLOW_CALL_MS) {
    // Slow: single calls, at most 3 (counting those already made), within SLOW_CAP_MS.
    let spent = samples.reduce((a, b) => a + b, 0);
    while (samples.length < 3 && spent + est <= SLOW_CAP_MS) {
      const t = now();
      consume(fn());
      const dt = now() - t;
      samples.push(dt);
      spent += dt;
    }
    return { ms: median(samples), batches: samples.length, reps: 1 };
  }
  // Warm-up: ~15% of the budget (at least 3 calls), in growing chunks; the
  // fastest chunk estimates the per-call time (robust to preemption on a busy machine).
  const w0 = now();
  let wn = 0;
  let chunk = 1;
  est = Infinity;
  while (wn < 3 || now() - w0 < budgetMs * 0.15) {
    const t = now();
    for (let i = 0; i < chunk; i++) consume(fn());
    const dt = now() - t;
    est = Math.min(est, dt / chunk);
    wn += chunk;
    if (dt < 1) chunk *= 2;
  }
  const reps = Math.max(1, Math.round((budgetMs * 0.85) / BATCHES / est));
  const times = [];
  for (let b = 0; b < BATCHES; b++) {
    const t = now();
    for (let i = 0; i < reps; i++) consume(fn());
    times.push((now() - t) / reps);
  }
  return { ms: median(times), batches: BATCHES, reps };
}

// ---- agreement ----------------------------------------------------------------

const counts = (r) => ({
  passed: r.passed,
  missing: r.missing.length,
  extra: r.extra.length,
  argumentMismatches: r.argumentMismatches.length,
});
const sameCounts = (a, b) =>
  a.passed === b.passed && a.missing === b.missing && a.extra === b.extra && a.argumentMismatches === b.argumentMismatches;
// Beyond the counts: the very same caller objects, in the same order.
function sameObjects(o, r) {
  const same = (x, y) => x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    same(o.missing, r.missing) &&
    same(o.extra, r.extra) &&
    o.argumentMismatches.length === r.argumentMismatches.length &&
    o.argumentMismatches.every(
      (m, i) =>
        m.toolName === r.argumentMismatches[i].toolName &&
        m.expectedArgs === r.argumentMismatches[i].expectedArgs &&
        m.actualArgs === r.argumentMismatches[i].actualArgs,
    )
  );
}

// ---- formatting -----------------------------------------------------------------

function fmtTime(ms) {
  if (ms == null || !Number.isFinite(ms)) return "-";
  const us = ms * 1000;
  const three = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  if (us < 1000) return `${three(us)} µs`;
  if (ms < 1000) return `${three(ms)} ms`;
  return `${three(ms / 1000)} s`;
}
const fmtRatio = (x) => (x == null || !Number.isFinite(x) ? "-" : x >= 100 ? `${x.toFixed(0)}×` : x >= 10 ? `${x.toFixed(1)}×` : `${x.toFixed(2)}×`);
const fmtBytes = (b) => (b >= 1024 * 1024 ? `${(b / 1048576).toFixed(2)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`);
const mark = (t) => (t === null ? "-" : t ? "met" : "MISSED");

function table(headers, rows, align) {
  const w = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (align[i] === "r" ? String(c).padStart(w[i]) : String(c).padEnd(w[i]))).join("  ");
  return [line(headers), w.map((x) => "-".repeat(x)).join("  "), ...rows.map(line)].join("\n");
}

// ---- main --------------------------------------------------------------------

const runStart = now();
const ORDERS = ["ignore", "strict", "superset"];
const MATCHING = ["partial", "exact"];
const SIZES = [10, 100, 1000, 5000];
const SCENARIOS = [
  { name: "typical", make: (n) => typical(n, 1000 + n) },
  { name: "worst", make: (n) => worst(n, 2000 + n) },
];

console.log(`evaluateToolCalls: mcp-matchers (pkg/index.js, wasm) vs @mcpjam/sdk@1.14.0 (@mcpjam/sdk/matchers)`);
console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, ${process.platform}/${process.arch}${gc ? ", --expose-gc" : ", NO --expose-gc"}${QUICK ? ", --quick" : ""}`);
const loadStart = os.loadavg();
console.log(`load average ${loadStart.map((x) => x.toFixed(2)).join(" ")}${loadStart[0] > os.cpus().length ? "  (WARNING: the machine is busy; absolute times are inflated, ratios within a row less so)" : ""}`);
console.log(`wasm sha256 ${wasmSha.slice(0, 16)}…${inlinedSha === wasmSha ? " (= the bytes inlined in wasm/tool_calls_bytes.js)" : "  WARNING: differs from the bytes inlined in wasm/tool_calls_bytes.js, which are what was measured"}`);
console.log(`import of pkg/index.js (base64 decode + synchronous compile + instantiate): ${importMs.toFixed(1)} ms`);
console.log("");

// -- WebAssembly linear memory across 10,000 calls at n = 100 (done first, so
//    that the large rows below have not already grown the memory) --
const memory = (() => {
  const inputs = [typical(100, 7), worst(100, 8)];
  const combos = [];
  for (const d of inputs) for (const o of ORDERS) for (const m of MATCHING) combos.push([d, { toolCallOrder: o, argumentMatching: m }]);
  for (let i = 0; i < 50; i++) for (const [d, opts] of combos) consume(ours.evaluateToolCalls(d.expected, d.actual, opts));
  if (gc) gc();
  const before = wasmMemory.buffer.byteLength;
  const muBefore = process.memoryUsage();
  const t0 = now();
  for (let i = 0; i < 10000; i++) {
    const [d, opts] = combos[i % combos.length];
    consume(ours.evaluateToolCalls(d.expected, d.actual, opts));
  }
  const loopMs = now() - t0;
  const after = wasmMemory.buffer.byteLength;
  if (gc) gc();
  const muAfter = process.memoryUsage();
  return {
    source: "glue initSync() on the already-instantiated module (exports.memory); one instance verified",
    calls: 10000,
    n: 100,
    inputs: "typical and worst, all 6 option combinations in turn",
    warmupCalls: 50 * combos.length,
    beforeBytes: before,
    afterBytes: after,
    stable: after === before,
    loopMs,
    process: {
      arrayBuffersBefore: muBefore.arrayBuffers,
      arrayBuffersAfter: muAfter.arrayBuffers,
      rssBefore: muBefore.rss,
      rssAfter: muAfter.rss,
    },
  };
})();

const rows = [];
const disagreements = [];
for (const sc of SCENARIOS) {
  for (const n of SIZES) {
    const { expected, actual } = sc.make(n);
    for (const order of ORDERS) {
      for (const matching of MATCHING) {
        const opts = { toolCallOrder: order, argumentMatching: matching };
        const label = `${sc.name} n=${n} ${order}/${matching}`;
        if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${label} ...`);

        // The reference's time at the previous size of this row predicts this one (n², to be safe).
        const prev = rows.find((r) => r.scenario === sc.name && r.order === order && r.matching === matching && r.n === SIZES[SIZES.indexOf(n) - 1]);
        const predictedRefMs = prev?.refMs != null ? prev.refMs * (n / prev.n) ** 2 : 0;
        const runRef = FULL || predictedRefMs <= SKIP_REF_OVER_MS;

        // Agreement first: a benchmark on wrong results is worthless.
        const o = ours.evaluateToolCalls(expected, actual, opts);
        const oc = counts(o);
        let rc = null;
        let refCheckMs = null;
        let identical = null;
        if (runRef) {
          if (gc) gc();
          const t = now();
          const r = ref.evaluateToolCalls(expected, actual, opts);
          refCheckMs = now() - t;
          rc = counts(r);
          identical = sameObjects(o, r);
          if (!sameCounts(oc, rc)) disagreements.push({ row: label, ours: oc, reference: rc });
          else if (!identical) disagreements.push({ row: label, ours: oc, reference: rc, note: "same counts, different objects" });
        }
        if (sc.name === "worst") {
          const bc = worstByConstruction(n, order);
          if (rc && !sameCounts(rc, bc)) disagreements.push({ row: label, reference: rc, byConstruction: bc, note: "benchmark bug: by-construction result is wrong" });
          if (!rc && !sameCounts(oc, bc)) disagreements.push({ row: label, ours: oc, byConstruction: bc, note: "reference not run; compared with its result by construction" });
        }

        const om = measure(() => ours.evaluateToolCalls(expected, actual, opts), BUDGET.ours);
        const rm = runRef
          ? measure(() => ref.evaluateToolCalls(expected, actual, opts), BUDGET.ref, refCheckMs > SLOW_CALL_MS ? [refCheckMs] : [])
          : null;
        const fm = measure(() => JSON.stringify(expected).length + JSON.stringify(actual).length, BUDGET.floor);

        const refMs = rm ? rm.ms : predictedRefMs;
        const row = {
          scenario: sc.name,
          n,
          order,
          matching,
          oursMs: om.ms,
          refMs,
          refEstimated: !rm,
          floorMs: fm.ms,
          refOverOurs: refMs / om.ms,
          oursOverFloor: om.ms / fm.ms,
          samples: { ours: [om.batches, om.reps], ref: rm ? [rm.batches, rm.reps] : [0, 0], floor: [fm.batches, fm.reps] },
          result: { ours: { ...oc, outOfOrder: o.outOfOrder.length }, reference: rc, sameObjects: identical },
        };
        row.check = disagreements.some((x) => x.row === label) ? "DIFF" : runRef ? "ok" : "ok*";
        row.targets = {
          notSlowerThanReference: refMs >= om.ms,
          within3xFloor: n >= 1000 ? om.ms <= 3 * fm.ms : null,
          atLeast50xOnWorst1000: sc.name === "worst" && n === 1000 && order === "ignore" ? refMs / om.ms >= 50 : null,
        };
        rows.push(row);
      }
    }
  }
}
if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");

const memoryAtEnd = wasmMemory.buffer.byteLength;
const rebuilt = sha(readFileSync(WASM_PATH)) !== wasmSha;
sizes.wasm.rebuiltDuringRun = rebuilt;

// -- print --
const headers = ["scenario", "n", "order", "args", "check", "ours", "reference", "ref/ours", "floor", "ours/floor", "ours≤ref", "≤3×floor", "≥50× worst", "runs ours/ref"];
const align = ["l", "r", "l", "l", "l", "r", "r", "r", "r", "r", "l", "l", "l", "l"];
const runs = (s) => (s[0] === 0 ? "est." : `${s[0]}×${s[1]}`);
console.log(
  table(
    headers,
    rows.map((r) => [
      r.scenario,
      r.n.toLocaleString("en-US"),
      r.order,
      r.matching,
      r.check,
      fmtTime(r.oursMs),
      (r.refEstimated ? "~" : "") + fmtTime(r.refMs),
      (r.refEstimated ? "~" : "") + fmtRatio(r.refOverOurs),
      fmtTime(r.floorMs),
      fmtRatio(r.oursOverFloor),
      mark(r.targets.notSlowerThanReference),
      mark(r.targets.within3xFloor),
      mark(r.targets.atLeast50xOnWorst1000),
      `${runs(r.samples.ours)} / ${runs(r.samples.ref)}`,
    ]),
    align,
  ),
);
const est = rows.filter((r) => r.refEstimated);
if (est.length) {
  console.log(
    `~ reference not run (predicted > ${SKIP_REF_OVER_MS / 1000} s per call; --full runs it): time extrapolated as n² from the n = ${SIZES[SIZES.length - 2]} row; ` +
      `check ok* = ours agrees with the reference's result by construction (itself checked against the reference on every smaller row).`,
  );
}
console.log("");

const tally = (key) => {
  const app = rows.filter((r) => r.targets[key] !== null);
  return { met: app.filter((r) => r.targets[key]).length, of: app.length };
};
const T = { notSlowerThanReference: tally("notSlowerThanReference"), within3xFloor: tally("within3xFloor"), atLeast50xOnWorst1000: tally("atLeast50xOnWorst1000") };
console.log("targets (printed, never enforced):");
console.log(`  no case slower than the reference        ${T.notSlowerThanReference.met}/${T.notSlowerThanReference.of} rows met`);
console.log(`  n ≥ 1,000: ours within 3× of the floor   ${T.within3xFloor.met}/${T.within3xFloor.of} rows met`);
console.log(`  ≥ 50× the reference, n = 1,000 worst     ${T.atLeast50xOnWorst1000.met}/${T.atLeast50xOnWorst1000.of} rows met`);
console.log("");
console.log(`wasm ${sizes.wasm.path}: ${sizes.wasm.raw.toLocaleString("en-US")} B raw, ${sizes.wasm.raw ? sizes.wasm.gzip9.toLocaleString("en-US") : 0} B gzip -9`);
console.log(`pkg/ on disk: ${sizes.pkgOnDisk.files} files, ${sizes.pkgOnDisk.raw.toLocaleString("en-US")} B`);
console.log(
  `published files (${sizes.published.source}, ${published.length} files): ${sizes.published.raw.toLocaleString("en-US")} B raw, ` +
    `${sizes.published.gzip9.toLocaleString("en-US")} B gzip -9 together` +
    (sizes.published.npmTarball ? `, npm tarball ${sizes.published.npmTarball.toLocaleString("en-US")} B` : " (≈ the .tgz)"),
);
console.log("");
console.log(
  `wasm linear memory, ${memory.calls.toLocaleString("en-US")} calls at n = ${memory.n} after ${memory.warmupCalls} warm-up calls: ` +
    `${memory.beforeBytes.toLocaleString("en-US")} B before, ${memory.afterBytes.toLocaleString("en-US")} B after: ${memory.stable ? "stable" : "GREW"}` +
    `  (${fmtTime(memory.loopMs / memory.calls)} per call; process arrayBuffers ${fmtBytes(memory.process.arrayBuffersBefore)} → ${fmtBytes(memory.process.arrayBuffersAfter)}, rss ${fmtBytes(memory.process.rssBefore)} → ${fmtBytes(memory.process.rssAfter)})`,
);
console.log(`wasm linear memory at the end of the run (after the n = 5,000 rows; it never shrinks): ${memoryAtEnd.toLocaleString("en-US")} B (${fmtBytes(memoryAtEnd)})`);
console.log("");
if (disagreements.length) {
  console.log(`DISAGREEMENTS (${disagreements.length}): the timings of these rows are worthless`);
  for (const d of disagreements) console.log("  " + JSON.stringify(d));
} else {
  console.log(`agreement: ours and the reference agree on passed, missing, extra and argumentMismatches (and return the same objects) on all ${rows.length} inputs`);
}
if (rebuilt) console.log("note: pkg/ was rebuilt during the run; everything above describes the build loaded at the start");
const totalS = (now() - runStart) / 1000;
const loadEnd = os.loadavg();
console.log(`total run time ${totalS.toFixed(1)} s; load average at the end ${loadEnd.map((x) => x.toFixed(2)).join(" ")}`);

const out = {
  generated: new Date().toISOString(),
  command: `node ${process.execArgv.join(" ")} bench/evaluate.mjs ${process.argv.slice(2).join(" ")}`.replace(/\s+/g, " ").trim(),
  environment: { loadAverageStart: loadStart, loadAverageEnd: loadEnd, node: process.version, cpu: os.cpus()[0]?.model, cores: os.cpus().length, platform: process.platform, arch: process.arch, exposeGc: !!gc },
  units: "times are milliseconds per evaluateToolCalls call (median of timed batches)",
  settings: { budgetMsPerSide: BUDGET, batches: BATCHES, slowCallMs: SLOW_CALL_MS, slowCapMs: SLOW_CAP_MS, skipRefOverMs: FULL ? null : SKIP_REF_OVER_MS, quick: QUICK },
  importMs,
  rows,
  targets: T,
  sizes,
  memory: { ...memory, endOfRunBytes: memoryAtEnd },
  disagreements,
  totalSeconds: totalS,
  sink,
};
mkdirSync(join(HERE, "out"), { recursive: true });
writeFileSync(join(HERE, "out", "evaluate.json"), JSON.stringify(out, null, 2) + "\n");
console.log(`results written to ${relative(process.cwd(), join(HERE, "out", "evaluate.json")) || "bench/out/evaluate.json"}`);
if (disagreements.length) process.exitCode = 1;
