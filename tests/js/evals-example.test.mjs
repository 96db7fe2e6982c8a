// The eval dataset example (examples/responses.mjs over
// examples/responses-dataset.json) ends every case as its metadata.expectPass
// says, and the dataset uses every expectation type.
//
//   node --test tests/js/evals-example.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const program = fileURLToPath(new URL("../../examples/responses.mjs", import.meta.url));
const dataset = JSON.parse(readFileSync(new URL("../../examples/responses-dataset.json", import.meta.url), "utf8"));

test("the dataset has at least 15 cases, uses every expectation type and fails some on purpose", () => {
  assert.ok(dataset.cases.length >= 15);
  const used = new Set(dataset.cases.flatMap((c) => Object.keys(c.expect)));
  for (const k of ["response", "schema", "containsText", "matchesPattern", "snapshot", "snapshotSanitizers", "isError", "passesJudge", "responseSize", "toolsTriggered", "toolCallCount"]) {
    assert.ok(used.has(k), k);
  }
  assert.ok(dataset.cases.some((c) => c.metadata.expectPass === false));
});

test("every case ends as intended", () => {
  const r = spawnSync(process.execPath, [program], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /every case ended as intended/);
});
