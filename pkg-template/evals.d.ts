// Judge, custom predicates and eval datasets of
// @gleanwork/mcp-server-tester@1.1.0, with the model call and the tool call
// supplied by the caller (no network code in the package).

export { MatcherError } from "./errors.js";
import type { Sanitizer, ToolCallCountOptions, ToolCallExpectation, ValidationResult } from "./responses.js";

/** The five built-in rubric names. */
export type BuiltInRubric = "correctness" | "completeness" | "groundedness" | "instruction-following" | "conciseness";

/** A built-in rubric name or a custom `{ text }` (non-empty). */
export type Rubric = BuiltInRubric | { text: string };

/** Rubric texts (our wording) on the 5-point scale 0.0 / 0.25 / 0.5 / 0.75 / 1.0, in the reference's order. */
export declare const BUILT_IN_RUBRICS: Readonly<Record<BuiltInRubric, string>>;

/**
 * Whether `s` is one of the five built-in rubric names (case-sensitive;
 * `false` for anything that is not a string, never a throw). Follows
 * `isBuiltInRubric` of @gleanwork/mcp-server-tester@1.1.0
 * (`src/judge/rubrics.ts`), except that only the table's own names count:
 * the reference's `s in BUILT_IN_RUBRICS` is also true for `toString`.
 */
export declare function isBuiltInRubric(s: unknown): s is BuiltInRubric;

/**
 * The rubric text. Throws `INVALID_OPTION` (path `rubric`) for an unknown
 * name, `INVALID_ARGUMENT` for another shape (path `rubric.text` for a
 * `text` that is not a non-empty string).
 */
export declare function resolveRubric(rubric: Rubric): string;

/**
 * The reference's judge prompt. `candidate`/`reference`: a string as is,
 * else `JSON.stringify(v, null, 2)`; a `null`/`undefined` reference prints
 * `No reference provided.`. `rubric`: a built-in name, `{ text }`, or the
 * rubric text itself.
 */
export declare function buildJudgePrompt(candidate: unknown, reference: unknown, rubric: Rubric | string): string;

/** A parsed verdict; `score` in 0–1. */
export interface JudgeVerdict {
  pass: boolean;
  score: number;
  reasoning: string;
}

/**
 * Parses a model reply: the first JSON object holding `score` (or a boolean
 * `pass`), bare, in a code fence or amid prose. Throws `INVALID_JSON` (path
 * `verdict`) when none is found, `INVALID_ARGUMENT` (path `verdict.score`)
 * for a score outside 0–1.
 */
export declare function parseJudgeVerdict(text: string): JudgeVerdict;

/**
 * The caller's model: given the prompt, return the reply text (parsed with
 * `parseJudgeVerdict`) or a `{ score, pass?, reasoning? }` object.
 */
export type JudgeFunction = (
  prompt: string,
  context: { candidate: unknown; reference: unknown; rubric: string },
) => Promise<string | { score: number; pass?: boolean; reasoning?: string }> | string | { score: number; pass?: boolean; reasoning?: string };

/** A named judge (`passesJudge.judge`): scores the response itself. */
export type JudgeExecutor = (response: unknown, reference?: unknown) => Promise<{ score: number; reasoning?: string }>;

/** A `passesJudge` entry. */
export interface JudgeConfig {
  rubric?: Rubric;
  /** The name of a judge in `options.judges`. */
  judge?: string;
  reference?: unknown;
  /** 0–1; default 0.7 (the reference's code; its guide says 1.0). */
  threshold?: number;
  /** Integer ≥ 1; default the case's `judgeReps`, else 1. */
  reps?: number;
  [key: string]: unknown;
}

export interface JudgeOptions {
  /** Named judges; only own properties are looked up (`toString` is never a judge). */
  judges?: Record<string, JudgeExecutor>;
  judgeReps?: number;
  canonicalAnswer?: string;
  /**
   * Called with each warning text (a judge's scores with high variance,
   * "… high variance (stdDev=0.40, scores=[0.10, 0.90]) …"); default
   * `console.warn`, where the reference writes it.
   */
  onWarning?: (message: string) => void;
}

