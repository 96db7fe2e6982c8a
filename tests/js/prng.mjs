// A small seeded PRNG (xorshift32) and helpers shared by the generated-input
// tests. Not a test file itself (its name does not end in .test.mjs).

/** A generator of numbers in [0, 1) from a 32-bit seed (0 becomes 1). */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}
/** One item of `list`, chosen with `r`. */
export const pick = (r, list) => list[Math.floor(r() * list.length)];
/** An integer in [0, n), chosen with `r`. */
export const int = (r, n) => Math.floor(r() * n);

/**
 * Generated tool-call lists for differential tests against @mcpjam/sdk:
 * `call()` is one `{ toolName, arguments? }` of three tool names, with up to
 * three keys of values the matching modes tell apart (type placeholders,
 * `{}`, arrays, null); `options()` one set of match options of every order
 * mode, argument mode and extra-call bound.
 */
export function toolCallCases(r) {
  const value = () => pick(r, [1, 2, "s", "string", null, [1], { z: 1 }, {}]);
  const call = () => {
    const args = {};
    for (const k of ["x", "y", "z"]) if (int(r, 3) === 0) args[k] = value();
    return int(r, 8) === 0 ? { toolName: pick(r, ["a", "b", "c"]) } : { toolName: pick(r, ["a", "b", "c"]), arguments: args };
  };
  const options = () => ({ toolCallOrder: pick(r, ["ignore", "strict", "superset"]), argumentMatching: pick(r, ["partial", "exact", "ignore"]), maxExtraToolCalls: pick(r, [null, 0, 1]), isNegativeTest: int(r, 6) === 0 });
  return { call, options };
}
