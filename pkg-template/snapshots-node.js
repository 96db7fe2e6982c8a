// Node helper for snapshot files (mcp-matchers/snapshots-node): keeps the
// texts matchSnapshot compares in `__snapshots__/<name>.txt` beside a test
// file. Node only (node:fs); the core matchSnapshot works everywhere.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fail } from "./internal.js";
import { matchSnapshot } from "./responses.js";

const NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]*$/;

/** See snapshots-node.d.ts. */
export function snapshotPath(dir, name) {
  if (typeof name !== "string" || !NAME.test(name) || name.includes("..")) {
    fail("INVALID_ARGUMENT", "name", "a snapshot name is letters, digits, '.', '_', '-' and spaces (no path)");
  }
  let base = dir;
  if (typeof dir === "string" && dir.startsWith("file:")) {
    try {
      base = dirname(fileURLToPath(dir));
    } catch (e) {
      fail("INVALID_ARGUMENT", "options.dir", `not a usable file: URL (${e && e.message})`);
    }
  }
  if (typeof base !== "string") fail("INVALID_ARGUMENT", "options.dir", "dir must be a directory path or an import.meta.url");
  return join(base, "__snapshots__", `${name}.txt`);
}

function readStored(file) {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    if (e && e.code === "ENOENT") return null;
    throw e;
  }
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text, "utf8");
}

// Compares with the text stored at `file`, writing it when missing (`missing:
// "write"`) or different (`update`).
function matchAt(received, file, sanitizers, update, missing) {
  const stored = readStored(file);
  const result = matchSnapshot(received, stored, sanitizers);
  let status = result.pass ? "matched" : "mismatched";
  if (stored === null && missing === "write") {
    write(file, result.actual);
    status = "written";
  } else if (!result.pass && update) {
    write(file, result.actual);
    status = "updated";
  } else if (stored === null) {
    status = "missing";
  }
  const pass = result.pass || status === "written" || status === "updated";
  return { ...result, pass, file, status };
}

/** See snapshots-node.d.ts. */
export function matchSnapshotFile(received, name, options = {}) {
  if (options === null || typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
  const { dir = process.cwd(), sanitizers, update = false, missing = "write" } = options;
  if (typeof update !== "boolean") fail("INVALID_OPTION", "options.update", "update must be a boolean");
  if (missing !== "write" && missing !== "fail") fail("INVALID_OPTION", "options.missing", 'missing must be "write" or "fail"');
  return matchAt(received, snapshotPath(dir, name), sanitizers, update, missing);
}

/**
 * Matchers for `expect.extend` in Vitest or Jest. See snapshots-node.d.ts.
 */
export const snapshotMatchers = {
  toMatchToolSnapshot(received, name, sanitizers = [], options = {}) {
    options = options ?? {};
    if (typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
    const state = this ?? {};
    const dir = options.dir ?? (typeof state.testPath === "string" ? dirname(state.testPath) : process.cwd());
    // A negated assertion never writes: it only compares.
    const update = !state.isNot && (options.update ?? state.snapshotState?._updateSnapshot === "all");
    // Vitest/Jest in CI mode (`--ci`: snapshotState._updateSnapshot "none") never write a new snapshot.
    const missing = state.isNot || state.snapshotState?._updateSnapshot === "none" ? "fail" : options.missing;
    const r = matchSnapshotFile(received, name, { ...options, dir, update, missing, sanitizers });
    return {
      pass: r.pass,
      message: () =>
        r.pass
          ? `Expected response NOT to match snapshot "${name}", but it did`
          : `Response does not match snapshot "${name}" (${r.file})\n\n${r.diff}`,
    };
  },
};

/**
 * Matchers for Playwright Test's `expect.extend`. See snapshots-node.d.ts.
 */
export function playwrightSnapshotMatchers(testInfo) {
  const infoOf = () => {
    const info = typeof testInfo === "function" ? testInfo() : testInfo;
    if (info === null || typeof info !== "object" || typeof info.snapshotPath !== "function") {
      fail("INVALID_ARGUMENT", "testInfo", "expected Playwright's TestInfo or a function returning it, e.g. () => test.info()");
    }
    return info;
  };
  return {
    toMatchToolSnapshot(received, name, sanitizers = [], options = {}) {
      options = options ?? {};
      if (typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
      if (options.missing !== undefined && options.missing !== "write" && options.missing !== "fail") {
        fail("INVALID_OPTION", "options.missing", 'missing must be "write" or "fail"');
      }
      const isNot = Boolean(this?.isNot);
      const info = infoOf();
      snapshotPath(".", name); // the same name rules as the file helper
      const file = info.snapshotPath(`${name}.txt`);
      // Playwright's --update-snapshots modes: "all" and "changed" rewrite, "missing" (its default) only writes new files, "none" never writes.
      const mode = info.config?.updateSnapshots ?? "missing";
      const update = !isNot && (options.update ?? (mode === "all" || mode === "changed"));
      const missing = isNot || mode === "none" ? "fail" : (options.missing ?? "write");
      if (typeof update !== "boolean") fail("INVALID_OPTION", "options.update", "update must be a boolean");
      const r = matchAt(received, file, sanitizers, update, missing);
      return {
        pass: r.pass,
        name: "toMatchToolSnapshot",
        message: () =>
          r.pass
            ? `Expected response NOT to match snapshot "${name}", but it did`
            : r.status === "missing"
              ? `Snapshot "${name}" is missing (${r.file}); run with --update-snapshots to write it`
              : `Response does not match snapshot "${name}" (${r.file})\n\n${r.diff}`,
      };
    },
  };
}
