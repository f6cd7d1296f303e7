// The metrics of one serving process, in prom-client's registry. Labels carry route patterns,
// methods, statuses, plans and outcomes only: never a URL, key, account id or secret.
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { askPrimaryForMetrics } from './cluster-metrics.ts';

export interface QueueStats {
  waiting: number;
  active: number;
  failed: number;
}

export interface IndexCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface ServiceMetrics {
  readonly contentType: string;
  /** One answered HTTP request: `route` is the route's pattern (`/api/v1/agents/:agentId`). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  sseOpened(): void;
  sseClosed(): void;
  rateLimitRejected(plan: string): void;
  webhookAttempt(outcome: 'succeeded' | 'pending' | 'failed'): void;
  embedded(passages: number, seconds: number): void;
  /** A finished queue job (the ingestion queue reports these). */
  observeJob(kind: string, seconds: number): void;
  setIndexCacheSource(source: () => IndexCacheStats): void;
  setWebhookBacklogSource(source: () => Promise<{ pendingDeliveries: number; undispatchedEvents: number }>): void;
  /** The ingestion queue's depth; until one is registered the queue gauges read 0. */
  registerQueueStats(source: () => Promise<QueueStats>): void;
  /** The exposition text: this process's metrics, or in a cluster worker all workers' added up. */
  collect(): Promise<string>;
  readonly registry: Registry;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

export function createServiceMetrics(options: { clustered: boolean }): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'colloquy_' });
  const requests = new Counter({
    name: 'colloquy_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'colloquy_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const sse = new Gauge({ name: 'colloquy_sse_streams_open', help: 'Server-Sent Events streams open now.', registers });
  const rejections = new Counter({
    name: 'colloquy_rate_limit_rejections_total',
    help: 'Requests refused 429 by the per-account rate limit, by plan.',
    labelNames: ['plan'],
    registers,
  });
  const attempts = new Counter({
    name: 'colloquy_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: succeeded, pending (failed, retried later), failed (for good).',
    labelNames: ['outcome'],
    registers,
  });
  const passages = new Counter({
    name: 'colloquy_embedding_passages_total',
    help: 'Texts embedded (passages and queries).',
    registers,
  });
  const embedSeconds = new Counter({
    name: 'colloquy_embedding_seconds_total',
    help: 'Time spent embedding; passages_total / seconds_total is the throughput.',
    registers,
  });
  const jobs = new Histogram({
    name: 'colloquy_queue_job_duration_seconds',
    help: 'Ingestion queue jobs, by kind, from start to end.',
    labelNames: ['kind'],
    buckets: LATENCY_BUCKETS,
    registers,
  });

  let indexCache: (() => IndexCacheStats) | null = null;
  let backlog: (() => Promise<{ pendingDeliveries: number; undispatchedEvents: number }>) | null = null;
  let queue: (() => Promise<QueueStats>) | null = null;
  const cacheStat = (name: keyof IndexCacheStats) => () => indexCache?.()[name] ?? 0;
  new Gauge({
    name: 'colloquy_index_cache_entries',
    help: 'Agent search indexes held in memory.',
    registers,
    collect: gaugeFrom(cacheStat('entries')),
  });
  new Gauge({
    name: 'colloquy_index_cache_bytes',
    help: 'Bytes of the agent search indexes held in memory.',
    registers,
    collect: gaugeFrom(cacheStat('bytes')),
  });
  // Counters read from the cache's own tallies at scrape time.
  new Counter({
    name: 'colloquy_index_cache_hits_total',
    help: 'Searches answered from an index in memory.',
    registers,
    collect: counterFrom(cacheStat('hits')),
  });
  new Counter({
    name: 'colloquy_index_cache_misses_total',
    help: 'Searches that had to build (or rebuild) an index.',
    registers,
    collect: counterFrom(cacheStat('misses')),
  });
  // Shared state (database rows, the queue) is the same from every worker: a cluster reports the largest reading, not the sum.
  const backlogGauge = new Gauge({
    name: 'colloquy_webhook_backlog',
    help: 'Webhook work waiting: pending deliveries and events not yet fanned out.',
    labelNames: ['kind'],
    aggregator: 'max',
    registers,
    async collect() {
      if (!backlog) return;
      const counts = await backlog();
      backlogGauge.set({ kind: 'deliveries' }, counts.pendingDeliveries);
      backlogGauge.set({ kind: 'events' }, counts.undispatchedEvents);
    },
  });
  const queueGauge = new Gauge({
    name: 'colloquy_queue_jobs',
    help: 'Ingestion queue jobs by state (0 until a queue is registered).',
    labelNames: ['state'],
    aggregator: 'max',
    registers,
    async collect() {
      const stats = queue ? await queue() : { waiting: 0, active: 0, failed: 0 };
      for (const state of ['waiting', 'active', 'failed'] as const) queueGauge.set({ state }, stats[state]);
    },
  });

  // The hot path: one child per label combination, looked up by a string instead of hashing labels.
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<string> }>();
  if (options.clustered) {
    // Answers the primary's AggregatorRegistry with this registry.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  return {
    registry,
    contentType: registry.contentType,
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child)
        children.set(
          key,
          (child = {
            count: requests.labels(method, route, String(status)),
            time: latency.labels(method, route, String(status)),
          }),
        );
      child.count.inc();
      child.time.observe(seconds);
    },
    sseOpened: () => sse.inc(),
    sseClosed: () => sse.dec(),
    rateLimitRejected: (plan) => rejections.inc({ plan }),
    webhookAttempt: (outcome) => attempts.inc({ outcome }),
    embedded(count, seconds) {
      passages.inc(count);
      embedSeconds.inc(seconds);
    },
    observeJob: (kind, seconds) => jobs.observe({ kind }, seconds),
    setIndexCacheSource: (source) => void (indexCache = source),
    setWebhookBacklogSource: (source) => void (backlog = source),
    registerQueueStats: (source) => void (queue = source),
    collect: () => (options.clustered ? askPrimaryForMetrics() : registry.metrics()),
  };
}

function gaugeFrom(read: () => number) {
  return function (this: Gauge) {
    this.set(read());
  };
}

function counterFrom(read: () => number) {
  return function (this: Counter) {
    this.reset();
    this.inc(read());
  };
}
