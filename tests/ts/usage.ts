// Compile-only check (tsc --noEmit): every export of mcp-matchers used with
// the reference's own types from @mcpjam/sdk@1.14.0, in both directions.
import {
  alignToolCalls,
  evaluateToolCalls,
  resolveMatchOptions,
  MATCH_OPTIONS_DEFAULTS,
  MatcherError,
  matchToolCalls,
  matchToolCallsSubset,
  matchAnyToolCall,
  matchToolCallCount,
  matchNoToolCalls,
  matchToolCallWithArgs,
  matchToolCallWithPartialArgs,
  matchToolArgument,
  matchToolArgumentWith,
  type EvalToolCall,
  type EvalMatchOptions,
  type EvalToolCallMatchResult,
  type EvalArgumentMismatch,
  type EvalOutOfOrderToolCall,
  type MatcherErrorCode,
  type ToolCall,
  type ToolCallAlignment,
} from "mcp-matchers";
import * as sub from "mcp-matchers/matchers";
import {
  BUILT_IN_RUBRICS,
  buildJudgePrompt,
  parseJudgeVerdict,
  validateEvalDataset,
  evaluateExpectations,
  validateText,
  extractText,
} from "mcp-matchers";
import type {
  EvalToolCall as RefToolCall,
  EvalMatchOptions as RefMatchOptions,
  EvalToolCallMatchResult as RefResult,
  EvalArgumentMismatch as RefMismatch,
  EvalOutOfOrderToolCall as RefOutOfOrder,
} from "@mcpjam/sdk/matchers";

const refCalls: RefToolCall[] = [{ toolName: "add", arguments: { a: 2, b: 3 } }];
const refOptions: RefMatchOptions = { toolCallOrder: "superset", maxExtraToolCalls: 1, argumentMatching: "exact" };

// The reference's values go into ours, ours come back as the reference's.
const ours: EvalToolCallMatchResult = evaluateToolCalls(refCalls, refCalls, { ...refOptions, isNegativeTest: false });
const asRef: RefResult = ours;
const back: EvalToolCallMatchResult = asRef;
const mismatch: RefMismatch | undefined = ours.argumentMismatches[0];
const mine: EvalArgumentMismatch | undefined = mismatch;
const ooo: RefOutOfOrder | undefined = ours.outOfOrder[0];
const myOoo: EvalOutOfOrderToolCall | undefined = ooo;
const calls: EvalToolCall[] = refCalls;
const plain: ToolCall = calls[0];
const opts: EvalMatchOptions = refOptions;
const passed: boolean = back.passed && sub.evaluateToolCalls(calls, calls).passed;

const resolved: Required<Omit<RefMatchOptions, "allowExtraToolCalls">> = resolveMatchOptions(opts, { allowExtraToolCalls: false }, null);
const defaults: Readonly<Required<Omit<RefMatchOptions, "allowExtraToolCalls">>> = MATCH_OPTIONS_DEFAULTS;
const fromSub = sub.resolveMatchOptions(undefined, undefined, sub.MATCH_OPTIONS_DEFAULTS);

const names: string[] = ["add", "multiply"];
const bools: boolean[] = [
  matchToolCalls(names, names),
  matchToolCallsSubset(names, names),
  matchAnyToolCall(names, names),
  matchToolCallCount("add", names, 1),
  matchNoToolCalls(names),
  matchToolCallWithArgs("add", { a: 2, b: 3 }, [plain]),
  matchToolCallWithPartialArgs("add", { a: 2 }, refCalls),
  matchToolArgument("add", "a", 2, refCalls),
  matchToolArgumentWith("add", "a", (v: unknown) => typeof v === "number", refCalls),
];

try {
  evaluateToolCalls(calls, calls);
} catch (e) {
  if (e instanceof MatcherError) {
    const code: MatcherErrorCode = e.code;
    const path: string = e.path;
    void code, path;
  }
}

const alignment: ToolCallAlignment = alignToolCalls(refCalls, refCalls, refOptions);
const firstPair: number | undefined = alignment.pairs[0]?.actualIndex;
const made: MatcherError = new MatcherError("INVALID_ARGUMENT", "expected", "expected must be an array");

void passed, resolved, defaults, fromSub, bools, mine, myOoo, firstPair, made;

// Trace readers (issue 4): PromptResult's calls are the reference's ToolCall
// records (with extra fields) and feed evaluateToolCalls directly.
import { PromptResult, detectTraceFormat, type TraceToolCall, type TraceFormat, type TraceDiagnostic } from "mcp-matchers";
import type { ToolCall as RefSdkToolCall } from "@mcpjam/sdk";

const trace: PromptResult = PromptResult.fromTrace([{ role: "assistant", tool_calls: [] }], { format: "openai-chat" });
const traceCalls: RefSdkToolCall[] = trace.getToolCalls();
const firstTraceCall: TraceToolCall | undefined = trace.getToolCalls()[0];
const traceStep: number | undefined = firstTraceCall?.step;
const traceNames: string[] = trace.toolsCalled();
const traceArgs: Record<string, unknown> | undefined = trace.getToolArguments("add");
const traceVerdict: boolean =
  evaluateToolCalls(refCalls, trace.getToolCalls()).passed && trace.hasToolCall("add") && !trace.hasError();
