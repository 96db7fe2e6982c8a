// One WebAssembly module per family: each entry point compiles only the
// modules of the families it exports (counted in a fresh Node process by
// wrapping WebAssembly.Module), and each module is smaller than the old
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

// The byte lengths of the modules compiled while importing `entry`.
function compiledBy(entry) {
  const script = `
    const sizes = [];
    const Real = WebAssembly.Module;
    WebAssembly.Module = function (bytes) { sizes.push(bytes.byteLength); return new Real(bytes); };
    WebAssembly.Module.prototype = Real.prototype;
    await import(${JSON.stringify(pathToFileURL(join(pkg, entry)).href)});
    console.log(JSON.stringify(sizes));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).sort((a, b) => a - b);
}

test("mcp-matchers/matchers compiles only the tool-call module", () => {
  assert.deepEqual(compiledBy("matchers.js"), [size("tool_calls")]);
  assert.ok(size("tool_calls") < 300_000, `tool_calls module is ${size("tool_calls")} bytes`);
});

test("each family entry compiles its own module; the root compiles the four families, never the schema module", () => {
  assert.deepEqual(compiledBy("traces.js"), [size("traces")]);
  // The agent loop rides in the traces module (replayModel reads traces).
  assert.deepEqual(compiledBy("agent.js"), [size("traces")]);
  assert.deepEqual(compiledBy("transcripts.js"), [size("transcripts")]);
  assert.deepEqual(compiledBy("responses.js"), [size("responses")]);
  // The expect matchers need only the responses module (snapshot files and runners load on use).
  assert.deepEqual(compiledBy("expect.js"), [size("responses")]);
  const families = ["tool_calls", "traces", "transcripts", "responses"];
  assert.deepEqual(compiledBy("index.js"), families.map(size).sort((a, b) => a - b));
  // Each family stays near the old single module (1,010,206 bytes); the responses module passed it with
  // the rest of the reference's evals API (issue 11 item 4: compareEvalRuns, runEvalCase, the dataset issues).
  for (const m of families) assert.ok(size(m) < 1_050_000, `${m}: ${size(m)} bytes`);
  assert.deepEqual(compiledBy("schema.js"), [size("responses"), size("schema")].sort((a, b) => a - b));
});