/**
 * `validateJudge` of @gleanwork/mcp-server-tester@1.1.0
 * (`src/assertions/validators/judge.ts`) with the model the caller's: a
 * named judge (`config.judge`, looked up in `options.judges`) is called
 * once with `(response, reference)`; else `judge` is asked `reps` times
 * with the rubric's prompt and the result passes when the mean score is at
 * least the threshold (default 0.7). `details: { score, reasoning,
 * judgeProvider, judgeModel?, scores?, scoreStdDev?, highVariance? }`
 * (`judgeProvider`: `config.provider`, else `anthropic`, as the reference
 * reports it; population standard deviation, high above 0.2, which is also
 * passed to `options.onWarning`). A judge that throws or replies
 * unreadably gives a failed result `Judge evaluation error: …`, an
 * unregistered named judge `Custom judge "x" error: …`, and a config with
 * neither `judge` nor `rubric` `Judge evaluation failed: either "judge" or
 * "rubric" must be provided`, as the reference.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT`/`INVALID_OPTION` at `config.…`
 *   for a malformed config (a threshold outside 0–1, reps not an integer
 *   1–1000, an unknown rubric), at `options` / `options.onWarning` for
 *   options of the wrong type.
 */
export declare function validateJudge(response: unknown, config: JudgeConfig, judge: JudgeFunction | undefined, options?: JudgeOptions): Promise<ValidationResult>;

/** What a predicate may return (or a promise of it). */
export type PredicateResult = boolean | { pass: boolean; message?: string };

/**
 * Runs `predicate(response, extractText(response))`. A throw is a failed
 * result `Predicate threw error: …`; failure messages start with
 * `description` (default `custom predicate`).
 */
export declare function validatePredicate(
  response: unknown,
  predicate: (response: unknown, text: string) => PredicateResult | Promise<PredicateResult>,
  description?: string,
): Promise<ValidationResult>;

/** An `expect` block of an eval case. */
export interface ExpectBlock {
  response?: unknown;
  schema?: string;
  containsText?: string | string[];
  matchesPattern?: string | string[];
  snapshot?: string;
  snapshotSanitizers?: Sanitizer[];
  isError?: boolean | string | string[];
  passesJudge?: JudgeConfig | JudgeConfig[];
  responseSize?: { minBytes?: number; maxBytes?: number };
  toolsTriggered?: ToolCallExpectation;
  toolCallCount?: ToolCallCountOptions;
  /** Programmatic only (not JSON): a custom predicate. */
  predicate?: (response: unknown, text: string) => PredicateResult | Promise<PredicateResult>;
  predicateDescription?: string;
}

export interface EvalCase {
  id: string;
  description?: string;
  mode?: "direct" | "mcp_host";
  /** An `mcp_host` case's task (required there, as the reference). */
  scenario?: string;
  /** An `mcp_host` case's host settings (required there; checked as the reference's `MCPHostConfigSchema`). */
  mcpHostConfig?: Record<string, unknown>;
  toolName?: string;
  args?: Record<string, unknown>;
  tags?: string[];
  /** Runs of this case (runEvalDataset); with more than one, it passes when the pass rate reaches `accuracyThreshold`. */
  iterations?: number;
  /** 0–1, default 1: the share of runs (infrastructure errors left out) that must pass. */
  accuracyThreshold?: number;
  judgeReps?: number;
  canonicalAnswer?: string;
  expect?: ExpectBlock;
  [key: string]: unknown;
}

export interface EvalDataset {
  name: string;
  description?: string;
  cases: EvalCase[];
  metadata?: Record<string, unknown>;
}

/** One problem of a dataset or case, shaped like a zod issue. */
export interface DatasetIssue {
  /** Keys and indices down to the field: `["cases", 3, "expect", "responseSize", "maxBytes"]`. */
  path: Array<string | number>;
  message: string;
  /** zod 4's code: `invalid_type`, `too_small`, `too_big`, `invalid_value`, `invalid_union` or `custom`. */
  code: string;
}

/** The `MatcherError` a dataset check throws: also zod's `issues` (the first problem found). */
export interface DatasetError extends Error {
  code: "INVALID_ARGUMENT";
  path: string;
  issues: DatasetIssue[];
}

/**
 * `validateEvalDataset` of @gleanwork/mcp-server-tester@1.1.0
 * (`src/evals/datasetTypes.ts`, `EvalDatasetSchema`): checks `json` and
 * returns it unchanged (zod would drop unknown keys). Also refuses a
 * `matchesPattern` or custom sanitizer pattern that does not compile here
 * (`invalid regex pattern ")4": …`).
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` naming the first bad field, e.g.
 *   path `cases[3].expect.responseSize.maxBytes`, message `expected a
 *   number`, with `issues` as zod's (`DatasetError`); where the reference
 *   throws a `ZodError` listing every issue.
 */
export declare function validateEvalDataset(json: unknown): EvalDataset;

/**
 * `validateEvalCase` of @gleanwork/mcp-server-tester@1.1.0 (`EvalCaseSchema`):
 * checks one case as `validateEvalDataset` checks each, and returns it.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at the field's path within the
 *   case (`id`, `expect.passesJudge`; a non-object at `evalCase`), with
 *   zod-shaped `issues` (paths from the case).
 */
