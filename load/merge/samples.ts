// k6's raw samples (`--out json=FILE`, gzipped when FILE ends in .gz): one JSON object a line,
// "Metric" lines declaring a metric's type and "Point" lines carrying one sample with its time and
// tags. The merge and the charts read every instance's file into one SampleSet.
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { MetricSummary } from "../lib/summary-data.ts";

export type Tags = Readonly<Record<string, string>>;

export interface Sample {
  /** Epoch milliseconds. */
  time: number;
  value: number;
  tags: Tags;
  /** The instance (1-based) whose process recorded it. */
  instance: number;
}

export interface MetricInfo {
  type: MetricSummary["type"];
  contains: MetricSummary["contains"];
}

export interface SampleSet {
  metrics: Map<string, MetricInfo>;
  samples: Map<string, Sample[]>;
}

/** The file names `load` writes and `load merge` looks for, in that order. */
export const SAMPLE_FILES = ["samples.json.gz", "samples.json"];

export function samplesFileIn(dir: string): string | undefined {
  return SAMPLE_FILES.map((name) => join(dir, name)).find((path) => existsSync(path));
}

export function emptySampleSet(): SampleSet {
  return { metrics: new Map(), samples: new Map() };
}

interface Line {
  type?: string;
  metric?: string;
  data?: { type?: string; contains?: string; time?: string; value?: number; tags?: Record<string, string> | null };
}

/** Reads one instance's file into `into`; tag sets are shared between samples that carry the same ones. */
export async function readSamples(file: string, instance: number, into: SampleSet): Promise<void> {
  const interned = new Map<string, Tags>();
  const raw = createReadStream(file);
  const input = file.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text === "") continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      throw new Error(`${file}:${number}: not a JSON line`);
    }
    const name = line.metric;
    if (!name || !line.data) continue;
    if (line.type === "Metric") {
      into.metrics.set(name, {
        type: line.data.type as MetricInfo["type"],
        contains: (line.data.contains ?? "default") as MetricInfo["contains"],
      });
      continue;
    }
    if (line.type !== "Point" || typeof line.data.value !== "number" || !line.data.time) continue;
    const tagsKey = JSON.stringify(line.data.tags ?? {});
    let tags = interned.get(tagsKey);
    if (!tags) {
      tags = Object.freeze({ ...(line.data.tags ?? {}) });
      interned.set(tagsKey, tags);
    }
    let list = into.samples.get(name);
    if (!list) {
      list = [];
      into.samples.set(name, list);
    }
    list.push({ time: Date.parse(line.data.time), value: line.data.value, tags, instance });
  }
}
