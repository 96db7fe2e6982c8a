// "Copy as test": the viewer's expectations as a Vitest test file that uses the
// package's matchers, judging the same input read from a file next to it.
// Pure functions (no DOM), so Node runs what they write in a real Vitest run
// (tests/js/copy-as-test.test.mjs).

import { parseAssertion } from "./assertions.js";

const q = JSON.stringify;

/** `/source/flags` for a line written as a regex literal, else the line as a JS string. */
function patternCode(line) {
  const m = /^\/(.*)\/([a-z]*)$/.exec(line);
  return m ? `new RegExp(${q(m[1])}, ${q(m[2])})` : q(line);
}


function header(kind, file, from, names, extra = "") {
  return [
    `// Written by the mcp-matchers viewer: the expectations it judged on ${file}.`,
    `import { readFileSync } from "node:fs";`,
    `import { expect, test } from "vitest";`,
    `import { ${names.join(", ")} } from ${q(from)};`,
    extra,
    `const input = readFileSync(new URL(${q(`./${file}`)}, import.meta.url), "utf8");`,
    "",
  ]
    .filter((l) => l !== null)
    .join("\n");
}

/**
 * The test file for one input.
 * @param {object} spec
 * @param {"trace"|"transcript"|"response"} spec.kind what the viewer judged
 * @param {string} spec.file the input's file name, read from the test's folder
 * @param {string} [spec.from] the package's import specifier (`"mcp-matchers"`)
 * @param {unknown[]} [spec.expected] traces: the expected calls
 * @param {object} [spec.options] traces: the match options that differ from the defaults
 * @param {string} [spec.assertions] transcripts: one assertion per line, as the viewer reads them
 * @param {string[]} [spec.texts] responses: the expected substrings
 * @param {string[]} [spec.patterns] responses: patterns, `/re/flags` or plain strings
 * @param {boolean} [spec.caseSensitive] responses
 * @returns {string} the source of a Vitest test file
 * @throws {Error} for another kind, or a transcript line that is not an assertion
 *   (assertions.js `parseAssertion`: the viewer does not run it either)
 */
export function testSource(spec) {
  const { kind, file, from = "mcp-matchers" } = spec;
  const title = q(`${file}: as judged in the viewer`);
  if (kind === "trace") {
    const options = Object.keys(spec.options ?? {}).length ? `, ${q(spec.options)}` : "";
    return `${header(kind, file, from, ["PromptResult", "evaluateToolCalls"])}const expected = ${JSON.stringify(spec.expected ?? [], null, 2)};

test(${title}, () => {
  // The calls the agent made (server tools, run by the provider, are not judged).
  const actual = PromptResult.fromTrace(input).getToolCalls().filter((c) => c.kind !== "server");
  const result = evaluateToolCalls(expected, actual${options});
  expect(result, JSON.stringify(result, null, 2)).toMatchObject({ passed: true });
});
`;
  }
  if (kind === "transcript") {
    const body = [];
    spec.assertions.split("\n").forEach((raw) => {
      const text = raw.trim();
      if (text === "" || text.startsWith("#") || text.startsWith("//")) return;
      // The viewer's own reading of the line: one it does not run is not written as a test.
      let a;
      try {
        a = parseAssertion(text);
      } catch (e) {
        throw new Error(`${text} — ${e.message}`);
      }
      const target = a.turn === null ? "run" : `turn(${a.turn})`;
      body.push(`  expect(${target}).${a.negated ? "not." : ""}${a.name}(${a.argsText});`);
    });
    return `${header(kind, file, from, ["normalizeTranscript", "transcriptMatchers"], "\nexpect.extend(transcriptMatchers);")}const run = normalizeTranscript(input);
const turn = (n) => run.turns.find((t) => t.turn === n);

test(${title}, () => {
${body.join("\n")}
});
`;
  }
  if (kind === "response") {
    const options = `{ caseSensitive: ${spec.caseSensitive !== false} }`;
    const lines = [];
    if (spec.texts?.length) lines.push(`  expect(validateText(response, ${q(spec.texts)}, ${options})).toMatchObject({ pass: true });`);
    if (spec.patterns?.length) lines.push(`  expect(validatePattern(response, [${spec.patterns.map(patternCode).join(", ")}], ${options})).toMatchObject({ pass: true });`);
    return `${header(kind, file, from, ["validatePattern", "validateText"])}const response = JSON.parse(input.replace(/^\\uFEFF/, "")); // a byte order mark is not JSON

test(${title}, () => {
${lines.join("\n")}
});
`;
  }
  throw new Error(`no test to write for a ${kind}`);
}
