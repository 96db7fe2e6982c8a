// The reference PromptResult: the class of @mcpjam/sdk@1.14.0, evaluated
// from its shipped dist/index.js, sections `src/eval-tool-execution.ts`
// (the tool-failure gate toEvalResult applies) and `src/PromptResult.ts`,
// with the bundle's own `__esm` helper (the package's root entry does not
// load with today's MCP client, see ../../shared/TOOLCHAIN.md).
//
// Not a test file itself (its name matches none of node --test's patterns).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** `{ PromptResult, finalizePassedForEval, file, lines }` of the reference. */
export function loadReferencePromptResult() {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@mcpjam/sdk"); // exports "." -> dist/index.js
  const lines = readFileSync(file, "utf8").split("\n");
  const find = (marker, from = 0) => lines.findIndex((l, i) => i >= from && l.trim() === marker);
  const start = find("// src/eval-tool-execution.ts");
  const end = find("// src/widget-snapshots.ts", start);
  const helpers = find("var __esm = (fn, res) => function __init() {");
  if (start < 0 || end < 0 || helpers < 0 || find("// src/PromptResult.ts", start) > end) {
    throw new Error(`PromptResult sections not found in ${file}`);
  }
  const source = [
    "var __getOwnPropNames = Object.getOwnPropertyNames;",
    ...lines.slice(helpers, helpers + 3),
    ...lines.slice(start, end),
    "init_PromptResult();",
    "return { PromptResult, finalizePassedForEval };",
  ].join("\n");
  const out = new Function(source)();
  if (typeof out.PromptResult !== "function") throw new Error("reference PromptResult missing");
  return { ...out, file, lines: [start + 1, end] };
}
