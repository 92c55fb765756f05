import { compareCodeUnits } from '../compare.js';

/** Label values of one series, e.g. `{section: "window"}`. */
export type Labels = Readonly<Record<string, string>>;

interface Metric {
  readonly name: string;
  render(): string[];
}

function labelKey(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((key) => `${key}="${escapeLabel(labels[key] ?? '')}"`)
    .join(',');
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function series(name: string, key: string, value: number): string {
  return `${name}${key ? `{${key}}` : ''} ${Number.isFinite(value) ? value : 0}`;
}

// The key of a series, once `labels` are checked to be exactly the metric's label names:
// a series with other labels would be another metric under the same name.
function checkedKey(name: string, labelNames: ReadonlySet<string>, labels: Labels): string {
  const given = Object.keys(labels);
  if (given.length !== labelNames.size || given.some((label) => !labelNames.has(label))) {
    throw new Error(`metric ${name} takes the labels [${[...labelNames].join(', ')}], got [${given.join(', ')}]`);
  }
  return labelKey(labels);
}

// A metric without labels has its one series from the start (`name 0`), as Prometheus
// clients do, so that a rule on it finds a value, not an absent series, before it moves.
function initialSeries(labelNames: ReadonlySet<string>): Map<string, number> {
  return new Map(labelNames.size === 0 ? [['', 0]] : []);
}

export class Counter implements Metric {
  private readonly labelNames: ReadonlySet<string>;
  private readonly values: Map<string, number>;

  /** `labelNames`: the labels every series has (none: one series, `name 0` until it counts). */
  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly string[] = [],
  ) {
    this.labelNames = new Set(labelNames);
    this.values = initialSeries(this.labelNames);
  }

  inc(labels: Labels = {}, by = 1): void {
    const key = checkedKey(this.name, this.labelNames, labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  get(labels: Labels = {}): number {
    return this.values.get(labelKey(labels)) ?? 0;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, value] of [...this.values].sort(([a], [b]) => compareCodeUnits(a, b))) lines.push(series(this.name, key, value));
    return lines;
  }
}

export class Gauge implements Metric {
  private readonly labelNames: ReadonlySet<string>;
  private readonly values: Map<string, number>;

  /** `labelNames`: the labels every series has (none: one series, `name 0` until it is set). */
  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly string[] = [],
  ) {
    this.labelNames = new Set(labelNames);
    this.values = initialSeries(this.labelNames);
  }

  set(value: number, labels: Labels = {}): void {
    this.values.set(checkedKey(this.name, this.labelNames, labels), value);
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const [key, value] of [...this.values].sort(([a], [b]) => compareCodeUnits(a, b))) lines.push(series(this.name, key, value));
    return lines;
  }
}

export class Histogram implements Metric {
  private readonly counts: number[];
  private sum = 0;
  private total = 0;

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.total += 1;
    for (let i = 0; i < this.buckets.length; i += 1) {
      if (value <= (this.buckets[i] ?? Infinity)) this.counts[i] = (this.counts[i] ?? 0) + 1;
    }
  }

  get count(): number {
    return this.total;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    this.buckets.forEach((bound, i) => lines.push(series(`${this.name}_bucket`, `le="${bound}"`, this.counts[i] ?? 0)));
    lines.push(series(`${this.name}_bucket`, 'le="+Inf"', this.total));
    lines.push(series(`${this.name}_sum`, '', this.sum));
    lines.push(series(`${this.name}_count`, '', this.total));
    return lines;
  }
}

/** A set of metrics rendered together in the Prometheus text format. */
export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  /** A counter whose series have exactly `labelNames` (none: one series, shown as `name 0` from the start). */
  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.add(new Counter(name, help, labelNames));
  }

  /** A gauge whose series have exactly `labelNames` (none: one series, shown as `name 0` from the start). */
  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.add(new Gauge(name, help, labelNames));
  }

  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, buckets));
  }

  render(): string {
    return `${this.metrics.flatMap((metric) => metric.render()).join('\n')}\n`;
  }

  private add<M extends Metric>(metric: M): M {
    if (this.metrics.some((existing) => existing.name === metric.name)) {
      throw new Error(`metric ${metric.name} registered twice`);
    }
    this.metrics.push(metric);
    return metric;
  }
}