const traceError: string | undefined = trace.getError();
const traceText: string = trace.text;
const traceFormat: TraceFormat | null = trace.format;
const traceDiagnostic: TraceDiagnostic | undefined = trace.diagnostics[0];
const mergedTrace: PromptResult = PromptResult.merge([trace, PromptResult.fromTrace("plain text")]);
const traceMessages: Array<{ role: string; content: unknown }> = mergedTrace.getMessages();
const detected = detectTraceFormat("{}");
const detectedFormat: TraceFormat | null = detected.format;
const detectedReason: string | undefined = detected.reason;

void traceCalls, traceStep, traceNames, traceArgs, traceVerdict, traceError, traceText, traceFormat;
void traceDiagnostic, traceMessages, detectedFormat, detectedReason;

// Response family and evals: compile-only uses.
const prompt: string = buildJudgePrompt("candidate", "reference", "correctness");
const rubricText: string = BUILT_IN_RUBRICS.correctness;
const verdictScore: number = parseJudgeVerdict('{"score": 0.5}').score;
const text: string = extractText({ content: [{ type: "text", text: "hi" }] });
const textCheck: boolean = validateText(text, "hi").pass;
const pending: Promise<unknown> = evaluateExpectations({ containsText: "hi" }, text);
const dataset: unknown = validateEvalDataset({ name: "d", cases: [] });
void prompt, rubricText, verdictScore, textCheck, pending, dataset;

// The rest of the reference's matcher-side API (issue 11 item 4): compile-only uses.
import {
  compareEvalRuns,
  getResponseSizeBytes,
  isBuiltInRubric,
  loadEvalDatasetFromObject,
  normalizeWhitespace,
  runEvalCase,
  validateEvalCase,
  validateJudge,
  type DatasetError,
  type EvalCaseResult,
  type EvalRunComparisonResult,
} from "mcp-matchers";
const sizeBytes: number = getResponseSizeBytes({ content: [] });
const collapsed: string = normalizeWhitespace(" a  b ");
const maybeRubric: unknown = "correctness";
if (isBuiltInRubric(maybeRubric)) {
  const known: "correctness" | "completeness" | "groundedness" | "instruction-following" | "conciseness" = maybeRubric;
  void known;
}
const oneCase: string = validateEvalCase({ id: "a" }).id;
const loaded: Record<string, unknown> = loadEvalDatasetFromObject({ name: "d", cases: [{ id: "a" }] }, { validate: true }).schemas;
const caseRun: Promise<EvalCaseResult> = runEvalCase({ id: "a", toolName: "t", args: {} }, async () => ({ content: [] }), { datasetName: "d" });
const judged: Promise<unknown> = validateJudge("r", {}, undefined, { onWarning: (m: string) => void m });
const run = (pass: boolean) => ({ total: 1, passed: pass ? 1 : 0, caseResults: [{ id: "a", pass }] });
const comparison: EvalRunComparisonResult<{ id: string; pass: boolean }> = compareEvalRuns({ baseline: run(true), candidate: run(false), labels: { candidate: "v2" } });
const regressed: string | undefined = comparison.regressedCases[0]?.id;
const issueCode = (e: DatasetError): string | undefined => e.issues[0]?.code;
void sizeBytes, collapsed, oneCase, loaded, caseRun, judged, regressed, issueCode;

// JSON Schema (mcp-matchers/schema) and Standard Schema validateSchema: compile-only uses.
import { jsonSchema, validateJsonSchema, validateSchema as validateJsonSchemaResponse, type JsonSchemaIssue } from "mcp-matchers/schema";
import { validateSchema, type StandardSchemaV1 } from "mcp-matchers";
const weather = jsonSchema({ type: "object", required: ["temperature"] }, { draft: "2020-12", assertFormats: false });
const standard: StandardSchemaV1 = weather;
const schemaCheck: boolean = validateSchema({ structuredContent: { temperature: 3 } }, standard).pass;
const schemaIssues: JsonSchemaIssue[] = validateJsonSchema({}, { type: "object" }, { draft: 7 }).issues;
const schemaPath: (string | number)[] | undefined = schemaIssues[0]?.path;
const docCheck: string = validateJsonSchemaResponse("{}", { type: "object" }).message;
const docValid: boolean = weather.validate({ temperature: 1 }).valid;
void schemaCheck, schemaPath, docCheck, docValid;

// Transcripts: normalizeTranscript's run with its diagnostics, the matchers over it.
import {
  normalizeTranscript,
  readTranscriptJsonl,
  toHaveChanged,
  toHaveRun,
  type NormalizedRun,
  type Run as TranscriptRun,
  type TranscriptDiagnostic,
} from "mcp-matchers";
const normalized: NormalizedRun = normalizeTranscript('{"type":"session","cwd":"/w"}', { harness: "pi", workspace: "/w" });
const diagnostics: TranscriptDiagnostic[] = normalized.diagnostics;
const diagnosticCode: string = diagnostics[0]?.code ?? "";
const asRun: TranscriptRun = readTranscriptJsonl("");
const ranIt: boolean = toHaveRun(asRun, /npm test/).pass;
const changed: boolean = toHaveChanged({ turn: 0, events: [], unreported: [], diff: { files: [] } }, "src/**", { workspace: "/w", ignore: ["dist/"] }).pass;
void diagnosticCode, ranIt, changed;