export declare function validateEvalCase(evalCase: unknown): EvalCase;

/** What `EvalCaseSchema.safeParse` / `EvalDatasetSchema.safeParse` return. */
export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: DatasetError };

/**
 * `EvalCaseSchema` and `EvalDatasetSchema` of @gleanwork/mcp-server-tester@1.1.0
 * (zod schemas there): `parse(v)` is `validateEvalCase` / `validateEvalDataset`
 * (returns the value, or throws the coded `MatcherError` with zod-shaped
 * `issues`); `safeParse(v)` returns `{ success: true, data }` or
 * `{ success: false, error }` (never throws for a refused value); `~standard`
 * is a Standard Schema v1, so `validateSchema` and `toMatchToolSchema` take
 * them. Not zod objects: no `.extend`, `.shape` or `ZodError` (README,
 * compatibility table). `data` is the value given, not a stripped copy.
 */
export declare const EvalCaseSchema: {
  parse(value: unknown): EvalCase;
  safeParse(value: unknown): SafeParseResult<EvalCase>;
  readonly "~standard": { version: 1; vendor: string; validate(value: unknown): { value: EvalCase } | { issues: Array<{ message: string; path: Array<string | number> }> } };
};
/** See {@link EvalCaseSchema}. */
export declare const EvalDatasetSchema: {
  parse(value: unknown): EvalDataset;
  safeParse(value: unknown): SafeParseResult<EvalDataset>;
  readonly "~standard": { version: 1; vendor: string; validate(value: unknown): { value: EvalDataset } | { issues: Array<{ message: string; path: Array<string | number> }> } };
};

/**
 * `loadEvalDatasetFromObject` of @gleanwork/mcp-server-tester@1.1.0: the
 * dataset (checked by `validateEvalDataset` unless `validate: false`) as a
 * new object with `schemas` set to `options.schemas` (default `{}`).
 *
 * @throws {MatcherError} the dataset's; `INVALID_ARGUMENT` at `options` (not
 *   an object), at `data` (not an object, when not validating);
 *   `INVALID_OPTION` at `options.validate` (not a boolean),
 *   `options.schemas` (not an object).
 */
export declare function loadEvalDatasetFromObject(
  data: unknown,
  options?: { schemas?: Record<string, unknown>; validate?: boolean },
): EvalDataset & { schemas: Record<string, unknown> };

export interface EvaluateOptions extends JudgeOptions {
  /**
   * Schemas by name, for `expect.schema`: Standard Schema objects
   * (`~standard.validate`: Zod 3.24+/4, Valibot, ArkType, `jsonSchema()`) or
   * JSON Schema documents (objects or booleans; the first one loads the
   * separate module `mcp-matchers/schema`, and an invalid one throws
   * `INVALID_ARGUMENT` at `options.schemas.<name>`). The value validated is
   * chosen as `validateSchema` chooses it.
   */
  schemas?: Record<string, unknown>;
  judge?: JudgeFunction;
  /** Stored snapshot texts by name, or a function returning one. */
  snapshots?: Record<string, string> | ((name: string) => string | null | undefined | Promise<string | null | undefined>);
}

/** One result per expectation present, keyed as the reference's runner. */
export interface ExpectationResults {
  exact?: ValidationResult;
  schema?: ValidationResult;
  textContains?: ValidationResult;
  regex?: ValidationResult;
  error?: ValidationResult;
  size?: ValidationResult;
  toolsTriggered?: ValidationResult;
  toolCallCount?: ValidationResult;
  judge?: ValidationResult;
  snapshot?: ValidationResult;
  predicate?: ValidationResult;
}

/**
 * Evaluates every expectation present in `expectBlock` against `response`:
 * the core plans (the synchronous checks finished, the rest named), this
 * function awaits the schema validators, judges, snapshot store and
 * predicate the plan needs, and the core words each result; the Rust
 * `evaluate_expectations` runs the same plan.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT`/`INVALID_OPTION` at the block's
 *   field for a malformed block (`expect.containsText[1]`,
 *   `expect.passesJudge[0].threshold`, `expect.snapshotSanitizers[0]`, a
 *   `schema` or `snapshot` name that is not a string), at `predicate` for a
 *   predicate that is not a function, at `judgeReps` / `canonicalAnswer` /
 *   `options.snapshots.<name>` for an option of the wrong type;
 *   `UNSUPPORTED_VALUE` at `response` for a response with no JSON form.
 */
