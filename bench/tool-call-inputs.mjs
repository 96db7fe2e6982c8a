// The tool-call lists the benchmarks judge (bench/evaluate.mjs, bench/wasm-ab.mjs):
// seeded, so every run and every script sees the same inputs.

function rng(seed) {
  // mulberry32
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "quarterly revenue report forecast customer churn latency error budget deploy rollback incident " +
  "postmortem invoice refund shipment warehouse inventory sensor anomaly dashboard migration schema " +
  "index replica cluster region billing account session token audit policy compliance backlog sprint " +
  "release candidate feature flag experiment cohort retention funnel conversion pricing discount"
).split(" ");
const TAGS = ["finance", "ops", "q3", "q4", "urgent", "draft", "eu-west-1", "us-east-2", "internal", "public", "beta", "ga"];
const LANGS = ["en", "de", "fr", "ja", "pt-BR", "es"];

function makeGen(r) {
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = (a) => a[int(0, a.length - 1)];
  const words = (lo, hi) => Array.from({ length: int(lo, hi) }, () => pick(WORDS)).join(" ");
  const id = () => Math.floor(r() * 2 ** 32).toString(16).padStart(8, "0") + "-" + Math.floor(r() * 2 ** 16).toString(16).padStart(4, "0");
  const date = () => `2024-${String(int(1, 12)).padStart(2, "0")}-${String(int(1, 28)).padStart(2, "0")}`;
  const price = () => Math.round(r() * 100000) / 100;
  return { int, pick, words, id, date, price, r };
}

// ~10 tools, each with a fixed schema of ~5 top-level keys, objects and
// arrays 2-3 levels deep, realistic strings and numbers. `u` is a per-call
// unique token, so no two generated calls have equal arguments by chance.
const TOOLS = {
  search_web: (g, u) => ({
    query: `${g.words(3, 6)} ${u}`,
    options: { limit: g.pick([10, 25, 50]), offset: g.int(0, 200), filters: { lang: g.pick(LANGS), since: g.date(), tags: [g.pick(TAGS), g.pick(TAGS)] } },
    include: ["title", "snippet", "url"].slice(0, g.int(1, 3)),
    ranking: { boost: g.price() / 100, fields: [{ name: "title", weight: g.int(1, 5) }, { name: "body", weight: g.int(1, 3) }] },
    safeSearch: g.r() < 0.8,
  }),
  read_file: (g, u) => ({
    path: `/srv/data/${g.pick(WORDS)}/${g.pick(WORDS)}-${u}.csv`,
    encoding: g.pick(["utf-8", "latin1"]),
    range: { start: g.int(0, 1000), end: g.int(1001, 50000), unit: "bytes" },
    parse: { delimiter: g.pick([",", ";", "\t"]), header: true, columns: [g.pick(WORDS), g.pick(WORDS), g.pick(WORDS)] },
    cache: { ttlSeconds: g.pick([60, 300, 3600]), key: g.id() },
  }),
  write_file: (g, u) => ({
    path: `/tmp/out/${g.pick(WORDS)}_${u}.json`,
    content: `${g.words(8, 20)}.`,
    mode: g.pick(["overwrite", "append"]),
    meta: { author: { name: g.pick(["Ada", "Grace", "Linus", "Barbara"]), id: g.int(1, 9999) }, labels: [g.pick(TAGS)] },
    createDirs: true,
  }),
  query_database: (g, u) => ({
    sql: `SELECT id, ${g.pick(WORDS)}, ${g.pick(WORDS)} FROM ${g.pick(WORDS)} WHERE region = $1 AND created_at > $2 -- ${u}`,
    params: [g.pick(TAGS), g.date()],
    connection: { host: `db-${g.int(1, 9)}.internal`, port: 5432, pool: { min: 1, max: g.int(4, 32) } },
    timeoutMs: g.pick([1000, 5000, 30000]),
    explain: g.r() < 0.1,
  }),
  get_weather: (g, u) => ({
    location: { city: g.pick(["Lisbon", "Osaka", "Denver", "Nairobi", "Oslo"]), coords: { lat: g.price() / 1000, lon: -g.price() / 1000 } },
    units: g.pick(["metric", "imperial"]),
    days: g.int(1, 14),
    fields: ["temp", "wind", "humidity"].slice(0, g.int(1, 3)),
    requestId: u,
  }),
  create_issue: (g, u) => ({
    repo: { owner: g.pick(["acme", "globex", "initech"]), name: `${g.pick(WORDS)}-service` },
    title: `${g.words(4, 8)} (${u})`,
    body: `${g.words(15, 30)}.`,
    labels: [g.pick(TAGS), g.pick(TAGS)],
    assignees: [{ login: g.pick(["ada", "grace", "linus"]), team: { slug: g.pick(WORDS) } }],
  }),
  send_email: (g, u) => ({
    to: [`${g.pick(WORDS)}@example.com`, `${g.pick(WORDS)}@example.org`],
    subject: `${g.words(3, 7)} #${u}`,
    body: { text: `${g.words(20, 40)}.`, format: g.pick(["text", "html"]) },
    attachments: [{ name: `${g.pick(WORDS)}.pdf`, sizeBytes: g.int(1000, 5000000), meta: { pages: g.int(1, 40) } }],
    priority: g.pick(["low", "normal", "high"]),
  }),
  fetch_url: (g, u) => ({
    url: `https://api.example.com/v2/${g.pick(WORDS)}/${u}?page=${g.int(1, 50)}`,
    method: g.pick(["GET", "POST"]),
    headers: { accept: "application/json", "x-trace": { id: g.id(), sampled: g.r() < 0.5 } },
    retry: { attempts: g.int(0, 5), backoff: { initialMs: 100, factor: 2 } },
    timeoutMs: g.pick([2000, 10000]),
  }),
  list_directory: (g, u) => ({
    path: `/home/${g.pick(["ada", "grace", "linus"])}/${g.pick(WORDS)}/${u}`,
    recursive: g.r() < 0.5,
    depth: g.int(1, 4),
    filter: { extensions: [".ts", ".rs", ".md"].slice(0, g.int(1, 3)), hidden: false, size: { min: 0, max: g.int(1e3, 1e7) } },
    sort: { by: g.pick(["name", "mtime", "size"]), desc: g.r() < 0.5 },
  }),
  run_command: (g, u) => ({
    command: g.pick(["cargo", "npm", "make", "pytest"]),
    args: [g.pick(["test", "build", "run"]), `--filter=${g.pick(WORDS)}`, `--seed=${u}`],
    env: { CI: "1", LOG_LEVEL: g.pick(["info", "debug"]), limits: { cpu: g.int(1, 8), memMb: g.pick([512, 2048, 8192]) } },
    cwd: `/work/${g.pick(WORDS)}`,
    timeoutSec: g.int(10, 600),
  }),
};
const TOOL_NAMES = Object.keys(TOOLS);

