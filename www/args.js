// Draws an argument mismatch from the matching engine's own verdicts
// (alignToolCalls' `differences`): no matching logic here, only layout.
// One line per top-level key of either side; a line is marked where the
// engine found the expected key missing, its value different (or failing a
// type check or pattern), or an actual key unexpected; the places inside a
// differing value follow as indented lines with their key paths.

const text = (v) => JSON.stringify(v) ?? "undefined";
const SHORT = 200; // characters of a value shown where nothing in it differs

/** A value's JSON, cut after SHORT characters (with its length). */
const short = (v) => {
  const s = text(v);
  return s.length > SHORT ? `${s.slice(0, SHORT)}… (${s.length} characters)` : s;
};

/**
 * The JSON of `v` next to `other`'s: in full up to FOLD characters, else
 * folded around the first place the two texts differ, so the differing part
 * is always shown (never cut before it).
 */
const FOLD = 400;
export function folded(v, other) {
  const s = text(v);
  if (s.length <= FOLD) return s;
  const o = text(other);
  let d = 0;
  while (d < s.length && d < o.length && s.charCodeAt(d) === o.charCodeAt(d)) d++;
  const start = Math.max(0, d - 80);
  const end = Math.min(s.length, start + FOLD);
  return `${start > 0 ? `…(${start} characters) ` : ""}${s.slice(start, end)}${end < s.length ? ` …(${s.length - end} more characters)` : ""}`;
}

/**
 * A "show all" button for a line whose values were folded (null when neither
 * was): it puts both values in full in the line's `exp` and `act` spans.
 */
function showAll(expected, actual) {
  if (text(expected).length <= FOLD && text(actual).length <= FOLD) return null;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "diff-more";
  b.textContent = "show all";
  b.addEventListener("click", () => {
    const line = b.parentElement;
    line.querySelector(":scope > .exp").textContent = text(expected);
    line.querySelector(":scope > .act").textContent = text(actual);
    b.remove();
  });
  return b;
}

function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = text;
  return s;
}

const SIGN = { same: "  ", differs: "≠ ", missing: "- ", extra: "+ " };
const WHY = {
  missing: "missing from the actual call",
  differs: "differs",
  type: "wrong type",
  pattern: "does not match the pattern",
  unexpected: "only in the actual call",
};

/** `a.b[0]` for a key path. */
function pathText(path) {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

function at(v, path) {
  let x = v;
  for (const p of path) x = x !== null && typeof x === "object" ? x[p] : undefined;
  return x;
}

/**
 * The lines: `{ key, status, expected?, actual?, inner }` with status `same`,
 * `differs`, `missing` or `extra`, from the engine's `differences`.
 */
export function argumentLines(expectedArgs, actualArgs, differences) {
  const e = expectedArgs ?? {};
  const a = actualArgs ?? {};
  const root = differences.filter((d) => d.path.length === 0);
  const byKey = new Map();
  for (const d of differences) {
    if (d.path.length === 0) continue;
    const k = String(d.path[0]);
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k).push(d);
  }
  const lines = [];
  const statusOf = (k) => {
    const ds = byKey.get(k) ?? [];
    const own = ds.find((d) => d.path.length === 1);
    const failing = ds.filter((d) => d.verdict !== "match");
    if (own?.verdict === "missing") return "missing";
    if (own?.verdict === "unexpected") return "extra";
    return failing.length > 0 ? "differs" : "same";
  };
  for (const key of Object.keys(e)) {
    const inner = (byKey.get(key) ?? []).filter((d) => d.path.length > 1 && d.verdict !== "match");
    lines.push({ key, status: statusOf(key), expected: e[key], actual: a[key], inner });
  }
  for (const key of Object.keys(a)) {
    if (Object.hasOwn(e, key)) continue;
    // Compared (and unexpected) only where the whole value is compared.
    lines.push({ key, status: "extra", actual: a[key], compared: statusOf(key) === "extra", inner: [] });
  }
  return { lines, wholeDiffers: root.some((d) => d.verdict !== "match") };
}

/** A `<pre>` showing the mismatch; flagged keys are `<mark class="diff-key" data-key=…>`. */
export function renderArguments(expectedArgs, actualArgs, differences) {
  const pre = document.createElement("pre");
  pre.className = "json-diff";
  pre.setAttribute("aria-label", "argument differences: expected value, then actual value");
  pre.append("{\n");
  for (const line of argumentLines(expectedArgs, actualArgs, differences).lines) {
    const row = document.createElement("span");
    row.className = `diff-line ${line.status}`;
    row.append(SIGN[line.status]);
    const flagged = line.status === "differs" || line.status === "missing" || (line.status === "extra" && line.compared);
    const key = flagged ? document.createElement("mark") : span("key", JSON.stringify(line.key));
    if (flagged) {
      key.className = "diff-key";
      key.dataset.key = line.key;
      key.textContent = JSON.stringify(line.key);
    }
    row.append(key, ": ");
    if (line.status === "differs") row.append(span("exp", folded(line.expected, line.actual)), " → ", span("act", folded(line.actual, line.expected)), span("why", "  expected → actual"), showAll(line.expected, line.actual) ?? "");
    else if (line.status === "missing") row.append(span("exp", short(line.expected)), span("why", "  missing from the actual call"));
    else if (line.status === "extra") row.append(span("act", short(line.actual)), span("why", line.compared ? "  only in the actual call" : "  only in the actual call (not compared)"));
    else row.append(short(line.expected));
    pre.append(row, "\n");
    for (const d of line.inner) {
      const sub = document.createElement("span");
      sub.className = `diff-line inner ${d.verdict}`;
      sub.dataset.path = JSON.stringify(d.path);
      const ex = at(expectedArgs, d.path);
      const ac = at(actualArgs, d.path);
      sub.append("    ", span("path", pathText(d.path)), ": ");
      if (d.verdict === "missing") sub.append(span("exp", short(ex)));
      else if (d.verdict === "unexpected") sub.append(span("act", short(ac)));
      else sub.append(span("exp", folded(ex, ac)), " → ", span("act", folded(ac, ex)));
      sub.append(span("why", `  ${WHY[d.verdict] ?? d.verdict}`));
      if (d.verdict !== "missing" && d.verdict !== "unexpected") sub.append(showAll(ex, ac));
      pre.append(sub, "\n");
    }
  }
  pre.append("}");
  return pre;
}
