// The www/ trace viewer in real headless Chromium (Debian's, driven by playwright-core):
// it imports the built package, reads real traces, transcripts and tool responses
// (picked, pasted, dropped), and shows the verdict. Expected values are worked out by
// hand from the files in examples/ and tests/fixtures/ and the references' documented
// semantics (README). Screenshots go to test-output/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { fileURLToPath } from "node:url";
import { launchChromium, serve } from "./static-server.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = `${root}/test-output`;
let server, browser;

before(async () => {
  mkdirSync(out, { recursive: true });
  server = await serve(root);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

async function open(example, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/www/index.html?example=${example}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  return { page, errors };
}

test("Anthropic parallel tool_use: Eve expected, Daisy called → one argument mismatch", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.match(await page.textContent("#format"), /Detected anthropic: 4 tool call\(s\)/);
  assert.equal(await page.textContent("#counts"), "3 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  assert.match(await page.textContent("tr.mismatch"), /"name":"Eve".*argument mismatch.*"name":"Daisy"/);
  // Paired rows name the actual call they were paired with.
  assert.match(await page.textContent("tr.paired"), /"name":"Alice".*paired.*"name":"Alice"/);
  await page.screenshot({ path: `${out}/www-anthropic-mismatch.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("OpenAI parallel calls in strict order: the swapped one out of order, then passes in ignore mode", async () => {
  const { page } = await open("openai-chat.create-before-delete");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await page.textContent("#counts"), "0 paired · 2 missing · 2 extra · 1 out of order · 0 argument mismatch(es)");
  assert.equal(await page.locator("tr.out-of-order").count(), 1);
  await page.selectOption("#toolCallOrder", "ignore");
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.equal(await page.textContent("#counts"), "2 paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)");
  const link = page.url();
  assert.match(decodeURIComponent(new URL(link).hash), /"toolCallOrder":"ignore"/);
  await page.screenshot({ path: `${out}/www-openai-ignore.png`, fullPage: true });
  // The link reproduces the verdict in a fresh page.
  const again = await browser.newPage();
  await again.goto(link);
  await again.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await again.inputValue("#toolCallOrder"), "ignore");
  assert.equal(await again.textContent("#verdict"), "PASS");
  assert.equal(await again.textContent("#counts"), "2 paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)");
  // Export gives the verdict as JSON.
  const [download] = await Promise.all([again.waitForEvent("download"), again.click("#export")]);
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile(await download.path(), "utf8"));
  assert.equal(exported.passed, true);
  assert.deepEqual(exported.missing, []);
  await again.close();
  await page.close();
});

test("a broken trace shows a plain error; a bad expected list shows the coded error", async () => {
  const { page } = await open("gemini.three-topics", { width: 400, height: 800 });
  await page.fill("#trace", "{ not json");
  assert.match(await page.textContent("#error"), /the trace is not JSON/);
  await page.selectOption("#example", "gemini.three-topics");
  await page.waitForFunction(() => document.querySelector("#verdict").textContent !== "");
  await page.fill("#expected", '[{"toolName": 42}]');
  assert.equal(await page.textContent("#error"), "INVALID_ARGUMENT: toolName must be a string, got a number (at expected[0].toolName)");
  // The last verdict stays, dimmed and marked as the last one (issue 14: no layout jump while typing).
  assert.notEqual(await page.textContent("#verdict"), "");
  assert.equal(await page.isVisible("#stale"), true);
  await page.screenshot({ path: `${out}/www-narrow-error.png`, fullPage: true });
  await page.close();
});

// ---------- the trace viewer (issue 6) ----------

const fixture = (path) => readFileSync(`${root}/${path}`, "utf8");
const met = (ok) => (ok ? "met" : "missed");
const counts = (page) => page.textContent("#counts");

test("the bundled example list: every listed file exists; files not listed are reported", async (t) => {
  const { BUNDLED } = await import("../../www/examples.js");
  const { currentList } = await import("../../scripts/build-www.mjs");
  const now = currentList();
  for (const kind of Object.keys(now)) {
    const missing = BUNDLED[kind].filter((p) => !now[kind].includes(p));
    assert.deepEqual(missing, [], `${kind}: listed in www/examples.js but gone (node scripts/build-www.mjs --update-list)`);
    const unlisted = now[kind].filter((p) => !BUNDLED[kind].includes(p));
    if (unlisted.length) t.diagnostic(`${kind}: not yet in www/examples.js (node scripts/build-www.mjs --update-list): ${unlisted.join(", ")}`);
  }
  assert.ok(BUNDLED.trace.length >= 40 && BUNDLED.transcript.length >= 15 && BUNDLED.response.length >= 50);
});

// openai-chat/messages.multi-turn-history.json: two turns, three calls:
// get_country {}, get_product_name {}, get_weather {"city":"Mexico City"}.
test("trace picked from disk: two-column alignment, argument diff with the differing keys highlighted", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  await page.setInputFiles("#file", `${root}/tests/fixtures/traces/openai-chat/messages.multi-turn-history.json`);
  await page.waitForFunction(() => /multi-turn-history/.test(document.querySelector("#format").textContent));
  assert.equal(await page.textContent("#format"), "messages.multi-turn-history.json: Detected openai-chat: 3 tool call(s).");
  // ignore order, partial arguments: get_weather is called for another city and
  // without units (an argument mismatch with actual #2), get_country pairs with
  // actual #0, send_email was never called, get_product_name (#1) is extra.
  await page.fill("#expected", JSON.stringify([
    { toolName: "get_weather", arguments: { city: "Paris", units: "celsius" } },
    { toolName: "get_country", arguments: {} },
    { toolName: "send_email", arguments: { to: "ops@example.com" } },
  ]));
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await counts(page), "1 paired · 1 missing · 1 extra · 0 out of order · 1 argument mismatch(es)");
  assert.match(await page.textContent("tr.mismatch"), /get_weather.*"city":"Paris".*argument mismatch \(actual #2\).*"city":"Mexico City"/);
  assert.match(await page.textContent("tr.paired"), /get_country\(\{\}\).*paired.*get_country\(\{\}\)/);
  assert.match(await page.textContent("tr.missing"), /send_email/);
  assert.match(await page.textContent("tr.extra"), /extra \(actual #1\).*get_product_name/);
  // The diff marks "city" (differs) and "units" (missing from the actual call), nothing else.
  assert.deepEqual(await page.$$eval("tr.diff mark.diff-key", (ms) => ms.map((m) => m.dataset.key)), ["city", "units"]);
  assert.equal(await page.textContent("tr.diff .diff-line.differs"), '≠ "city": "Paris" → "Mexico City"  expected → actual');
  // Rows come in expected order, then the extra calls.
  assert.deepEqual(await page.$$eval("#alignment tbody tr", (rs) => rs.map((r) => r.className)), ["mismatch", "diff", "paired", "missing", "extra"]);
  await page.screenshot({ path: `${out}/www-trace-diff.png`, fullPage: true });
  // Exact matching also compares the keys only the actual call has.
  await page.selectOption("#argumentMatching", "ignore");
  assert.equal(await counts(page), "2 paired · 1 missing · 1 extra · 0 out of order · 0 argument mismatch(es)");
  assert.deepEqual(errors, []);
  await page.close();
});

// pi/untether_pi-mode-json_bash-write.jsonl: one turn; bash `ls -la`, then write notes.md.
// pi/untether_pi-mode-json_bash-write.jsonl: the bash call's args are {"command":"ls -la"}
// and its result's text block "ok"; the write's args {"path":"notes.md","content":"hello"}, result "done".
// Each event's input and output unfold as JSON trees, asked of the engine on first unfold.
async function unfoldsEventDetail(page) {
  assert.equal(await page.locator("#timeline .event .event-json .jt").count(), 0, "nothing is read before a row is unfolded");
  await page.click("#timeline .event.shell .event-open");
  await page.waitForSelector("#timeline .event.shell .event-json .jt");
  assert.deepEqual(await page.$$eval("#timeline .event.shell .event-json .call-json", (ds) => ds.map((d) => d.textContent.replace(/\s+/g, " ").trim())), ['input {"command":"ls -la"}', 'output "ok"']);
  await page.click("#timeline .event.shell .event-json .jt-toggle");
  assert.match(await page.textContent("#timeline .event.shell .event-json .jt-children"), /command.*"ls -la"/);
  await page.click("#timeline .event.edit .event-open");
  await page.waitForSelector("#timeline .event.edit .event-json .jt");
  assert.match(await page.textContent("#timeline .event.edit .event-json"), /input .*"content":"hello".*"path":"notes\.md".*output "done"/);
  await page.click("#timeline .event.shell .event-open");
  assert.equal(await page.locator("#timeline .event.shell .event-json").isHidden(), true, "folds again");
}

test("transcript pasted: timeline by turn and assertions with the failure marked; the link reproduces it", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  await page.fill("#trace", fixture("tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl"));
  assert.equal(await page.textContent("#format"), "Detected pi transcript: 1 turn(s), 2 event(s).");
  await page.fill("#assertions", ['toHaveRun("ls")', 'toHaveEdited("notes.md")', "not.toHaveRun(/ls/)", 'turn 0: toHaveCalledTool("bash")', "# a comment"].join("\n"));
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await counts(page), "3 of 4 assertion(s) pass · 1 turn(s) · 2 event(s)");
  assert.deepEqual(await page.$$eval("#assertion-results li", (ls) => ls.map((l) => l.className)), ["pass", "pass", "fail", "pass"]);
  assert.match(await page.textContent("#assertion-results li.fail"), /not\.toHaveRun\(\/ls\/\)/);
  assert.deepEqual(await page.$$eval("#timeline .turn h4", (hs) => hs.map((h) => h.firstChild.textContent)), ["Turn 0"]);
  assert.deepEqual(await page.$$eval("#timeline .chip", (cs) => cs.map((c) => c.textContent)), ["shell", "edit"]);
  assert.match(await page.textContent("#timeline .event.shell"), /bash.*ls -la/);
  assert.match(await page.textContent("#timeline .event.edit"), /write.*notes\.md/);
  await unfoldsEventDetail(page);
  // An edit that changes no turn's failing count keeps the timeline as it is: an unfolded row stays open.
  await page.click("#timeline .event.shell .event-open");
  await page.fill("#assertions", 'toHaveRun("ls")');
  assert.equal(await counts(page), "1 of 1 assertion(s) pass · 1 turn(s) · 2 event(s)");
  assert.equal(await page.locator("#timeline .event.shell .event-json").isVisible(), true);
  // A failing assertion on turn 0 marks the turn.
  await page.fill("#assertions", 'turn 0: toHaveEdited("README.md")');
  assert.equal(await page.locator("#timeline .turn.failing").count(), 1);
  assert.match(await page.textContent("#assertion-results li.fail"), /README\.md/);
  await page.screenshot({ path: `${out}/www-transcript.png`, fullPage: true });
  const link = page.url();
  const again = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await again.goto(link);
  await again.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await again.inputValue("#assertions"), 'turn 0: toHaveEdited("README.md")');
  assert.equal(await again.textContent("#format"), "Detected pi transcript: 1 turn(s), 2 event(s).");
  assert.equal(await again.textContent("#counts"), "0 of 1 assertion(s) pass · 1 turn(s) · 2 event(s)");
  await again.screenshot({ path: `${out}/www-transcript-narrow.png`, fullPage: true });
  // On a phone the verdict comes first.
  const [verdictTop, inputTop] = await again.evaluate(() => ["#verdict-section", "#input-section"].map((q) => document.querySelector(q).getBoundingClientRect().top));
  assert.ok(verdictTop < inputTop, `verdict at ${verdictTop} px, input at ${inputTop} px`);
  const [download] = await Promise.all([again.waitForEvent("download"), again.click("#export")]);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  assert.equal(exported.kind, "transcript");
  assert.equal(exported.harness, "pi");
  assert.equal(exported.passed, false);
  assert.equal(exported.assertions[0].turn, 0);
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});

// filesystem/read_text_file-enoent.result.json: isError, one text block
// "ENOENT: no such file or directory, open '/srv/fs-sandbox/project/nope.txt'".
test("tool response dropped: extracted text with the hits highlighted, validateText / validatePattern results", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const text = fixture("tests/fixtures/responses/filesystem/read_text_file-enoent.result.json");
  await page.evaluate((body) => {
    const dt = new DataTransfer();
    dt.items.add(new File([body], "enoent.result.json", { type: "application/json" }));
    document.querySelector("#drop").dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => /enoent\.result\.json/.test(document.querySelector("#format").textContent));
  assert.equal(await page.textContent("#format"), "enoent.result.json: Detected an MCP CallToolResult: 1 content block(s), isError: true.");
  await page.fill("#texts", "ENOENT\nnope.txt");
  await page.fill("#patterns", "/NO SUCH FILE/i\n^EACCES");
  const extracted = "ENOENT: no such file or directory, open '/srv/fs-sandbox/project/nope.txt'";
  assert.equal(await page.textContent("#response-text"), extracted);
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await counts(page), `1 of 2 check(s) pass · ${extracted.length} character(s) of text · isError: true`);
  assert.deepEqual(await page.$$eval("#response-results li", (ls) => ls.map((l) => `${l.className} ${l.querySelector("code").textContent}`)), ["pass validateText", "fail validatePattern"]);
  assert.match(await page.textContent("#response-results li.fail"), /EACCES/);
  assert.deepEqual(await page.$$eval("#response-text mark.text-hit", (ms) => ms.map((m) => m.textContent)), ["ENOENT", "nope.txt"]);
  assert.deepEqual(await page.$$eval("#response-text mark.pattern-hit", (ms) => ms.map((m) => m.textContent)), ["no such file"]);
  await page.fill("#patterns", "/NO SUCH FILE/i");
  assert.equal(await page.textContent("#verdict"), "PASS");
  await page.screenshot({ path: `${out}/www-response.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a broken file: the error names the line and column; nothing stale is shown", async () => {
  const { page } = await open("gemini.three-topics");
  await page.setInputFiles("#file", { name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{\n  "candidates": [\n    { "content": oops }\n  ]\n}\n') });
  await page.waitForFunction(() => document.querySelector("#error").textContent !== "");
  assert.match(await page.textContent("#error"), /^Could not read the input: the trace is not JSON \(line 3, column 18: /);
  assert.equal(await page.textContent("#verdict"), "");
  assert.equal(await page.locator("#alignment tbody tr").count(), 0);
  // JSON that is none of the known shapes says what each reader looked for.
  await page.fill("#trace", '{"hello": "world"}');
  assert.match(await page.textContent("#error"), /not a trace: an object with keys \["hello"\].*not a transcript: .*not a tool response/);
  // A call whose arguments are cut short is kept, shown as found, and judged as {}.
  const cut = { object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "search", arguments: '{"q": "ru' } }] } }] };
  await page.fill("#trace", JSON.stringify(cut));
  await page.fill("#expected", '[{"toolName": "search", "arguments": {}}]');
  assert.equal(await page.textContent("#error"), "");
  assert.equal(await page.textContent("#format"), "Detected openai-chat: 1 tool call(s).");
  assert.match(await page.textContent("#notes"), /search \(step 0, #0\): arguments unreadable \(NOT_JSON\), judged as \{\}/);
  assert.match(await page.textContent("tr.paired"), /⚠ NOT_JSON: "\{\\"q\\": \\"ru" — judged as \{\}/);
  await page.screenshot({ path: `${out}/www-broken.png`, fullPage: true });
  await page.close();
});

/** Scrolls the page to the end of `selector`'s element (the blocks near the screen are drawn as it goes), until its end stays in view. */
/**
 * Times an edit inside the page, as the first verdict is timed: from the
 * edited control's first `input` or `change` event to the frame after the
 * evaluation that follows it is counted (`body[data-evaluations]`). `edit()`
 * makes the edit; returns `[inPage, seenFromTheTest]` in ms (the second adds
 * Playwright's own round trips).
 */
async function timeEdit(page, selector, edit) {
  const n = Number(await page.getAttribute("body", "data-evaluations"));
  await page.evaluate((q) => {
    window.__edit = null;
    window.__te = undefined;
    const mark = () => (window.__te ??= performance.now());
    for (const type of ["input", "change"]) document.querySelector(q).addEventListener(type, mark, { capture: true, once: true });
    const seen = Number(document.body.dataset.evaluations);
    const watch = new MutationObserver(() => {
      if (window.__te === undefined || Number(document.body.dataset.evaluations) <= seen) return;
      watch.disconnect();
      requestAnimationFrame(() => (window.__edit = performance.now() - window.__te));
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-evaluations"] });
  }, selector);
  const t1 = Date.now();
  await edit();
  await page.waitForFunction((n) => Number(document.body.dataset.evaluations) > n, n, { timeout: 120000 });
  const outside = Date.now() - t1;
  await page.waitForFunction(() => window.__edit !== null, null, { timeout: 10000 });
  return [Math.round(await page.evaluate(() => window.__edit)), outside];
}

async function scrollThrough(page, selector) {
  for (let i = 0; i < 20; i++) {
    const done = await page.evaluate((q) => {
      const box = document.querySelector(q).getBoundingClientRect();
      if (box.bottom <= innerHeight && box.bottom > 0) return true;
      scrollBy(0, box.bottom - innerHeight);
      return false;
    }, selector);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (done) return;
  }
}

test("a 5,000-call trace stays responsive: edits judged at once in the worker, one judgement in flight, none queued", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const calls = Array.from({ length: 5000 }, (_, i) => ({ id: `call_${i}`, type: "function", function: { name: `tool_${i % 7}`, arguments: JSON.stringify({ i, q: `query ${i}` }) } }));
  const completion = { object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: calls }, finish_reason: "tool_calls" }] };
  await page.fill("#trace", JSON.stringify(completion));
  await page.waitForFunction(() => /5000 tool call/.test(document.querySelector("#format").textContent), null, { timeout: 20000 });
  // A pasted trace starts from its own calls; the user then writes the same 5,000 calls.
  await page.fill("#expected", JSON.stringify(calls.map((c) => ({ toolName: c.function.name, arguments: JSON.parse(c.function.arguments) }))));
  await page.waitForFunction(() => document.body.dataset.pending === "false" && document.querySelector("#verdict").textContent === "PASS", null, { timeout: 20000 });
  assert.equal(await counts(page), "5000 paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)");
  // The rows are drawn in blocks near the screen (virtualised), not 5,000 at once.
  const drawn = await page.locator("#alignment tr[data-entry]").count();
  assert.ok(drawn >= 100 && drawn < 1000, `${drawn} rows drawn`);
  const timing = await page.textContent("#timing");
  const judged = Number(/judged in ([\d.]+) ms/.exec(timing)[1]);
  // Type ten characters into an option, 20 ms apart. The trace is kept in the worker, so each
  // keystroke is judged at once (no pause waited for), with one judgement in flight and only the
  // newest edit waiting: at most one settled evaluation per keystroke, the last one on the last
  // text, and the page free meanwhile (its long tasks printed).
  // (Focusing the option blurs the expected calls' text area, whose `change` is one more, empty
  // evaluation: it settles before the count starts.)
  await page.focus("#maxExtraToolCalls");
  await page.waitForFunction(() => document.body.dataset.pending === "false");
  const before = Number(await page.getAttribute("body", "data-evaluations"));
  await page.evaluate(() => {
    window.__typingTasks = [];
    new PerformanceObserver((l) => window.__typingTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
  });
  const t0 = Date.now();
  await page.keyboard.type("0000000000", { delay: 20 });
  const typing = Date.now() - t0;
  await page.waitForFunction(() => document.body.dataset.pending === "false", null, { timeout: 5000 });
  const settled = Date.now() - t0;
  await page.waitForTimeout(700);
  const evaluations = Number(await page.getAttribute("body", "data-evaluations")) - before;
  const typingTask = await page.evaluate(() => Math.max(0, ...window.__typingTasks));
  console.log(`5,000 calls: ${timing} 10 keystrokes took ${typing} ms, the last one judged ${settled - typing} ms after it; ${evaluations} evaluation(s); longest main-thread task meanwhile ${typingTask.toFixed(0)} ms (≤ 200 ms: ${met(typingTask <= 200)})`);
  assert.ok(judged < 1000, `one evaluation of 5,000 calls took ${judged} ms`);
  assert.ok(evaluations >= 1 && evaluations <= 10, `${evaluations} evaluations for 10 keystrokes`);
  assert.equal(await page.inputValue("#maxExtraToolCalls"), "0000000000");
  assert.equal(await page.textContent("#verdict"), "PASS");
  // One more extra call than allowed fails, judged from the newest text: maxExtraToolCalls 0
  // with one expected call removed leaves that call extra.
  await page.fill("#expected", JSON.stringify(calls.slice(1).map((c) => ({ toolName: c.function.name, arguments: JSON.parse(c.function.arguments) }))));
  await page.waitForFunction(() => document.body.dataset.pending === "false" && document.querySelector("#verdict").textContent === "FAIL", null, { timeout: 20000 });
  assert.equal(await counts(page), "4999 paired · 0 missing · 1 extra · 0 out of order · 0 argument mismatch(es)");
  await page.fill("#expected", JSON.stringify(calls.map((c) => ({ toolName: c.function.name, arguments: JSON.parse(c.function.arguments) }))));
  await page.waitForFunction(() => document.body.dataset.pending === "false" && document.querySelector("#verdict").textContent === "PASS", null, { timeout: 20000 });
  // Scrolled to its end, the table draws its last rows (and drops the first ones).
  await scrollThrough(page, "#alignment");
  const last = `${calls[4999].function.name}(${calls[4999].function.arguments})`;
  assert.equal(await page.textContent('#alignment tr[data-entry="4999"]'), `${last}paired${last}`);
  assert.equal(await page.locator('#alignment tr[data-entry="0"]').count(), 0, "the first block is a spacer again");
  assert.ok((await page.locator("#alignment tr[data-entry]").count()) < 1000);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the one-file build (scripts/build-www.mjs) works from file://", async () => {
  const { buildWww } = await import("../../scripts/build-www.mjs");
  const file = await buildWww(`${out}/www-dist`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`${pathToFileURL(file)}?example=anthropic.wrong-family-member`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await page.textContent("#counts"), "3 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  assert.deepEqual(await page.$$eval("mark.diff-key", (ms) => ms.map((m) => m.dataset.key)), ["name"]);
  // Embedded examples of every kind load without a server.
  await page.selectOption("#example", "tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl");
  await page.waitForFunction(() => /pi transcript/.test(document.querySelector("#format").textContent));
  await page.selectOption("#example", "tests/fixtures/responses/filesystem/read_text_file-enoent.result.json");
  await page.waitForFunction(() => /CallToolResult/.test(document.querySelector("#format").textContent));
  await page.selectOption("#example", "examples/responses-dataset.json");
  await page.waitForSelector('body[data-case-evaluated="echo-exact"]');
  assert.equal(await page.textContent("#verdict"), "PASS", "echo-exact: the recording's text equals the expected one");
  assert.deepEqual(requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:") && !u.startsWith("blob:")), [], "no network");
  assert.deepEqual(errors, []);
  await page.screenshot({ path: `${out}/www-file-url.png`, fullPage: true });
  await page.close();
  // From file:// the worker is the page's own script started from a Blob URL: same verdicts, no request.
  const w = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  w.on("pageerror", (e) => errors.push(e.message));
  w.on("request", (r) => requests.push(r.url()));
  await w.goto(`${pathToFileURL(file)}?example=anthropic.wrong-family-member&worker=1`);
  await w.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await w.textContent("#counts"), "3 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  assert.match(await w.textContent("#timing"), /\(in the worker\)/);
  const n = Number(await w.getAttribute("body", "data-evaluations"));
  await w.selectOption("#example", "tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl");
  await w.waitForFunction((n) => Number(document.body.dataset.evaluations) > n && /pi transcript/.test(document.querySelector("#format").textContent), n);
  assert.equal(await w.textContent("#format"), "Detected pi transcript: 1 turn(s), 2 event(s).");
  assert.equal(await w.textContent("#verdict"), "PASS");
  assert.match(await w.textContent("#timing"), /\(in the worker\)/);
  assert.deepEqual(requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:") && !u.startsWith("blob:")), [], "no network");
  assert.deepEqual(errors, []);
  await w.close();
});

// examples/responses-dataset.json: 22 cases; each case's metadata.recording names a
// CallToolResult in tests/fixtures/responses/ (as examples/responses.mjs replays it).
// Sizes are the UTF-8 bytes of the text blocks joined by "\n" (images do not count).
const textBytes = (path) => Buffer.byteLength(JSON.parse(fixture(path)).content.filter((b) => b.type === "text").map((b) => b.text).join("\n"), "utf8");
const pickCase = async (page, id) => {
  await page.selectOption("#case", id);
  await page.waitForSelector(`body[data-case-evaluated="${id}"]`);
};
const results = (page) => page.$$eval("#expectation-results li", (ls) => ls.map((l) => [l.className, l.querySelector("code").textContent, l.querySelector(".message").textContent]));

test("an eval dataset: its cases listed, a passing and a failing case evaluated against their recorded responses", async () => {
  const { page, errors } = await open("examples/responses-dataset.json");
  const dataset = JSON.parse(fixture("examples/responses-dataset.json"));
  assert.equal(await page.textContent("#format"), 'Detected an eval dataset "recorded-mcp-responses": 22 case(s).');
  assert.deepEqual(await page.$$eval("#case option", (os) => os.map((o) => o.value)), dataset.cases.map((c) => c.id));
  assert.equal(await page.isVisible("#expect-dataset"), true);

  // echo-unicode-size: responseSize 10..100 and containsText "日本語" on everything/echo-unicode,
  // whose one text block is 'Echo: naïve café — 日本語 "quoted" \\ backslash' + "\n" + 'newline':
  // "Echo: " 6 + "naïve " 7 (ï: 2 bytes) + "café " 6 + "— " 4 (—: 3) + "日本語 " 10 + '"quoted" ' 9
  // + "\\ " 2 + "backslash" 9 + "\n" 1 + "newline" 7 = 61 bytes, within 10..100.
  const unicode = "tests/fixtures/responses/everything/echo-unicode.result.json";
  assert.equal(textBytes(unicode), 61);
  await pickCase(page, "echo-unicode-size");
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.equal(await counts(page), `case echo-unicode-size: 2 of 2 expectation(s) pass · judged against the recorded response ${unicode}`);
  const ok = await results(page);
  assert.deepEqual(ok.map(([cls, name]) => `${cls} ${name}`).sort(), ["pass size", "pass textContains"]);
  assert.match(ok.find(([, name]) => name === "size")[2], /\b61 bytes\b/);

  // tiny-image-size: minBytes 1000 on everything/get-tiny-image: two text blocks,
  // "Here's the image you requested:" (31) and "The image above is the MCP logo." (32): 31 + 1 + 32 = 64 bytes.
  const tiny = "tests/fixtures/responses/everything/get-tiny-image.result.json";
  assert.equal(textBytes(tiny), 64);
  await pickCase(page, "tiny-image-size");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await counts(page), `case tiny-image-size: 0 of 1 expectation(s) pass · judged against the recorded response ${tiny}`);
  const [[cls, name, message]] = await results(page);
  assert.deepEqual([cls, name], ["fail", "size"]);
  assert.match(message, /\b64 bytes\b.*\b1000\b/);

  // echo-contains-case: containsText ["hello FROM", "Echo:"] is case-sensitive; the recording says
  // "Echo: Hello from the recorder", so "hello FROM" is missing. A pasted response that has it passes.
  await pickCase(page, "echo-contains-case");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.deepEqual((await results(page)).map(([c, n]) => `${c} ${n}`), ["fail textContains"]);
  assert.match(await page.textContent("#expectation-results"), /hello FROM/);
  await page.fill("#case-response", JSON.stringify({ content: [{ type: "text", text: "Echo: hello FROM the paste" }] }));
  await page.waitForFunction(() => document.querySelector("#verdict").textContent === "PASS");
  assert.equal(await counts(page), "case echo-contains-case: 1 of 1 expectation(s) pass · judged against the pasted response");
  // Half typed, the pasted response keeps the last verdict (dimmed) with the error above it.
  await page.fill("#case-response", '{"content": [');
  await page.waitForFunction(() => /the pasted response is not JSON/.test(document.querySelector("#error").textContent));
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.match(await page.getAttribute("#verdict-section", "class"), /\bstale\b/);
  await page.fill("#case-response", JSON.stringify({ content: [{ type: "text", text: "Echo: hello FROM the paste" }] }));
  await page.waitForFunction(() => document.querySelector("#error").textContent === "" && !document.querySelector("#verdict-section").classList.contains("stale"));
  await page.screenshot({ path: `${out}/www-dataset.png`, fullPage: true });
  // The link keeps the picked case and the pasted response.
  const again = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await again.goto(page.url());
  await again.waitForSelector('body[data-ready=true][data-case-evaluated="echo-contains-case"]', { timeout: 15000 });
  assert.equal(await again.inputValue("#case"), "echo-contains-case");
  assert.equal(await again.textContent("#verdict"), "PASS");
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a broken eval dataset: the error names the field path", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const dataset = JSON.parse(fixture("examples/responses-dataset.json"));
  dataset.cases[3].expect.responseSize.maxBytes = "a hundred";
  await page.setInputFiles("#file", { name: "broken-dataset.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(dataset, null, 2)) });
  await page.waitForFunction(() => document.querySelector("#error").textContent !== "");
  assert.equal(await page.textContent("#error"), "Not a valid eval dataset: cases[3].expect.responseSize.maxBytes: expected a number");
  assert.equal(await page.textContent("#verdict"), "");
  assert.equal(await page.isVisible("#expect-dataset"), false);
  // Fixed, it reads; a dataset without a name is named too.
  dataset.cases[3].expect.responseSize.maxBytes = 100;
  delete dataset.name;
  await page.fill("#trace", JSON.stringify(dataset));
  assert.equal(await page.textContent("#error"), "Not a valid eval dataset: name: expected a string");
  assert.deepEqual(errors, []);
  await page.close();
});

test("an expectations file picked after a trace sets the expected calls and keeps the trace", async () => {
  const { page, errors } = await open("gemini.three-topics");
  await page.selectOption("#example", "tests/fixtures/traces/anthropic/message.parallel-tool-use.json");
  await page.waitForFunction(() => /anthropic: 4 tool call/.test(document.querySelector("#format").textContent));
  // examples/expectations/anthropic.first-and-last.json names the same Anthropic trace.
  await page.setInputFiles("#file", `${root}/examples/expectations/anthropic.first-and-last.json`);
  await page.waitForFunction(() => /first-and-last/.test(document.querySelector("#format").textContent));
  assert.match(await page.textContent("#format"), /expected calls and options set\. Detected anthropic: 4 tool call\(s\)\./);
  const spec = JSON.parse(fixture("examples/expectations/anthropic.first-and-last.json"));
  assert.deepEqual(JSON.parse(await page.inputValue("#expected")), spec.expected);
  assert.equal(await page.textContent("#verdict"), spec.expectPassed ? "PASS" : "FAIL");
  assert.deepEqual(errors, []);
  await page.close();
});

test("keyboard: Tab walks the controls in reading order", async () => {
  const { page } = await open("anthropic.wrong-family-member");
  const seen = [];
  for (let i = 0; i < 13; i++) {
    await page.keyboard.press("Tab");
    seen.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName));
  }
  assert.deepEqual(seen.slice(0, 12), ["example", "file", "readAs", "trace", "keep-expectations", "expected", "toolCallOrder", "argumentMatching", "maxExtraToolCalls", "isNegativeTest", "export", "copy-link"]);
  // The options answer to the keyboard and the verdict follows.
  await page.focus("#argumentMatching");
  await page.keyboard.press("ArrowDown"); // partial → exact
  assert.equal(await page.inputValue("#argumentMatching"), "exact");
  assert.equal(await page.textContent("#counts"), "3 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  await page.close();
});

// An agent run recorded with mcp-matchers/agent (issue 12): TestAgent over a
// plain model function and record tools, saved as toEvalResult() JSON (the
// EvalResultInput of @mcpjam/sdk@1.14.0), then opened in the viewer. The
// calls are the ones the model function asked for, in its order.
test("an agent run saved with toEvalResult() opens in the viewer with its calls", async () => {
  const { TestAgent } = await import("../../pkg/agent.js");
  const tools = {
    get_weather: { description: "Weather", inputSchema: { type: "object", properties: { city: { type: "string" } } }, execute: async ({ city }) => ({ content: [{ type: "text", text: `Sunny in ${city}` }] }) },
    send_email: { description: "Mail", inputSchema: { type: "object" }, execute: async () => ({ content: [{ type: "text", text: "sent" }] }) },
  };
  const model = async (req) =>
    req.stepIndex === 0
      ? { toolCalls: [{ toolName: "get_weather", input: { city: "Oslo" } }, { toolName: "send_email", input: { to: "a@example.com" } }] }
      : { text: "Done." };
  const run = await new TestAgent({ tools, model }).prompt("Weather in Oslo, then mail it");
  assert.equal(run.hasError(), false);
  const saved = JSON.stringify(run.toEvalResult(), null, 2);
  const { page, errors } = await open("anthropic.wrong-family-member");
  await page.setInputFiles("#file", { name: "agent-run.json", mimeType: "application/json", buffer: Buffer.from(saved) });
  await page.waitForFunction(() => /agent-run/.test(document.querySelector("#format").textContent));
  assert.equal(await page.textContent("#format"), "agent-run.json: Detected mcpjam: 2 tool call(s).");
  await page.fill("#expected", '[{"toolName":"get_weather","arguments":{"city":"Oslo"}},{"toolName":"send_email"}]');
  await page.waitForFunction(() => document.querySelector("#verdict").textContent === "PASS");
  assert.match(await counts(page), /^2 paired · 0 missing · 0 extra/);
  // The run's spans give each step and call its duration; the model's final text is its last step.
  const steps = await page.$$eval("#trace-timeline .turn h4", (hs) => hs.map((h) => h.textContent));
  assert.equal(steps.length, 2);
  assert.match(steps[0], /^Step 0 · 2 call\(s\) · \d+ ms$/);
  assert.match(await page.textContent("#trace-timeline .turn:last-child .model-text"), /^Done\.$/);
  assert.match(await page.textContent("#trace-timeline .event"), /get_weather\(\{"city":"Oslo"\}\) · \d+ ms→ Sunny in Oslo/);
  // The structured result is a folded JSON tree; unfolded, its content blocks as the tool returned them.
  const result = page.locator("#trace-timeline .event").first().locator(".call-json .jt");
  assert.deepEqual(JSON.parse(await result.textContent()), { content: [{ type: "text", text: "Sunny in Oslo" }] });
  await result.locator(".jt-toggle").first().click();
  await result.locator(".jt-children .jt-toggle").first().click();
  await result.locator(".jt-children .jt-children .jt-toggle").first().click();
  assert.deepEqual(await result.evaluate((r) => [...r.querySelectorAll(".jt-line")].filter((l) => !l.querySelector(".jt-line")).map((l) => l.textContent)), ['"text": "Sunny in Oslo",', '"type": "text"']);
  await page.screenshot({ path: `${out}/www-trace-timeline.png`, fullPage: true }); // www/README.md shows it
  assert.deepEqual(errors, []);
  await page.close();
});

// ---------- right on the first file (issue 14) ----------
// Each test reproduces a defect a new user met with their own file; the
// expected values come from the fixture files and from @mcpjam/sdk@1.14.0's
// evaluateToolCalls rules (a run without calls fails unless isNegativeTest;
// isNegativeTest passes only a run without calls).

const legacy = "tests/fixtures/traces/openai-chat/completion.legacy-function-call.HANDWRITTEN.json";
const state = (page) => page.evaluate(() => ({ verdict: document.querySelector("#verdict").textContent, why: document.querySelector("#why").textContent, error: document.querySelector("#error").textContent, stale: document.querySelector("#verdict-section").classList.contains("stale") }));

test("a user's own trace starts from what happened in it, not the previous input's expectations; 'keep my expectations' keeps them", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  assert.equal(await page.textContent("#verdict"), "FAIL", "the bundled example fails on purpose");
  await page.setInputFiles("#file", `${root}/${legacy}`);
  await page.waitForFunction(() => /legacy-function-call/.test(document.querySelector("#format").textContent));
  // The fixture's one call: get_current_weather with the arguments its JSON text holds.
  const message = JSON.parse(fixture(legacy)).choices[0].message.function_call;
  assert.deepEqual(JSON.parse(await page.inputValue("#expected")), [{ toolName: message.name, arguments: JSON.parse(message.arguments) }]);
  assert.equal(await page.textContent("#verdict"), "PASS");
  // An edit of the same trace keeps what the user wrote.
  await page.fill("#expected", '[{"toolName": "get_current_weather", "arguments": {"format": "fahrenheit"}}]');
  assert.equal(await page.textContent("#verdict"), "FAIL");
  await page.fill("#trace", `${await page.inputValue("#trace")}\n`);
  assert.match(await page.inputValue("#expected"), /fahrenheit/);
  // Pasting another run replaces them, unless "keep my expectations" is on.
  await page.fill("#trace", fixture("tests/fixtures/traces/anthropic/message.parallel-tool-use.json"));
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.equal(JSON.parse(await page.inputValue("#expected")).length, 4);
  await page.check("#keep-expectations");
  await page.fill("#expected", '[{"toolName": "get_current_weather"}]');
  await page.setInputFiles("#file", { name: "again.json", mimeType: "application/json", buffer: Buffer.from(fixture(legacy)) });
  await page.waitForFunction(() => /again\.json/.test(document.querySelector("#format").textContent));
  assert.equal(await page.inputValue("#expected"), '[{"toolName": "get_current_weather"}]');
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.deepEqual(errors, []);
  await page.close();
});

test("isNegativeTest with expected calls: a verdict that says why, every expected call listed as not judged", async () => {
  const { page, errors } = await open("tests/fixtures/traces/anthropic/message.parallel-tool-use.json");
  await page.check("#isNegativeTest");
  const s = await state(page);
  assert.equal(s.error, "");
  assert.equal(s.verdict, "FAIL");
  assert.equal(s.why, "Why: isNegativeTest: the run passes only when no tool is called, and it made 4 call(s).");
  assert.equal(await page.locator("tr.unjudged").count(), 4);
  assert.equal(await page.locator("tr.extra").count(), 4);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a run without tool calls starts as a negative test (passes); as a positive one it fails with its reason", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const answer = { id: "chatcmpl-1", object: "chat.completion", model: "gpt-4o", choices: [{ index: 0, message: { role: "assistant", content: "It is sunny." }, finish_reason: "stop" }] };
  await page.fill("#trace", JSON.stringify(answer));
  assert.equal(await page.textContent("#format"), "Detected openai-chat: 0 tool call(s).");
  // What happened: no call, so it starts as a negative test, which passes.
  assert.equal(await page.inputValue("#expected"), "[]");
  assert.equal(await page.isChecked("#isNegativeTest"), true);
  let s = await state(page);
  assert.equal(s.verdict, "PASS");
  assert.equal(s.why, "");
  await page.uncheck("#isNegativeTest");
  s = await state(page);
  assert.equal(s.verdict, "FAIL");
  assert.match(s.why, /the run made no tool calls: evaluateToolCalls fails a run without calls/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a broken file dropped twice keeps its error; export after an error saves the error and the input", async () => {
  const { page, errors } = await open("gemini.three-topics");
  for (let i = 0; i < 2; i++) {
    await page.setInputFiles("#file", { name: `bad${i}.json`, mimeType: "application/json", buffer: Buffer.from('{"choices": [') });
    await page.waitForFunction(() => document.querySelector("#error").textContent !== "");
    assert.match(await page.textContent("#error"), /^Could not read the input: the trace is not JSON \(line 1, column 14/);
    assert.equal(await page.textContent("#verdict"), "");
  }
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  assert.equal(exported.passed, null);
  assert.match(exported.error, /not JSON/);
  assert.equal(exported.input.text, '{"choices": [');
  assert.deepEqual(errors, []);
  await page.close();
});

test("input that is not a run says so: plain text, random bytes, a non-CallToolResult", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  for (const text of ["hello world, this is not a trace", "\u0001\u0002\u00ff\u00fe binary \u0000 junk"]) {
    await page.fill("#trace", text);
    const s = await state(page);
    assert.match(s.error, /not a trace or transcript: not a trace: plain text with no tool calls/);
    assert.equal(s.verdict, "");
    assert.equal(await page.textContent("#format"), "");
  }
  await page.fill("#trace", JSON.stringify({ content: [1, "two"] }));
  assert.match((await state(page)).error, /not a tool response: its content is not a list of blocks with a type/);
  // Cut-short JSON that happens to read as text is not a run either.
  await page.fill("#trace", '[{"role":"user","content":"hi"}, {"role":');
  assert.match((await state(page)).error, /not JSON/);
  // Asked to read plain text as a trace, it is a model's reply without calls.
  await page.fill("#trace", "hello world, this is not a trace");
  await page.selectOption("#readAs", "trace");
  assert.equal(await page.textContent("#format"), "Detected mcpjam: 0 tool call(s).");
  assert.deepEqual(errors, []);
  await page.close();
});

test("while typing bad expected calls the last verdict stays (dimmed) with the error, then the new verdict replaces it", async () => {
  const { page, errors } = await open("tests/fixtures/traces/anthropic/message.parallel-tool-use.json");
  assert.equal(await page.textContent("#verdict"), "PASS");
  const rows = await page.locator("#alignment tbody tr").count();
  await page.fill("#expected", '[{"toolName": ');
  let s = await state(page);
  assert.equal(s.verdict, "PASS");
  assert.equal(s.stale, true);
  assert.match(s.error, /the expected calls is not JSON/);
  assert.equal(await page.locator("#alignment tbody tr").count(), rows, "no layout jump");
  await page.fill("#expected", '[{"toolName": "nope"}]');
  s = await state(page);
  assert.equal(s.stale, false);
  assert.equal(s.verdict, "FAIL");
  assert.equal(s.why, "Why: 1 expected call(s) not made (nope)");
  assert.deepEqual(errors, []);
  await page.close();
});

test("argument differences: a nested {} that the engine does not match is marked; long values are folded around the difference; rows stay short", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const long = "x".repeat(20000);
  const completion = { object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [
    { id: "c1", type: "function", function: { name: "a", arguments: JSON.stringify({ a: { x: 1 } }) } },
    { id: "c2", type: "function", function: { name: "b", arguments: JSON.stringify({ text: `${long}END` }) } },
  ] } }] };
  await page.fill("#trace", JSON.stringify(completion));
  // MCPJam's partial matching compares a nested object whole: {} is not {x: 1}.
  await page.fill("#expected", JSON.stringify([{ toolName: "a", arguments: { a: {} } }, { toolName: "b", arguments: { text: `${long}FIN` } }]));
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await counts(page), "0 paired · 0 missing · 0 extra · 0 out of order · 2 argument mismatch(es)");
  const diffs = page.locator("tr.diff");
  assert.deepEqual(await diffs.nth(0).locator("mark.diff-key").evaluateAll((ms) => ms.map((m) => m.dataset.key)), ["a"]);
  assert.match(await diffs.nth(0).textContent(), /a\.x: 1 {2}only in the actual call/);
  const second = await diffs.nth(1).locator(".diff-line.differs").textContent();
  assert.match(second, /FIN" …\(|FIN"/);
  assert.match(second, /END"/);
  assert.match(second, /^≠ "text": …\(\d+ characters\) x+FIN" → …\(\d+ characters\) x+END"/);
  for (const tr of await page.locator("#alignment tbody tr").all()) {
    const box = await tr.boundingBox();
    assert.ok(box.height < 700, `a row ${box.height} px tall`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// The JSON tree of a call's arguments (tree.js): folded it reads as the
// call's JSON; Enter / → unfold, ← folds; nested objects fold on their own;
// a long string shows a "show all" and is never cut before it differs.
test("JSON tree: arguments fold and unfold by keyboard, nested values on their own; a long string is folded after its difference, with show all", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  // examples/traces/anthropic/message.parallel-tool-use.json: the fourth call asks for Daisy.
  const daisy = JSON.parse(fixture("examples/traces/anthropic/message.parallel-tool-use.json")).content.filter((b) => b.type === "tool_use")[3];
  const cell = page.locator("tr.mismatch td:nth-child(3) code").first();
  assert.equal(await cell.textContent(), `${daisy.name}(${JSON.stringify(daisy.input)})`);
  const root = cell.locator(".jt-toggle").first();
  assert.equal(await root.getAttribute("aria-expanded"), "false");
  await root.focus();
  await page.keyboard.press("Enter");
  assert.equal(await root.getAttribute("aria-expanded"), "true");
  assert.deepEqual(await cell.locator(".jt-line").allTextContents(), Object.entries(daisy.input).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`));
  await page.keyboard.press("ArrowLeft");
  assert.equal(await root.getAttribute("aria-expanded"), "false");
  assert.equal(await cell.locator(".jt-line").first().isVisible(), false);
  await page.keyboard.press("ArrowRight");
  assert.equal(await root.getAttribute("aria-expanded"), "true");

  // Nested values and a long string that differs at character 5,000 of 20,001.
  const before = "a".repeat(5000);
  const after = "b".repeat(15000);
  const args = { when: { day: "mon", hours: [9, 17] }, text: `${before}X${after}` };
  const completion = { object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "plan", arguments: JSON.stringify(args) } }] } }] };
  await page.fill("#trace", JSON.stringify(completion));
  await page.fill("#expected", JSON.stringify([{ toolName: "plan", arguments: { ...args, text: `${before}Y${after}` } }]));
  assert.equal(await counts(page), "0 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  const actual = page.locator("tr.mismatch td:nth-child(3) code").first();
  await actual.locator(".jt-toggle").first().click();
  // The unfolded lines of the n-th unfolded node in the actual call (its own lines, not those nested in them).
  const own = (n) => actual.evaluate((c, n) => [...c.querySelectorAll(".jt-children")[n].children].map((l) => l.textContent), n);
  // The engine gives the keys in its own order: "text", then "when".
  assert.equal((await own(0)).length, 2);
  // "when" is folded on its own: its JSON on one line until it is unfolded.
  assert.equal((await own(0))[1], `"when": ${JSON.stringify(args.when)}`);
  const when = actual.locator(".jt-children .jt-toggle").first();
  assert.equal(await when.getAttribute("aria-label"), 'unfold "when" (2 key(s))');
  await when.click();
  assert.deepEqual(await own(1), ['"day": "mon",', `"hours": ${JSON.stringify(args.when.hours)}`]);
  await actual.locator(".jt-children .jt-children .jt-toggle").first().click();
  assert.deepEqual(await own(2), ["9,", "17"]);
  // The long string: shown up to past its difference (the X at 5,000), then "show all".
  const text = actual.locator(".jt-children .jt-string").first();
  const shown = await text.textContent();
  assert.ok(shown.startsWith(`"${before}X`), "never cut before the difference");
  assert.ok(shown.length < 6000, `${shown.length} characters shown`);
  assert.match(shown, /… show all \(20001 characters\)$/);
  await text.locator("button.jt-more").click();
  assert.equal(await text.textContent(), JSON.stringify(args.text));
  // The argument diff folds the long values too, and shows them in full on "show all".
  const diffLine = page.locator("tr.diff .diff-line.differs");
  assert.ok((await diffLine.locator(".exp").textContent()).length < 1000);
  await diffLine.locator("button.diff-more").click();
  assert.equal(await diffLine.locator(".exp").textContent(), JSON.stringify(`${before}Y${after}`));
  assert.equal(await diffLine.locator(".act").textContent(), JSON.stringify(args.text));
  assert.deepEqual(errors, []);
  await page.close();
});

test("share links: a big input is compressed into the link and reopens the same verdict; one too big for a link says so", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const calls = Array.from({ length: 300 }, (_, i) => ({ id: `call_${i}`, type: "function", function: { name: `tool_${i % 3}`, arguments: JSON.stringify({ i, q: `query number ${i}` }) } }));
  const big = JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: calls } }] });
  assert.ok(big.length > 16000);
  await page.fill("#trace", big);
  await page.fill("#expected", '[{"toolName": "tool_1", "arguments": {"i": 1}}, {"toolName": "missing_tool"}]');
  assert.equal(await page.textContent("#verdict"), "FAIL");
  await page.waitForFunction(() => location.hash.startsWith("#z:"));
  const again = await browser.newPage();
  await again.goto(page.url());
  await again.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await again.inputValue("#trace"), big);
  assert.equal(await again.textContent("#verdict"), "FAIL");
  assert.equal(await again.textContent("#counts"), await page.textContent("#counts"));
  await again.close();
  // Random text does not compress: past the link limit the link keeps only the expectations.
  let seed = 2463534242;
  const next = () => ((seed ^= seed << 13), (seed ^= seed >>> 17), (seed ^= seed << 5), (seed >>> 0) % 90);
  const noise = Array.from({ length: 150000 }, () => String.fromCharCode(35 + next())).join("").replaceAll("\\", "/");
  const huge = JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: noise, tool_calls: calls.slice(0, 2) } }] });
  await page.fill("#trace", huge);
  await page.waitForFunction(() => document.querySelector("#format").textContent.includes("2 tool call"));
  // Let every evaluation the new input starts finish first (on a loaded machine a late one
  // rewrote #timing after the click), then wait for the link's own message.
  for (let n = -1, m = 0; n !== m; ) {
    n = m;
    await page.waitForTimeout(400);
    m = Number(await page.getAttribute("body", "data-evaluations"));
  }
  await page.click("#copy-link");
  await page.waitForFunction(() => /too big for a link/.test(document.querySelector("#timing").textContent), null, { timeout: 10000 });
  const third = await browser.newPage();
  await third.goto(page.url());
  await third.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.match(await third.textContent("#error"), /too big to keep in a link: load that file/);
  assert.equal(await third.textContent("#verdict"), "", "never another input's verdict");
  assert.equal(await third.inputValue("#trace"), "");
  await third.close();
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * Every bundled example opened in turn (`query`: the page's address query, e.g.
 * `worker=1`): its verdict on the expectations the viewer starts it with.
 */
