// Which part of a run this k6 process is, from its execution segment (pure: the scenarios, the
// merge and a unit test use it). k6-operator starts runner i of N (1-based) with
// `--execution-segment=(i-1)/N:i/N --execution-segment-sequence=0,1/N,...,1`; `load --instances N`
// does the same. k6 splits VUs and arrival rates by the segment; what the scenarios create
// themselves (conversations, names) is split here the same way.

export interface Segment {
  /** 1-based position of the segment in its sequence: k6-operator's instance_id tag. */
  index: number;
  /** Segments in the sequence: the instances of the run. */
  count: number;
  from: number;
  to: number;
  /** k6's own notation, e.g. "1/2:1". */
  text: string;
}

/** "0", "1", "1/3", "0.5" or "50%" (the forms k6 accepts) as a number in [0, 1]. */
export function parseFraction(text: string): number {
  const t = text.trim();
  let value: number;
  if (t.endsWith("%")) value = Number(t.slice(0, -1)) / 100;
  else if (t.includes("/")) {
    const [num, den] = t.split("/").map(Number) as [number, number];
    value = num / den;
  } else value = Number(t);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`not an execution segment fraction: "${text}"`);
  return value;
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * The segment this process runs, or undefined when it runs the whole test (no segment, or 0:1).
 * Without a sequence, the segment is taken as one of equal parts.
 */
export function parseSegment(segment: string | null | undefined, sequence?: string | null): Segment | undefined {
  if (!segment) return undefined;
  const [a, b] = segment.split(":");
  const from = parseFraction(b === undefined ? "0" : a!);
  const to = parseFraction(b === undefined ? a! : b);
  if (!(to > from)) throw new Error(`execution segment "${segment}" is empty`);
  if (close(from, 0) && close(to, 1)) return undefined;
  const bounds = sequence ? sequence.split(",").map(parseFraction) : undefined;
  if (bounds && bounds.length >= 2) {
    const at = bounds.findIndex((x) => close(x, from));
    if (at >= 0 && at + 1 < bounds.length && close(bounds[at + 1]!, to)) {
      return { index: at + 1, count: bounds.length - 1, from, to, text: segment };
    }
  }
  const length = to - from;
  return { index: Math.round(from / length) + 1, count: Math.round(1 / length), from, to, text: segment };
}

/** The `k6 run` flags of instance `index` (1-based) of `count`: what k6-operator passes its runners. */
export function segmentFlags(index: number, count: number): string[] {
  const at = (i: number) => (i === 0 ? "0" : i === count ? "1" : `${i}/${count}`);
  const sequence = Array.from({ length: count + 1 }, (_, i) => at(i)).join(",");
  return [`--execution-segment=${at(index - 1)}:${at(index)}`, `--execution-segment-sequence=${sequence}`];
}

/**
 * The items (conversations, say) of `total` this segment owns: [start, end). Neighbouring segments
 * meet at the same rounded boundary, so the instances of a run own every item exactly once.
 */
export function ownedRange(total: number, segment: Segment | undefined): { start: number; end: number } {
  if (!segment) return { start: 0, end: total };
  return { start: Math.round(segment.from * total), end: Math.round(segment.to * total) };
}
