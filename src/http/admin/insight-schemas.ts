// Schemas of the insights and source viewer routes.
import Type from 'typebox';
import { AccountAgentParamsSchema } from './admin-schemas.ts';
import { DEFAULT_PERIOD_DAYS, PERIOD_MAX_DAYS } from '../../domain/insights/period.ts';
import { MessageSchema } from '../schemas.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PeriodQuerySchema = Type.Object({
  from: Type.Optional(
    Type.String({
      format: 'date-time',
      description: `Start of the period (included); default: ${DEFAULT_PERIOD_DAYS} days before \`to\`.`,
    }),
  ),
  to: Type.Optional(
    Type.String({
      format: 'date-time',
      description: `End of the period (excluded); default: now. At most ${PERIOD_MAX_DAYS} days after \`from\`.`,
    }),
  ),
});

export const SourceParamsSchema = Type.Object({
  ...AccountAgentParamsSchema.properties,
  sourceId: Type.String({ minLength: 1, maxLength: 200 }),
});
export const ConversationParamsSchema = Type.Object({
  ...AccountAgentParamsSchema.properties,
  conversationId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const QuestionGroupSchema = Type.Object(
  {
    question: Type.String({ description: 'The most asked wording.' }),
    count: Type.Integer({ description: 'Questions in the group.' }),
    examples: Type.Array(Type.String(), { description: 'Distinct wordings, most asked first (at most 5).' }),
    questionIds: Type.Array(Type.String(), {
      description: 'The questions of the group (at most 100): what POST …/insights/answers covers.',
    }),
    lastAskedAt: Type.String({ format: 'date-time' }),
  },
  { description: 'Questions grouped by meaning: the same question asked several ways is one group.' },
);

export const QuestionGroupsSchema = Type.Object({
  success: Type.Literal(true),
  groups: Type.Array(QuestionGroupSchema),
  questions: Type.Integer({ description: 'Questions in the period (grouped or not).' }),
  truncated: Type.Boolean({
    description: 'True when the period holds more questions than are grouped (the latest 1,000 are).',
  }),
  pagination: Type.Object({
    totalPages: Type.Integer(),
    currentPage: Type.Integer(),
    pagingCounter: Type.Integer(),
    hasNextPage: Type.Boolean(),
    totalGroups: Type.Integer(),
  }),
});

export const DownvotedReplySchema = Type.Object({
  messageId: Type.String(),
  conversationId: Type.String(),
  question: Nullable(Type.String({ description: 'The user message the reply answered.' })),
  reply: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  ratedAt: Type.String({ format: 'date-time' }),
  /** A person's reply, as in message lists. */
  author: MessageSchema.properties.author,
});

export const SourceSectionSchema = Type.Object({
  ordinal: Type.Integer(),
  text: Type.String(),
  heading: Nullable(Type.String({ description: 'The heading the block sits under (DOCX/HTML headings).' })),
  page: Nullable(Type.Integer({ description: 'PDF page, from 1.' })),
});

export const SourceChunkSchema = Type.Object({
  ordinal: Type.Integer(),
  content: Type.String({ description: 'The passage as search returns it.' }),
  heading: Nullable(Type.String({ description: 'Indexed and embedded with the passage.' })),
  page: Nullable(Type.Integer({ description: 'PDF page the passage starts on.' })),
});

export const ConsoleToolCallSchema = Type.Object({
  id: Type.String(),
  messageId: Type.String(),
  name: Type.String(),
  arguments: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('canceled')]),
  output: Nullable(Type.String({ description: 'What the client’s tool returned (completed calls).' })),
  updatedAt: Type.String({ format: 'date-time' }),
});
