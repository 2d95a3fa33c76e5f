// The comparison chart drawn as plain SVG, laid out as recharts lays out bar-compare.tsx (the same margins, axis
// width, grid, ticks, bars and legend), so the server sends the finished chart in the page's HTML and no script has
// to run for it. Widths are percentages of the plot, heights pixels of the h-64 box: it fits any width as recharts'
// ResponsiveContainer does, without measuring.

const HEIGHT = 256; // h-64, the box recharts fills
const LEGEND = 20; // the legend's row, MARGIN above the box's bottom
const MARGIN = 8; // BarChart's margin on every side
const X_AXIS = 28; // the category labels' row under the bars
const Y_AXIS = 64; // YAxis width in bar-compare.tsx
const SVG_H = HEIGHT - LEGEND - MARGIN;
const TOP = MARGIN;
const BASE = SVG_H - X_AXIS; // the bars' baseline (value 0)
const AXIS_TEXT = { fontSize: 11, fill: "#475569" } as const;

/** One series of a comparison: its key in the rows, label and colour (the shadcn chart config's shape). */
export type ChartSeries = { key: string; label: string; color: string; money?: boolean };

export type BarCompareProps = {
  /** What the chart compares, read to assistive tech (the figures are also in the table beside it). */
  title: string;
  rows: Record<string, string | number>[];
  /** The row key of each bar group's name. */
  category: string;
  series: ChartSeries[];
};

/**
 * The y axis recharts draws by default for values from 0 to `max`: `count` ticks from 0, each step the rough step
 * (max / (count - 1)) rounded up to a multiple of 0.05 (0.1 below 10) of its power of ten, one such multiple more
 * while the ticks do not reach `max` (recharts' getNiceTickValues, "auto"); 0-4 when every value is 0.
 */
export function niceTicks(max: number, count = 5): number[] {
  const round = (n: number) => Number(n.toPrecision(12));
  if (!(max > 0)) return Array.from({ length: count }, (_, i) => i);
  const rough = max / (count - 1);
  const digits = Math.floor(Math.log10(rough)) + 1;
  const power = 10 ** digits;
  const unit = digits !== 1 ? 0.05 : 0.1;
  let k = Math.ceil(round(rough / power / unit));
  let step = round(k * unit * power);
  while (Math.ceil(round(max / step)) + 1 > count) step = round(++k * unit * power);
  return Array.from({ length: count }, (_, i) => round(i * step));
}

/** The x axis' label of a category: at most 10 characters. */
export const categoryTick = (v: string) => (v.length > 10 ? `${v.slice(0, 9)}…` : v);

/** A y axis label: rupees with Indian grouping and no decimals (₹1,20,000), else the number. */
export const valueTick = (money: boolean | undefined, v: number) =>
  money ? `₹${Math.round(v).toLocaleString("en-IN")}` : String(v);

/**
 * The bars of `rows` side by side per category, with the grid, both axes and the legend: what recharts draws for
 * bar-compare.tsx before any pointer is over it. Each bar carries its figure as a title (the browser's own tooltip).
 */
export function BarSvg({ title, rows, category, series }: BarCompareProps) {
  const values = rows.flatMap((r) => series.map((s) => Number(r[s.key]) || 0));
  const ticks = niceTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1];
  const y = (v: number) => BASE - ((BASE - TOP) * Math.max(0, v)) / top;
  const band = 100 / Math.max(1, rows.length);
  // recharts' defaults: 10% of a category's band on each side, the rest shared by its bars with a ~4 px gap.
  const slot = (band * 0.8) / Math.max(1, series.length);
  const money = series[0]?.money;
  const pct = (n: number) => `${n.toFixed(3)}%`;
  return (
    <figure className="h-64 w-full" aria-label={title} data-chart="svg">
      <div className="flex" style={{ height: SVG_H }} aria-hidden>
        <svg width={MARGIN + Y_AXIS} height={SVG_H} className="shrink-0">
          {ticks.map((t) => (
            <text key={t} x={MARGIN + Y_AXIS - 8} y={y(t)} dy="0.355em" textAnchor="end" {...AXIS_TEXT}>
              {valueTick(money, t)}
            </text>
          ))}
        </svg>
        <svg width="100%" height={SVG_H} className="min-w-0 flex-1" style={{ marginRight: MARGIN }}>
          {ticks.map((t) => (
            <line key={t} x1="0" x2="100%" y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
          ))}
          {rows.map((r, i) => {
            const name = String(r[category] ?? "");
            return (
              <g key={`${i}-${name}`}>
                {series.map((s, j) => {
                  const v = Number(r[s.key]) || 0;
                  const h = BASE - y(v);
                  if (h <= 0) return null;
                  const x = pct(band * i + band * 0.1 + slot * j + slot * 0.0175);
                  const w = pct(slot * 0.965);
                  return (
                    <g key={s.key} fill={s.color}>
                      <title>{`${name}, ${s.label}: ${s.money ? valueTick(true, v) : v.toLocaleString("en-IN")}`}</title>
                      <rect x={x} width={w} y={y(v)} height={h} rx={Math.min(4, h / 2)} />
                      {/* square bottom corners: only the top is rounded, as radius [4, 4, 0, 0] draws it */}
                      <rect x={x} width={w} y={BASE - Math.min(4, h / 2)} height={Math.min(4, h / 2)} />
                    </g>
                  );
                })}
                <text x={pct(band * i + band / 2)} y={BASE + 16} textAnchor="middle" {...AXIS_TEXT}>
                  {categoryTick(name)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <ul
        className="flex flex-wrap justify-center gap-x-3 text-xs"
        style={{ height: LEGEND, marginBottom: MARGIN }}
        aria-hidden
      >
        {series.map((s) => (
          // The label in the text colour (a light series colour fails the contrast ratio); the square says which.
          <li key={s.key} className="flex items-center gap-1 text-foreground">
            <svg width="14" height="14" aria-hidden>
              <rect width="14" height="14" y="0" fill={s.color} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
