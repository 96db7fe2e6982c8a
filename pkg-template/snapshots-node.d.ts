// Node helper for snapshot files: `import { matchSnapshotFile } from "mcp-matchers/snapshots-node"`.
import type { Sanitizer, SnapshotMatch } from "./responses.js";

/** Options of `matchSnapshotFile`. */
export interface SnapshotFileOptions {
  /** The directory holding `__snapshots__/`, or a test file's `import.meta.url`. Default: `process.cwd()`. */
  dir?: string;
  /** Applied to the response's text before comparing and storing. */
  sanitizers?: Sanitizer[] | null;
  /** `true`: a mismatching snapshot is overwritten with `actual` (and passes). Default `false`. */
  update?: boolean;
  /** No stored file: `"write"` (default) stores `actual` and passes, as a first run does; `"fail"` fails (for CI). */
  missing?: "write" | "fail";
}

/** What `matchSnapshotFile` returns: `matchSnapshot`'s result plus the file and what happened. */
export interface SnapshotFileMatch extends SnapshotMatch {
  /** The snapshot file, `<dir>/__snapshots__/<name>.txt`. */
  file: string;
  /** `"matched"`, `"mismatched"`, `"written"` (first run), `"updated"` (`update: true`), `"missing"` (`missing: "fail"`). */
  status: "matched" | "mismatched" | "written" | "updated" | "missing";
}

/** `<dir>/__snapshots__/<name>.txt`. @throws {MatcherError} `INVALID_ARGUMENT` for a name that is not a plain file name. */
export declare function snapshotPath(dir: string, name: string): string;

/**
 * Compares a response with the snapshot file `name` (UTF-8 text, exactly as
 * stored) through `matchSnapshot`, writing the file on a first run or with
 * `update: true`.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` for a bad name or `dir`,
 *   `INVALID_OPTION` for a non-boolean `update` or an unknown `missing`,
 *   the errors of `matchSnapshot`; file-system errors other than a missing file as Node throws them.
 */
export declare function matchSnapshotFile(received: unknown, name: string, options?: SnapshotFileOptions): SnapshotFileMatch;

/**
 * `expect.extend(snapshotMatchers)` in Vitest or Jest, then
 * `expect(result).toMatchToolSnapshot("help-output", ["uuid"])` (the
 * reference's matcher name and arguments). Files go to `__snapshots__/`
 * beside the test file (`this.testPath`), written on a first run (not in
 * CI mode, `--ci`, where a missing snapshot fails) and rewritten under
 * `vitest -u` / `jest -u` (or `options.update`). A failure
 * message carries the unified diff. Under `.not` nothing is written.
 */
export declare const snapshotMatchers: {
  toMatchToolSnapshot(
    this: unknown,
    received: unknown,
    name: string,
    sanitizers?: Sanitizer[] | null,
    options?: SnapshotFileOptions,
  ): { pass: boolean; message: () => string };
};

/** The part of Playwright Test's `TestInfo` the Playwright matchers use. */
export interface PlaywrightTestInfoLike {
  /** `testInfo.snapshotPath(...segments)`: the test's snapshot file for a name. */
  snapshotPath(...pathSegments: string[]): string;
  /** `testInfo.config.updateSnapshots`: "all" | "changed" | "missing" | "none". */
  config?: { updateSnapshots?: string };
}

/**
 * Matchers for Playwright Test: `expect.extend(playwrightSnapshotMatchers(() => test.info()))`,
 * then `expect(result).toMatchToolSnapshot("help-output", ["uuid"])` (the
 * reference's matcher name and arguments). The text goes to
 * `testInfo.snapshotPath("<name>.txt")` (Playwright's snapshot folder for the
 * test file); `--update-snapshots` (`all`/`changed`) rewrites a differing
 * file, the default `missing` writes only new ones, `none` never writes.
 * Under `.not` nothing is written. A failure message carries the unified diff.
 *
 * @param testInfo - Playwright's `TestInfo`, or a function returning the current one.
 * @throws {MatcherError} `INVALID_ARGUMENT` at `testInfo` when it has no
 *   `snapshotPath`, at `name` for a name with path characters;
 *   `INVALID_OPTION` at `options.update`.
 */
export declare function playwrightSnapshotMatchers(testInfo: PlaywrightTestInfoLike | (() => PlaywrightTestInfoLike)): {
  toMatchToolSnapshot(
    this: unknown,
    received: unknown,
    name: string,
    sanitizers?: Sanitizer[] | null,
    options?: Pick<SnapshotFileOptions, "update" | "missing">,
  ): { pass: boolean; name: string; message: () => string };
};