async function bundledVerdicts(query = "") {
  const { BUNDLED } = await import("../../www/examples.js");
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/www/index.html?example=anthropic.wrong-family-member${query ? `&${query}` : ""}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  const verdictOf = async (value) => {
    const n = Number(await page.getAttribute("body", "data-evaluations"));
    await page.selectOption("#example", value);
    await page.waitForFunction((n) => Number(document.body.dataset.evaluations) > n || document.querySelector("#error").textContent !== "", n);
    return { ...(await state(page)), counts: await page.textContent("#counts"), timing: await page.textContent("#timing") };
  };
  const seen = {};
  for (const value of [...BUNDLED.trace, ...BUNDLED.transcript, ...BUNDLED.response, ...BUNDLED.expectations]) seen[value] = await verdictOf(value);
  await page.close();
  return { BUNDLED, seen, errors };
}

let onPage; // the main-thread path's verdicts, taken once for the two tests below
const pageVerdicts = () => (onPage ??= bundledVerdicts());

test("every bundled trace, transcript and tool response passes on the expectations the viewer starts it with; expectation files give their expectPassed", async () => {
  const { BUNDLED, seen, errors } = await pageVerdicts();
  const failing = [];
  for (const value of [...BUNDLED.trace, ...BUNDLED.transcript, ...BUNDLED.response]) {
    const s = seen[value];
    if (s.verdict !== "PASS") failing.push(`${value}: ${s.verdict} ${s.why} ${s.error}`);
  }
  assert.deepEqual(failing, []);
  for (const name of BUNDLED.expectations) {
    const spec = JSON.parse(fixture(`examples/expectations/${name}.json`));
    const s = seen[name];
    assert.equal(s.verdict, spec.expectPassed ? "PASS" : "FAIL", name);
    if (!spec.expectPassed) assert.match(s.why, /^Why: \S/, `${name} says why it fails`);
  }
  assert.deepEqual(errors, []);
});

