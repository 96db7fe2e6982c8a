// MatcherError and the two helpers every glue module uses to raise it. Its
// own file (no WebAssembly here) so that the core module (internal.js) and
// the separately loaded schema module (schema.js) throw the same class.

// A program may run two copies of this module: `mcp-matchers/matchers` is one
// self-contained file with its own copy (scripts/bundle-matchers.mjs), beside
// the one the other entry points import. What must be one object for all
// copies (MatcherError, so that `instanceof` and `===` hold whichever entry
// point threw; the test hook `families` below) is made by the first copy that
// loads and kept on globalThis under a registered symbol, as OpenTelemetry's
// JS API keeps its global (`Symbol.for("opentelemetry.js.api.<major>")`).
// `v1` is the shape of what is kept; a change of shape takes a new key.
const SHARED = Symbol.for("mcp-matchers.runtime.v1");

function shared() {
  const made = Object.freeze({
    /**
     * A malformed call: `code` is one of `INVALID_ARGUMENT`, `INVALID_OPTION`,
     * `UNSUPPORTED_VALUE`, `INVALID_JSON`; `path` names the bad field
     * (e.g. `actual[3].toolName`). `INTERNAL`: a defect of ours (the
     * WebAssembly module trapped); `path` names the export, and the module has
     * been started again, so later calls work.
     */
    MatcherError: class MatcherError extends Error {
      constructor(code, path, message) {
        super(`${message} (at ${path})`);
        this.name = "MatcherError";
        this.code = code;
        this.path = path;
      }
    },
    // The guarded exports of every module started so far, by family (tests
    // reach the test-only exports through it; not part of the API).
    families: {},
  });
  try {
    Object.defineProperty(globalThis, SHARED, { value: made });
  } catch {
    // A frozen globalThis (e.g. SES lockdown): each copy keeps its own.
  }
  return made;
}

export const { MatcherError, families } = globalThis[SHARED] ?? shared();

// The one place errors are made: from the module's `[code, path, message]`
// or from the few shape checks below.
export function fail(code, path, message) {
  throw new MatcherError(code, path, message);
}

export function call(fn) {
  try {
    return fn();
  } catch (e) {
    if (Array.isArray(e) && e.length === 3) fail(e[0], e[1], e[2]);
    throw e;
  }
}

// ---- no trap leaves a module dead ----------------------------------------
// A WebAssembly trap (a panic is `unreachable` under panic = "abort", memory
// exhausted, a bug not yet found) leaves the instance in an unknown state:
// its Rust stack pointer, allocator and the glue's borrowed buffers may be
// half way through a call. So the call throws a MatcherError INTERNAL naming
// the export, and the family's module is instantiated again from its compiled
// WebAssembly.Module (wasm-bindgen's --experimental-reset-state-function,
// scripts/build.sh) before anything else runs in it. No export keeps state a
// caller could hold across calls (compiled patterns and schemas are caches
// keyed by their text), so nothing the caller holds becomes invalid; a cache
// is simply rebuilt.

/** Whether `e`, thrown out of a WebAssembly call, means the instance is unusable. */
export function isTrap(e) {
  if (e instanceof WebAssembly.RuntimeError) return true;
  // V8's stack limit unwinds wasm frames without restoring the Rust stack pointer.
  if (e instanceof RangeError && /call stack/i.test(e.message)) return true;
  // wasm-bindgen's guard against re-entering a borrowed value: a poisoned state.
  return e instanceof Error && /recursive use of an object|attempted to take ownership/i.test(e.message);
}

/**
 * The exports of a family's wasm-bindgen glue module `glue`, started from
 * `bytes()` (the module's bytes) on first use, each wrapped so that a trap restarts the module
 * (`glue.__wbg_reset_state()`) and throws `MatcherError` `INTERNAL` at the
 * export's name. A class (AgentLoop, CheckRecorder) is guarded in its
 * constructor and every method; an object made before a restart belongs to
 * the old instance: its methods throw `INTERNAL` (wasm-bindgen's stale-object
 * check) and its `free()` does nothing, so it never frees memory of the new
 * instance. Returns the wrapped exports by name.
 */
export function guard(family, glue, bytes) {
  const out = {};
  let generation = 0;
  // The module is compiled and instantiated on the first call of any of its
  // exports, not at import: importing an entry point that holds several
  // families (the package root) costs no WebAssembly compilation until a
  // family is used.
  let started = false;
  const start = () => {
    glue.initSync({ module: bytes() });
    started = true;
  };
  const born = new WeakMap(); // object -> the generation it was made in
  const trapped = (name, run) => {
    try {
      if (!started) start();
      return run();
    } catch (e) {
      if (e instanceof Error && /stale object from previous Wasm instance/.test(e.message)) {
        throw new MatcherError("INTERNAL", `${family}.${name}`, `internal error: this ${family} object was made before the module restarted after a trap; make a new one`);
      }
      if (!isTrap(e)) throw e;
      glue.__wbg_reset_state();
      generation += 1;
      out.restarts = generation;
      throw new MatcherError(
        "INTERNAL",
        `${family}.${name}`,
        `internal error: the ${family} WebAssembly module trapped in ${name} (${e.name}: ${e.message}); it has been restarted, so later calls work. Please report the input`,
      );
    }
  };
  for (const [name, f] of Object.entries(glue)) {
    if (typeof f !== "function" || name === "initSync" || name === "default" || name.startsWith("__wbg_")) continue;
    if (/^class[\s{]/.test(Function.prototype.toString.call(f))) {
      const proto = f.prototype;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const method = Object.getOwnPropertyDescriptor(proto, key).value;
        if (key === "constructor" || key.startsWith("__") || typeof method !== "function") continue;
        proto[key] =
          key === "free"
            ? function free() {
                if (born.get(this) === generation) method.call(this);
              }
            : function guarded(...args) {
                return trapped(`${name}.${key}`, () => method.apply(this, args));
              };
      }
      out[name] = new Proxy(f, {
        construct(target, args, newTarget) {
          const made = trapped(name, () => Reflect.construct(target, args, newTarget));
          born.set(made, generation);
          return made;
        },
      });
      continue;
    }
    out[name] = function guarded(...args) {
      return trapped(name, () => f(...args));
    };
  }
  families[family] = out;
  return out;
}
