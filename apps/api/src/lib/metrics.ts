import client from 'prom-client';

/**
 * Every metric the server exposes, in one registry (docs/decisions/0025): names an operator
 * alerts on live here and nowhere else. Labels stay low-cardinality: route patterns, never
 * URLs; outcomes from a fixed list, never error messages.
 */
export const registry = new client.Registry();

let defaultsOn = false;
/** Node's own metrics (event-loop delay, GC pauses, heap), once per process. */
export function collectNodeMetrics() {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'sf_' });
}

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Counter<L>({ name, help, labelNames, registers: [registry] });
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Gauge<L>({ name, help, labelNames, registers: [registry] });

export const metrics = {
  httpRequests: counter('sf_http_requests_total', 'HTTP requests answered', [
    'method',
    'route',
    'status',
  ]),
  httpDuration: new client.Histogram<'method' | 'route' | 'status'>({
    name: 'sf_http_request_duration_seconds',
    help: 'Time from request to answer',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  dbPool: gauge('sf_db_pool_connections', 'Database pool connections by state', ['state']),
  jobsQueued: gauge('sf_jobs_queued', 'Jobs waiting to run, by kind', ['kind']),
  jobsFailed: counter('sf_jobs_failed_total', 'Jobs that failed for good', ['kind']),
  liveSockets: gauge('sf_live_sockets', 'Open live WebSockets on this process'),
  cacheRequests: counter('sf_cache_requests_total', 'In-process cache look-ups', [
    'cache',
    'result',
  ]),
  payments: counter('sf_payments_total', 'Card payments by purpose and outcome', [
    'purpose',
    'outcome',
  ]),
  payouts: counter('sf_payouts_total', 'Store payouts by outcome', ['outcome']),
  refunds: counter('sf_refunds_total', 'Refunds by outcome', ['outcome']),
  paystackRequests: counter('sf_paystack_requests_total', 'Calls to Paystack by outcome', [
    'endpoint',
    'outcome',
  ]),
  smsSent: counter('sf_sms_sent_total', 'SMS handed to the gateway', ['purpose', 'outcome']),
  pushSent: counter('sf_push_sent_total', 'Web Push notices handed to push services', ['outcome']),
  rateLimitFallbacks: counter(
    'sf_rate_limit_fallbacks_total',
    'Rate-limit decisions taken without Redis because it failed or was slow',
    ['reason'],
  ),
  sessionsEnded: counter('sf_sessions_ended_total', 'Sessions ended, by reason', ['reason']),
  loadShed: counter('sf_load_shed_total', 'Requests refused with 503 to shed load', ['reason']),
};
