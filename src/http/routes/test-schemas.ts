// Schemas of the test-question and test-run routes (shared by them and the console's API).
import Type from 'typebox';
import { EXPECTED_SOURCES_MAX, K_DEFAULT, K_MAX, QUESTION_MAX } from '../../domain/evaluations/test-question-fields.ts';
import { AgentIdParamsSchema } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';

export const TestQuestionBodySchema = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: QUESTION_MAX,
      pattern: NOT_BLANK,
      description: `What a user would ask, 1 to ${QUESTION_MAX} characters.`,
    }),
    expectedSourceIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        minItems: 1,
        maxItems: EXPECTED_SOURCES_MAX,
        description: "The agent's sources one of which must give a passage in the top `k`. Not with `expectNothing`.",
      }),
    ),
    expectNothing: Type.Optional(
      Type.Boolean({
        description:
          'true: search must return nothing above its floor (a question the agent should not answer). Not with `expectedSourceIds`.',
      }),
    ),
    k: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: K_MAX,
        description: `How deep an expected source may rank and still pass (default ${K_DEFAULT}).`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const TestQuestionSchema = Type.Object(
  {
    id: Type.String({ description: '`tq_…`' }),
    question: Type.String(),
    expectedSourceIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
    expectNothing: Type.Boolean(),
    k: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A question with the sources expected to answer it, or none.' },
);

const TestResultSchema = Type.Object({
  questionId: Type.String(),
  question: Type.String({ description: 'The question as it was asked in this run.' }),
  passed: Type.Boolean(),
  rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: `Where the first passage of an expected source ranked (searched ${K_MAX} deep), or null.`,
  }),
  score: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: "That passage's score; for a question expecting nothing, the best score found; null when none.",
  }),
  topSources: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), score: Type.Number() }), {
    description: 'The sources of the top `k` passages, best first.',
  }),
});

const RunCounts = {
  passRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'Passed over all questions; null until completed or when there were none.',
  }),
  passed: Type.Integer(),
  failed: Type.Integer(),
  results: Type.Array(TestResultSchema),
};

export const TestRunSchema = Type.Object(
  {
    id: Type.String({ description: '`run_…`' }),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    trigger: Type.Union([Type.Literal('manual'), Type.Literal('knowledge-change')]),
    state: Type.Union(
      [Type.Literal('queued'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')],
      { description: 'Poll `GET …/test-runs/{id}` until `completed` or `failed`.' },
    ),
    model: Type.String({ description: 'The embedding model search ranked with.' }),
    knowledgeVersion: Type.Integer({ description: "The agent's knowledge version the run ranked." }),
    ...RunCounts,
    comparison: Type.Union([Type.Object({ model: Type.String(), ...RunCounts }), Type.Null()], {
      description: 'The same questions under another embedding model, when asked for.',
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why a `failed` run failed.' }),
  },
  { description: "One run of an agent's test questions." },
);

export const TestQuestionParamsSchema = Type.Object({
  ...AgentIdParamsSchema.properties,
  questionId: Type.String({ minLength: 1, maxLength: 200 }),
});
export const TestRunParamsSchema = Type.Object({
  ...AgentIdParamsSchema.properties,
  runId: Type.String({ minLength: 1, maxLength: 200 }),
});
