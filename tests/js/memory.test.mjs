// Issue 13 item 6: a module's linear memory does not grow with the number of
// calls. For each family, in a fresh process: its exports are called 100 times
// (the allocator reaches its working size), then 10,000 times more on the same
// real inputs; the memory after is no larger than after the first 100. Inputs
// are the bundled fixtures; the answers are checked on the way (values from
// the fixture files), so a call that silently did nothing would show.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const url = (p) => JSON.stringify(pathToFileURL(join(root, p)).href);
const fixture = (p) => JSON.stringify(join(root, "tests/fixtures", p));

const CASES = {
  tool_calls: `
    const expected = [{ toolName: "a", arguments: { x: 1 } }, { toolName: "b" }];
    const actual = [{ toolName: "b", arguments: {} }, { toolName: "a", arguments: { x: 1, y: [1, 2] } }];
    let n = 0;
    return () => {
      if (pkg.evaluateToolCalls(expected, actual).passed !== true) throw new Error("evaluateToolCalls");
      if (pkg.alignToolCalls(expected, actual, { toolCallOrder: "strict" }).outOfOrder.length !== 1) throw new Error("alignToolCalls");
      // A prepared list, judged and freed; one more left to the FinalizationRegistry every 100 calls.
      const prepared = new pkg.PreparedToolCalls(expected);
      if (pkg.evaluateToolCalls(prepared, actual).passed !== true) throw new Error("PreparedToolCalls");
      prepared.free();
      if (++n % 100 === 0) new pkg.PreparedToolCalls(actual);
    };`,
  traces: `
    const text = readFileSync(${fixture("traces/anthropic/message.parallel-tool-use.json")}, "utf8");
    return () => {
      const r = pkg.PromptResult.fromTrace(text);
      if (r.getToolCalls().length !== 4 || pkg.detectTraceFormat(text).format !== "anthropic") throw new Error("fromTrace");
    };`,
  transcripts: `
    const text = readFileSync(${fixture("transcripts/pi/untether_pi-mode-json_bash-write.jsonl")}, "utf8");
    return () => {
      const run = tx.normalizeTranscript(text);
      if (run.events.length !== 2 || tx.toHaveRun(run, "ls").pass !== true || tx.toHaveEdited(run, "notes.md").pass !== true) throw new Error("transcripts");
    };`,
  responses: `
    const response = JSON.parse(readFileSync(${fixture("responses/everything/echo-unicode.result.json")}, "utf8"));
    return () => {
      if (pkg.validateText(response, ["naïve café"]).pass !== true) throw new Error("validateText");
      if (pkg.validatePattern(response, [/日本語/u]).pass !== true) throw new Error("validatePattern");
      if (!pkg.applySanitizers("id 550e8400-e29b-41d4-a716-446655440000", ["uuid"]).includes("[UUID]")) throw new Error("applySanitizers");
      if (pkg.matchSnapshot("a\\nb\\n", "a\\nc\\n", []).pass !== false) throw new Error("matchSnapshot");
    };`,
};

for (const [family, body] of Object.entries(CASES)) {
  test(`${family}: memory after 10,100 calls is no larger than after 100`, () => {
    const script = `
      import { readFileSync } from "node:fs";
      const pkg = await import(${url("pkg/index.js")});
      const tx = await import(${url("pkg/transcripts.js")});
      const { families } = await import(${url("pkg/errors.js")});
      const call = (() => { ${body} })();
      for (let i = 0; i < 100; i++) call();
      const warm = families[${JSON.stringify(family)}].__memory_bytes();
      for (let i = 0; i < 10000; i++) call();
      console.log(JSON.stringify({ warm, after: families[${JSON.stringify(family)}].__memory_bytes() }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 300_000 });
    assert.equal(r.status, 0, r.stderr);
    const { warm, after } = JSON.parse(r.stdout);
    assert.ok(warm > 0);
    assert.equal(after, warm, `${family}: ${warm} bytes after 100 calls, ${after} after 10,100`);
  });
}
