// Reads a Prometheus text exposition: the value of one series, by name and labels.
export type Samples = Map<string, number>;

const LINE = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const labels = [...(match[3] ?? '').matchAll(LABEL)].map(([, k, v]) => `${k}=${v}`).sort();
    samples.set(`${match[1]}{${labels.join(',')}}`, Number(match[4]));
  }
  return samples;
}

/** The series' value, or undefined when it is not exposed. */
export function sample(
  samples: Samples,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const key = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join(',');
  return samples.get(`${name}{${key}}`);
}

/** Every series of a metric whose labels include these. */
export function series(samples: Samples, name: string): string[] {
  return [...samples.keys()].filter((key) => key.startsWith(`${name}{`));
}
