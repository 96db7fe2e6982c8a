// Types of mcp-matchers/agent: TestAgent (the seed mcpjam-testagent.txt;
// @mcpjam/sdk@1.14.0's HostRunner), its model shapes and stop conditions.
// The loop's decisions are made by the Rust core (src/agent/); this module
// awaits the caller's model and tools. No network code: the model is yours.
import type { PromptResult, FromTraceOptions, CoreMessage } from "./traces.js";
export { MatcherError } from "./errors.js";

/**
 * What `prompt()` resolves to: the package's `PromptResult` built from the
 * run's `PromptResultData` (prompt, messages without the context, text, calls
 * in call order with `result` and `isError` once their tool finished, usage
 * summed over steps with `totalTokens` = input + output, latency in ms with
 * `e2eMs` the wall time, `mcpMs` the sum of tool times and `llmMs` each step's
 * time minus its tool time, summed; provider and model; spans `Step <n>`,
 * `Model`, one per tool call and an `error` span after a failure), so every
 * accessor and matcher works on it.
 */
export type AgentPromptResult = PromptResult & {
  /** Why the loop ended: `finished` (a step without tool calls), `max-steps`, `stop-condition`, `stop-after-tool-call`, `error`. */
  readonly stopReason: "finished" | "max-steps" | "stop-condition" | "stop-after-tool-call" | "error";
};

/** JSON Schema of a tool's arguments (an object schema). */
export type JsonSchema = Record<string, unknown>;

/** One tool as the model sees it. */
export interface ModelToolDefinition {
  name: string;
  /** `""` when the tool has none. */
  description: string;
  /** JSON Schema of its arguments. */
  inputSchema: JsonSchema;
}

/**
 * What a model function gets for each step (one model call).
 * `messages` are AI SDK `ModelMessage`s: the context's messages, then
 * `{ role: "user", content: prompt }`, then each earlier step's assistant
 * message (`[{ type: "text", text }, { type: "tool-call", toolCallId, toolName, input }]`)
 * and tool message (`[{ type: "tool-result", toolCallId, toolName, output: { type: "json" | "text" | "error-text", value } }]`).
 * A call the provider ran stays in the assistant message as
 * `{ type: "tool-call", …, providerExecuted: true }`, followed there by its
 * result `{ type: "tool-result", toolCallId, toolName, output: { type: "json" | "text" | "error-json", value } }`
 * when the provider sent one, and has no entry in the tool message (as AI SDK `ai@6` `generateText` writes it).
 */
export interface ModelRequest {
  /** 0-based step number. */
  stepIndex: number;
  /** The system prompt (default `"You are a helpful assistant."`, as `HostRunner`'s code). */
  system: string;
  messages: CoreMessage[];
  tools: ModelToolDefinition[];
  /** Only when set on the agent. */
  temperature?: number;
  /** Aborted when the prompt times out, is aborted or ends. */
  abortSignal: AbortSignal;
}

/** One tool call a model asks for. */
export interface ModelToolCall {
  /** Made up as `call-<step>-<index>` when missing. */
  toolCallId?: string;
  toolName: string;
  /**
   * The arguments: an object, or JSON text. Text that is not a JSON object is
   * recorded with `argumentsError` (`EMPTY`, `NOT_JSON`, `NOT_OBJECT`,
   * `DOUBLE_ENCODED`) and `rawArguments`, answered with an error result, never executed.
   */
  input?: unknown;
  /**
   * The provider already ran this call (AI SDK's `providerExecuted`, e.g. a
   * provider's web search): it is recorded, never executed here, gets no tool
   * message and does not by itself keep the loop going. A boolean.
   */
  providerExecuted?: boolean;
  /** With `providerExecuted: true`: the provider's result, recorded as the call's `result`. */
  result?: unknown;
  /** With `providerExecuted: true` and a `result`: the provider marked it an error (`isError: true` on the recorded call). */
  isError?: boolean;
}

/** What a model function answers with for one step. */
export interface ModelResponse {
  /** The step's text (`""` when none). */
  text?: string;
  /** The calls to run; none ends the loop. */
  toolCalls?: ModelToolCall[];
  /**
   * Tokens of this call. A count left out (or `null`/`undefined`) is 0; any
   * other must be a whole number from 0 to 2^53 − 1: `-5`, `1.5`, `"a"`,
   * `NaN` are never rounded or zeroed, they end the run with
   * `getError()` = `the model's answer is malformed at response.usage.inputTokens: …`.
   */
  usage?: { inputTokens?: number; outputTokens?: number };
  /** `"stop"`, `"tool-calls"`, … (recorded in `steps` for stop conditions). */
  finishReason?: string;
}

