// An inline JSON diff of two argument objects, key by key, for an argument
// mismatch: keys whose values differ, keys missing from the actual call and keys
// only the actual call has (which "partial" matching does not count) are marked.

const TYPE_CHECKS = new Set(["any", "string", "number", "boolean", "object", "array", "null"]);

/** JSON text with object keys sorted, so that key order never counts. */
export function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}

function typeOf(v) {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

/** Whether an expected value accepts the actual one under `matching` ("partial" knows the type checks). */
function accepts(expected, actual, matching) {
  if (matching === "partial" && typeof expected === "string") {
    const t = expected.trim().toLowerCase();
    if (TYPE_CHECKS.has(t)) return t === "any" ? actual !== undefined : typeOf(actual) === t;
  }
  if (matching === "partial" && expected && typeof expected === "object" && !Array.isArray(expected) && Object.keys(expected).length === 0) return actual !== undefined;
  return canonical(expected) === canonical(actual);
}

/**
 * The lines of the diff: `{ key, status, expected, actual }` with status
 * `same`, `differs`, `missing` (expected only) or `extra` (actual only).
 */
export function diffArguments(expectedArgs, actualArgs, matching) {
  const e = expectedArgs ?? {};
  const a = actualArgs ?? {};
  const lines = [];
  for (const key of Object.keys(e)) {
    if (!Object.hasOwn(a, key)) lines.push({ key, status: "missing", expected: e[key] });
    else lines.push({ key, status: accepts(e[key], a[key], matching) ? "same" : "differs", expected: e[key], actual: a[key] });
  }
  for (const key of Object.keys(a)) if (!Object.hasOwn(e, key)) lines.push({ key, status: "extra", actual: a[key] });
  return lines;
}

const short = (v) => {
  const s = JSON.stringify(v);
  return s === undefined ? "undefined" : s.length > 200 ? `${s.slice(0, 200)}…` : s;
};

function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = text;
  return s;
}

/** A `<pre>` showing the diff; differing keys are `<mark class="diff-key" data-key=…>`. */
export function renderDiff(expectedArgs, actualArgs, matching) {
  const pre = document.createElement("pre");
  pre.className = "json-diff";
  pre.setAttribute("aria-label", "argument differences: expected value, then actual value");
  pre.append("{\n");
  for (const line of diffArguments(expectedArgs, actualArgs, matching)) {
    const row = document.createElement("span");
    row.className = `diff-line ${line.status}`;
    const sign = { same: "  ", differs: "≠ ", missing: "- ", extra: "+ " }[line.status];
    row.append(sign);
    const key = line.status === "same" || (line.status === "extra" && matching === "partial") ? span("key", JSON.stringify(line.key)) : document.createElement("mark");
    if (key.tagName === "MARK") {
      key.className = "diff-key";
      key.dataset.key = line.key;
      key.textContent = JSON.stringify(line.key);
    }
    row.append(key, ": ");
    if (line.status === "differs") row.append(span("exp", short(line.expected)), " → ", span("act", short(line.actual)), span("why", "  expected → actual"));
    else if (line.status === "missing") row.append(span("exp", short(line.expected)), span("why", "  missing from the actual call"));
    else if (line.status === "extra") row.append(span("act", short(line.actual)), span("why", matching === "partial" ? "  only in the actual call (not compared)" : "  only in the actual call"));
    else row.append(short(line.expected));
    pre.append(row, "\n");
  }
  pre.append("}");
  return pre;
}
