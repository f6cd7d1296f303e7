// `npm run bench -- moderation`: the local moderator's latency per message over the labelled set
// (test/fixtures/moderation), BENCH_ROUNDS passes (default 50) after a warm-up, and on one long
// message of ~10 kB. The first call, which compiles the rules' regexes, is reported apart.
import { readFileSync } from 'node:fs';
import { classify, createLocalModerator } from '../src/providers/moderation/local-moderator.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const micros = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

export async function benchModeration(): Promise<void> {
  const messages = (JSON.parse(readFileSync(new URL('../test/fixtures/moderation/messages.json', import.meta.url), 'utf8')) as Array<{ text: string }>).map((m) => m.text);
  const coldStarted = performance.now();
  const moderator = createLocalModerator();
  const coldMs = performance.now() - coldStarted;

  for (const text of messages) classify(text);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const text of messages) {
      const started = performance.now();
      await moderator.check(text);
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  const meanLength = messages.reduce((sum, text) => sum + text.length, 0) / messages.length;
  console.log(`${messages.length} messages (mean ${meanLength.toFixed(0)} chars) × ${ROUNDS} rounds through Moderator.check:` +
    ` p50 ${micros(percentile(samples, 50))}, p99 ${micros(percentile(samples, 99))}, max ${micros(samples.at(-1) as number)}` +
    ` | first use (compiling the rules) ${coldMs.toFixed(1)} ms`);

  const long = messages.join(' ').slice(0, 10_000);
  const longSamples: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now();
    classify(long);
    longSamples.push(performance.now() - started);
  }
  longSamples.sort((a, b) => a - b);
  console.log(`one ${long.length}-char message: p50 ${percentile(longSamples, 50).toFixed(2)} ms, p99 ${percentile(longSamples, 99).toFixed(2)} ms`);
}
