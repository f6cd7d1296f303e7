// How well the insights group paraphrases (src/domain/insights/group-questions.ts) with the local
// model: pairwise precision (two questions put together are the same question) and recall (two
// wordings of one question are put together), on the tuning set where the threshold was chosen and
// on a held-out set written afterwards. Printed on every run; floors a little under the measure.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import { GROUPING_THRESHOLD, groupQuestions, wordingKey } from '../../src/domain/insights/group-questions.ts';
import { HELD_OUT, TUNING } from './question-groups-set.ts';
import { TEST_BACKEND } from '../support/backend.ts';

const SKIP =
  TEST_BACKEND === 'postgres' ? 'grouping does not depend on the storage engine: measured on the SQLite run' : false;

async function measure(embedder: EmbeddingProvider, set: string[][], threshold: number) {
  const questions = set.flatMap((group, label) =>
    group.map((text, index) => ({ id: `${label}-${index}`, text, createdAt: index, label })),
  );
  const vectors = await embedder.embed(questions.map((q) => wordingKey(q.text)));
  const byWording = new Map(questions.map((q, index) => [wordingKey(q.text), vectors[index] as Float32Array]));
  const groups = groupQuestions(questions, (wording) => byWording.get(wording), threshold);
  const groupOf = new Map(groups.flatMap((group, index) => group.members.map((member) => [member.id, index] as const)));
  let together = 0;
  let rightTogether = 0;
  let same = 0;
  for (let i = 0; i < questions.length; i += 1) {
    for (let j = i + 1; j < questions.length; j += 1) {
      const a = questions[i] as (typeof questions)[0];
      const b = questions[j] as (typeof questions)[0];
      const grouped = groupOf.get(a.id) === groupOf.get(b.id);
      if (grouped) together += 1;
      if (a.label === b.label) same += 1;
      if (grouped && a.label === b.label) rightTogether += 1;
    }
  }
  return {
    precision: together ? rightTogether / together : 1,
    recall: same ? rightTogether / same : 1,
    groups: groups.length,
    questions: set.length,
  };
}

describe('question grouping (use-lite-512)', { skip: SKIP }, () => {
  let embedder: EmbeddingProvider;
  before(() => {
    embedder = createLocalEmbedder({ workers: 1 });
  });
  after(() => embedder.close());

  test('tuning set: the threshold sweep, and the chosen one', async () => {
    const chosen = await measure(embedder, TUNING, GROUPING_THRESHOLD);
    for (const threshold of [0.5, 0.55, 0.6, 0.65, 0.7]) {
      const figures = await measure(embedder, TUNING, threshold);
      console.log(
        `tuning threshold ${threshold}: precision ${figures.precision.toFixed(3)} recall ${figures.recall.toFixed(3)} groups ${figures.groups}/${figures.questions}`,
      );
      // The threshold is still the right one: no other in the sweep does better on both together.
      assert.ok(
        figures.precision + figures.recall <= chosen.precision + chosen.recall,
        `threshold ${threshold} beats ${GROUPING_THRESHOLD}: ${JSON.stringify(figures)}`,
      );
    }
    // Floors a little under what the chosen threshold measures (docs/insights.md): a lower one merges
    // distinct questions, a higher one leaves wordings alone.
    assert.ok(chosen.precision >= 0.95 && chosen.recall >= 0.75, JSON.stringify(chosen));
  });

  test('held-out set at the chosen threshold', async () => {
    const figures = await measure(embedder, HELD_OUT, GROUPING_THRESHOLD);
    console.log(
      `held-out threshold ${GROUPING_THRESHOLD}: precision ${figures.precision.toFixed(3)} recall ${figures.recall.toFixed(3)} groups ${figures.groups}/${figures.questions}`,
    );
    // Floors a little under what was measured when the threshold was frozen (docs/insights.md): near
    // subjects such as delivery time and delivery abroad merge. Honest, not tuned on.
    assert.ok(figures.precision >= 0.55 && figures.recall >= 0.55, JSON.stringify(figures));
  });
});