// The same examples read and judged in the Web Worker (?worker=1 sends every
// input there): the same verdicts, counts and reasons as the examples' files give.
test("the worker path: every bundled example gives the same verdict, counts and reason in the Web Worker", async () => {
  const { BUNDLED, seen, errors } = await bundledVerdicts("worker=1");
  const failing = [];
  for (const value of [...BUNDLED.trace, ...BUNDLED.transcript, ...BUNDLED.response]) {
    const s = seen[value];
    if (s.verdict !== "PASS" || !/\(in the worker\)/.test(s.timing)) failing.push(`${value}: ${s.verdict} ${s.why} ${s.error} ${s.timing}`);
  }
  assert.deepEqual(failing, []);
  for (const name of BUNDLED.expectations) {
    const spec = JSON.parse(fixture(`examples/expectations/${name}.json`));
    assert.equal(seen[name].verdict, spec.expectPassed ? "PASS" : "FAIL", name);
    if (!spec.expectPassed) assert.match(seen[name].why, /^Why: \S/, `${name} says why it fails`);
  }
  // Against the main-thread path, example by example.
  const page = await pageVerdicts();
  const differ = Object.keys(seen).filter((k) => ["verdict", "why", "error", "counts"].some((f) => seen[k][f] !== page.seen[k][f]));
  assert.deepEqual(differ, []);
  assert.deepEqual(errors, []);
});

