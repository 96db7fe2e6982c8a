// The verdict page: the built package (../pkg) evaluates a trace as you edit.
import { alignToolCalls, evaluateToolCalls, MATCH_OPTIONS_DEFAULTS } from "../pkg/index.js";
import { extractToolCalls } from "../examples/extract.mjs";

const EXAMPLES = [
  "anthropic.wrong-family-member",
  "anthropic.four-family-members",
  "openai-chat.create-before-delete",
  "openai-chat.delete-and-create",
  "gemini.three-topics",
];
const $ = (id) => document.getElementById(id);
const fields = ["trace", "expected", "toolCallOrder", "argumentMatching", "maxExtraToolCalls", "isNegativeTest"];

function options() {
  const max = $("maxExtraToolCalls").value.trim();
  return {
    toolCallOrder: $("toolCallOrder").value,
    argumentMatching: $("argumentMatching").value,
    maxExtraToolCalls: max === "" || max === "null" ? null : Number(max),
    isNegativeTest: $("isNegativeTest").checked,
  };
}

const compact = (call) => `${call.toolName}(${JSON.stringify(call.arguments ?? {})})`;

function parseJson(text, what) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what} is not JSON: ${e.message}`);
  }
}

function row(cls, expected, status, actual) {
  const tr = document.createElement("tr");
  tr.className = cls;
  for (const cell of [expected, status, actual]) {
    const td = document.createElement("td");
    if (cell && cls !== "header") {
      const code = document.createElement("code");
      code.textContent = cell;
      td.append(status === cell ? cell : code);
    }
    tr.append(td);
  }
  return tr;
}

function clearVerdict() {
  $("verdict").textContent = "";
  $("verdict").className = "verdict";
  $("counts").textContent = "";
  $("alignment").tBodies[0].replaceChildren();
}

function render() {
  $("error").textContent = "";
  clearVerdict();
  const body = $("alignment").tBodies[0];
  let actual, expected;
  try {
    const { format, calls } = extractToolCalls(parseJson($("trace").value, "the trace"), { warn: () => {} });
    actual = calls;
    $("format").textContent = `Detected ${format}: ${calls.length} tool call(s).`;
    expected = parseJson($("expected").value, "the expected calls");
  } catch (e) {
    $("error").textContent = e.message;
    return;
  }
  let r, al;
  try {
    r = evaluateToolCalls(expected, actual, options());
    al = alignToolCalls(expected, actual, options());
  } catch (e) {
    $("error").textContent = e.code ? `${e.code}: ${e.message}` : e.message;
    return;
  }
  $("verdict").textContent = r.passed ? "PASS" : "FAIL";
  $("verdict").className = `verdict ${r.passed ? "pass" : "fail"}`;
  $("counts").textContent =
    `${al.pairs.length} paired · ${al.missing.length} missing · ${al.extra.length} extra · ` +
    `${al.outOfOrder.length} out of order · ${al.argumentMismatches.length} argument mismatch(es)`;
  const rowOf = new Map();
  for (const p of al.pairs) rowOf.set(p.expectedIndex, row("paired", compact(expected[p.expectedIndex]), "paired", compact(actual[p.actualIndex])));
  for (const m of al.argumentMismatches) {
    rowOf.set(m.expectedIndex, row("mismatch", compact(expected[m.expectedIndex]), "argument mismatch", compact(actual[m.actualIndex])));
  }
  const moved = new Map(al.outOfOrder.map((o) => [o.expectedIndex, o.actualIndex]));
  for (const i of al.missing) {
    rowOf.set(i, moved.has(i)
      ? row("out-of-order", compact(expected[i]), `out of order → actual #${moved.get(i)}`, compact(actual[moved.get(i)]))
      : row("missing", compact(expected[i]), "missing", ""));
  }
  expected.forEach((_, i) => body.append(rowOf.get(i)));
  for (const j of al.extra) body.append(row("extra", "", `extra (actual #${j})`, compact(actual[j])));
  lastVerdict = { passed: r.passed, missing: r.missing, extra: r.extra, outOfOrder: r.outOfOrder, argumentMismatches: r.argumentMismatches };
  const state = { example: $("example").value, expected: $("expected").value, options: options() };
  history.replaceState(null, "", `${location.pathname}${location.search}#${encodeURIComponent(JSON.stringify(state))}`);
}

async function loadExample(name) {
  const spec = await (await fetch(`../examples/expectations/${name}.json`)).json();
  const trace = await (await fetch(`../examples/${spec.trace}`)).text();
  $("trace").value = trace;
  $("expected").value = JSON.stringify(spec.expected, null, 2);
  const o = { ...MATCH_OPTIONS_DEFAULTS, isNegativeTest: false, ...spec.options };
  $("toolCallOrder").value = o.toolCallOrder;
  $("argumentMatching").value = o.argumentMatching;
  $("maxExtraToolCalls").value = o.maxExtraToolCalls === null ? "" : String(o.maxExtraToolCalls);
  $("isNegativeTest").checked = o.isNegativeTest;
  render();
}

for (const name of EXAMPLES) $("example").append(new Option(name, name));
$("example").addEventListener("change", () => loadExample($("example").value));
for (const id of fields) $(id).addEventListener("input", render);
let lastVerdict = null;
$("export").addEventListener("click", () => {
  const blob = new Blob([JSON.stringify(lastVerdict, null, 2)], { type: "application/json" });
  const a = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: "verdict.json" });
  a.click();
  URL.revokeObjectURL(a.href);
});

// State from the URL fragment (written by render), else ?example=NAME.
function stateFromHash() {
  try {
    return location.hash.length > 1 ? JSON.parse(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return null;
  }
}
const saved = stateFromHash();
const wanted = saved?.example ?? new URLSearchParams(location.search).get("example");
if (wanted && EXAMPLES.includes(wanted)) $("example").value = wanted;
await loadExample($("example").value);
if (saved && typeof saved.expected === "string") {
  $("expected").value = saved.expected;
  const o = saved.options ?? {};
  if (o.toolCallOrder) $("toolCallOrder").value = o.toolCallOrder;
  if (o.argumentMatching) $("argumentMatching").value = o.argumentMatching;
  $("maxExtraToolCalls").value = o.maxExtraToolCalls == null ? "" : String(o.maxExtraToolCalls);
  $("isNegativeTest").checked = o.isNegativeTest === true;
  render();
}
document.body.dataset.ready = "true";
