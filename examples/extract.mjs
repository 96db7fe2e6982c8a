// Pulls the tool calls out of one recorded model response, as the
// `{ toolName, arguments }[]` list that `evaluateToolCalls` takes.
//
// Deliberately small: three single-response formats, no streams, no message
// histories, no tool results. It never guesses quietly: a call whose
// arguments cannot be read is kept and marked, and an unknown shape throws.
//
//   OpenAI Chat completion  choices[*].message.tool_calls[*].function.{name, arguments (JSON text)}
//   Anthropic message       content[*] of type "tool_use" / "mcp_tool_use": {name, input}
//   Gemini response         candidates[*].content.parts[*].functionCall.{name, args}

/**
 * @param {unknown} doc - a parsed trace file.
 * @param {{ warn?: (message: string) => void }} [opts] - where warnings go (default `console.warn`).
 * @returns {{ format: "openai-chat" | "anthropic" | "gemini", calls: Array<{ toolName: string, arguments?: object, argumentsError?: string, rawArguments?: unknown }> }}
 *   A call whose arguments are unreadable has no `arguments` (the matcher then
 *   sees `{}`), an `argumentsError` saying why, and the `rawArguments` as found.
 * @throws {Error} when `doc` has none of the three shapes, or a call has no name.
 */
export function extractToolCalls(doc, { warn = console.warn } = {}) {
  const format = detectFormat(doc);
  const calls = [];
  const add = (where, name, args, parse = false) => {
    if (typeof name !== "string") throw new Error(`${format}: ${where} has no string tool name`);
    const { value, error } = parse ? parseArguments(args) : checkArguments(args);
    if (error) {
      warn(`warning: ${format}: ${where} (${name}): ${error}; the call is kept, the matcher will see its arguments as {}`);
      calls.push({ toolName: name, argumentsError: error, rawArguments: args });
    } else {
      calls.push({ toolName: name, arguments: value });
    }
  };
  const alternatives = (list, what) => {
    if (list.length > 1) warn(`warning: ${format}: ${list.length} ${what} (alternative completions); their calls are listed one after another`);
  };

  if (format === "openai-chat") {
    alternatives(doc.choices, "choices");
    doc.choices.forEach((choice, c) => {
      const message = choice?.message ?? {};
      if (message.function_call) warn(`warning: openai-chat: choices[${c}].message.function_call (legacy API) is not extracted`);
      (message.tool_calls ?? []).forEach((tc, t) => {
        const where = `choices[${c}].message.tool_calls[${t}]`;
        if (!tc?.function) throw new Error(`openai-chat: ${where} has no "function" (type ${JSON.stringify(tc?.type)} is not supported)`);
        add(where, tc.function.name, tc.function.arguments, true);
      });
    });
  } else if (format === "anthropic") {
    doc.content.forEach((block, b) => {
      if (block?.type === "tool_use" || block?.type === "mcp_tool_use") add(`content[${b}]`, block.name, block.input);
    });
  } else {
    alternatives(doc.candidates, "candidates");
    doc.candidates.forEach((cand, c) => {
      (cand?.content?.parts ?? []).forEach((part, p) => {
        if (part?.functionCall) add(`candidates[${c}].content.parts[${p}].functionCall`, part.functionCall.name, part.functionCall.args);
      });
    });
  }
  return { format, calls };
}

/** Which of the three formats `doc` is, from its shape; throws for anything else. */
export function detectFormat(doc) {
  const isObject = doc !== null && typeof doc === "object" && !Array.isArray(doc);
  if (isObject && Array.isArray(doc.choices)) return "openai-chat";
  if (isObject && doc.type === "message" && Array.isArray(doc.content)) return "anthropic";
  if (isObject && Array.isArray(doc.candidates)) return "gemini";
  const seen = isObject ? `an object with keys ${JSON.stringify(Object.keys(doc).slice(0, 8))}` : Array.isArray(doc) ? "an array" : `a ${typeof doc}`;
  throw new Error(
    `unknown trace format: expected an OpenAI Chat completion (choices[]), an Anthropic message ` +
      `(type "message", content[]) or a Gemini response (candidates[]); got ${seen}`,
  );
}

const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

const kind = (v) => (v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`);

// Structured arguments (Anthropic `input`, Gemini `args`): absent means none.
function checkArguments(args) {
  if (args === undefined || args === null) return { value: {} };
  if (isPlainObject(args)) return { value: args };
  return { error: `arguments are ${kind(args)}, not an object` };
}

// OpenAI's `function.arguments` is JSON text produced by the model: it can be
// cut short or be something other than an object.
function parseArguments(text) {
  if (typeof text !== "string") return { error: `arguments are ${kind(text)}, not JSON text` };
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `arguments are not valid JSON (${e.message})` };
  }
  if (!isPlainObject(value)) return { error: `arguments JSON is ${kind(value)}, not an object` };
  return { value };
}
