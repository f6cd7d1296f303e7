// Which analyser version made each chunk's search terms: a server re-analyses the chunks of an
// older one from their stored text. Existing chunks (and any a node of an older release still
// writes) are version 1; the index hands them out in a stable order without reading the whole
// table. The same on both
// engines. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const TERMS_VERSION: string[] = [
  `ALTER TABLE chunks ADD COLUMN terms_version INTEGER NOT NULL DEFAULT 1`,
  `CREATE INDEX chunks_by_terms_version ON chunks (terms_version, id)`,
];

export const m0019TermsVersion: ShippedMigration = {
  sqlite: { name: '0019_terms_version', statements: TERMS_VERSION },
  postgres: { name: '0019_terms_version', statements: TERMS_VERSION },
};