// The hand-worked cases of the first tests, in the worker.
test("the worker path: the hand-worked mismatch and transcript verdicts", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/www/index.html?example=anthropic.wrong-family-member&worker=1`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await counts(page), "3 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  assert.match(await page.textContent("tr.mismatch"), /"name":"Eve".*argument mismatch.*"name":"Daisy"/);
  assert.match(await page.textContent("#timing"), /\(in the worker\)/);
  // pi/untether_pi-mode-json_bash-write.jsonl: one turn; bash `ls -la`, then write notes.md.
  const n = Number(await page.getAttribute("body", "data-evaluations"));
  await page.fill("#trace", fixture("tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl"));
  await page.waitForFunction((n) => Number(document.body.dataset.evaluations) > n, n);
  assert.equal(await page.textContent("#format"), "Detected pi transcript: 1 turn(s), 2 event(s).");
  const m = Number(await page.getAttribute("body", "data-evaluations"));
  await page.fill("#assertions", ['toHaveRun("ls")', 'toHaveEdited("notes.md")', "not.toHaveRun(/ls/)"].join("\n"));
  await page.waitForFunction((m) => Number(document.body.dataset.evaluations) > m && document.querySelectorAll("#assertion-results li").length === 3, m);
  assert.deepEqual(await page.$$eval("#assertion-results li", (ls) => ls.map((l) => l.className)), ["pass", "pass", "fail"]);
  assert.deepEqual(await page.$$eval("#timeline .chip", (cs) => cs.map((c) => c.textContent)), ["shell", "edit"]);
  await unfoldsEventDetail(page);
  // Bad expectations keep the last verdict (dimmed) in the worker path too.
  await page.selectOption("#example", "tests/fixtures/traces/anthropic/message.parallel-tool-use.json");
  await page.waitForFunction(() => document.querySelector("#verdict").textContent === "PASS");
  const k = Number(await page.getAttribute("body", "data-evaluations"));
  await page.fill("#expected", '[{"toolName": ');
  await page.waitForFunction((k) => Number(document.body.dataset.evaluations) > k, k);
  const s = await state(page);
  assert.equal(s.verdict, "PASS");
  assert.equal(s.stale, true);
  assert.match(s.error, /the expected calls is not JSON/);
  // Several files at once, judged in the worker on the kept expectations (as in the many-runs test).
  await page.check("#keep-expectations");
  await page.fill("#expected", '[{"toolName": "get_weather"}]');
  const asFile = (p) => ({ name: p.split("/").pop(), mimeType: "application/json", buffer: Buffer.from(fixture(p)) });
  await page.setInputFiles("#file", [asFile("tests/fixtures/traces/openai-chat/messages.multi-turn-history.json"), asFile("tests/fixtures/traces/anthropic/message.parallel-tool-use.json"), { name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{"choices": [') }]);
  await page.waitForFunction(() => document.querySelectorAll("#runs tbody tr").length === 3);
  assert.deepEqual(await page.$$eval("#runs tbody tr", (rs) => rs.map((r) => [r.cells[0].textContent.replace(/^open /, ""), r.cells[3].textContent])), [
    ["messages.multi-turn-history.json", "PASS"],
    ["message.parallel-tool-use.json", "FAIL"],
    ["broken.json", "ERROR"],
  ]);
  // A dataset case judged in the worker: echo-exact's recording has the expected text.
  await page.uncheck("#keep-expectations");
  await page.selectOption("#example", "examples/responses-dataset.json");
  await page.waitForSelector('body[data-case-evaluated="echo-exact"]');
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.deepEqual(errors, []);
  await page.close();
});

test("copy as test shows the expectations as a Vitest file; dark mode follows the system", async () => {
  const { page, errors } = await open("tests/fixtures/traces/anthropic/message.parallel-tool-use.json");
  await page.click("#copy-test");
  assert.equal(await page.isVisible("#test-source"), true);
  const source = await page.textContent("#test-source");
  assert.match(source, /import \{ PromptResult, evaluateToolCalls \} from "mcp-matchers";/);
  assert.match(source, /readFileSync\(new URL\("\.\/message\.parallel-tool-use\.json", import\.meta\.url\)/);
  const expected = JSON.parse(/const expected = ([^]*?);\n\ntest/.exec(source)[1]);
  assert.deepEqual(expected, JSON.parse(await page.inputValue("#expected")));
  await page.close();
  const dark = await browser.newPage({ colorScheme: "dark" });
  await dark.goto(`${server.url}/www/index.html?example=anthropic.wrong-family-member`);
  await dark.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  const [bg, section] = await dark.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.querySelector("section")).backgroundColor]);
  assert.equal(bg, "rgb(15, 19, 24)");
  assert.equal(section, "rgb(23, 28, 35)");
  await dark.screenshot({ path: `${out}/www-dark.png`, fullPage: true });
  await dark.close();
  assert.deepEqual(errors, []);
});

// openai-chat/messages.multi-turn-history.json: get_country → "Mexico",
// get_product_name → "Pydantic AI", get_weather {"city":"Mexico City"} → "sunny".
test("each actual call shows what it returned; rows filter by status and search calls and results; 'n' walks the problems", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  await page.setInputFiles("#file", `${root}/tests/fixtures/traces/openai-chat/messages.multi-turn-history.json`);
  await page.waitForFunction(() => /multi-turn-history/.test(document.querySelector("#format").textContent));
  assert.deepEqual(await page.$$eval("tr.paired .call-result", (ds) => ds.map((d) => d.textContent)), ["→ Mexico", "→ Pydantic AI", "→ sunny"]);
  // Step by step: the first assistant turn asked for two calls, the second for one.
  assert.deepEqual(await page.$$eval("#trace-timeline .turn", (ts) => ts.map((t) => [t.querySelector("h4").textContent, [...t.querySelectorAll(".event code")].map((c) => c.textContent)])), [
    ["Step 0 · 2 call(s)", ["get_country({})", "get_product_name({})"]],
    ["Step 1 · 1 call(s)", ['get_weather({"city":"Mexico City"})']],
  ]);
  assert.deepEqual(await page.$$eval("#trace-timeline .call-result", (ds) => ds.map((d) => d.textContent)), ["→ Mexico", "→ Pydantic AI", "→ sunny"]);
  await page.fill("#expected", JSON.stringify([
    { toolName: "get_weather", arguments: { city: "Paris" } },
    { toolName: "get_country", arguments: {} },
    { toolName: "send_email", arguments: { to: "ops@example.com" } },
  ]));
  await page.selectOption("#row-filter", "problems");
  assert.deepEqual(await page.$$eval("#alignment tbody tr", (rs) => rs.map((r) => r.className)), ["mismatch", "diff", "missing", "extra"]);
  assert.equal(await page.textContent("#row-count"), "3 of 4 row(s) shown");
  await page.selectOption("#row-filter", "all");
  await page.fill("#row-search", "sunny");
  assert.deepEqual(await page.$$eval("#alignment tbody tr", (rs) => rs.map((r) => r.className)), ["mismatch", "diff"]);
  await page.fill("#row-search", "");
  await page.click("#h-verdict");
  await page.keyboard.press("n");
  assert.equal(await page.evaluate(() => document.activeElement.className), "mismatch current-problem");
  await page.keyboard.press("n");
  assert.equal(await page.evaluate(() => document.activeElement.className), "missing current-problem");
  assert.match(await page.textContent("#timing"), /Problem 2 of 3\./);
  await page.keyboard.press("/");
  assert.equal(await page.evaluate(() => document.activeElement.id), "row-search");
  assert.deepEqual(errors, []);
  await page.close();
});

// Issue 14 item 4's measurement: a 20 MB Claude Code transcript (a real
// session file repeated) is kept out of the text area (a preview instead),
// judged, and re-judged on an assertion edit. The figures are printed, not
// asserted (timing goals live in bench/); what is asserted is the verdict
// and that the page stays out of the 8 s text-area layout.
test("a 20 MB transcript: kept out of the text area, judged, and re-judged on an edit (figures printed)", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const one = fixture("tests/fixtures/transcripts/claude-code/claudeless_session_write-read-edit-denied.jsonl");
  const copies = Math.ceil(20e6 / one.length);
  const big = one.repeat(copies);
  // Timed inside the page from the file input's change event (Playwright's
  // setInputFiles first spends seconds of its own building the 20 MB File in
  // the page, which is no part of the viewer's time); long tasks likewise
  // counted from then.
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((l) => window.__longTasks.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: "longtask", buffered: false });
    document.querySelector("#file").addEventListener("change", () => (window.__t0 = performance.now()), { capture: true });
  });
  const before = Number(await page.getAttribute("body", "data-evaluations"));
  await page.setInputFiles("#file", { name: "big-session.jsonl", mimeType: "application/json", buffer: Buffer.from(big) });
  // The last verdict stays (dimmed) until the new one is drawn: wait for that evaluation.
  await page.waitForFunction((b) => /big-session/.test(document.querySelector("#format").textContent) && Number(document.body.dataset.evaluations) > b, before, { timeout: 120000 });
  const first = Math.round(await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(performance.now() - window.__t0)))));
  assert.equal(await page.inputValue("#trace"), "", "the text area does not hold 20 MB");
  assert.equal(await page.isVisible("#preview"), true);
  assert.match(await page.textContent("#format"), /Detected claude-code transcript/);
  assert.equal(await page.textContent("#verdict"), "PASS", `${await page.textContent("#why")} ${await page.inputValue("#assertions")}`);
  const [edit, seen] = await timeEdit(page, "#assertions", () => page.fill("#assertions", 'toHaveCalledTool("Read")'));
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks.filter(([start]) => start >= window.__t0).map(([, d]) => d)));
  console.log(`20 MB transcript (${copies} copies of a ${one.length}-byte session): first verdict ${first} ms after the file was picked (≤ 2 s: ${met(first <= 2000)}), an assertion edit re-judged in ${edit} ms (≤ 100 ms: ${met(edit <= 100)}; ${seen} ms seen from the test), longest main-thread task ${longest.toFixed(0)} ms (≤ 200 ms: ${met(longest <= 200)}); ${await page.textContent("#timing")}`);
  assert.equal(await page.textContent("#verdict"), "PASS");
  // Typing in the text area replaces the big input.
  await page.fill("#trace", fixture("tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl"));
  assert.equal(await page.isVisible("#preview"), false);
  assert.match(await page.textContent("#format"), /Detected pi transcript/);
  assert.deepEqual(errors, []);
  await page.close();
});

// Issue 14's other measurement: a generated OpenAI chat completion of 50,000
// calls picked as a file. It starts from its own calls, so every call pairs
// with itself (50,000 paired); the figures are printed, not asserted.
test("a 50,000-call trace: read and judged in the worker, its rows drawn near the screen only (figures printed)", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const n = 50000;
  const calls = Array.from({ length: n }, (_, i) => ({ id: `call_${i}`, type: "function", function: { name: `tool_${i % 50}`, arguments: JSON.stringify({ i, q: `query ${i}` }) } }));
  const completion = JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: calls }, finish_reason: "tool_calls" }] });
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((l) => window.__longTasks.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: "longtask", buffered: false });
    document.querySelector("#file").addEventListener("change", () => (window.__t0 = performance.now()), { capture: true });
  });
  const before0 = Number(await page.getAttribute("body", "data-evaluations"));
  await page.setInputFiles("#file", { name: "calls-50000.json", mimeType: "application/json", buffer: Buffer.from(completion) });
  // The last verdict stays (dimmed) until the new one is drawn: wait for that evaluation.
  await page.waitForFunction((b) => /calls-50000/.test(document.querySelector("#format").textContent) && Number(document.body.dataset.evaluations) > b, before0, { timeout: 180000 });
  const first = Math.round(await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(performance.now() - window.__t0)))));
  assert.equal(await page.textContent("#format"), `calls-50000.json: Detected openai-chat: ${n} tool call(s).`);
  assert.equal(await page.textContent("#verdict"), "PASS", await page.textContent("#why"));
  assert.equal(await counts(page), `${n} paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)`);
  const rows = await page.locator("#alignment tr[data-entry]").count();
  const events = await page.locator("#trace-timeline .event").count();
  assert.ok(rows >= 100 && rows < 1000, `${rows} rows drawn`);
  assert.ok(events < 1000, `${events} timeline events drawn`);
  assert.match(await page.textContent("#timing"), /\(in the worker\)/);
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks.filter(([start]) => start >= window.__t0).map(([, d]) => d)));
  // An edit of the expectations is judged again in the worker; the last verdict stays until then.
  const [edit, seen] = await timeEdit(page, "#toolCallOrder", () => page.selectOption("#toolCallOrder", "strict"));
  assert.equal(await page.textContent("#verdict"), "PASS", "the same calls in the same order");
  const longestAll = await page.evaluate(() => Math.max(0, ...window.__longTasks.filter(([start]) => start >= window.__t0).map(([, d]) => d)));
  // The one step of 50,000 calls, scrolled to its end: its last calls drawn (in a continued section), the first ones gone.
  // (Its texts are asked for once no judgement has run for a while: the timeline is laid out then.)
  await page.waitForFunction(() => document.querySelector("#trace-timeline").getBoundingClientRect().height > 10000, null, { timeout: 60000 });
  await scrollThrough(page, "#trace-timeline");
  const lastCall = calls[n - 1].function;
  assert.equal(await page.locator("#trace-timeline .event code").last().textContent(), `${lastCall.name}(${lastCall.arguments})`);
  assert.ok((await page.locator("#trace-timeline .turn.cont").count()) >= 1);
  assert.ok((await page.locator("#trace-timeline .event").count()) < 1000);
  // Export of a picked file the page never read whole (past 1,000,000 bytes): the file's own text, read when pressed.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  assert.equal(exported.kind, "trace");
  assert.equal(exported.passed, true);
  assert.equal(exported.expectations.options.toolCallOrder, "strict");
  assert.equal(exported.input.text, completion);
  // Typing in the expectations of the file just picked (again: a new input, its own calls
  // expected): the 50,000 expected calls (kept out of the page) replaced by a one-call list, then
  // one more keystroke in it; each is judged against the prepared trace at once.
  const before1 = Number(await page.getAttribute("body", "data-evaluations"));
  await page.setInputFiles("#file", { name: "calls-50000-again.json", mimeType: "application/json", buffer: Buffer.from(completion) });
  await page.waitForFunction((b) => /calls-50000-again/.test(document.querySelector("#format").textContent) && Number(document.body.dataset.evaluations) > b && document.body.dataset.pending === "false", before1, { timeout: 180000 });
  assert.equal(await counts(page), `${n} paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)`);
  const one = `[{"toolName":"tool_0","arguments":{"i":0,"q":"query 0"}}]`;
  const [typed, typedSeen] = await timeEdit(page, "#expected", () => page.fill("#expected", one));
  assert.equal(await counts(page), `1 paired · 0 missing · ${n - 1} extra · 0 out of order · 0 argument mismatch(es)`);
  await page.focus("#expected");
  await page.keyboard.press("End");
  const [key, keySeen] = await timeEdit(page, "#expected", () => page.keyboard.type(" "));
  assert.equal(await page.inputValue("#expected"), `${one} `);
  assert.equal(await counts(page), `1 paired · 0 missing · ${n - 1} extra · 0 out of order · 0 argument mismatch(es)`);
  const [download2] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const exported2 = JSON.parse(readFileSync(await download2.path(), "utf8"));
  assert.deepEqual(exported2.missing, []);
  assert.equal(exported2.extra.length, n - 1);
  assert.deepEqual(exported2.extra[0], { toolName: "tool_1", arguments: { i: 1, q: "query 1" } });
  console.log(`50,000-call trace, picked again: at once, the expected calls replaced by a one-call list re-judged in ${typed} ms (≤ 100 ms: ${met(typed <= 100)}; ${typedSeen} ms seen from the test), one keystroke in it in ${key} ms (≤ 100 ms: ${met(key <= 100)}; ${keySeen} ms seen)`);
  console.log(`50,000-call trace (${(completion.length / 1e6).toFixed(1)} MB): first verdict ${first} ms after the file was picked (≤ 2 s: ${met(first <= 2000)}), longest main-thread task ${longest.toFixed(0)} ms (≤ 200 ms: ${met(longest <= 200)}); an option change re-judged in ${edit} ms (≤ 100 ms: ${met(edit <= 100)}; ${seen} ms seen from the test), longest task with it ${longestAll.toFixed(0)} ms (≤ 200 ms: ${met(longestAll <= 200)}); ${rows} rows and ${events} timeline events in the DOM; ${await page.textContent("#timing")}`);
  assert.deepEqual(errors, []);
  await page.close();
});

// A pi transcript written here with 10,000 distinct shell calls (pi --mode json
// events, as in pi/untether_pi-mode-json_bash-write.jsonl), picked as a file.
test("a 10,000-event transcript: read in the worker, its timeline drawn near the screen only", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const n = 10000;
  const lines = ['{"type":"agent_start"}'];
  for (let i = 0; i < n; i++) {
    lines.push(JSON.stringify({ type: "tool_execution_start", toolCallId: `t${i}`, toolName: "bash", args: { command: `echo ${i}` } }));
    lines.push(JSON.stringify({ type: "tool_execution_end", toolCallId: `t${i}`, toolName: "bash", result: { content: [{ type: "text", text: "ok" }] }, isError: false }));
  }
  const before = Number(await page.getAttribute("body", "data-evaluations"));
  await page.setInputFiles("#file", { name: "many-events.jsonl", mimeType: "application/json", buffer: Buffer.from(lines.join("\n")) });
  await page.waitForFunction((b) => Number(document.body.dataset.evaluations) > b && /many-events/.test(document.querySelector("#format").textContent), before, { timeout: 60000 });
  assert.equal(await page.textContent("#format"), `many-events.jsonl: Detected pi transcript: 1 turn(s), ${n} event(s).`);
  assert.equal(await page.textContent("#verdict"), "PASS", await page.textContent("#why"));
  assert.match(await page.textContent("#timing"), /\(in the worker\)/);
  const drawn = await page.locator("#timeline .event").count();
  assert.ok(drawn >= 50 && drawn < 1000, `${drawn} events drawn`);
  await scrollThrough(page, "#timeline");
  assert.equal(await page.locator("#timeline .event").last().textContent(), `shell bash echo ${n - 1}input/output`);
  assert.ok((await page.locator("#timeline .event").count()) < 1000);
  assert.deepEqual(errors, []);
  await page.close();
});

// 1,000 calls, the last one's arguments other than expected: its row is in the
// last block, not drawn until "Next problem" goes to it.
test("Next problem draws the row it goes to in a long list", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const calls = Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}`, type: "function", function: { name: "step", arguments: JSON.stringify({ i }) } }));
  await page.fill("#trace", JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: calls } }] }));
  await page.fill("#expected", JSON.stringify(calls.map((c, i) => ({ toolName: "step", arguments: { i: i === 999 ? -1 : i } }))));
  await page.waitForFunction(() => document.body.dataset.pending === "false" && /argument mismatch/.test(document.querySelector("#counts").textContent));
  assert.equal(await counts(page), "999 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  assert.equal(await page.locator('#alignment tr[data-entry="999"]').count(), 0, "the last block is a spacer");
  await page.click("#h-verdict");
  await page.keyboard.press("n");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.entry), "999");
  assert.equal(await page.evaluate(() => document.activeElement.className), "mismatch current-problem");
  assert.match(await page.textContent("#timing"), /Problem 1 of 1\./);
  assert.match(await page.textContent('#alignment tr[data-entry="999"]'), /step\(\{"i":-1\}\).*argument mismatch \(actual #999\).*step\(\{"i":999\}\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a file over the viewer's limit is told at once, before it is read", async () => {
  // The limit lowered to 1 MiB for the test (?maxInput=): a 2 MiB file is over it.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/www/index.html?example=anthropic.wrong-family-member&maxInput=1048576`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  const ms = await page.evaluate(async () => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(2 * 1024 * 1024).fill(32)], "huge-run.jsonl"));
    const t0 = performance.now();
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    while (document.querySelector("#error").textContent === "") await new Promise((r) => setTimeout(r, 10));
    return performance.now() - t0;
  });
  assert.match(await page.textContent("#error"), /^huge-run\.jsonl is 2\.0 MiB: the viewer reads at most 1 MiB/);
  assert.equal(await page.textContent("#verdict"), "");
  assert.ok(ms < 5000, `${ms} ms`);
  assert.deepEqual(errors, []);
  await page.close();
});