/** A model you write: one call per step. A throw (or rejection) ends the run with `PromptResult.error` set. */
export type ModelFunction = (request: ModelRequest) => ModelResponse | Promise<ModelResponse>;

/**
 * An AI SDK language model (`LanguageModelV2` or `LanguageModelV3` of
 * `@ai-sdk/provider`, e.g. `openai("gpt-4o")`): its `doGenerate` is called
 * once per step; `provider` (before the first `.`) and `modelId` are recorded.
 * Its content's `tool-call` parts marked `providerExecuted: true` are recorded
 * (with the `result`/`isError` of the content's `tool-result` part of the same
 * `toolCallId`), never executed; its usage is read as {@link ModelResponse}'s
 * (V3 `inputTokens.total`).
 */
export interface LanguageModelLike {
  readonly specificationVersion?: "v2" | "v3";
  readonly provider?: string;
  readonly modelId?: string;
  doGenerate(options: any): PromiseLike<any>;
}

/** The `model` option: a function, an AI SDK language model, or `replayModel(trace)`. Strings are refused. */
export type AgentModel = ModelFunction | LanguageModelLike;

/**
 * An AI SDK-style tool: `execute(input, { toolCallId, messages, abortSignal })` returns its result (an MCP `CallToolResult` or any JSON value).
 * A throw (or rejection) is an error result (`isError: true`) the model sees, its text as AI SDK's `getErrorMessage`
 * gives it: an `Error`'s message, a string itself, `"unknown error"` for `null`/`undefined`, any other value its JSON
 * (`{"code":42}`). A result with no JSON form (a `BigInt`, a cycle) is the error result
 * `UNSUPPORTED_VALUE: the tool's result has no JSON form (…)`.
 */
export interface Tool {
  description?: string;
  /** A JSON Schema object, AI SDK `jsonSchema(…)`, or a Standard JSON Schema (Zod 4.2+). */
  inputSchema?: unknown;
  execute?: (input: any, options: { toolCallId: string; messages: CoreMessage[]; abortSignal: AbortSignal }) => unknown;
}

/** MCP tools as `MCPClientManager.getTools()` lists them: `{ name, description, inputSchema, execute }`. */
export interface NamedTool extends Tool {
  name: string;
}

