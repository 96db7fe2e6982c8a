// Transcript assertions, one per line, run with the package's transcript matchers:
//   toHaveCalledTool("Bash")            on the whole run
//   turn 1: not.toHaveEdited(/\.env$/)  on one turn (turns count from 0)
//   # a comment
// Arguments are JSON values or /regex/flags literals.
import * as pkg from "../pkg/index.js";

const NAMES = Object.keys(pkg.not);
const positive = (name) => (name === "toHaveTrajectoryF1" ? pkg.trajectoryF1 : pkg[name]);
const LINE = /^(?:turn\s+(\d+)\s*:\s*)?(not\.)?([A-Za-z0-9]+)\s*\((.*)\)\s*;?$/;

/** Replaces /regex/flags literals outside strings by {"$re":[source, flags]} so that JSON.parse reads them. */
function regexToJson(args) {
  let out = "";
  let inString = false;
  let prev = "(";
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (inString) {
      out += c;
      if (c === "\\") out += args[++i] ?? "";
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === "/" && "([,:".includes(prev)) {
      let j = i + 1;
      let inClass = false;
      for (; j < args.length; j++) {
        if (args[j] === "\\") j++;
        else if (args[j] === "[") inClass = true;
        else if (args[j] === "]") inClass = false;
        else if (args[j] === "/" && !inClass) break;
      }
      if (j >= args.length) throw new Error("a regex literal is not closed");
      const flags = /^[a-z]*/.exec(args.slice(j + 1))[0];
      out += JSON.stringify({ $re: [args.slice(i + 1, j), flags] });
      i = j + flags.length;
      prev = "/";
      continue;
    }
    out += c;
    if (!/\s/.test(c)) prev = c;
  }
  return out;
}

function parseArgs(text) {
  const json = regexToJson(text);
  return JSON.parse(`[${json}]`, (_, v) => (v && typeof v === "object" && Array.isArray(v.$re) && Object.keys(v).length === 1 ? new RegExp(v.$re[0], v.$re[1]) : v));
}

/**
 * One assertion line (comments and blank lines are not): `turn N:`, `not.`, the
 * matcher and its arguments, parsed.
 * @returns {{ turn: number|null, negated: boolean, name: string, args: unknown[], argsText: string }}
 * @throws {Error} saying why the line is not (yet) an assertion: no matcher call, an
 *   unknown matcher, arguments that are not JSON values or /regex/ literals.
 */
export function parseAssertion(text) {
  const m = LINE.exec(text);
  if (!m) throw new Error("not an assertion: write matcher(args), e.g. toHaveCalledTool(\"Bash\")");
  const [, turn, negated, name, argsText] = m;
  if (!NAMES.includes(name)) throw new Error(`unknown matcher ${name}: one of ${NAMES.join(", ")}`);
  let args;
  try {
    args = parseArgs(argsText);
  } catch (e) {
    throw new Error(`arguments are not JSON values or /regex/ literals: ${e.message}`);
  }
  return { turn: turn === undefined ? null : Number(turn), negated: negated !== undefined, name, args, argsText };
}

/**
 * Runs each non-empty, non-comment line against `run`.
 * @returns {Array<{ line: number, text: string, pass: boolean|null, message: string, turn: number|null }>}
 *   `pass` is `null` when the line could not be run (its `message` says why); `written: false`
 *   besides when the line is not yet an assertion (half typed: no matcher call, an unknown
 *   matcher, arguments that do not parse), as opposed to one that runs and errs.
 */
export function runAssertions(source, run) {
  const results = [];
  source.split("\n").forEach((raw, i) => {
    const text = raw.trim();
    if (text === "" || text.startsWith("#") || text.startsWith("//")) return;
    const r = { line: i + 1, text, pass: null, message: "", turn: null };
    results.push(r);
    let a;
    try {
      a = parseAssertion(text);
    } catch (e) {
      r.message = e.message;
      r.written = false;
      return;
    }
    const { negated, name, args: parsed } = a;
    let target = run;
    if (a.turn !== null) {
      r.turn = a.turn;
      target = run.turns.find((t) => t.turn === r.turn);
      if (!target) {
        r.message = `there is no turn ${a.turn} (turns: ${run.turns.map((t) => t.turn).join(", ") || "none"})`;
        return;
      }
    }
    try {
      const fn = negated ? pkg.not[name] : positive(name);
      const out = fn(target, ...parsed);
      r.pass = out.pass;
      r.message = out.pass ? "" : out.message;
      if (typeof out.f1 === "number") r.message = `F1 ${out.f1.toFixed(2)} (precision ${out.precision.toFixed(2)}, recall ${out.recall.toFixed(2)})${out.pass ? "" : `: ${out.message}`}`;
    } catch (e) {
      r.message = e.code ? `${e.code}: ${e.message}` : e.message;
    }
  });
  return results;
}
