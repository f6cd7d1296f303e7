// `tests import --agent A --file F` and `tests export --agent A --file F`: an agent's test
// questions as JSONL or CSV (docs/test-questions.md), the format taken from the file's extension
// (.jsonl, .ndjson, .csv) or from --format.
import { readFileSync, writeFileSync } from 'node:fs';
import { AppError } from '../domain/errors.ts';
import { writeQuestionFile, type QuestionFileFormat } from '../domain/evaluations/test-question-files.ts';
import { toPublicTestQuestion } from '../domain/evaluations/test-run-view.ts';
import { UsageError } from './cli-error.ts';
import { accountContext, required, type Options } from './operator.ts';
import type { Command } from './commands.ts';
import type { DomainDeps } from '../domain/context.ts';

/** The formats the file's extension names; any other extension needs --format (JSONL written to
 * a .json file, or a JSON array read from one, would surprise). */
const FORMAT_OF_EXTENSION: Record<string, QuestionFileFormat> = { csv: 'csv', jsonl: 'jsonl', ndjson: 'jsonl' };

function formatOf(options: Options, file: string): QuestionFileFormat {
  if (options.format === undefined) {
    const format = FORMAT_OF_EXTENSION[file.toLowerCase().split('.').pop() ?? ''];
    if (!format || !/\.[^./\\]+$/.test(file))
      throw new UsageError(`${file}: name the format with --format jsonl or csv`);
    return format;
  }
  if (options.format !== 'csv' && options.format !== 'jsonl') throw new UsageError('--format must be jsonl or csv');
  return options.format;
}

/** The file of --file, read or written; a file that cannot be is said under the option, as
 * --tools and --password-file say theirs (wrong usage, exit 2). */
function readQuestionFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--file: cannot read ${file}: ${(error as Error).message}`);
  }
}

function writeQuestionsTo(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(`--file: cannot write ${file}: ${(error as Error).message}`);
  }
}

async function agentContext(deps: DomainDeps, agentId: string) {
  const accountId = await deps.store.agents.ownerOf(agentId);
  if (!accountId) throw new AppError('NOT_FOUND', `No agent ${agentId}.`);
  return accountContext(deps, accountId);
}

export const TEST_QUESTION_COMMANDS: Record<string, Command> = {
  'tests import': {
    options: ['agent', 'file', 'format'],
    required: ['agent', 'file'],
    run: async (deps, o) => {
      const agentId = required(o, 'agent');
      const file = required(o, 'file');
      const ctx = await agentContext(deps, agentId);
      // Loaded for this command only: importing may start a test run, which brings search's ranking.
      const { importTestQuestions } = await import('../domain/evaluations/import-test-questions.ts');
      const added = (await importTestQuestions(deps, ctx, agentId, readQuestionFile(file), formatOf(o, file))).map(
        toPublicTestQuestion,
      );
      return { imported: added.length, testQuestions: added };
    },
  },
  'tests export': {
    options: ['agent', 'file', 'format'],
    required: ['agent', 'file'],
    run: async (deps, o) => {
      const agentId = required(o, 'agent');
      const file = required(o, 'file');
      const ctx = await agentContext(deps, agentId);
      const questions = await deps.store.testQuestions.all(ctx.accountId, agentId);
      writeQuestionsTo(file, writeQuestionFile(questions, formatOf(o, file)));
      return { exported: questions.length, file };
    },
  },
};
