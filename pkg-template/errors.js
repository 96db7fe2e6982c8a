// MatcherError and the two helpers every glue module uses to raise it. Its
// own file (no WebAssembly here) so that the core module (internal.js) and
// the separately loaded schema module (schema.js) throw the same class.

/**
 * A malformed call: `code` is one of `INVALID_ARGUMENT`, `INVALID_OPTION`,
 * `UNSUPPORTED_VALUE`, `INVALID_JSON`; `path` names the bad field
 * (e.g. `actual[3].toolName`).
 */
export class MatcherError extends Error {
  constructor(code, path, message) {
    super(`${message} (at ${path})`);
    this.name = "MatcherError";
    this.code = code;
    this.path = path;
  }
}

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
