import { compareCodeUnits } from '../compare.js';

/**
 * The labels of one series, each a name the metric declares with a value of its declared
 * type, e.g. `{section: string}` or `{outcome: 'ok' | 'error'}`.
 */
export type LabelSet = { readonly [name: string]: string };

/** The label set of a metric without labels: only `{}` fits it, any label is a type error. */
export type NoLabels = { readonly [name: string]: never };

// The arguments of `inc`: labels may be left out only by a metric without labels.
type IncArgs<L extends LabelSet> = NoLabels extends L ? [labels?: L, by?: number] : [labels: L, by?: number];
type SetArgs<L extends LabelSet> = NoLabels extends L ? [value: number, labels?: L] : [value: number, labels: L];

interface Metric {
  readonly name: string;
  render(): string[];
}

// The key of a series: the metric's own label names, in order, with the values given. The
// labels are checked when the code is compiled, not here: a series is counted after the
// write it reports has committed, when a throw would turn that write into a 500, so even a
// label set that slipped past the types (a cast) makes a series with the metric's labels.
function labelKey(labelNames: readonly string[], labels: LabelSet | undefined): string {
  return labelNames.map((name) => `${name}="${escapeLabel(labels?.[name] ?? '')}"`).join(',');
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function series(name: string, key: string, value: number): string {
  return `${name}${key ? `{${key}}` : ''} ${Number.isFinite(value) ? value : 0}`;
}

// A metric without labels has its one series from the start (`name 0`), as Prometheus
// clients do, so that a rule on it finds a value, not an absent series, before it moves.
function initialSeries(labelNames: readonly string[]): Map<string, number> {
  return new Map(labelNames.length === 0 ? [['', 0]] : []);
}

// The label names of a metric, sorted as its series show them; a name given twice is a
// mistake in the metric's declaration, refused when the registry is built, at start.
function declaredLabels(name: string, labelNames: readonly string[]): readonly string[] {
  const sorted = [...new Set(labelNames)].sort(compareCodeUnits);
  if (sorted.length !== labelNames.length) throw new Error(`metric ${name} declares a label twice: [${labelNames.join(', ')}]`);
  return sorted;
}

/**
 * A counter whose series have the labels `L` (`NoLabels`: one series, `name 0` until it
 * counts). `L` gives each label's name and the values it takes; a series with any other
 * label, or without one of them, does not type-check.
 */
export class Counter<in out L extends LabelSet = NoLabels> implements Metric {
  private readonly labelNames: readonly string[];
  private readonly values: Map<string, number>;

  /** `labelNames`: the names of `L`, every one of them. */
  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly (keyof L & string)[] = [],
  ) {
    this.labelNames = declaredLabels(name, labelNames);
    this.values = initialSeries(this.labelNames);
  }

  inc(...[labels, by = 1]: IncArgs<L>): void {
    const key = labelKey(this.labelNames, labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  get(...[labels]: IncArgs<L>): number {
    return this.values.get(labelKey(this.labelNames, labels)) ?? 0;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, value] of [...this.values].sort(([a], [b]) => compareCodeUnits(a, b))) lines.push(series(this.name, key, value));
    return lines;
  }
}

/** A gauge whose series have the labels `L` (`NoLabels`: one series, `name 0` until it is set); see Counter. */
export class Gauge<in out L extends LabelSet = NoLabels> implements Metric {
  private readonly labelNames: readonly string[];
  private readonly values: Map<string, number>;

  /** `labelNames`: the names of `L`, every one of them. */
  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly (keyof L & string)[] = [],
  ) {
    this.labelNames = declaredLabels(name, labelNames);
    this.values = initialSeries(this.labelNames);
  }

  set(...[value, labels]: SetArgs<L>): void {
    this.values.set(labelKey(this.labelNames, labels), value);
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

  /** A counter whose series have the labels `L`, named by `labelNames` (none: one series, shown as `name 0` from the start). */
  counter<L extends LabelSet = NoLabels>(name: string, help: string, labelNames: readonly (keyof L & string)[] = []): Counter<L> {
    return this.add(new Counter<L>(name, help, labelNames));
  }

  /** A gauge whose series have the labels `L`, named by `labelNames` (none: one series, shown as `name 0` from the start). */
  gauge<L extends LabelSet = NoLabels>(name: string, help: string, labelNames: readonly (keyof L & string)[] = []): Gauge<L> {
    return this.add(new Gauge<L>(name, help, labelNames));
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