// Issue 14 item 4: a 100 MB file is read without a freeze or a refusal. A
// transcript past the package's 32 Mi characters per call is read in pieces
// of whole lines (README, Limits); the file is the real Claude Code session of
// the 20 MB test repeated, built and dropped inside the page (Playwright's
// own file transfer of 100 MB would be the larger cost). The figures are
// printed; asserted are the reading and the verdict.
test("a 100 MB transcript is read and judged in the worker (figures printed)", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const one = fixture("tests/fixtures/transcripts/claude-code/claudeless_session_write-read-edit-denied.jsonl");
  const copies = Math.ceil(100e6 / one.length);
  const r = await page.evaluate(async ([one, copies]) => {
    window.__longTasks = [];
    new PerformanceObserver((l) => window.__longTasks.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: "longtask", buffered: false });
    const dt = new DataTransfer();
    dt.items.add(new File([one.repeat(copies)], "huge-session.jsonl"));
    const before = Number(document.body.dataset.evaluations);
    const t0 = performance.now();
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    while (!(/huge-session/.test(document.querySelector("#format").textContent) && Number(document.body.dataset.evaluations) > before) && document.querySelector("#error").textContent === "") {
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - t0;
    return { ms, longest: Math.max(0, ...window.__longTasks.filter(([start]) => start >= t0).map(([, d]) => d)), size: dt.files[0].size };
  }, [one, copies]);
  assert.equal(await page.textContent("#error"), "");
  assert.match(await page.textContent("#format"), /huge-session\.jsonl: Detected claude-code transcript/);
  assert.equal(await page.textContent("#verdict"), "PASS", `${await page.textContent("#why")} ${await page.inputValue("#assertions")}`);
  console.log(`100 MB transcript (${copies} copies, ${(r.size / 1e6).toFixed(1)} MB): first verdict ${Math.round(r.ms)} ms after the drop, longest main-thread task ${r.longest.toFixed(0)} ms (≤ 200 ms: ${met(r.longest <= 200)}); ${await page.textContent("#timing")}`);
  assert.deepEqual(errors, []);
  await page.close();
});