export declare function evaluateExpectations(expectBlock: ExpectBlock, response: unknown, options?: EvaluateOptions): Promise<ExpectationResults>;

export interface EvalCaseResult {
  id: string;
  datasetName: string;
  /** `mcp_host` for a case with a `scenario`, else the case's `toolName`, else `unknown`. */
  toolName: string;
  source: "eval";
  /** No error and every expectation passed; with `iterations` > 1: `assertionPassRate >= accuracyThreshold` (default 1). */
  pass: boolean;
  response: unknown;
  /** The tool call's error message, when it threw. */
  error?: string;
  expectations: ExpectationResults;
  /** Milliseconds (the sum over iterations). */
  durationMs: number;
  tags?: string[];
  /** From `toolsTriggered`'s metrics, when the case has one. */
  toolPrecision?: number;
  toolRecall?: number;
  /** Only with `iterations` > 1 (runEvalCase of the reference): passing share of the runs without infrastructure errors. */
  assertionPassRate?: number;
  /** 95 % interval of `assertionPassRate` as the reference's `wilsonCI` computes it (an adjusted-Wald form centred on (k + z²/2)/(n + z²)); with at least 2 counted runs. */
  assertionPassRateCI?: { lower: number; upper: number };
  /** Share of runs that failed for the environment (network, rate limit, context overflow), not counted in the pass rate. */
  infrastructureErrorRate?: number;
  infrastructureErrorCount?: number;
  iterationResults?: Array<{ pass: boolean; durationMs: number; error?: string; isInfrastructureError: boolean }>;
}

export interface EvalRunResult {
  total: number;
  passed: number;
  failed: number;
  /** passed / total (0 for no cases). */
  passRate: number;
  caseResults: EvalCaseResult[];
  /** Milliseconds. */
  durationMs: number;
  /** Means over the cases with tool metrics, and their F1 (only when some case has them). */
  datasetToolPrecision?: number;
  datasetToolRecall?: number;
  datasetToolF1?: number;
}

/** Options of `runEvalDataset`: `evaluateExpectations`' options and the reference's run options. */
export interface RunEvalOptions extends EvaluateOptions {
  /** Cases run at once (default 1: one after another); results keep case order. */
  concurrency?: number;
  /** Stop after the first failing case (runs sequentially). */
  stopOnFailure?: boolean;
  /** Run only cases with at least one of these tags. */
  filterTags?: string[];
  /** `iterations` for `mcp_host` cases that set none. */
  defaultLlmIterations?: number;
  /** `judgeReps` for cases that set none. */
  defaultJudgeReps?: number;
  /** Called with each case's result as it completes. */
  onCaseComplete?: (result: EvalCaseResult) => void | Promise<void>;
}

/**
 * Validates `dataset`, then for each case calls `callTool(toolName, args,
 * case)` and evaluates its `expect` block. A direct case needs `toolName`
 * and `args`, an `mcp_host` case `scenario` and `mcpHostConfig` (else it
 * fails with the reference's error, `Eval case x: scenario is required for
 * mcp_host mode`, without a call); for a `mode: "mcp_host"` case `callTool`
 * gets `(toolName ?? null, args ?? {}, case)` and should return the host
 * simulation `{ success, toolCalls: [{ name, arguments }] }` that
 * `toolsTriggered`/`toolCallCount` read. A tool call that throws fails its
 * case with `error`, and so does a response that cannot be judged (no JSON
 * form, nested too deep). Follows `runEvalDataset`/`runEvalCase` of
 * @gleanwork/mcp-server-tester@1.1.0: a case with `iterations` > 1 runs that
 * many times and passes when its pass rate (infrastructure errors left out)
 * reaches `accuracyThreshold` (default 1); `concurrency`, `stopOnFailure`,
 * `filterTags`, `defaultLlmIterations`, `defaultJudgeReps`,
 * `onCaseComplete` as there. The reference's Playwright reporting, stored
 * baselines and tool overrides are left out (the caller owns storage).
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at the dataset field path for an
 *   invalid dataset, at `callTool` for a non-function; `INVALID_OPTION` at
 *   `options.<name>` for a bad run option.
 */
export declare function runEvalDataset(
  dataset: EvalDataset,
  callTool: (toolName: string | null, args: Record<string, unknown>, evalCase: EvalCase) => Promise<unknown> | unknown,
  options?: RunEvalOptions,
): Promise<EvalRunResult>;

/** Options of `runEvalCase`: `evaluateExpectations`' options and the result's `datasetName`. */
export interface RunEvalCaseOptions extends EvaluateOptions {
  /** The result's `datasetName` (default `single-case`, as the reference). */
  datasetName?: string;
}

