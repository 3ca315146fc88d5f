/**
 * What the registry says of one metric. prom-client's typings declare `type` a numeric enum, but
 * its metrics hold the text format's word (`'gauge'`, `'counter'`).
 */
export interface MetricKind {
  name: string;
  type: unknown;
}

/**
 * The gauges whose names end in `_total`, a suffix Prometheus keeps for counters (`promtool check
 * metrics` refuses such a gauge). prom-client's default metrics have three,
 * `nodejs_active_handles_total`, `nodejs_active_requests_total` and
 * `nodejs_active_resources_total`, each the sum over its `type` label of the gauge of the same
 * name without the suffix (`sum(nodejs_active_handles)`): they are left out of `/metrics`.
 */
export function misnamedGauges(metrics: readonly MetricKind[]): string[] {
  return metrics
    .filter((metric) => metric.type === 'gauge' && metric.name.endsWith('_total'))
    .map((metric) => metric.name);
}