// Many runs (issue 14 item 6). The EvalResultInput lines are written here
// around a real fixture (openai-chat/messages.multi-turn-history.json:
// get_country {}, get_product_name {}, get_weather {"city":"Mexico City"});
// each verdict follows @mcpjam/sdk@1.14.0's evaluateToolCalls rules.
test("many runs: a JSON-lines file of EvalResultInputs and several dropped files as one table, judged, sortable, filterable, each opening in the single view", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  const trace = JSON.parse(fixture("tests/fixtures/traces/openai-chat/messages.multi-turn-history.json"));
  const lines = [
    { caseTitle: "capital and weather", passed: true, trace, expectedToolCalls: [{ toolName: "get_country", arguments: {} }, { toolName: "get_weather", arguments: { city: "Mexico City" } }] },
    { caseTitle: "mails the report", passed: true, trace, expectedToolCalls: [{ toolName: "send_email", arguments: {} }] },
    { caseTitle: "calls nothing", passed: false, trace, expectedToolCalls: [], isNegativeTest: true },
    { caseTitle: "strict order", passed: false, trace, expectedToolCalls: [{ toolName: "get_weather" }, { toolName: "get_country" }], matchOptions: { toolCallOrder: "strict" } },
  ].map((l) => JSON.stringify(l)).join("\n");
  await page.setInputFiles("#file", { name: "results.jsonl", mimeType: "application/json", buffer: Buffer.from(lines) });
  await page.waitForSelector("#runs-section:not([hidden])");
  // The single view below no longer shows the example loaded before (until a run is opened there).
  assert.equal(await page.textContent("#format"), "4 run(s) in the table above: open one to see it here.");
  assert.equal(await page.textContent("#verdict"), "");
  const rows = () => page.$$eval("#runs tbody tr", (rs) => rs.map((r) => [...r.cells].slice(0, 5).map((c) => c.textContent.replace(/^open /, ""))));
  assert.deepEqual(await rows(), [
    ["results.jsonl · capital and weather", "trace · mcpjam", "3", "PASS", "passed"],
    ["results.jsonl · mails the report", "trace · mcpjam", "3", "FAIL", "passed"],
    ["results.jsonl · calls nothing", "trace · mcpjam", "3", "FAIL", "failed"],
    ["results.jsonl · strict order", "trace · mcpjam", "3", "FAIL", "failed"],
  ]);
  assert.equal(await page.textContent("#runs-summary"), "4 run(s): 1 pass, 3 fail, 0 unreadable, 0 not judged · 3 of 4 as recorded or expected.");
  await page.screenshot({ path: `${out}/www-runs.png`, fullPage: true }); // www/README.md shows it
  await page.selectOption("#runs-filter", "differs");
  assert.deepEqual((await rows()).map((r) => r[0]), ["results.jsonl · mails the report"]);
  await page.selectOption("#runs-filter", "all");
  await page.click("#runs th[data-key=verdict]");
  assert.deepEqual((await rows()).map((r) => r[3]), ["FAIL", "FAIL", "FAIL", "PASS"]);
  // Open one: the single view judges it on its own expectations, with the same verdict.
  await page.click("#runs tbody tr:has-text('mails the report') button.open-run");
  await page.waitForFunction(() => document.querySelector("#verdict").textContent === "FAIL");
  assert.deepEqual(JSON.parse(await page.inputValue("#expected")), [{ toolName: "send_email", arguments: {} }]);
  assert.match(await page.textContent("#why"), /1 expected call\(s\) not made \(send_email\)/);
  // Several files dropped at once: one row each; traces are judged on the user's expectations when kept.
  await page.check("#keep-expectations");
  await page.fill("#expected", '[{"toolName": "get_weather"}]');
  const asFile = (p) => ({ name: p.split("/").pop(), mimeType: "application/json", buffer: Buffer.from(fixture(p)) });
  await page.setInputFiles("#file", [
    asFile("tests/fixtures/traces/openai-chat/messages.multi-turn-history.json"),
    asFile("tests/fixtures/traces/anthropic/message.parallel-tool-use.json"),
    asFile("tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl"),
    { name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{"choices": [') },
  ]);
  await page.waitForFunction(() => document.querySelectorAll("#runs tbody tr").length === 4);
  const cells = await rows();
  assert.deepEqual(cells.map((r) => [r[0], r[3]]), [
    ["messages.multi-turn-history.json", "PASS"],
    ["message.parallel-tool-use.json", "FAIL"],
    ["untether_pi-mode-json_bash-write.jsonl", "—"],
    ["broken.json", "ERROR"],
  ]);
  // Unticked, the traces have no expectations of their own (the table says so); ticked again,
  // they are judged on the user's again: the table follows the box, without picking the files again.
  await page.uncheck("#keep-expectations");
  await page.waitForFunction(() => document.querySelector("#runs tbody tr .run-verdict")?.textContent === "—");
  const own = await page.$$eval("#runs tbody tr", (rs) => rs.map((r) => [r.cells[3].textContent, r.cells[5].textContent]));
  assert.deepEqual(own.map((r) => r[0]), ["—", "—", "—", "ERROR"]);
  assert.match(own[0][1], /^no expectations: open it, or tick “keep my expectations”/);
  await page.check("#keep-expectations");
  await page.waitForFunction(() => document.querySelector("#runs tbody tr .run-verdict")?.textContent === "PASS");
  assert.deepEqual((await rows()).map((r) => r[3]), ["PASS", "FAIL", "—", "ERROR"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the runs table fits a phone: it scrolls inside its section, the page does not", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member", { width: 390, height: 844 });
  const trace = JSON.parse(fixture("tests/fixtures/traces/openai-chat/messages.multi-turn-history.json"));
  const lines = ["capital and weather", "mails the report"].map((caseTitle) => JSON.stringify({ caseTitle, passed: true, trace, expectedToolCalls: [{ toolName: "get_weather", arguments: { city: "Mexico City, the capital of the country it asked about" } }] })).join("\n");
  await page.setInputFiles("#file", { name: "results.jsonl", mimeType: "application/json", buffer: Buffer.from(lines) });
  await page.waitForSelector("#runs-section:not([hidden])");
  assert.equal(await page.locator("#runs tbody tr").count(), 2);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the page is as wide as the phone");
  const [header, why] = await page.evaluate(() => [...document.querySelectorAll("#runs th")].map((th) => th.getBoundingClientRect()).filter((_, i) => i >= 4));
  assert.ok(header.right <= why.left + 0.5, "the last two headers do not overlap");
  assert.deepEqual(errors, []);
  await page.close();
});

// Found by a second trial (2026-12-03): links of edited examples, what a new input takes along.
test("a link holds what is on screen; a new input takes nothing of the last one along", async () => {
  // An example read in the worker (?worker=1), its assertions edited: the link opens with them, not the example's.
  const pi = "tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl";
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/www/index.html?worker=1&example=${pi}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  await page.fill("#assertions", 'toHaveCalledTool("nope")');
  await page.waitForFunction(() => document.querySelector("#verdict").textContent === "FAIL" && document.body.dataset.pending === "false");
  await page.waitForFunction(() => location.hash.includes("nope") || location.hash.startsWith("#z:"));
  await page.waitForTimeout(300);
  const link = page.url();
  for (const worker of [true, false]) {
    const p = await browser.newPage();
    p.on("pageerror", (e) => errors.push(e.message));
    await p.goto(worker ? link : link.replace("worker=1&", ""));
    await p.waitForSelector("body[data-ready=true]", { timeout: 15000 });
    await p.waitForFunction(() => document.body.dataset.pending === "false" && document.querySelector("#verdict").textContent !== "");
    assert.equal(await p.inputValue("#assertions"), 'toHaveCalledTool("nope")', `worker ${worker}`);
    assert.equal(await p.textContent("#verdict"), "FAIL", `worker ${worker}`);
    await p.close();
  }
  // A changed "Read as" on an example is in its link.
  await page.selectOption("#example", "gemini.weather");
  await page.waitForFunction(() => /^Detected gemini/.test(document.querySelector("#format").textContent));
  await page.selectOption("#readAs", "transcript");
  await page.waitForFunction(() => /read as a harness transcript only/.test(document.querySelector("#error").textContent));
  await page.waitForTimeout(500);
  const p2 = await browser.newPage();
  await p2.goto(page.url());
  await p2.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await p2.inputValue("#readAs"), "transcript");
  await p2.waitForFunction(() => /read as a harness transcript only/.test(document.querySelector("#error").textContent));
  await p2.close();
  await page.selectOption("#readAs", "auto");
  await page.waitForFunction(() => /^Detected gemini/.test(document.querySelector("#format").textContent) && document.querySelector("#error").textContent === "");
  // Copy link while the expectations have an error says the link holds the last ones judged.
  await page.fill("#expected", "[{");
  await page.waitForFunction(() => document.querySelector("#error").textContent !== "" && document.body.dataset.pending === "false");
  for (let n = -1, m = 0; n !== m; ) {
    // every evaluation settled first (a late one rewrites #timing after the click)
    n = m;
    await page.waitForTimeout(400);
    m = Number(await page.getAttribute("body", "data-evaluations"));
  }
  assert.equal(await page.isVisible("#stale"), true);
  // (A real click: it blurs the expected calls, whose `change` starts an evaluation that ends
  // after the click; the link's message must stay.)
  await page.click("#copy-link");
  await page.waitForFunction(() => /It holds the last expectations that were judged/.test(document.querySelector("#timing").textContent));
  // Options changed: the note that the expectations are the run's own (and pass) goes.
  await page.fill("#trace", fixture("tests/fixtures/traces/openai-chat/messages.multi-turn-history.json"));
  // (Filled while the blur of the expected calls starts a judgement of the old input: the new
  // input must still be read, not dropped as "the same expectations".)
  await page.waitForFunction(() => /^Detected openai-chat: 3 tool call/.test(document.querySelector("#format").textContent) && document.body.dataset.pending === "false");
  assert.equal(await page.isVisible("#expect-origin"), true);
  await page.check("#isNegativeTest");
  assert.equal(await page.isVisible("#expect-origin"), false);
  await page.uncheck("#isNegativeTest");
  // A search on one input does not hide the rows of the next one.
  await page.fill("#row-search", "zzzz");
  await page.waitForFunction(() => document.querySelectorAll("#alignment tr[data-entry]").length === 0);
  await page.setInputFiles("#file", `${root}/tests/fixtures/traces/anthropic/message.parallel-tool-use.json`);
  await page.waitForFunction(() => /Detected anthropic: 4 tool call/.test(document.querySelector("#format").textContent) && document.body.dataset.pending === "false");
  assert.equal(await page.inputValue("#row-search"), "");
  assert.equal(await page.locator("#alignment tr[data-entry]").count(), 4);
  // A batch's table closes when one input is loaded.
  const asFile = (path) => ({ name: path.split("/").pop(), mimeType: "application/json", buffer: Buffer.from(fixture(path)) });
  await page.setInputFiles("#file", [asFile("tests/fixtures/traces/anthropic/message.parallel-tool-use.json"), asFile("tests/fixtures/traces/gemini/response.function-call.json")]);
  await page.waitForSelector("#runs-section:not([hidden])");
  await page.setInputFiles("#file", `${root}/tests/fixtures/traces/gemini/response.function-call.json`);
  await page.waitForFunction(() => /^response\.function-call\.json: Detected gemini/.test(document.querySelector("#format").textContent));
  assert.equal(await page.isVisible("#runs-section"), false);
  assert.deepEqual(errors, []);
  await page.close();
  // A compressed link that does not decompress says so (not "Failed to fetch").
  const p3 = await browser.newPage();
  await p3.goto(`${server.url}/www/index.html#z:AAAA`);
  await p3.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await p3.textContent("#error"), "This link's state could not be read (cut short or changed?): its compressed state does not decompress. Nothing is loaded: drop a file, pick one, paste, or choose an example.");
  await p3.close();
});

// Found by a new user's trial of the viewer (2026-12-03): each of these misled or blocked them.
test("a new user's first steps: their own file, a paste after a transcript example, half-typed expectations, broken links", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  // The same trace as the example's, saved by an editor with a BOM and CRLF lines, picked as a file:
  // a new input (however much it shares with the example's), judged on what happened in it.
  const own = fixture("examples/traces/anthropic/message.parallel-tool-use.json").replace(/\n/g, "\r\n");
  await page.setInputFiles("#file", { name: "mine.json", mimeType: "application/json", buffer: Buffer.from(`\uFEFF${own}`) });
  await page.waitForFunction(() => /^mine\.json: /.test(document.querySelector("#format").textContent) && document.body.dataset.pending === "false");
  assert.equal(await page.textContent("#format"), "mine.json: Detected anthropic: 4 tool call(s).");
  assert.equal(await page.textContent("#verdict"), "PASS");
  // Said: these expectations were made from the run (so they pass), until the user edits them.
  assert.equal(await page.textContent("#expect-origin"), "A starting point made from this run (its 4 call(s) as made): it passes as is. Change it to what the run should have done.");
  assert.equal(await page.isVisible("#expect-origin"), true);
  assert.equal(await counts(page), "4 paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)");
  // The same text pasted (its BOM included) reads the same.
  await page.fill("#trace", `\uFEFF${own}`);
  await page.waitForFunction(() => /^Detected anthropic: 4 tool call/.test(document.querySelector("#format").textContent));
  assert.equal(await page.isVisible("#expect-origin"), true, "a paste of the same run changes nothing");
  // Expected calls cut short: said with where; cleared: said so; half-typed options quote what was typed.
  await page.fill("#expected", '[{"toolName": "retrieve_entity_info"');
  await page.waitForFunction(() => document.querySelector("#error").textContent !== "");
  assert.match(await page.textContent("#error"), /^the expected calls is not JSON \(line 1, column 37: /);
  assert.equal(await page.textContent("#verdict"), "PASS", "the last verdict stays");
  assert.equal(await page.isVisible("#expect-origin"), false, "edited: no longer the run's own");
  await page.fill("#expected", "");
  await page.waitForFunction(() => /nothing is written/.test(document.querySelector("#error").textContent));
  assert.equal(await page.textContent("#error"), "the expected calls: nothing is written (a JSON array of calls; [] expects none)");
  await page.fill("#expected", "[]");
  await page.fill("#maxExtraToolCalls", "abc");
  await page.waitForFunction(() => /maxExtraToolCalls/.test(document.querySelector("#error").textContent));
  assert.match(await page.textContent("#error"), /Invalid maxExtraToolCalls: abc\. Must be null \(unlimited\) or a non-negative integer\./);
  await page.fill("#maxExtraToolCalls", "");
  // A transcript example sets "Read as" to transcripts; a trace pasted over it is read as a trace.
  await page.selectOption("#example", "tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl");
  await page.waitForFunction(() => /pi transcript/.test(document.querySelector("#format").textContent));
  assert.equal(await page.inputValue("#readAs"), "transcript");
  // Half-typed assertions keep the last verdict (dimmed) and name the line.
  const before = await page.textContent("#verdict");
  await page.fill("#assertions", `${await page.inputValue("#assertions")}\ntoHaveEdited(`);
  await page.waitForFunction(() => /^assertion on line \d+: not an assertion/.test(document.querySelector("#error").textContent));
  assert.equal(await page.textContent("#verdict"), before);
  assert.match(await page.getAttribute("#verdict-section", "class"), /\bstale\b/);
  await page.fill("#trace", fixture("tests/fixtures/traces/gemini/response.function-call.json"));
  await page.waitForFunction(() => /^Detected gemini: /.test(document.querySelector("#format").textContent));
  assert.equal(await page.inputValue("#readAs"), "auto");
  assert.equal(await page.textContent("#error"), "");
  // A paste past 1,000,000 characters is kept out of the text area (as a picked file is), and so
  // is such text put there otherwise: the area stays empty, the preview shows its start.
  const calls = Array.from({ length: 10000 }, (_, i) => ({ id: `c${i}`, type: "function", function: { name: `tool_${i % 3}`, arguments: JSON.stringify({ i, pad: "x".repeat(60) }) } }));
  const big = JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: calls }, finish_reason: "tool_calls" }] });
  assert.ok(big.length > 1000000, `${big.length} characters`);
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", t);
    document.querySelector("#trace").dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  }, big);
  await page.waitForFunction(() => /^Detected openai-chat: 10000 tool call/.test(document.querySelector("#format").textContent), null, { timeout: 60000 });
  assert.equal(await page.inputValue("#trace"), "");
  assert.equal(await page.isVisible("#preview"), true);
  await page.fill("#trace", "[]");
  await page.waitForFunction(() => document.querySelector("#preview").hidden);
  await page.fill("#trace", big.replace("tool_0", "tool_9"));
  await page.waitForFunction(() => /^Detected openai-chat: 10000 tool call/.test(document.querySelector("#format").textContent) && document.body.dataset.pending === "false", null, { timeout: 60000 });
  assert.equal(await page.inputValue("#trace"), "");
  assert.equal(await page.isVisible("#preview"), true);
  assert.match(await page.textContent("#preview"), /tool_9/);
  assert.deepEqual(errors, []);
  await page.close();
  // A link cut short or changed, and an example that is not bundled: said; no other input's verdict shown.
  for (const [url, said] of [
    ["#z:AAAA!!garbage", /^This link's state could not be read \(cut short or changed\?\): /],
    ['#{"expected":[', /^This link's state could not be read/],
    ["?example=nope-not-here", /^There is no bundled example “nope-not-here”\. Nothing is loaded/],
  ]) {
    const p = await browser.newPage();
    const errs = [];
    p.on("pageerror", (e) => errs.push(e.message));
    await p.goto(`${server.url}/www/index.html${url}`);
    await p.waitForSelector("body[data-ready=true]", { timeout: 15000 });
    assert.match(await p.textContent("#error"), said, url);
    assert.equal(await p.textContent("#verdict"), "", url);
    assert.equal(await p.inputValue("#trace"), "", url);
    assert.deepEqual(errs, [], url);
    await p.close();
  }
});

