// The bundled examples the viewer offers, as paths from the repository root.
// Expectation files (examples/expectations/NAME.json: a trace, the expected calls, options)
// come first; then every trace, transcript and tool response fixture. The browser test
// checks that this list and the folders agree.
//
// Eval datasets (and the stored snapshots their cases name) are imported as JSON modules, so
// that the one-file build (scripts/build-www.mjs, esbuild) embeds them without a list of its own.
import responsesDataset from "../examples/responses-dataset.json" with { type: "json" };
import responsesSnapshots from "../examples/responses-snapshots.json" with { type: "json" };

/** Bundled eval datasets by path, with the stored snapshot texts their cases use. */
export const DATASETS = {
  "examples/responses-dataset.json": { dataset: responsesDataset, snapshots: responsesSnapshots },
};

/**
 * The bundled fixture a dataset case's recorded response is in (as examples/responses.mjs
 * replays it: `metadata.recording` under tests/fixtures/responses/), or null.
 */
export function recordingOf(evalCase) {
  const name = evalCase?.metadata?.recording;
  if (typeof name !== "string") return null;
  const path = `tests/fixtures/responses/${name}.result.json`;
  return BUNDLED.response.includes(path) ? path : null;
}

export const BUNDLED = {
  expectations: [
    "anthropic-mcp.echo",
    "anthropic-mcp.no-tools",
    "anthropic.first-and-last",
    "anthropic.four-family-members",
    "anthropic.wrong-family-member",
    "gemini.four-topics",
    "gemini.three-topics",
    "gemini.weather",
    "openai-chat.create-before-delete",
    "openai-chat.delete-and-create",
    "openai-chat.only-delete",
  ],
  trace: [
    "examples/traces/anthropic/message.mcp-tool-use.json",
    "examples/traces/anthropic/message.parallel-tool-use.json",
    "examples/traces/gemini/response.function-call.json",
    "examples/traces/gemini/response.parallel-function-calls.json",
    "examples/traces/openai-chat/completion.parallel-tool-calls.json",
    "tests/fixtures/traces/anthropic/message.mcp-tool-use.json",
    "tests/fixtures/traces/anthropic/message.parallel-tool-use.json",
    "tests/fixtures/traces/anthropic/message.tool-use-no-args.json",
    "tests/fixtures/traces/anthropic/messages.tool-result-is-error.json",
    "tests/fixtures/traces/anthropic/messages.tool-results.json",
    "tests/fixtures/traces/anthropic/stream.mcp-tool-use.jsonl",
    "tests/fixtures/traces/anthropic/stream.server-and-client-tool-use.sse",
    "tests/fixtures/traces/anthropic/stream.tool-use-no-args.jsonl",
    "tests/fixtures/traces/gemini/contents.function-responses.json",
    "tests/fixtures/traces/gemini/response.function-call.json",
    "tests/fixtures/traces/gemini/response.parallel-function-calls.json",
    "tests/fixtures/traces/gemini/stream.function-call.sse",
    "tests/fixtures/traces/gemini/stream.no-args-parallel.jsonl",
    "tests/fixtures/traces/gemini/stream.partial-args.jsonl",
    "tests/fixtures/traces/openai-chat/completion.gemini-compat-empty-id.json",
    "tests/fixtures/traces/openai-chat/completion.groq-llama.json",
    "tests/fixtures/traces/openai-chat/completion.legacy-function-call.HANDWRITTEN.json",
    "tests/fixtures/traces/openai-chat/completion.parallel-tool-calls.json",
    "tests/fixtures/traces/openai-chat/messages.multi-turn-history.json",
    "tests/fixtures/traces/openai-chat/messages.parallel-tool-results.json",
    "tests/fixtures/traces/openai-chat/stream.legacy-function-call.json",
    "tests/fixtures/traces/openai-chat/stream.parallel-tool-calls.sse",
    "tests/fixtures/traces/openai-chat/stream.tool-call-arg-fragments.sse",
    "tests/fixtures/traces/openai-responses/input.function-call-output.json",
    "tests/fixtures/traces/openai-responses/response.function-call-in-progress.json",
    "tests/fixtures/traces/openai-responses/response.mcp-approval-request.json",
    "tests/fixtures/traces/openai-responses/response.mcp-call-approved.json",
    "tests/fixtures/traces/openai-responses/response.mcp-call-failed.json",
    "tests/fixtures/traces/openai-responses/response.mcp-call.json",
    "tests/fixtures/traces/openai-responses/response.parallel-function-calls.json",
    "tests/fixtures/traces/openai-responses/response.parallel-wrapper.HANDWRITTEN.json",
    "tests/fixtures/traces/openai-responses/response.tool-search-namespace.json",
    "tests/fixtures/traces/openai-responses/response.web-search-call.json",
    "tests/fixtures/traces/openai-responses/stream.function-call.sse",
    "tests/fixtures/traces/vercel-ai/v4.data-stream.recorded-evm-tx.txt",
    "tests/fixtures/traces/vercel-ai/v4.data-stream.tool-call-deltas.txt",
    "tests/fixtures/traces/vercel-ai/v4.generateText.steps.json",
    "tests/fixtures/traces/vercel-ai/v4.response.messages.json",
    "tests/fixtures/traces/vercel-ai/v4.response.messages.recorded-evm-tx.HANDWRITTEN.json",
    "tests/fixtures/traces/vercel-ai/v4.streamText.onFinish.json",
    "tests/fixtures/traces/vercel-ai/v4.ui-messages.tool-invocations.json",
    "tests/fixtures/traces/vercel-ai/v5.chat-request.ui-messages.json",
    "tests/fixtures/traces/vercel-ai/v5.generateText.steps.json",
    "tests/fixtures/traces/vercel-ai/v5.model-messages.json",
    "tests/fixtures/traces/vercel-ai/v5.response.messages.json",
    "tests/fixtures/traces/vercel-ai/v5.ui-message-stream.json",
    "tests/fixtures/traces/vercel-ai/v6.generateText.steps.json",
    "tests/fixtures/traces/vercel-ai/v6.ui-message-stream.langgraph.json",
  ],
  transcript: [
    "tests/fixtures/transcripts/claude-code/agentcmd_session-line_tool-mcp__happy__change_title.jsonl",
    "tests/fixtures/transcripts/claude-code/claudeless_session_write-read-edit-denied.jsonl",
    "tests/fixtures/transcripts/claude-code/gleam-sdk_assistant_tool_use_bash.json",
    "tests/fixtures/transcripts/claude-code/gleam-sdk_user_tool_result_bash.json",
    "tests/fixtures/transcripts/codex/agentcmd_codex-exec_file_change.jsonl",
    "tests/fixtures/transcripts/codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl",
    "tests/fixtures/transcripts/codex/untether_SYNTHETIC_all_item_types.jsonl",
    "tests/fixtures/transcripts/codex/untether_codex-0.157_web_search.jsonl",
    "tests/fixtures/transcripts/cursor/cursor-hack_direct-sleep.jsonl",
    "tests/fixtures/transcripts/cursor/cursor-hack_full_session.jsonl",
    "tests/fixtures/transcripts/cursor/cursor-hack_parallel-sleep.jsonl",
    "tests/fixtures/transcripts/gemini-cli/agentcmd_gemini-session-msg_tool-google_web_search.json",
    "tests/fixtures/transcripts/gemini-cli/agentcmd_gemini-session-msg_tool-replace.json",
    "tests/fixtures/transcripts/gemini-cli/agentcmd_gemini-session-msg_tool-run_shell_command.json",
    "tests/fixtures/transcripts/opencode/untether_opencode-run-json_bash.jsonl",
    "tests/fixtures/transcripts/opencode/untether_opencode-run-json_error.jsonl",
    "tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl",
    "tests/fixtures/transcripts/pi/untether_pi-mode-json_print_events.jsonl",
  ],
  response: [
    "tests/fixtures/responses/everything/echo-unicode.result.json",
    "tests/fixtures/responses/everything/echo.result.json",
    "tests/fixtures/responses/everything/error-echo-missing-arg.result.json",
    "tests/fixtures/responses/everything/error-get-annotated-message-bad-enum.result.json",
    "tests/fixtures/responses/everything/error-get-resource-reference-bad-id.result.json",
    "tests/fixtures/responses/everything/error-get-structured-content-bad-city.result.json",
    "tests/fixtures/responses/everything/error-get-sum-wrong-type.result.json",
    "tests/fixtures/responses/everything/error-gzip-bad-protocol.result.json",
    "tests/fixtures/responses/everything/error-simulate-research-query-without-task.result.json",
    "tests/fixtures/responses/everything/error-unknown-tool.result.json",
    "tests/fixtures/responses/everything/get-annotated-message-debug.result.json",
    "tests/fixtures/responses/everything/get-annotated-message-error.result.json",
    "tests/fixtures/responses/everything/get-annotated-message-success-image.result.json",
    "tests/fixtures/responses/everything/get-env.result.json",
    "tests/fixtures/responses/everything/get-resource-links.result.json",
    "tests/fixtures/responses/everything/get-resource-reference-blob.result.json",
    "tests/fixtures/responses/everything/get-resource-reference-text.result.json",
    "tests/fixtures/responses/everything/get-roots-list.result.json",
    "tests/fixtures/responses/everything/get-structured-content.result.json",
    "tests/fixtures/responses/everything/get-sum.result.json",
    "tests/fixtures/responses/everything/get-tiny-image.result.json",
    "tests/fixtures/responses/everything/gzip-file-as-resource-embedded.result.json",
    "tests/fixtures/responses/everything/gzip-file-as-resource-link.result.json",
    "tests/fixtures/responses/everything/toggle-simulated-logging-off.result.json",
    "tests/fixtures/responses/everything/toggle-simulated-logging-on.result.json",
    "tests/fixtures/responses/everything/toggle-subscriber-updates-off.result.json",
    "tests/fixtures/responses/everything/toggle-subscriber-updates-on.result.json",
    "tests/fixtures/responses/everything/trigger-elicitation-request-accept.result.json",
    "tests/fixtures/responses/everything/trigger-elicitation-request-decline.result.json",
    "tests/fixtures/responses/everything/trigger-long-running-operation.result.json",
    "tests/fixtures/responses/everything/trigger-sampling-request.result.json",
    "tests/fixtures/responses/everything/trigger-url-elicitation-accept.result.json",
    "tests/fixtures/responses/filesystem/create_directory.result.json",
    "tests/fixtures/responses/filesystem/directory_tree.result.json",
    "tests/fixtures/responses/filesystem/edit_file-dry-run.result.json",
    "tests/fixtures/responses/filesystem/edit_file-no-match.result.json",
    "tests/fixtures/responses/filesystem/get_file_info.result.json",
    "tests/fixtures/responses/filesystem/list_allowed_directories.result.json",
    "tests/fixtures/responses/filesystem/list_directory.result.json",
    "tests/fixtures/responses/filesystem/list_directory_with_sizes.result.json",
    "tests/fixtures/responses/filesystem/move_file.result.json",
    "tests/fixtures/responses/filesystem/read_media_file-png.result.json",
    "tests/fixtures/responses/filesystem/read_multiple_files-partial-failure.result.json",
    "tests/fixtures/responses/filesystem/read_text_file-enoent.result.json",
    "tests/fixtures/responses/filesystem/read_text_file-head-and-tail.result.json",
    "tests/fixtures/responses/filesystem/read_text_file-head.result.json",
    "tests/fixtures/responses/filesystem/read_text_file-missing-arg.result.json",
    "tests/fixtures/responses/filesystem/read_text_file-outside-allowed.result.json",
    "tests/fixtures/responses/filesystem/read_text_file-traversal.result.json",
    "tests/fixtures/responses/filesystem/search_files.result.json",
    "tests/fixtures/responses/filesystem/write_file-after-mkdir.result.json",
    "tests/fixtures/responses/filesystem/write_file.result.json",
  ],
};

/** The text of a bundled file: embedded in the one-file build, else fetched beside the page. */
export async function readBundled(path) {
  if (DATASETS[path]) return `${JSON.stringify(DATASETS[path].dataset, null, 2)}\n`;
  const embedded = globalThis.__MCP_MATCHERS_WWW_FILES__;
  if (embedded) {
    if (!(path in embedded)) throw new Error(`${path} is not embedded in this build`);
    // Raw DEFLATE in base64 (scripts/build-www.mjs), inflated on each open.
    const z = Uint8Array.from(atob(embedded[path]), (c) => c.charCodeAt(0));
    const stream = new Blob([z]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).text();
  }
  const response = await fetch(`../${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}
