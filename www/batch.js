// Many runs at once: several dropped files, or a JSON-lines file of MCPJam
// `EvalResultInput`s (one result per line, as @mcpjam/sdk@1.14.0's reporters
// write them and `PromptResult.toEvalResult()` returns them). Each run is read
// and judged here with the package; the page draws the table (`app.js`). The
// rows are plain data, so a report can embed them (`<script type=
// "application/json" id="report-data">`) and the page shows them without the
// inputs.
import { evaluateToolCalls } from "../pkg/index.js";
import { readInput } from "./load.js";
import { toolCallsWhy } from "./why.js";

/** Whether `v` is an `EvalResultInput` (its `caseTitle` and `passed`). */
const isEvalResult = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && typeof v.caseTitle === "string" && typeof v.passed === "boolean";

/**
 * The runs in the loaded files: one per file, except a JSON-lines file of
 * `EvalResultInput`s, which gives one run per line.
 * @param {{ name: string, text: string }[]} files
 * @returns {{ name: string, text: string, result?: object }[]} `result`: the line's EvalResultInput
 */
export function runsOf(files) {
  const runs = [];
  for (const f of files) {
    const parse = (l) => {
      try {
        return JSON.parse(l);
      } catch {
        return undefined;
      }
    };
    // Told by the first line before reading the others (a 20 MB transcript is not parsed twice).
    const first = f.text.slice(0, f.text.indexOf("\n") + 1 || f.text.length);
    const lines = isEvalResult(parse(first)) ? f.text.split("\n").filter((l) => l.trim() !== "") : [];
    const parsed = lines.length > 1 ? lines.map(parse) : [];
    if (parsed.length > 1 && parsed.every(isEvalResult)) {
      parsed.forEach((r, i) => runs.push({ name: `${f.name} · ${r.caseTitle || `line ${i + 1}`}`, text: lines[i], result: r }));
    } else {
      runs.push({ name: f.name, text: f.text });
    }
  }
  return runs;
}

/**
 * Reads and judges one run. An `EvalResultInput` is judged on its own
 * `expectedToolCalls`, `matchOptions` and `isNegativeTest` (as the
 * reference's `evaluateToolCalls` would), next to the verdict it recorded; a
 * trace is judged on `shared` expectations when given, else not judged.
 * @param {{ name: string, text: string, result?: object }} run
 * @param {{ expected: unknown[], options: object } | null} shared
 * @returns {{ name: string, kind: string, format: string, calls: number|null, verdict: "PASS"|"FAIL"|"—"|"ERROR", recorded: boolean|null, why: string }}
 */
export function judgeRun(run, shared) {
  const row = { name: run.name, kind: "", format: "", calls: null, verdict: "—", recorded: run.result ? run.result.passed : null, why: "" };
  let input;
  try {
    input = readInput(run.text, run.result ? "trace" : "auto");
  } catch (e) {
    return { ...row, verdict: "ERROR", why: e.message };
  }
  Object.assign(row, { kind: input.kind, format: input.format, calls: input.kind === "trace" ? input.calls.length : null });
  if (input.kind !== "trace") return { ...row, why: `a ${input.kind}: open it to write its expectations` };
  const actual = input.calls.map((c) => ({ toolName: c.toolName, arguments: c.arguments ?? {} }));
  let expected;
  let options;
  if (run.result && Array.isArray(run.result.expectedToolCalls)) {
    expected = run.result.expectedToolCalls.map((c) => ({ toolName: c.toolName, arguments: c.arguments ?? {} }));
    options = { ...(run.result.matchOptions ?? {}), isNegativeTest: run.result.isNegativeTest === true };
  } else if (shared) {
    ({ expected, options } = shared);
  } else {
    return { ...row, why: "no expectations: open it, or tick “keep my expectations” to judge every run on yours" };
  }
  try {
    const r = evaluateToolCalls(expected, actual, options);
    const why = toolCallsWhy(r, actual.length, options);
    return { ...row, verdict: r.passed ? "PASS" : "FAIL", why };
  } catch (e) {
    return { ...row, verdict: "ERROR", why: e.code ? `${e.code}: ${e.message}` : e.message };
  }
}
