// The timeline as inline SVG line charts for report.html: no script, nothing loaded from
// elsewhere, readable printed. One chart per measure; each instance its own line when the run
// was split; a soak's first and last fifth shaded (the windows its drift findings compare).
import { escapeMarkup as esc } from "../lib/escape.ts";
import type { Chart, Point, Timeline } from "./timeline.ts";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 56, right: 12, top: 12, bottom: 30 };
/** The first line (all instances, or the only one) is dark; instances follow in distinct hues. */
const COLOURS = ["#1d2430", "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"];

export const CHART_STYLE = `
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(30rem,1fr));gap:1rem}
figure.chart{margin:0;border:1px solid #e3e7ee;border-radius:.3rem;padding:.5rem}
figure.chart figcaption{font-weight:600;margin-bottom:.25rem}
svg.chart{width:100%;height:auto}svg.chart text{font:11px system-ui,sans-serif;fill:#5b6575}
.legend{display:flex;flex-wrap:wrap;gap:.25rem .9rem;font-size:.85rem;color:#5b6575}
.legend i{display:inline-block;width:.9rem;height:.2rem;vertical-align:middle;margin-right:.3rem}`;

/** "Over time" for the report: the charts, or a line saying why there are none. */
export function renderTimeline(timeline: Timeline): string {
  if (timeline.charts.length === 0) return `<h2>Over time</h2><p class="meta">No samples to chart.</p>`;
  const every = timeline.bucketMs >= 60_000 ? `${timeline.bucketMs / 60_000} min` : `${timeline.bucketMs / 1000} s`;
  const windows = timeline.windows
    ? " Shaded: the soak's first and last fifth, the windows its drift findings compare."
    : "";
  return `<h2>Over time</h2>
<p class="meta">One point per ${every} of the run (${(timeline.spanMs / 1000).toFixed(0)} s from the first sample to the last).${windows}</p>
<div class="charts">${timeline.charts.map((c) => renderChart(c, timeline)).join("\n")}</div>`;
}

export function renderChart(chart: Chart, timeline: Timeline): string {
  const points = chart.series.flatMap((s) => s.points);
  const top = niceCeiling(Math.max(0, ...points.map((p) => p.v)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + (plotW * t) / Math.max(timeline.spanMs, 1);
  const y = (v: number) => PAD.top + plotH - (plotH * v) / top;
  const shade = timeline.windows
    ? [
        [0, timeline.windows.middle],
        [timeline.windows.last, timeline.spanMs],
      ]
        .map(
          ([a, b]) =>
            `<rect x="${x(a!).toFixed(1)}" y="${PAD.top}" width="${Math.max(0, x(b!) - x(a!)).toFixed(1)}" height="${plotH}" fill="#fff1c2"/>`,
        )
        .join("")
    : "";
  const grid = [0, 0.5, 1]
    .map((f) => {
      const gy = y(top * f).toFixed(1);
      return `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${gy}" y2="${gy}" stroke="#e3e7ee"/><text x="${PAD.left - 6}" y="${gy}" text-anchor="end" dominant-baseline="middle">${esc(label(top * f))}</text>`;
    })
    .join("");
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const t = timeline.spanMs * f;
      return `<text x="${x(t).toFixed(1)}" y="${HEIGHT - 10}" text-anchor="middle">${(t / 1000).toFixed(0)} s</text>`;
    })
    .join("");
  const lines = chart.series
    .map((s, i) => polyline(s.points, COLOURS[i % COLOURS.length]!, i === 0 ? 2 : 1.25, x, y))
    .join("");
  const legend = chart.series
    .map((s, i) => `<span><i style="background:${COLOURS[i % COLOURS.length]}"></i>${esc(s.label)}</span>`)
    .join("");
  const title = `${chart.title} (${chart.unit})`;
  return `<figure class="chart"><figcaption>${esc(title)}</figcaption>
<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${esc(title)}">${shade}${grid}${ticks}${lines}</svg>
<div class="legend">${legend}</div></figure>`;
}

function polyline(points: Point[], colour: string, width: number, x: (t: number) => number, y: (v: number) => number) {
  if (points.length === 0) return "";
  if (points.length === 1) {
    const p = points[0]!;
    return `<circle cx="${x(p.t).toFixed(1)}" cy="${y(p.v).toFixed(1)}" r="2.5" fill="${colour}"/>`;
  }
  const coords = points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(" ");
  return `<polyline fill="none" stroke="${colour}" stroke-width="${width}" points="${coords}"/>`;
}

/** A round upper bound for the axis (1, 2, 5 x 10^n), at least 1. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= max)!;
  return step * magnitude;
}

function label(v: number): string {
  if (v >= 1000) return `${Number((v / 1000).toFixed(1))}k`;
  return String(Number(v.toFixed(v < 10 ? 2 : 0)));
}
