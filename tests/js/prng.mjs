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
