// A JSON value as a tree that folds: folded, a node shows its JSON on one
// line (cut after `preview` characters, with its length); unfolded, one line
// per key or item, each nested object or array folded again. Children are
// made only when a node is unfolded (a 5 MB argument costs one line until
// then). Every fold is a <button aria-expanded> (Tab, Enter, Space; → unfolds,
// ← folds or goes to the parent). A long string shows its first LONG
// characters and a "show all" button, and never cuts before the first
// character where it differs from `other` (the value it is compared with).

const LONG = 300;

const json = (v) => JSON.stringify(v) ?? "undefined";
const isNode = (v) => v !== null && typeof v === "object" && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);

function make(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Where `a` and `b` (strings) first differ, or -1. */
function firstDifference(a, b) {
  if (typeof b !== "string" || a === b) return -1;
  let d = 0;
  while (d < a.length && d < b.length && a.charCodeAt(d) === b.charCodeAt(d)) d++;
  return d;
}

/** A primitive value; a long string folded with "show all". */
function leaf(v, other) {
  if (typeof v !== "string") return make("span", `jt-${v === null ? "null" : typeof v}`, json(v));
  const s = json(v);
  const d = firstDifference(v, other);
  const keep = Math.max(LONG, d < 0 ? 0 : d + 80);
  if (s.length <= keep + 40) return make("span", "jt-string", s);
  const span = make("span", "jt-string");
  const head = json(v.slice(0, keep)).slice(0, -1); // the JSON text of the first `keep` characters, no closing quote
  const more = make("button", "jt-more", `show all (${v.length} characters)`);
  more.type = "button";
  more.addEventListener("click", () => {
    span.textContent = s;
    span.closest(".jt")?.querySelector(".jt-toggle")?.focus();
  });
  span.append(`${head}… `, more);
  return span;
}

/**
 * `value` as a folding tree.
 * @param {unknown} value
 * @param {{ other?: unknown, preview?: number, label?: string }} [o] `other`: the value it is compared
 *   with (strings are never cut before their first difference from it); `preview`: characters of
 *   a folded node's one-line JSON (2,000); `label`: what the root is, for screen readers
 * @returns {HTMLElement} a <span class="jt">
 */
export function jsonTree(value, o = {}) {
  const root = make("span", "jt");
  root.append(node(value, o.other, o.preview ?? 2000, o.label ?? "value"));
  root.addEventListener("keydown", keys);
  return root;
}

function node(v, other, preview, label) {
  if (!isNode(v)) return leaf(v, other);
  const box = make("span", "jt-node");
  const toggle = make("button", "jt-toggle");
  toggle.type = "button";
  const n = Array.isArray(v) ? v.length : Object.keys(v).length;
  const what = Array.isArray(v) ? `${n} item(s)` : `${n} key(s)`;
  const s = json(v);
  const folded = make("span", "jt-preview", s.length > preview ? `${s.slice(0, preview)}… (${s.length} characters)` : s);
  let open = null;
  const set = (expand) => {
    toggle.setAttribute("aria-expanded", String(expand));
    toggle.setAttribute("aria-label", `${expand ? "fold" : "unfold"} ${label} (${what})`);
    if (expand && open === null) box.append((open = children(v, other, preview)));
    folded.hidden = expand;
    if (open) open.hidden = !expand;
  };
  toggle.addEventListener("click", () => set(toggle.getAttribute("aria-expanded") !== "true"));
  box.append(toggle, folded);
  set(false);
  return box;
}

function children(v, other, preview) {
  const isArray = Array.isArray(v);
  const [o, c] = isArray ? ["[", "]"] : ["{", "}"];
  const wrap = make("span", "jt-open");
  wrap.append(o);
  const list = make("span", "jt-children");
  list.setAttribute("role", "group");
  const keys = isArray ? v.map((_, i) => i) : Object.keys(v);
  keys.forEach((k, i) => {
    const line = make("span", "jt-line");
    if (!isArray) line.append(make("span", "jt-key", JSON.stringify(k)), ": ");
    const ov = other !== null && typeof other === "object" ? other[k] : undefined;
    line.append(node(v[k], ov, preview, isArray ? `item ${k}` : JSON.stringify(k)));
    if (i < keys.length - 1) line.append(",");
    list.append(line);
  });
  wrap.append(list, c);
  return wrap;
}

/** → unfolds the focused node, ← folds it (or goes to its parent's fold). */
function keys(e) {
  const t = e.target;
  if (!(t instanceof HTMLElement) || !t.classList.contains("jt-toggle")) return;
  const box = t.parentElement;
  const expanded = t.getAttribute("aria-expanded") === "true";
  if (e.key === "ArrowRight" && !expanded) {
    t.click();
    e.preventDefault();
  } else if (e.key === "ArrowLeft") {
    if (expanded) t.click();
    else box.parentElement?.closest(".jt-node")?.querySelector(":scope > .jt-toggle")?.focus();
    e.preventDefault();
  }
}
