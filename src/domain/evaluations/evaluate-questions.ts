import type { AgentRecord } from '../../ports/agent-store.ts';
import type { TestQuestionRecord, TestResult } from '../../ports/evaluation-store.ts';
import { rankPassages, type SearchDeps } from '../search/rank-passages.ts';
import { K_MAX } from './test-question-fields.ts';

export interface Evaluation {
  results: TestResult[];
  passed: number;
  failed: number;
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * Each question through the ranking `POST /agents/{id}/search` uses, with its floor. A question
 * expecting sources passes when one of them gives a passage in its top `k`; one expecting
 * nothing passes when search returns nothing. Ranked `K_MAX` deep so a miss still shows its rank.
 */
export async function evaluateQuestions(
  deps: SearchDeps,
  agent: AgentRecord,
  questions: readonly TestQuestionRecord[],
  signal?: AbortSignal,
): Promise<Evaluation> {
  const results: TestResult[] = [];
  for (const question of questions) {
    signal?.throwIfAborted();
    const passages = await rankPassages(deps, agent, question.question, K_MAX, { signal });
    const topSources = passages
      .slice(0, question.k)
      .map((passage) => ({ id: passage.source.id, title: passage.source.title, score: round(passage.score) }));
    if (question.expectNothing) {
      const best = passages[0];
      results.push({
        questionId: question.id,
        question: question.question,
        passed: passages.length === 0,
        rank: null,
        score: best ? round(best.score) : null,
        topSources,
      });
      continue;
    }
    const expected = new Set(question.expectedSourceIds ?? []);
    const index = passages.findIndex((passage) => expected.has(passage.source.id));
    const rank = index === -1 ? null : index + 1;
    const score = index === -1 ? null : round((passages[index] as (typeof passages)[number]).score);
    results.push({
      questionId: question.id,
      question: question.question,
      passed: rank !== null && rank <= question.k,
      rank,
      score,
      topSources,
    });
  }
  const passed = results.filter((result) => result.passed).length;
  return { results, passed, failed: results.length - passed };
}
