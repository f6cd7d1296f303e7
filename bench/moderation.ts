// `npm run bench -- moderation`: the local moderator's latency per message, embedding included, over
// the labelled set (test/fixtures/moderation/messages.json), BENCH_ROUNDS passes (default 3) after a
// warm-up. Every message is new to the moderator (its vector cache is bypassed by a suffix), as a
// user's message would be; then the same messages as the next turn of a conversation (one more
// embedding: the turns read together), and the rules alone for comparison.
import { readFileSync } from 'node:fs';
import { createLocalEmbedder } from '../src/providers/embedding/local-embedder.ts';
import { classify, createLocalModerator } from '../src/providers/moderation/local-moderator.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${(sorted.at(-1) as number).toFixed(2)} ms`;
};

export async function benchModeration(): Promise<void> {
  const messages = (JSON.parse(readFileSync(new URL('../test/fixtures/moderation/messages.json', import.meta.url), 'utf8')) as Array<{ text: string }>).map((m) => m.text);
  const embedder = createLocalEmbedder();
  const moderator = createLocalModerator({ embedder, strictness: 'balanced', timeoutMs: 10_000, nonEnglish: 'check' });
  const coldStarted = performance.now();
  await moderator.check('warm up');
  const coldMs = performance.now() - coldStarted;

  const alone: number[] = [];
  const inConversation: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, text] of messages.entries()) {
      let started = performance.now();
      await moderator.check(`${text} (${round})`);
      alone.push(performance.now() - started);
      started = performance.now();
      await moderator.check(`${text} [${round}]`, undefined, { thread: null, earlier: [messages[(i + 1) % messages.length] as string] });
      inConversation.push(performance.now() - started);
    }
  }
  const rules: number[] = [];
  for (const text of messages) {
    const started = performance.now();
    classify(text);
    rules.push(performance.now() - started);
  }
  const meanLength = messages.reduce((sum, text) => sum + text.length, 0) / messages.length;
  console.log(`${messages.length} messages (mean ${meanLength.toFixed(0)} chars) × ${ROUNDS} rounds, each new to the moderator | first check (loads the model) ${coldMs.toFixed(0)} ms`);
  console.log(`  alone (rules + one embedding + classifier): ${summary(alone)}`);
  console.log(`  with an earlier turn (+ the turns read together): ${summary(inConversation)}`);
  console.log(`  rules alone: ${summary(rules)}`);
  await embedder.close();
}