// A deep copy with every object's keys in a shuffled insertion order.
function permuteKeys(v, r) {
  if (Array.isArray(v)) return v.map((x) => permuteKeys(x, r));
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const out = {};
  for (const k of keys) out[k] = permuteKeys(v[k], r);
  return out;
}

// Changes one leaf (string or number) somewhere in `args`, in place.
function changeOneLeaf(args, r) {
  let node = args;
  for (;;) {
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    const k = keys[Math.floor(r() * keys.length)];
    const v = node[k];
    if (v !== null && typeof v === "object" && (Array.isArray(v) ? v.length : Object.keys(v).length)) {
      node = v;
      continue;
    }
    if (typeof v === "number") node[k] = v + 1;
    else if (typeof v === "boolean") node[k] = !v;
    else node[k] = `${v}-changed`;
    return;
  }
}

// (1) typical: `actual` is `expected` with every object's keys permuted, a
// few values changed and a few extra calls; ~10 distinct tool names. Both
// lists hold n calls: the agent made `few` extra calls at random places and
// did not make the last `few` expected ones.
export function typical(n, seed) {
  const r = rng(seed);
  const g = makeGen(r);
  const few = Math.max(1, Math.round(n * 0.02));
  const expected = [];
  for (let i = 0; i < n; i++) {
    const name = TOOL_NAMES[Math.floor(r() * TOOL_NAMES.length)];
    expected.push({ toolName: name, arguments: TOOLS[name](g, `e${i}`) });
  }
  const actual = expected.slice(0, n - few).map((c) => ({ toolName: c.toolName, arguments: permuteKeys(c.arguments, r) }));
  const changed = new Set();
  while (changed.size < Math.min(few, actual.length)) changed.add(Math.floor(r() * actual.length));
  for (const i of changed) changeOneLeaf(actual[i].arguments, r);
  for (let x = 0; x < few; x++) {
    const name = TOOL_NAMES[Math.floor(r() * TOOL_NAMES.length)];
    actual.splice(Math.floor(r() * (actual.length + 1)), 0, { toolName: name, arguments: TOOLS[name](g, `x${x}`) });
  }
  return { expected, actual };
}

// (2) the reference's quadratic worst case: every call has the same tool name
// and no expected arguments match any actual arguments (in either mode).
export function worst(n, seed) {
  const r = rng(seed);
  const g = makeGen(r);
  const expected = Array.from({ length: n }, (_, i) => ({ toolName: "search_web", arguments: TOOLS.search_web(g, `e${i}`) }));
  const actual = Array.from({ length: n }, (_, i) => ({ toolName: "search_web", arguments: TOOLS.search_web(g, `a${i}`) }));
  return { expected, actual };
}

// What the reference's algorithm returns on `worst` data, by construction:
// no pair is compatible, so the pairing pass pairs nothing, and the fallback
// pass pairs calls of the same name as argument mismatches: every expected
// call in "ignore" and "strict"; in "superset" only expected[0] (the first
// scan ran the cursor to the end of `actual`, so the others have no window).
// Checked against the reference itself on every row where it runs.
export function worstByConstruction(n, order) {
  const mism = order === "superset" ? Math.min(1, n) : n;
  return { passed: false, missing: n - mism, extra: n - mism, argumentMismatches: mism };
}
