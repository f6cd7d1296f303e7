import type { SourceViewStore } from '../../../ports/insight-store.ts';
import type { Db } from '../kysely-store.ts';

/** Rows per INSERT: far under SQLite's 32,766 bound parameters (6 columns a row). */
const INSERT_BATCH = 500;

export function createSourceViewRepository(db: Db): SourceViewStore {
  return {
    async replaceSections(sourceId, agentId, sections) {
      await db.deleteFrom('source_sections').where('source_id', '=', sourceId).execute();
      const rows = sections.map((section, ordinal) => ({
        source_id: sourceId,
        agent_id: agentId,
        ordinal,
        text: section.text,
        heading: section.heading,
        page: section.page,
      }));
      for (let start = 0; start < rows.length; start += INSERT_BATCH)
        await db
          .insertInto('source_sections')
          .values(rows.slice(start, start + INSERT_BATCH))
          .execute();
    },
    async sections(agentId, sourceId, { page, size }) {
      const scope = db.selectFrom('source_sections').where('agent_id', '=', agentId).where('source_id', '=', sourceId);
      const counted = await scope.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await scope
        .select(['ordinal', 'text', 'heading', 'page'])
        .orderBy('ordinal')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return {
        items: rows.map((row) => ({
          ...row,
          ordinal: Number(row.ordinal),
          page: row.page === null ? null : Number(row.page),
        })),
        total: Number(counted.total),
      };
    },
    async chunks(agentId, sourceId, { page, size }) {
      const scope = db.selectFrom('chunks').where('agent_id', '=', agentId).where('source_id', '=', sourceId);
      const counted = await scope.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await scope
        .select(['ordinal', 'content', 'heading', 'page'])
        .orderBy('ordinal')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return {
        items: rows.map((row) => ({
          ...row,
          ordinal: Number(row.ordinal),
          page: row.page === null ? null : Number(row.page),
        })),
        total: Number(counted.total),
      };
    },
  };
}
