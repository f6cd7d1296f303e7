// The config file's validation errors as an operator reads them. A section that is one of several
// shapes told apart by a field (`moderation.provider`, `embeddings.provider`) fails every shape at
// once: Ajv reports each, so a typo in the provider read "must be equal to constant" three times
// without the accepted names, and one missing field of the openai shape came with the local shape's
// complaint about the provider. Only the shape the file chose is reported; no shape chosen, the names.
import type { ErrorObject } from 'ajv';

/** Whether `error` lies under `schemaPath` (that node or below it). */
const under = (error: ErrorObject, schemaPath: string) =>
  error.schemaPath === schemaPath || error.schemaPath.startsWith(`${schemaPath}/`);

/** The branch index of `error` under the anyOf at `schemaPath`, or undefined. */
function branchOf(error: ErrorObject, schemaPath: string): number | undefined {
  const match = new RegExp(`^${schemaPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(\\d+)/`).exec(error.schemaPath);
  return match ? Number(match[1]) : undefined;
}

/** A branch whose field has the wrong constant: the file chose another shape. */
const refusesItsTag = (errors: ErrorObject[]) =>
  errors.some((error) => error.keyword === 'const' && /\/properties\/[^/]+\//.test(error.schemaPath));

export function explainProblems(all: ErrorObject[], at: (error: ErrorObject) => string): string[] {
  let errors = [...all];
  const unions = all
    .filter((error) => error.keyword === 'anyOf')
    .sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  const named: string[] = [];
  for (const union of unions) {
    if (!errors.includes(union)) continue;
    const branches = new Map<number, ErrorObject[]>();
    for (const error of errors) {
      const branch = branchOf(error, union.schemaPath);
      if (branch !== undefined) branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const chosen = [...branches].filter(([, inBranch]) => !refusesItsTag(inBranch)).map(([branch]) => branch);
    const inUnion = errors.filter((error) => under(error, union.schemaPath));
    if (chosen.length > 0) {
      // Keep the chosen shapes' own errors; the others' and the union's line say nothing more.
      errors = errors.filter(
        (error) => !inUnion.includes(error) || chosen.includes(branchOf(error, union.schemaPath) ?? -1),
      );
      continue;
    }
    const tags = inUnion.filter((error) => error.keyword === 'const');
    const place = tags[0] ? at(tags[0]) : at(union);
    const names = [
      ...new Set(tags.map((error) => JSON.stringify((error.params as { allowedValue: unknown }).allowedValue))),
    ];
    if (names.length === 0) continue;
    named.push(`${place}: must be one of ${names.join(', ')}`);
    errors = errors.filter((error) => !inUnion.includes(error));
  }
  const lines = [
    ...errors.map((error) => {
      const extra =
        error.params && 'additionalProperty' in error.params ? ` "${String(error.params.additionalProperty)}"` : '';
      return `${at(error)}: ${error.message ?? 'invalid'}${extra}`;
    }),
    ...named,
  ];
  return [...new Set(lines)];
}