/**
 * `runEvalCase` of @gleanwork/mcp-server-tester@1.1.0 with the tool the
 * caller's (`(evalCase, callTool, options)` where the reference takes `(evalCase,
 * { mcp }, options)`): the case checked as `validateEvalCase` checks it, then
 * run as `runEvalDataset` runs each case: its `iterations` (default 1), its
 * `accuracyThreshold`, `judgeReps` and `canonicalAnswer`.
 *
 * @throws {MatcherError} the case's refusal (with zod-shaped `issues`);
 *   `INVALID_ARGUMENT` at `callTool` for a non-function, at `options`;
 *   `INVALID_OPTION` at `options.datasetName` (not a string),
 *   `options.onWarning`, `options.schemas`; those of `evaluateExpectations`.
 */
export declare function runEvalCase(
  evalCase: EvalCase,
  callTool: (toolName: string | null, args: Record<string, unknown>, evalCase: EvalCase) => Promise<unknown> | unknown,
  options?: RunEvalCaseOptions,
): Promise<EvalCaseResult>;

/** How a case fared from the baseline run to the candidate run. */
export type CaseOutcome = "IMPROVED" | "REGRESSED" | "UNCHANGED_PASS" | "UNCHANGED_FAIL" | "MISSING_FROM_BASELINE" | "MISSING_FROM_CANDIDATE";

/** One compared case: the runs' own case results (absent where a run lacks the id). */
export interface EvalRunCaseComparison<C = EvalCaseResult> {
  id: string;
  outcome: CaseOutcome;
  baseline?: C;
  candidate?: C;
}

/** A run as `compareEvalRuns` reads it (an `EvalRunResult`, or the reference's). */
export interface ComparableEvalRun<C extends { id: string; pass: boolean } = EvalCaseResult> {
  total: number;
  passed: number;
  caseResults: C[];
  datasetToolPrecision?: number;
  datasetToolRecall?: number;
  datasetToolF1?: number;
  metadata?: { toolOverrideVariantId?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** `compareEvalRuns`' result, the reference's `EvalRunComparisonResult`. */
export interface EvalRunComparisonResult<C = EvalCaseResult> {
  baselineLabel: string;
  candidateLabel: string;
  /** passed / total (0 for an empty run). */
  baselinePassRate: number;
  candidatePassRate: number;
  /** candidate − baseline. */
  deltaPassRate: number;
  /** Each tool metric a run has; the delta when both have it. */
  baselineToolPrecision?: number;
  candidateToolPrecision?: number;
  deltaToolPrecision?: number;
  baselineToolRecall?: number;
  candidateToolRecall?: number;
  deltaToolRecall?: number;
  baselineToolF1?: number;
  candidateToolF1?: number;
  deltaToolF1?: number;
  /** Baseline order, then the candidate's cases the baseline lacks. */
  cases: Array<EvalRunCaseComparison<C>>;
  improvedCases: Array<EvalRunCaseComparison<C>>;
  regressedCases: Array<EvalRunCaseComparison<C>>;
  unchangedPasses: Array<EvalRunCaseComparison<C>>;
  unchangedFailures: Array<EvalRunCaseComparison<C>>;
  missingFromBaseline: Array<EvalRunCaseComparison<C>>;
  missingFromCandidate: Array<EvalRunCaseComparison<C>>;
}

/**
 * `compareEvalRuns` of @gleanwork/mcp-server-tester@1.1.0
 * (`src/evals/evalRunComparison.ts`), decided in the core: each baseline
 * case paired by `id` with the candidate's (the last one when the
 * candidate repeats an id) and classed `IMPROVED` (failed, now passes),
 * `REGRESSED` (passed, now fails), `UNCHANGED_PASS`, `UNCHANGED_FAIL` or
 * `MISSING_FROM_CANDIDATE`, then the candidate's other cases
 * `MISSING_FROM_BASELINE`; pass rates and tool-metric deltas. Labels:
 * `labels.baseline` else `baseline`; `labels.candidate`, else the
 * candidate's `metadata.toolOverrideVariantId`, else `candidate`.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `options` (not an object), at
 *   `options.baseline…` / `options.candidate…` for a run without numeric
 *   `total` and `passed`, a case result without a string `id` or a boolean
 *   `pass`, a tool metric that is not a number, a label or variant id that
 *   is not a string (the reference coerces these).
 */
export declare function compareEvalRuns<C extends { id: string; pass: boolean } = EvalCaseResult>(options: {
  baseline: ComparableEvalRun<C>;
  candidate: ComparableEvalRun<C>;
  labels?: { baseline?: string; candidate?: string };
}): EvalRunComparisonResult<C>;
