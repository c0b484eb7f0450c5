// The request-latency histogram of /metrics, kept as plain counts: every answer the portal gives pays one observation,
// and prom-client's Histogram#observe turns the label object into a key and looks the series up on every call (about
// 530 ns; docs/performance.md). Here a route's series is found once, when the route is registered, and an observation
// is a bucket search and three additions (about 20 ns). The registry exports it at scrape
// time in the same text as a prom-client histogram (buckets with `le` first, `+Inf`, `_sum`, `_count`).
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

/** One label set's counts. */
export class LatencySeries {
  /** Observations per bucket (not cumulative); the last slot is past every bound (+Inf). */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  observe(seconds: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    this.counts[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/** A sample as prom-client's registry formats it. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

export class LatencyHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, LatencySeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // the registry reads name, help, type and get() (and reset() on registry.resetMetrics())
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** The series of a label set, made on first use: keep it and observe on it. */
  seriesOf(labels: Labels): LatencySeries {
    const key = JSON.stringify(labels);
    let series = this.series.get(key);
    if (!series) {
      series = new LatencySeries(labels, this.bounds);
      this.series.set(key, series);
    }
    return series;
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: Sample[] } {
    const values: Sample[] = [];
    for (const series of this.series.values()) {
      if (series.count === 0) continue;
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...series.labels }, value: cumulative });
      });
      values.push(
        { metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count },
        { metricName: `${this.name}_sum`, labels: series.labels, value: series.sum },
        { metricName: `${this.name}_count`, labels: series.labels, value: series.count },
      );
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    for (const series of this.series.values()) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
