// Why an `evaluateToolCalls` verdict failed, in the terms of
// @mcpjam/sdk@1.14.0's rules, from the result itself (`missing`, `extra`,
// `outOfOrder`, `argumentMismatches`, each naming its `toolName`). One place
// for the single-run view and the runs table.

// A name that would read as nothing (empty, not a string) is shown as JSON ("", null).
const shown = (name) => (typeof name === "string" && name.trim() !== "" ? name : JSON.stringify(name) ?? String(name));
const names = (calls) => calls.slice(0, 5).map((c) => shown(c.toolName)).join(", ") + (calls.length > 5 ? ` and ${calls.length - 5} more` : "");

/**
 * @param {{ passed: boolean, missing: {toolName: string}[], extra: {toolName: string}[], outOfOrder: {toolName: string}[], argumentMismatches: {toolName: string}[] }} r
 * @param {number} actualCount the number of actual calls
 * @param {{ isNegativeTest?: boolean, toolCallOrder?: string, maxExtraToolCalls?: number|null }} o the options it was judged with
 * @returns {string} "" when it passed
 */
export function toolCallsWhy(r, actualCount, o) {
  if (r.passed) return "";
  if (o.isNegativeTest) return `isNegativeTest: the run passes only when no tool is called, and it made ${actualCount} call(s).`;
  if (actualCount === 0) return "the run made no tool calls: evaluateToolCalls fails a run without calls (as @mcpjam/sdk 1.14.0 does) unless isNegativeTest is set.";
  // A call out of order is also listed as missing: name it once, as out of order.
  const moved = new Map();
  for (const x of r.outOfOrder) moved.set(x.toolName, (moved.get(x.toolName) ?? 0) + 1);
  const missing = r.missing.filter((c) => {
    const n = moved.get(c.toolName) ?? 0;
    if (n > 0) moved.set(c.toolName, n - 1);
    return n === 0;
  });
  const max = o.maxExtraToolCalls ?? null;
  const parts = [];
  if (missing.length) parts.push(`${missing.length} expected call(s) not made (${names(missing)})`);
  if (r.outOfOrder.length) parts.push(`${r.outOfOrder.length} call(s) out of ${o.toolCallOrder ?? "ignore"} order (${names(r.outOfOrder)})`);
  if (r.argumentMismatches.length) parts.push(`${r.argumentMismatches.length} call(s) with other arguments (${names(r.argumentMismatches)})`);
  if (max !== null && r.extra.length > max) parts.push(`${r.extra.length} extra call(s), more than maxExtraToolCalls ${max} (${names(r.extra)})`);
  return parts.join("; ");
}
