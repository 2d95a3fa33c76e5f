// Which of a list's columns show at a width, and what a phone card shows: pure functions over the columns'
// declarations (ColumnMeta priority, title, card, minWidth, kind), used by the table on the server (CSS defaults
// by container width, from estimated widths) and in the browser (from measured widths).

/** What the fitting needs of a column, resolved from its declaration and place. */
export type FitColumn = {
  id: string;
  /** The header as text (the detail's and the card's labels, the column menu). */
  label: string;
  /** 1 = never hidden to fit; higher numbers are hidden first (ties: the rightmost first). */
  priority: number;
  /** Sr No, the title, Status / Approval, Action: always shown, not offered in the column menu. */
  locked: boolean;
  role: "sr" | "title" | "status" | "action" | "data";
  /** Shown on a phone card. */
  card: boolean;
  /** Width to assume before the column is measured (its declared minWidth, else by its kind). */
  estimate: number;
};

/** What a column declares (ColumnMeta's fitting fields) and its header text. */
export type ColumnDecl = {
  id: string;
  label: string;
  priority?: number;
  title?: boolean;
  card?: boolean;
  minWidth?: number;
  kind?: "date" | "text";
};

/** The user's column menu: a column shown (kept even when the table must scroll) or hidden. */
export type ColumnChoice = Record<string, "show" | "hide">;

/** Priority of a column that declares none: after every declared one (2-9), hidden from the right. */
export const DEFAULT_PRIORITY = 10;
/** Room the row's detail toggle takes in the Sr No cell once a column is hidden. */
export const TOGGLE_WIDTH = 32;
const STATUS_IDS = new Set(["status", "approval", "decision"]);
/** Card fields a list that declares none shows besides the title line. */
const DEFAULT_CARD_FIELDS = 3;

/**
 * The columns resolved: Sr No (`sr_no`) and Action (`action`) locked; the title (the column declaring `title`, else
 * the first column that is not Sr No, status or Action) and Status / Approval never hidden; the rest by priority.
 * Card fields: the title, the status columns, and those declaring `card`; when none does, the first date column,
 * then the most important others, up to three besides the title.
 */
export function resolveColumns(decls: ColumnDecl[]): FitColumn[] {
  const roleOf = (d: ColumnDecl): FitColumn["role"] =>
    d.id === "sr_no" ? "sr" : d.id === "action" ? "action" : STATUS_IDS.has(d.id) ? "status" : "data";
  const declaredTitle = decls.find((d) => d.title);
  const title = declaredTitle ?? decls.find((d) => roleOf(d) === "data");
  const cols: FitColumn[] = decls.map((d) => {
    const role = d === title ? "title" : roleOf(d);
    const locked = role !== "data" && (role !== "status" || d.priority === undefined || d.priority <= 1);
    return {
      id: d.id,
      label: d.label,
      priority: locked ? 1 : (d.priority ?? DEFAULT_PRIORITY),
      locked,
      role,
      // The title and the status columns are always on the card (its title line).
      card: !!d.card || role === "title" || (role === "status" && locked),
      estimate: d.minWidth ?? estimateOf(role, d),
    };
  });
  if (!decls.some((d) => d.card)) {
    const pick = (c: FitColumn | undefined) => {
      if (c && !c.card && cols.filter((x) => x.card && x.role !== "title").length < DEFAULT_CARD_FIELDS)
        c.card = true;
    };
    cols.filter((c) => c.role === "status").forEach(pick);
    pick(cols.find((c, i) => c.role === "data" && decls[i].kind === "date"));
    byImportance(cols.filter((c) => c.role === "data")).forEach(pick);
  }
  return cols;
}

function estimateOf(role: FitColumn["role"], d: ColumnDecl): number {
  if (role === "sr") return 48;
  if (role === "status") return 100;
  if (role === "action") return 100;
  if (d.kind === "date") return Math.max(105, d.label.length * 8 + 24);
  return Math.max(140, d.label.length * 8 + 24);
}

/** Most important first: lower priority number, then leftmost. */
function byImportance(cols: FitColumn[]): FitColumn[] {
  return cols
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.priority - b.c.priority || a.i - b.i)
    .map((x) => x.c);
}

/**
 * The columns hidden at `available` px: those the user hid, then, while the table is wider than that, the highest
 * priority number first (the rightmost of equals), never a locked column nor one the user chose to show. `widths`
 * are the columns' natural widths (a column missing from it counts its estimate). Once a column hides, the row's
 * detail toggle takes its room too.
 */
export function hiddenColumns(
  cols: FitColumn[],
  available: number,
  widths: Record<string, number> = {},
  choice: ColumnChoice = {},
): string[] {
  const hidden = cols.filter((c) => !c.locked && choice[c.id] === "hide").map((c) => c.id);
  const width = (c: FitColumn) => widths[c.id] ?? c.estimate;
  let total = cols.filter((c) => !hidden.includes(c.id)).reduce((s, c) => s + width(c), 0);
  const candidates = byImportance(
    cols.filter((c) => !c.locked && !hidden.includes(c.id) && choice[c.id] !== "show"),
  ).reverse();
  for (const c of candidates) {
    if (total + (hidden.length ? TOGGLE_WIDTH : 0) <= available) break;
    hidden.push(c.id);
    total -= width(c);
  }
  return hidden;
}