/** An MCP client (`Client` of `@modelcontextprotocol/sdk`, or anything with these two methods): tools are listed once (all pages), at the first prompt, and called through it. */
export interface McpClientLike {
  listTools(params?: { cursor?: string }): Promise<{ tools: Array<{ name: string; description?: string; inputSchema: JsonSchema }>; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: unknown, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** `TestAgentOptions` (the seed's, with `model` an object and no `apiKey`). */
export interface TestAgentOptions {
  tools: Record<string, Tool> | NamedTool[] | McpClientLike;
  model: AgentModel;
  /** Default `"You are a helpful assistant."`. */
  systemPrompt?: string;
  /** 0–2; left out of the model call when unset. */
  temperature?: number;
  /** Most model calls per prompt, a whole number from 1 to 2^32 − 1 (4294967295); default 10. `stepCountIs(maxSteps)` always applies. */
  maxSteps?: number;
  /** Recorded as the result's `provider` (else the language model's). A string. */
  provider?: string;
  /** Recorded as the result's `model` (else the language model's `modelId`). A string. */
  modelName?: string;
}

/** One finished step, as stop conditions see it (AI SDK `StepResult`-like). */
export interface StepResult {
  stepNumber: number;
  text: string;
  finishReason: string | null;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  /** In call order, with the provider's own (`providerExecuted: true`). */
  toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown; providerExecuted?: true }>;
  /** The provider's results first, then the results of the calls run here. */
  toolResults: Array<{ type: "tool-result"; toolCallId: string; toolName: string; output: unknown }>;
}

/** AI SDK's `StopCondition`: asked after each step that ran tools; any true stops the loop. */
export type StopCondition = (options: { steps: StepResult[] }) => boolean | PromiseLike<boolean>;
/**
 * What `stopWhen` takes: this package's conditions, and AI SDK's own
 * (`stepCountIs`, `hasToolCall` of `ai`, typed over AI SDK's larger
 * `StepResult`; the steps passed carry the members listed in {@link StepResult}).
 */
export type StopWhen = StopCondition | ((options: { steps: any[] }) => boolean | PromiseLike<boolean>);

/** `PromptOptions` of the seed. */
export interface PromptOptions {
  /** Earlier result(s): their messages are sent before the prompt (not recorded in the new result). */
  context?: PromptResult | PromptResult[];
  /** Aborting ends the run with `error` = the abort reason's message; the partial run is kept. */
  abortSignal?: AbortSignal;
  /** Extra stop conditions (checked after a step's tools ran; tools still run). */
  stopWhen?: StopWhen | StopWhen[];
  /** ms for the whole prompt, or `{ totalMs, stepMs, chunkMs }` (`stepMs` per step: model call plus its tools; `chunkMs` accepted, unused: no streaming). Wins over `timeoutMs`. */
  timeout?: number | { totalMs?: number; stepMs?: number; chunkMs?: number };
  /** ms for the whole prompt. */
  timeoutMs?: number;
  /** These tools are not executed: each gets the result `{ content: [{ type: "text", text: "[skipped by stopAfterToolCall]" }] }`, its call and arguments are recorded, and the loop stops after that step (siblings in the step still run). */
  stopAfterToolCall?: string | string[];
}

/** The loop of the seed's `TestAgent` (`@mcpjam/sdk@1.14.0 HostRunner`), with a model object you pass. */
export declare class TestAgent {
  /**
   * @throws MatcherError `INVALID_ARGUMENT` at `options`; `INVALID_OPTION` at
   *   `options.model` (a `"provider/model"` string: pass a model object; not a
   *   function or language model), `options.tools` (neither a record, a list nor
   *   an MCP client), `options.tools.<name>.inputSchema`, `options.systemPrompt`,
   *   `options.provider`, `options.modelName` (not strings), `options.temperature` (outside 0–2),
   *   `options.maxSteps` (not a whole number from 1 to 2^32 − 1; the message states the domain and the value).
   */
  constructor(options: TestAgentOptions);
  /**
   * Runs the prompt. Never rejects for what happens in the run: a model error,
   * timeout or abort is `result.getError()` with the partial run kept
   * (messages up to the last completed step plus the current step's calls,
   * every recorded call, tokens so far).
   * @throws MatcherError (rejects, before any model call) `INVALID_ARGUMENT` at
   *   `message` (not a string) or `options`; `INVALID_OPTION` at
   *   `options.stopWhen[i]` (not a function), `options.context`,
   *   `options.abortSignal`, `options.timeout…`, `options.timeoutMs`, `options.stopAfterToolCall`.
   */
  prompt(message: string, options?: PromptOptions): Promise<AgentPromptResult>;
  /** `HostRunner.withOptions`: a new agent with these options over this one's (same model and tools unless given; a client's listed tools are kept); its own prompt history. */
  withOptions(options?: Partial<TestAgentOptions>): TestAgent;
  /** `HostRunner.run`: the same as `prompt`. */
  run(message: string, options?: PromptOptions): Promise<AgentPromptResult>;
  /** The last result's tool names (`[]` before any prompt). */
  toolsCalled(): string[];
  getLastResult(): AgentPromptResult | undefined;
  /** Every result since the last reset. */
  getPromptHistory(): AgentPromptResult[];
  resetPromptHistory(): void;
  getSystemPrompt(): string;
  getTemperature(): number | undefined;
  getMaxSteps(): number;
}

/** AI SDK's `hasToolCall`: the last step called `toolName`. Decided in the core. @throws MatcherError `INVALID_ARGUMENT` at `toolName` (not a non-empty string). */
export declare function hasToolCall(toolName: string): StopCondition;
/** AI SDK's `stepCountIs`: `stepCount` steps have run. Decided in the core. @throws MatcherError `INVALID_ARGUMENT` at `stepCount` (not a whole number from 1 to 2^32 − 1). */
export declare function stepCountIs(stepCount: number): StopCondition;
/**
 * A model that answers with the steps of a recorded run: each assistant message
 * of the trace (any format `PromptResult.fromTrace` reads, or a `PromptResult`)
 * is one step's text and tool calls, in order; asked for a step the trace lacks, it throws.
 * @throws MatcherError as `PromptResult.fromTrace`.
 */
export declare function replayModel(trace: unknown, options?: FromTraceOptions): ModelFunction;

/** What `EvalTest.run` needs of an agent: `run` (a `TestAgent`, or `HostRunner.mock`-like objects); `withOptions({})` gives each iteration its own history when present. */
export interface EvalAgent {
  run(message: string, options?: PromptOptions): Promise<PromptResult>;
  withOptions?(options: {}): EvalAgent;
  getPromptHistory?(): PromptResult[];
  resetPromptHistory?(): void;
}

/** `EvalTestConfig`: `test` gets the iteration's agent and returns a boolean or an `evaluateToolCalls` result (`{ passed }`). */
export interface EvalTestConfig {
  name?: string;
  test: (agent: EvalAgent & { prompt: EvalAgent["run"] }) => boolean | { passed: boolean } | Promise<boolean | { passed: boolean }>;
  [key: string]: unknown;
}

/** Options of `EvalTest.run`. */
export interface EvalTestRunOptions {
  /** A whole number ≥ 1. */
  iterations: number;
  /** Iterations at once; default 5. */
  concurrency?: number;
  /** Attempts after a test that throws; default 0 (waits 100·2^attempt ms between). */
  retries?: number;
  /** Per iteration, ms; default 30,000. Aborts the iteration's prompts; a test still running 1,000 ms later fails with `Operation timed out after <n>ms`. */
  timeoutMs?: number;
  /** After each iteration: how many are done out of `iterations`. */
  onProgress?: (completed: number, total: number) => void;
  /** Called with `getFailureReport()` when some iteration failed. */
  onFailure?: (report: string) => void;
}

/** Latency statistics (ms) over every prompt of the run: percentiles by linear interpolation, as the reference's `calculateLatencyStats`; all 0 when there are none. */
export interface LatencyStats { min: number; max: number; mean: number; p50: number; p95: number; count: number }

/** One iteration. */
export interface IterationResult {
  passed: boolean;
  /** Each prompt's latency (one all-zero entry when it made none). */
  latencies: Array<{ e2eMs: number; llmMs: number; mcpMs: number }>;
  /** Summed over its prompts. */
  tokens: { total: number; input: number; output: number };
  /** Its prompts' results. */
  prompts: PromptResult[];
  /** The test's error (after the last retry) or the timeout message. */
  error?: string;
  retryCount: number;
}

/** `EvalRunResult`. */
export interface EvalRunResult {
  iterations: number;
  successes: number;
  failures: number;
  results: boolean[];
  iterationDetails: IterationResult[];
  tokenUsage: { total: number; input: number; output: number; perIteration: Array<{ total: number; input: number; output: number }> };
  latency: { e2e: LatencyStats; llm: LatencyStats; mcp: LatencyStats; perIteration: Array<{ e2eMs: number; llmMs: number; mcpMs: number }> };
}

/** `@mcpjam/sdk@1.14.0`'s `EvalTest`: a test function run over many iterations of an agent. */
export declare class EvalTest {
  /** @throws MatcherError `INVALID_ARGUMENT` at `config`; `INVALID_OPTION` at `config.test` (not a function), `config.name`. */
  constructor(config: EvalTestConfig);
  /**
   * Runs the iterations. A test that throws or times out is a failed iteration, never a rejection.
   * @throws MatcherError `INVALID_ARGUMENT` at `agent`, `options`; `INVALID_OPTION` at `options.iterations`, `options.concurrency`, `options.retries`, `options.timeoutMs`, `options.onProgress`, `options.onFailure` (not functions).
   */
  run(agent: EvalAgent, options: EvalTestRunOptions): Promise<EvalRunResult>;
  /**
   * successes / iterations. Like every aggregate below but `getResults()`,
   * `getName()` and `getConfig()`: before `run()` it throws, as the reference does.
   * @throws MatcherError `INVALID_ARGUMENT` at `this` before `run()`: `accuracy(): No run results available. Call run() first.`
   */
  accuracy(): number;
  /** As the reference: the accuracy. */
  recall(): number;
  /** As the reference: the accuracy. */
  precision(): number;
  /** As the reference: the recall. */
  truePositiveRate(): number;
  /** failures / iterations. */
  falsePositiveRate(): number;
  /** Total tokens / iterations (0 for none). */
  averageTokenUse(): number;
  /** The last run's result (`null` before any). */
  getResults(): EvalRunResult | null;
  getName(): string | undefined;
  getConfig(): EvalTestConfig;
  getAllIterations(): IterationResult[];
  getFailedIterations(): IterationResult[];
  getSuccessfulIterations(): IterationResult[];
  /** `"No failures."`, or per failed iteration `=== Failed Iteration i/n ===`, its error and each prompt's trace. */
  getFailureReport(): string;
}

