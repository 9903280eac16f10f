// "did you mean ...?" for a misspelt name: the known name at the smallest edit distance, if it is close.

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest of `known` to `name` within a third of its length (at least 2 edits), or undefined. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (best === undefined || d < best.d) best = { name: candidate, d };
  }
  return best !== undefined && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}