test("a report page with its verdicts embedded shows the runs table without the inputs", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const rows = [{ name: "case A", kind: "trace", format: "openai-chat", calls: 2, verdict: "PASS", recorded: true, why: "" }, { name: "case B", kind: "trace", format: "anthropic", calls: 0, verdict: "FAIL", recorded: true, why: "1 missing, no tool calls" }];
  const html = readFileSync(`${root}/www/index.html`, "utf8").replace("</body>", `<script type="application/json" id="report-data">${JSON.stringify(rows)}</script></body>`);
  await page.route("**/www/report.html", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(`${server.url}/www/report.html`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await page.isVisible("#runs-section"), true);
  assert.equal(await page.textContent("#runs-summary"), "2 run(s): 1 pass, 1 fail, 0 unreadable, 0 not judged · 1 of 2 as recorded or expected.");
  assert.equal(await page.locator("#runs button.open-run").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

// examples/responses-dataset.json: each case says the outcome it expects
// (metadata.expectPass). In the page there is no judge model and there are
// no Standard Schema objects, so passesJudge and schema cases cannot pass
// here (the page says why); every other case comes out as it expects.
test("an eval dataset: all its cases judged at once against their recordings, next to the outcome each expects", async () => {
  const { page, errors } = await open("examples/responses-dataset.json");
  await page.click("#judge-all");
  await page.waitForFunction(() => document.body.dataset.casesJudged !== undefined, null, { timeout: 60000 });
  const dataset = JSON.parse(fixture("examples/responses-dataset.json"));
  const rows = await page.$$eval("#runs tbody tr", (rs) => rs.map((r) => ({ name: r.cells[0].textContent.trim(), verdict: r.cells[3].textContent, expected: r.cells[4].textContent, why: r.cells[5].textContent })));
  assert.equal(rows.length, dataset.cases.length);
  for (const [i, c] of dataset.cases.entries()) {
    const row = rows[i];
    assert.equal(row.name, `${dataset.name} · ${c.id}`);
    assert.equal(row.expected, c.metadata.expectPass ? "passed" : "failed");
    const needsNode = Object.keys(c.expect).some((k) => k === "passesJudge" || k === "schema" || k === "predicate");
    if (!needsNode) assert.equal(row.verdict, c.metadata.expectPass ? "PASS" : "FAIL", `${c.id}: ${row.why}`);
  }
  // Several judges and no judge model in the page: the row says why each failed, not only how many.
  assert.equal(rows.find((r) => r.name.endsWith("debug-message-judge")).why, "judge: 0/2 judges passed: Judge evaluation error: no judge function supplied");
  assert.deepEqual(errors, []);
  await page.close();
});

// server-everything's get-tiny-image (a PNG between two text blocks) and
// get-resource-links (four resource_link blocks), as recorded.
test("tool responses show their images and resource links, as the blocks give them", async () => {
  const { page, errors } = await open("tests/fixtures/responses/everything/get-tiny-image.result.json");
  const png = JSON.parse(fixture("tests/fixtures/responses/everything/get-tiny-image.result.json")).content[1];
  assert.equal(await page.getAttribute("#response-media img", "src"), `data:${png.mimeType};base64,${png.data}`);
  assert.equal(await page.evaluate(() => document.querySelector("#response-media img").naturalWidth > 0), true);
  await page.selectOption("#example", "tests/fixtures/responses/everything/get-resource-links.result.json");
  await page.waitForFunction(() => document.querySelectorAll("#response-media .resource-link").length > 0);
  const links = JSON.parse(fixture("tests/fixtures/responses/everything/get-resource-links.result.json")).content.filter((b) => b.type === "resource_link");
  assert.deepEqual(await page.$$eval("#response-media .resource-link", (ls) => ls.map((l) => l.textContent)), links.map((b) => `🔗 ${b.name} <${b.uri}>`));
  assert.equal(await page.locator("#response-media img").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

// gemini-cli/agentcmd_gemini-session-msg_tool-replace.json: `replace` of
// "Hello from Gemini CLI" by "Goodbye from Gemini CLI"; codex
// agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl: apply_patch
// adding myapp/hoge.py with `print(1 + 1)`.
test("a transcript's file edits open as diffs", async () => {
  const { page, errors } = await open("tests/fixtures/transcripts/gemini-cli/agentcmd_gemini-session-msg_tool-replace.json");
  await page.click("#timeline .event.edit details summary");
  assert.deepEqual(await page.$$eval("#timeline .edit-diff span:not(.ctx)", (ss) => ss.map((x) => `${x.className} ${x.textContent.trim()}`)), ["del -Hello from Gemini CLI", "add +Goodbye from Gemini CLI"]);
  await page.selectOption("#example", "tests/fixtures/transcripts/codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl");
  await page.waitForFunction(() => /codex/.test(document.querySelector("#format").textContent));
  assert.deepEqual(await page.$$eval("#timeline .event.edit .edit-diff span.add", (ss) => ss.map((x) => x.textContent.trim())), ["+print(1 + 1)"]);
  assert.deepEqual(errors, []);
  await page.close();
});
