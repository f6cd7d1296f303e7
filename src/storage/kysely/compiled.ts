import type { CompiledQuery } from 'kysely';

/** The same compiled SQL with other parameter values, for queries on a hot path. */
export function withParameters<R>(query: CompiledQuery<R>, parameters: readonly unknown[]): CompiledQuery<R> {
  if (parameters.length !== query.parameters.length) throw new Error('parameter count differs from the compiled query');
  return { ...query, parameters };
}
