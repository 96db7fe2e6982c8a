// Runs an eval dataset over real recorded MCP tool results with the built
// package (../pkg) and prints a readable report.
//
//   node examples/responses.mjs [DATASET]     default: examples/responses-dataset.json
//
// Each case's `metadata.recording` names a recorded CallToolResult in
// tests/fixtures/responses/ (the "tool call" replays it); `metadata.expectPass`
// is the intended outcome (some cases fail on purpose). Stored snapshots are
// in examples/responses-snapshots.json. The judge is an offline stand-in
// model (word overlap with the reference, rounded to the 5-point scale, replied
// as prose around a fenced JSON verdict): no network, no API key. Exit code 0
// when every case's outcome equals its `expectPass`, else 1.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { runEvalDataset, validateEvalDataset } from "../pkg/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "..", "tests", "fixtures", "responses");
const readJson = (p) => JSON.parse(readFileSync(p, "utf8"));

const dataset = validateEvalDataset(readJson(resolve(process.argv[2] ?? join(here, "responses-dataset.json"))));
const snapshots = readJson(join(here, "responses-snapshots.json"));

// Schemas by the names the dataset uses: a Standard Schema object (Zod 4),
// and JSON Schema documents: the servers' own outputSchemas from their
// recorded tools/list (the first one loads the mcp-matchers/schema module).
const outputSchema = (server, tool) => readJson(join(fixtures, server, "tools-list.json")).tools.find((t) => t.name === tool).outputSchema;
const schemas = {
  weather: z.object({ temperature: z.number(), conditions: z.string(), humidity: z.number().min(0).max(100) }),
  "get_file_info.outputSchema": outputSchema("filesystem", "get_file_info"),
  "get-structured-content.outputSchema": outputSchema("everything", "get-structured-content"),
};

// Custom predicates by case id (functions cannot live in JSON).
const predicates = {
  "resource-links-predicate": {
    fn: (response) => {
      const links = response.content.filter((b) => b.type === "resource_link").length;
      return { pass: links === 4, message: `expected 4 resource_link blocks, found ${links}` };
    },
    description: "four resource links",
  },
};

// The offline stand-in model: the share of the reference's words found in
// the candidate, rounded to 0 / 0.25 / 0.5 / 0.75 / 1.
const words = (s) => new Set((s.toLowerCase().match(/[\p{L}\p{N}.-]+/gu) ?? []).map((w) => w.replace(/\.$/, "")));
function section(prompt, tag) {
  const m = prompt.match(new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`));
  return m ? m[1] : "";
}
async function standInModel(prompt) {
  const candidate = words(section(prompt, "candidate_response"));
  const reference = [...words(section(prompt, "reference_answer"))];
  const hit = reference.filter((w) => candidate.has(w)).length / Math.max(reference.length, 1);
  const score = Math.round(hit * 4) / 4;
  const verdict = { pass: score >= 0.75, score, reasoning: `${Math.round(hit * 100)}% of the reference's words appear in the response` };
  return `Here is my evaluation.\n\`\`\`json\n${JSON.stringify(verdict)}\n\`\`\`\nLet me know if you need more.`;
}

// The "tool call": replays the recording the case names.
async function callTool(_toolName, _args, evalCase) {
  return readJson(join(fixtures, `${evalCase.metadata.recording}.result.json`));
}

for (const c of dataset.cases) {
  const p = predicates[c.id];
  if (p) Object.assign(c.expect, { predicate: p.fn, predicateDescription: p.description });
}

const run = await runEvalDataset(dataset, callTool, { schemas, snapshots, judge: standInModel });

const indent = (s, pad) => String(s).split("\n").map((l, i) => (i === 0 ? l : pad + l)).join("\n");
console.log(`Dataset "${dataset.name}": ${dataset.cases.length} cases over recorded MCP responses\n`);
let surprises = 0;
for (const [i, r] of run.caseResults.entries()) {
  const c = dataset.cases[i];
  const intended = c.metadata.expectPass;
  const as = r.pass === intended ? "" : "   <-- NOT AS INTENDED";
  if (as) surprises++;
  console.log(`${r.pass ? "PASS" : "FAIL"}  ${r.id}  (${c.toolName} <- ${c.metadata.recording})${intended ? "" : "  [fails on purpose]"}${as}`);
  console.log(`      ${c.description}`);
  if (r.error) console.log(`      error: ${r.error}`);
  for (const [kind, e] of Object.entries(r.expectations)) {
    console.log(`      ${e.pass ? "ok  " : "FAIL"} ${kind.padEnd(14)} ${indent(e.message, " ".repeat(26))}`);
  }
}
console.log(`\n${run.passed}/${run.total} passed, ${run.failed} failed (pass rate ${(run.passRate * 100).toFixed(1)}%)`);
console.log(surprises === 0 ? "every case ended as intended" : `${surprises} case(s) did not end as intended`);
process.exit(surprises === 0 ? 0 : 1);
