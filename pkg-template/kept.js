// Internal module of mcp-matchers: objects kept inside a family's WebAssembly
// module between calls (a normalised transcript, `TranscriptRun`; a read
// trace, `KeptTrace`), so that a run read once is asked in place instead of
// being sent again. One record per kept object: `{ text, core, gen, freed,
// ...what make() reads }`, `text` the input it is read again from.
//
// At most `runs` objects of `chars` input characters together stay in the
// module, the least recently used leaving first; an object that left (or was
// kept by a module instance that restarted after a trap, errors.js guard) is
// read again from its input when next asked. `free(rec)` ends one at once; a
// FinalizationRegistry ends those whose owner the caller dropped.

import { call, fail } from "./internal.js";

/**
 * A keeper for one family: `wasm` its guarded exports (for `restarts`),
 * `make(rec)` the kept object made from a record, `freed` the message when a
 * freed one is asked. Returns `{ open(rec, path), free(rec), track(owner, rec) }`.
 */
export function keeper(wasm, make, freed, { runs = 32, chars = 1 << 24 } = {}) {
  const live = new Map(); // rec -> true, least recently used first
  let liveChars = 0;
  const drop = (rec) => {
    if (rec.core === null) return;
    live.delete(rec);
    liveChars -= rec.text.length;
    rec.core.free(); // a no-op for a module instance that restarted (errors.js guard)
    rec.core = null;
  };
  const finalizer = typeof FinalizationRegistry === "function" ? new FinalizationRegistry(drop) : null;
  return {
    /** The kept object of `rec`, made again if it left or belongs to a restarted module. */
    open(rec, path) {
      if (rec.freed) fail("INVALID_ARGUMENT", path, freed);
      if (rec.core !== null && rec.gen !== wasm.restarts) drop(rec);
      if (rec.core === null) {
        rec.core = call(() => make(rec));
        rec.gen = wasm.restarts;
        liveChars += rec.text.length;
      }
      live.delete(rec);
      live.set(rec, true);
      for (const old of live.keys()) {
        if (live.size <= runs && liveChars <= chars) break;
        if (old !== rec) drop(old);
      }
      return rec.core;
    },
    /** Ends `rec` now; asking it later throws `INVALID_ARGUMENT` with `freed`. */
    free(rec) {
      rec.freed = true;
      drop(rec);
      finalizer?.unregister(rec);
    },
    /** Ends `rec` when `owner` is garbage-collected. */
    track(owner, rec) {
      finalizer?.register(owner, rec, rec);
    },
  };
}
