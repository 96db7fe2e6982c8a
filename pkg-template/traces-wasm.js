// Internal module of mcp-matchers: the traces family's WebAssembly module
// (trace readers, PromptResult, the agent loop), compiled synchronously from
// the inlined bytes on first use, its exports guarded (errors.js guard: a trap restarts the
// module). traces.js, agent.js and eval-test.js call through `wasm`.

import * as glue from "./wasm/traces.js";
import { wasmBytes } from "./wasm/traces_bytes.js";
import { guard } from "./errors.js";

/** The module's exports, each guarded. */
export const wasm = guard("traces", glue, wasmBytes);
