import type { ReactNode } from "react";
import { formatBRL } from "~/lib/format";

/**
 * The reports' charts: plain SVG drawn when the page is rendered (on the
 * server, so they show without JavaScript), with a title, axis labels in
 * Portuguese formats, `role="img"` and an `aria-label` that says what it
 * shows, and the same numbers as a table under 'Ver tabela' (`<details>`).
 *
 * Each chart is drawn twice and CSS shows one per width, so the choice needs
 * no JavaScript: from `lg` the wide chart (a 640-unit drawing scaled to its
 * box, at least as wide there, its text 12 units); below, horizontal bars
 * drawn in CSS pixels (no viewBox: nothing is scaled down), one row per
 * category with its label above, the text at 12–13 px however narrow the phone.
 */

const integer = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** '1.234' */
export const formatCount = (n: number) => integer.format(n);
/** '33,3%', '—' for none. */
export const formatRate = (rate: number | null) => (rate === null ? "—" : `${oneDecimal.format(rate)}%`);
/** 'nov/2026' from '2026-11'. */
export const formatMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(0, 4)}`;
/** 'nov/26' (an axis label). */
const shortMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;

/** Colours with a 3:1 contrast on white (WCAG 1.4.11), told apart by the legend's names too. */
const COLOURS = ["#6d28d9", "#0f766e", "#b45309", "#be123c", "#1d4ed8"];

/** The wide drawing from `lg`; the narrow one below it (`NarrowBars`). */
const WIDE = "hidden lg:block";
const NARROW = "lg:hidden";

/** One category of a narrow chart: its label and one bar per series (`share` of the longest bar, 0–1). */
interface NarrowRow {
  label: string;
  bars: { share: number; text: string; colour: string; opacity?: number }[];
}

const NARROW_LABEL_H = 20;
const NARROW_BAR_H = 16;
const NARROW_GAP = 4;
const NARROW_ROW_GAP = 10;
/** The longest bar: the rest of the width holds its value ('R$ 12.345,67'). */
const NARROW_BAR_MAX = 62;

/**
 * Horizontal bars in CSS pixels (the SVG is as wide as its box and has no
 * viewBox): each category's label on its own line (13 px), under it one bar
 * per series with its value (12 px) after it.
 */
function NarrowBars({ rows, label }: { rows: NarrowRow[]; label: string }) {
  const rowHeight = (row: NarrowRow) => NARROW_LABEL_H + row.bars.length * (NARROW_BAR_H + NARROW_GAP) + NARROW_ROW_GAP;
  const tops = rows.reduce<number[]>((acc, row, i) => [...acc, i === 0 ? 0 : acc[i - 1] + rowHeight(rows[i - 1])], []);
  const placed = rows.map((row, i) => ({ row, top: tops[i] }));
  const end = rows.length ? tops[rows.length - 1] + rowHeight(rows[rows.length - 1]) : 0;
  const height = Math.max(end - NARROW_ROW_GAP, NARROW_LABEL_H);
  return (
    <svg width="100%" height={height} role="img" aria-label={label} className={`${NARROW} block overflow-visible`}>
      {placed.map(({ row, top }, r) => (
        <g key={r}>
          <text x="0" y={top + 14} fontSize="13" fill="#0f172a" fontWeight="600">
            {row.label.length > 38 ? `${row.label.slice(0, 37)}…` : row.label}
          </text>
          {row.bars.map((bar, b) => {
            const barTop = top + NARROW_LABEL_H + b * (NARROW_BAR_H + NARROW_GAP);
            const width = Math.max(0, Math.min(1, bar.share)) * NARROW_BAR_MAX;
            return (
              <g key={b}>
                <rect x="0" y={barTop} width={`${width}%`} height={NARROW_BAR_H} rx="2" fill={bar.colour} opacity={bar.opacity} />
                <text x={`${width}%`} dx="6" y={barTop + 12} fontSize="12" fill="#334155">
                  {bar.text}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

export interface Series {
  name: string;
  values: (number | null)[];
}

interface ChartProps {
  title: string;
  /** What the chart says, for screen readers (the table has the numbers). */
  summary: string;
  /** The accessible table's columns and rows (strings as shown). */
  table: { headers: string[]; rows: ReactNode[][] };
}

function Figure({ title, summary, table, children, legend }: ChartProps & { children: ReactNode; legend?: Series[] }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      {children}
      {legend && legend.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
          {legend.map((s, i) => (
            <li key={s.name} className="flex items-center gap-2">
              <span className="inline-block size-3 rounded-sm" style={{ background: COLOURS[i % COLOURS.length] }} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-violet-800 underline">Ver tabela</summary>
        {/* A wide table scrolls on a phone: the region takes the keyboard's focus to scroll it (WCAG 2.1.1). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="mt-2 overflow-x-auto" role="region" aria-label={`Tabela: ${title}`} tabIndex={0}>
          <table className="min-w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.headers.map((h, i) => (
                  <th key={h} scope="col" className={i === 0 ? "px-2 py-1 text-left" : "px-2 py-1 text-right"}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r} className="border-t border-slate-200">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-2 py-1 text-left font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-2 py-1 text-right tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="sr-only">{summary}</p>
    </figure>
  );
}

const W = 640;
const H = 260;
const PAD = { left: 56, right: 12, top: 12, bottom: 48 };
/** The plot's padding: a money axis ('R$ 12.500,00') needs a wider left margin. */
const padFor = (money: boolean) => (money ? { ...PAD, left: 96 } : PAD);
/** A value axis's tick: '75%', 'R$ 1.250,00' or '1.250'. */
function tickLabel(v: number, percent: boolean, money: boolean): string {
  if (percent) return `${oneDecimal.format(v).replace(/,0$/, "")}%`;
  return money ? formatBRL(v) : integer.format(v);
}

/** A round top for the value axis and its ticks (0, ¼, ½, ¾, 1 of it). */
function axisTop(max: number, percent: boolean): number {
  if (percent) return max <= 100 ? 100 : Math.ceil(max / 10) * 10;
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

function Axes({
  top,
  percent,
  money = false,
  yLabel,
  xLabel,
  labels,
  slot,
}: {
  top: number;
  percent: boolean;
  money?: boolean;
  yLabel: string;
  xLabel: string;
  labels: string[];
  slot: number;
}) {
  const PAD = padFor(money);
  const plotH = H - PAD.top - PAD.bottom;
  const every = Math.max(1, Math.ceil(labels.length / 12));
  return (
    <g fontSize="12" fill="#334155">
      {[0, 0.25, 0.5, 0.75, 1].map((f) => {
        const y = PAD.top + plotH * (1 - f);
        const v = top * f;
        return (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end">
              {tickLabel(v, percent, money)}
            </text>
          </g>
        );
      })}
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#64748b" />
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={i} x={PAD.left + slot * (i + 0.5)} y={H - PAD.bottom + 16} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
      <text x={(PAD.left + W - PAD.right) / 2} y={H - 8} textAnchor="middle" fontWeight="600">
        {xLabel}
      </text>
      <text transform={`translate(14 ${PAD.top + plotH / 2}) rotate(-90)`} textAnchor="middle" fontWeight="600">
        {yLabel}
      </text>
    </g>
  );
}

interface SeriesChartProps extends ChartProps {
  /** One label per point ('2026-11' months are shown as 'nov/26'). */
  categories: string[];
  series: Series[];
  yLabel: string;
  xLabel: string;
  /** Values are percentages (axis 0–100%). */
  percent?: boolean;
  /** Values are amounts in reais (axis 'R$ 1.234,56'). */
  money?: boolean;
}

const categoryLabel = (c: string) => (/^\d{4}-\d{2}$/.test(c) ? shortMonth(c) : c.length > 14 ? `${c.slice(0, 13)}…` : c);

/** A series chart's plot: its padding, the axis's top value, each category's width and the plot's height. */
function seriesGeometry({ categories, series, percent = false, money = false }: SeriesChartProps) {
  const PAD = padFor(money);
  const max = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  return {
    PAD,
    top: axisTop(max, percent),
    slot: (W - PAD.left - PAD.right) / Math.max(1, categories.length),
    plotH: H - PAD.top - PAD.bottom,
  };
}

/** A series chart's figure: its legend, the SVG with its title and summary, and the axes under the marks (`children`). */
function SeriesFrame(props: SeriesChartProps & { top: number; slot: number; children: React.ReactNode }) {
  const { top, slot, percent = false, money = false } = props;
  const label = `${props.title}. ${props.summary}`;
  const valueText = (v: number | null) => (v === null ? "—" : percent ? formatRate(v) : money ? formatBRL(v) : integer.format(v));
  const rows: NarrowRow[] = props.categories.map((c, i) => ({
    label: /^\d{4}-\d{2}$/.test(c) ? formatMonth(c) : c,
    bars: props.series.map((s, si) => ({
      share: top ? (s.values[i] ?? 0) / top : 0,
      text: valueText(s.values[i]),
      colour: COLOURS[si % COLOURS.length],
    })),
  }));
  return (
    <Figure {...props} legend={props.series}>
      <NarrowBars rows={rows} label={label} />
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className={`${WIDE} h-auto w-full`}>
        <Axes
          top={top}
          percent={percent}
          money={money}
          yLabel={props.yLabel}
          xLabel={props.xLabel}
          labels={props.categories.map(categoryLabel)}
          slot={slot}
        />
        {props.children}
      </svg>
    </Figure>
  );
}

/** Grouped vertical bars: one group per category, one bar per series. */
export function BarChart(props: SeriesChartProps) {
  const { series } = props;
  const { PAD, top, slot, plotH } = seriesGeometry(props);
  const barW = Math.max(2, (slot * 0.8) / Math.max(1, series.length));
  return (
    <SeriesFrame {...props} top={top} slot={slot}>
      {series.map((s, si) =>
        s.values.map((v, i) => {
          const h = top ? ((v ?? 0) / top) * plotH : 0;
          return (
            <rect
              key={`${si}-${i}`}
              x={PAD.left + slot * i + slot * 0.1 + barW * si}
              y={PAD.top + plotH - h}
              width={barW - 1}
              height={h}
              fill={COLOURS[si % COLOURS.length]}
            />
          );
        }),
      )}
    </SeriesFrame>
  );
}

/** Lines over categories (months), one per series; a missing value breaks the line. */
export function LineChart(props: SeriesChartProps) {
  const { series } = props;
  const { PAD, top, slot, plotH } = seriesGeometry(props);
  const point = (v: number, i: number) => [PAD.left + slot * (i + 0.5), PAD.top + plotH - (top ? (v / top) * plotH : 0)] as const;
  return (
    <SeriesFrame {...props} top={top} slot={slot}>
      {series.map((s, si) => {
        const colour = COLOURS[si % COLOURS.length];
        let d = "";
        let pen = false;
        s.values.forEach((v, i) => {
          if (v === null) {
            pen = false;
            return;
          }
          const [x, y] = point(v, i);
          d += `${pen ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)} `;
          pen = true;
        });
        return (
          <g key={s.name}>
            <path d={d} fill="none" stroke={colour} strokeWidth="2.5" />
            {s.values.map((v, i) => {
              if (v === null) return null;
              const [x, y] = point(v, i);
              return <circle key={i} cx={x} cy={y} r="3.5" fill={colour} />;
            })}
          </g>
        );
      })}
    </SeriesFrame>
  );
}

/** A funnel: one centred bar per step, its width the step's count, with the count and the rate. */
export function FunnelChart(props: ChartProps & { steps: { label: string; count: number; rate: number | null }[] }) {
  const { steps } = props;
  const max = Math.max(1, ...steps.map((s) => s.count));
  const rowH = 44;
  const height = steps.length * rowH + 8;
  const labelW = 150;
  const area = W - labelW - 12;
  const label = `${props.title}. ${props.summary}`;
  const rows: NarrowRow[] = steps.map((s, i) => ({
    label: s.label,
    bars: [
      {
        share: s.count / max,
        text: `${integer.format(s.count)}${i > 0 ? ` (${formatRate(s.rate)})` : ""}`,
        colour: COLOURS[0],
        opacity: 1 - i * 0.15,
      },
    ],
  }));
  return (
    <Figure {...props}>
      <NarrowBars rows={rows} label={label} />
      <svg viewBox={`0 0 ${W} ${height}`} role="img" aria-label={label} className={`${WIDE} h-auto w-full`}>
        {steps.map((s, i) => {
          const w = Math.max(2, (s.count / max) * area);
          const x = labelW + (area - w) / 2;
          const y = 4 + i * rowH;
          return (
            <g key={s.label} fontSize="13">
              <text x={labelW - 8} y={y + rowH / 2 + 4} textAnchor="end" fill="#0f172a">
                {s.label}
              </text>
              <rect x={x} y={y + 4} width={w} height={rowH - 10} rx="4" fill={COLOURS[0]} opacity={1 - i * 0.15} />
              <text
                x={labelW + area / 2}
                y={y + rowH / 2 + 4}
                textAnchor="middle"
                fill={i < 2 ? "#ffffff" : "#0f172a"}
                fontWeight="600"
                stroke={i < 2 ? "none" : "#ffffff"}
                strokeWidth={i < 2 ? 0 : 3}
                paintOrder="stroke"
              >
                {integer.format(s.count)}
                {i > 0 ? ` (${formatRate(s.rate)})` : ""}
              </text>
            </g>
          );
        })}
      </svg>
    </Figure>
  );
}
