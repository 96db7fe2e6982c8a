// Pulls the tool calls out of a recorded trace, as the `{ toolName, arguments }[]`
// list that `evaluateToolCalls` takes, with the package's trace readers
// (`PromptResult.fromTrace`, `detectTraceFormat`): every format they know —
// OpenAI Chat and Responses, Anthropic, Gemini (responses, message lists and
// their SSE / JSON-lines streams), Vercel AI SDK steps, messages and UI
// streams, MCPJam traces.
//
// It never guesses quietly: a call whose arguments cannot be read is kept and
// marked, everything else the readers did not read as-is becomes a warning,
// and an unknown shape throws. Calls the provider ran itself (server tools
// such as web search) are not the agent's calls: they are left out, with a
// warning.

import { PromptResult, detectTraceFormat } from "../pkg/index.js";

/**
 * @param {unknown} doc - a parsed trace, or trace text (JSON, SSE, JSON lines).
 * @param {{ warn?: (message: string) => void }} [opts] - where warnings go (default `console.warn`).
 * @returns {{ format: string, calls: Array<{ toolName: string, arguments?: object, argumentsError?: string, rawArguments?: string }> }}
 *   `format` is the reader's name (`openai-chat`, `anthropic-stream`, …). A
 *   call whose arguments are unreadable has no `arguments` (the matcher then
 *   sees `{}`), an `argumentsError` saying why, and the `rawArguments` as found.
 * @throws {Error} when the format of `doc` cannot be told.
 */
export function extractToolCalls(doc, { warn = console.warn } = {}) {
  const format = detectFormat(doc);
  const result = PromptResult.fromTrace(doc, { format });
  const unreadable = result.diagnostics.filter((d) => d.code === "ARGUMENTS_UNREADABLE");
  for (const d of result.diagnostics) {
    if (d.code !== "ARGUMENTS_UNREADABLE") warn(`warning: ${format}: ${d.path}: ${d.message}`);
  }
  const calls = [];
  for (const c of result.getToolCalls()) {
    if (c.kind === "server") {
      warn(`warning: ${format}: ${c.toolName} was run by the provider (a server tool), not by the agent; not judged`);
      continue;
    }
    if (c.argumentsError) {
      const error = describe(c);
      const where = unreadable.shift()?.path ?? `call #${calls.length}`;
      warn(`warning: ${format}: ${where} (${c.toolName}): ${error}; the call is kept, the matcher will see its arguments as {}`);
      calls.push({ toolName: c.toolName, argumentsError: error, rawArguments: c.rawArguments });
    } else {
      calls.push({ toolName: c.toolName, arguments: c.arguments });
    }
  }
  return { format, calls };
}

/** The format of `doc` (see `detectTraceFormat`); throws with the reason when unknown. */
export function detectFormat(doc) {
  const d = detectTraceFormat(doc === undefined ? null : doc);
  if (d.format === null) throw new Error(`unknown trace format: ${d.reason}`);
  return d.format;
}

const kind = (v) => (v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`);

// A sentence for the reader's argumentsError code.
function describe(call) {
  const raw = call.rawArguments ?? "";
  switch (call.argumentsError) {
    case "NOT_JSON":
      try {
        JSON.parse(raw);
      } catch (e) {
        return `arguments are not valid JSON (${e.message})`;
      }
      return "arguments are not valid JSON";
    case "NOT_OBJECT":
      return `arguments JSON is ${kind(JSON.parse(raw))}, not an object`;
    case "EMPTY":
      return "arguments are empty text";
    case "DOUBLE_ENCODED":
      return "arguments are JSON text encoded twice (a JSON string holding an object)";
    case "FREEFORM":
      return "the tool takes free text, not JSON arguments";
    default:
      return `arguments unreadable (${call.argumentsError})`;
  }
}
