import { Controller, Get, Injectable, Module, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import {
  InjectMetric,
  makeCounterProvider,
  makeHistogramProvider,
  PrometheusController,
  PrometheusModule,
} from '@willsoto/nestjs-prometheus';
import { Counter, Histogram, register } from 'prom-client';
import { Public } from '../common/auth/decorators';
import { misnamedGauges } from './metric-names';

const REQUESTS = 'http_requests_total';
const DURATION = 'http_request_duration_seconds';
const labelNames = ['method', 'route', 'status_code'] as const;

/** `GET /metrics`, public, in Prometheus text format (docs/operations.md, "Metrics"). */
@ApiTags('operations')
@SkipThrottle() // scrapers are never rate-limited
@Controller()
export class MetricsController extends PrometheusController {
  @Public()
  @Get()
  @ApiOperation({
    operationId: 'metrics',
    description:
      'Prometheus text format: request counts and latency histograms per route. Never rate-limited.',
    summary: 'Request counts and latencies per route, Prometheus text format; no token',
    security: [],
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ schema: { type: 'string' } })
  override index(@Res({ passthrough: true }) response: unknown) {
    return super.index(response);
  }
}

/** Request counts and latency histograms per route, fed by the HTTP server's onResponse hook. */
@Injectable()
export class HttpMetrics {
  constructor(
    @InjectMetric(REQUESTS) private readonly requests: Counter<(typeof labelNames)[number]>,
    @InjectMetric(DURATION) private readonly duration: Histogram<(typeof labelNames)[number]>,
  ) {}

  record(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = { method, route, status_code: String(statusCode) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }
}

/** Registers prom-client's default process and Node.js metrics in its global registry. */
const prometheus = PrometheusModule.register({ path: '/metrics', controller: MetricsController });
for (const name of misnamedGauges(register.getMetricsAsArray())) {
  register.removeSingleMetric(name);
}

@Module({
  imports: [prometheus],
  providers: [
    makeCounterProvider({ name: REQUESTS, help: 'HTTP requests served', labelNames }),
    makeHistogramProvider({
      name: DURATION,
      help: 'HTTP request latency in seconds',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
    HttpMetrics,
  ],
  exports: [HttpMetrics],
})
export class MetricsModule {}