/** Container widths (px) at which the server's CSS shows more columns, before the browser has measured. */
export const FIT_STEPS = [560, 680, 800, 920, 1040, 1160, 1280, 1440, 1600, 1800, 2000, 2400];

/**
 * The server's guess before the browser measures: for each container width step, the 1-based places of the columns
 * hidden below it (from the estimated widths). A table renders them as container queries, so a laptop never sees
 * the full-width table first; the browser then refines the set from measured widths.
 */
export function defaultHiding(cols: FitColumn[]): { below: number | null; places: number[] }[] {
  const placesHidden = (w: number) =>
    hiddenColumns(cols, w).map((id) => cols.findIndex((c) => c.id === id) + 1);
  const out: { below: number | null; places: number[] }[] = [];
  // Below step i the columns the previous step's width hides (the lower bound of the range), nested: at a narrow
  // width every rule of the wider ranges applies as well.
  FIT_STEPS.forEach((step, i) => {
    const places = placesHidden(i === 0 ? 0 : FIT_STEPS[i - 1]);
    if (places.length) out.push({ below: step, places });
  });
  const widest = placesHidden(FIT_STEPS[FIT_STEPS.length - 1]);
  if (widest.length) out.push({ below: null, places: widest });
  return out;
}

/** A string as a CSS string literal (a header in `content:`). */
export const cssString = (s: string) => `"${s.replace(/["\\]/g, "\\$&").replace(/\n/g, " ")}"`;

/** What the browser decided: phone cards, or the desktop table with these columns hidden. */
export type FitState = { phone: boolean; hidden: string[] };

/**
 * The table's own style sheet (scoped to its box by `scope`, a selector): on a laptop the columns hidden (the
 * server's container-query guess until the browser has measured, then the measured set) and the title frozen
 * beside Sr No; on a phone (< md) each row a card: the title line (title, status, actions), the card fields with
 * their headers as labels, the rest in the row's detail. Places, not classes, so no cell carries more markup.
 */
export function fitCss(scope: string, cols: FitColumn[], fit: FitState | null): string {
  const at = (id: string) => cols.findIndex((c) => c.id === id) + 1;
  const cells = (places: number[], rowOnly = false) => {
    const nth = places.map((p) => `:nth-child(${p})`).join(",");
    const body = `${scope} .dt-tr>td:is(${nth})`;
    // Only this table's own header (a cell may hold a table of its own: a request's pets).
    return rowOnly ? body : `${scope}>table>thead>tr>th:is(${nth}),${body}`;
  };
  const out: string[] = [];
  const wide: string[] = [];
  if (!fit) {
    for (const { below, places } of defaultHiding(cols)) {
      const rule = `${cells(places)}{display:none}`;
      wide.push(below === null ? rule : `@container (width < ${below}px){${rule}}`);
    }
  } else if (!fit.phone && fit.hidden.length) {
    wide.push(`${cells(fit.hidden.map(at))}{display:none}`);
  }
  const title = cols.findIndex((c) => c.role === "title") + 1;
  if (title) {
    wide.push(
      `${cells([title])}{position:sticky;left:var(--dt-sr,3rem);z-index:1;background:inherit}`,
      `${scope}>table>thead>tr>th:nth-child(${title}){z-index:20;background:var(--color-slate-50)}`,
      `${cells([title]).replaceAll(scope, `${scope}[data-scrolled]`)}{box-shadow:8px 0 8px -8px rgb(15 23 42/.25)}`,
    );
  }
  const sr = at("sr_no");
  if (sr) wide.push(`${cells([sr])}{position:sticky;left:0;z-index:1;background:inherit}`);
  if (sr)
    wide.push(`${scope}>table>thead>tr>th:nth-child(${sr}){z-index:20;background:var(--color-slate-50)}`);
  out.push(`@media (width >= 48rem){${wide.join("")}}`);

  const phone: string[] = [];
  const places = (pred: (c: FitColumn) => boolean) => cols.flatMap((c, i) => (pred(c) ? [i + 1] : []));
  // Cells as wide as their content (a column's width utility, such as Status's w-px, is for the table).
  phone.push(`${scope} .dt-tr>td{width:auto}`);
  const off = places((c) => !c.card && c.role !== "action" && c.role !== "sr" && c.role !== "status");
  if (off.length) phone.push(`${cells(off)}{display:none}`);
  if (title)
    phone.push(
      `${cells([title], true)}{order:1;flex:1 1 0;min-width:50%;font-weight:600;color:var(--color-slate-900)}`,
    );
  const status = places((c) => c.role === "status");
  if (status.length) phone.push(`${cells(status, true)}{order:3}`);
  const action = places((c) => c.role === "action");
  if (action.length) phone.push(`${cells(action, true)}{order:2;margin-left:auto}`);
  cols.forEach((c, i) => {
    if (!c.card || c.role === "title" || c.role === "status") return;
    phone.push(
      `${cells([i + 1], true)}{order:5;flex:1 1 40%}`,
      `${scope} .dt-tr>td:nth-child(${i + 1})::before{content:${cssString(c.label)}}`,
    );
  });
  out.push(`@media (width < 48rem){${phone.join("")}}`);
  return out.join("\n");
}

/** The card fields' places (1-based) and how many, for the table's data attributes (tests read them). */
export function cardPlaces(cols: FitColumn[]): number[] {
  return cols.flatMap((c, i) => (c.card ? [i + 1] : []));
}
