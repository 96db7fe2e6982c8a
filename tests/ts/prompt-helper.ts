// A test helper as a user of @mcpjam/sdk writes one: mocked runs built from
// PromptResultData, a failed run, a summary through every accessor, and an
// eval result for MCPJam. Written against @mcpjam/sdk@1.14.0; the only
// change is the import below (it read `from "@mcpjam/sdk"`).
//
// Type-checked twice: against mcp-matchers (tsconfig.json) and, unchanged,
// against @mcpjam/sdk's own types (tsconfig.reference.json maps the
// "mcp-matchers" import to them). tests/js/prompt-result.test.mjs runs it
// against both classes and compares.

import { PromptResult } from "mcp-matchers";
import type {
  CoreMessage,
  CoreUserMessage,
  EvalResultInput,
  LatencyBreakdown,
  PromptResultData,
  TokenUsage,
  ToolCall,
} from "mcp-matchers";

export const USAGE: TokenUsage = { inputTokens: 120, outputTokens: 45, totalTokens: 165 };
export const LATENCY: LatencyBreakdown = { e2eMs: 1840, llmMs: 1210, mcpMs: 480 };

/** A booking run: the user asks, the model calls two tools, then answers. */
export function bookingMessages(prompt: string): CoreMessage[] {
  return [
    { role: "user", content: prompt },
    {
      role: "assistant",
      content: [
        { type: "text", text: "Let me check." },
        { type: "tool-call", toolCallId: "call-1", toolName: "search_restaurants", input: { city: "Lisbon", party: 4 } },
        { type: "tool-call", toolCallId: "call-2", toolName: "check_availability", input: { id: "r-17", time: "19:30" } },
      ],
    },
    {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "call-1", toolName: "search_restaurants", output: { type: "json", value: [{ id: "r-17" }] } },
        { type: "tool-result", toolCallId: "call-2", toolName: "check_availability", output: { type: "text", value: "free" } },
      ],
    },
    { role: "assistant", content: "Booked a table for 4 at 19:30." },
  ];
}

/** A mocked run; `overrides` replace members of the default data. */
export function mockRun(overrides: Partial<PromptResultData> = {}): PromptResult {
  const prompt = overrides.prompt ?? "Book a table for 4 in Lisbon at 19:30";
  const toolCalls: ToolCall[] = [
    { toolName: "search_restaurants", arguments: { city: "Lisbon", party: 4 } },
    { toolName: "check_availability", arguments: { id: "r-17", time: "19:30" } },
  ];
  const data: PromptResultData = {
    prompt,
    messages: bookingMessages(prompt),
    text: "Booked a table for 4 at 19:30.",
    toolCalls,
    usage: { ...USAGE },
    latency: { ...LATENCY },
    provider: "anthropic",
    model: "claude-sonnet-4-20250514",
    ...overrides,
  };
  return overrides.error === undefined ? PromptResult.from(data) : new PromptResult(data);
}

/** A run that failed before the model answered. */
export function failedRun(message: string, latency?: LatencyBreakdown | number): PromptResult {
  return PromptResult.error(message, latency, "Book a table", { provider: "openai", model: "gpt-4o" });
}

/** The user's words, whatever the content's form. */
export function userText(message: CoreUserMessage | undefined): string {
  if (message === undefined) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

export interface RunSummary {
  prompt: string;
  text: string;
  tools: string[];
  calledSearch: boolean;
  calledSearchUpper: boolean;
  searchArgs: Record<string, unknown> | undefined;
  missingArgs: Record<string, unknown> | undefined;
  calls: ToolCall[];
  messageCount: number;
  userText: string;
  assistantCount: number;
  toolMessageCount: number;
  latency: LatencyBreakdown;
  e2e: number;
  llm: number;
  mcp: number;
  usage: TokenUsage;
  tokens: [number, number, number];
  snapshots: number;
  spans: number;
  error: string | undefined;
  failed: boolean;
  provider: string | undefined;
  model: string | undefined;
  trace: string;
}

/** Every accessor of the result, as plain data. */
export function summarize(r: PromptResult): RunSummary {
  return {
    prompt: r.getPrompt(),
    text: r.text,
    tools: r.toolsCalled(),
    calledSearch: r.hasToolCall("search_restaurants"),
    calledSearchUpper: r.hasToolCall("Search_restaurants"),
    searchArgs: r.getToolArguments("search_restaurants"),
    missingArgs: r.getToolArguments("cancel_booking"),
    calls: r.getToolCalls(),
    messageCount: r.getMessages().length,
    userText: userText(r.getUserMessages()[0]),
    assistantCount: r.getAssistantMessages().length,
    toolMessageCount: r.getToolMessages().length,
    latency: r.getLatency(),
    e2e: r.e2eLatencyMs(),
    llm: r.llmLatencyMs(),
    mcp: r.mcpLatencyMs(),
    usage: r.getUsage(),
    tokens: [r.inputTokens(), r.outputTokens(), r.totalTokens()],
    snapshots: r.getWidgetSnapshots().length,
    spans: r.getSpans().length,
    error: r.getError(),
    failed: r.hasError(),
    provider: r.getProvider(),
    model: r.getModel(),
    trace: r.formatTrace(),
  };
}

/** The eval result to report: passed when the expected tools were called. */
export function report(r: PromptResult, caseTitle: string, expected: string[], failOnToolError?: boolean): EvalResultInput {
  const passed = expected.every((t) => r.hasToolCall(t));
  return r.toEvalResult({
    caseTitle,
    passed,
    expectedToolCalls: expected.map((toolName) => ({ toolName })),
    metadata: { suite: "booking", attempt: 1, ci: false },
    ...(failOnToolError === undefined ? {} : { failOnToolError }),
  });
}

/** The returned lists are copies: changing them leaves the result alone. */
export function copiesAreIndependent(r: PromptResult): boolean {
  const before = JSON.stringify([r.getToolCalls(), r.getMessages(), r.getUsage(), r.getLatency(), r.getSpans()]);
  r.getToolCalls().push({ toolName: "injected", arguments: {} });
  r.getMessages().push({ role: "user", content: "injected" });
  r.getSpans().length = 0;
  r.getUsage().totalTokens = -1;
  r.getLatency().e2eMs = -1;
  const after = JSON.stringify([r.getToolCalls(), r.getMessages(), r.getUsage(), r.getLatency(), r.getSpans()]);
  return before === after && r.getToolCalls() !== r.getToolCalls();
}
