// The viewer's Web Worker (module page over HTTP): reads and judges off the
// page's thread (engine.js). The one-file build starts the page's own script
// as its worker instead (scripts/build-www.mjs, app.js startWorker).
import { serve } from "./engine.js";

serve(self);
