// Internal module of mcp-matchers: the responses family's WebAssembly module,
// compiled synchronously from the inlined bytes on first use, and the one crossing its
// exports take (every export guarded, errors.js guard). responses.js, evals.js and schema-core.js call through `run`,
// so a bundler that honours "sideEffects": false keeps this module (and the
// start below) wherever one of them is used.

import * as glue from "./wasm/responses.js";
import { wasmBytes } from "./wasm/responses_bytes.js";
import { guard } from "./errors.js";
import { call, encodeExtended, isPlain, jsonText, payload } from "./internal.js";

/** The module's exports, each guarded: a trap restarts the module (errors.js guard). */
export const wasm = guard("responses", glue, wasmBytes);

/** Calls a responses export with `parts` ([JSON text, extended, path] each); returns its text. */
export function run(exported, parts) {
  const [bytes, ext] = payload(parts);
  return call(() => exported(bytes, ext));
}

/** `run`, the result read as JSON. */
export const runJson = (exported, parts) => JSON.parse(run(exported, parts));

/** A value as it crosses: JSON, or the extended form when JSON cannot say it (undefined, NaN, Date, ...). */
export const part = (v, path) => (isPlain(v, 0) ? [JSON.stringify(v), false, path] : [encodeExtended(v, () => path, []), true, path]);

/** A value as its JSON.stringify text (what a dataset is), `null` for none. */
export function jsonPart(v, path) {
  return [jsonText(v, path) ?? "null", false, path];
}

/**
 * A response as the checks read it (responses.js sends it the same way): its
 * JSON.stringify text; a top-level number JSON cannot say or a BigInt as the
 * string String(v) gives; `undefined` as itself (a judge prompt prints it).
 */
export function responsePart(r) {
  if (r === undefined) return part(r, "response");
  if ((typeof r === "number" && !Number.isFinite(r)) || typeof r === "bigint") return [JSON.stringify(String(r)), false, "response"];
  return jsonPart(r, "response");
}
