/** A nullable JSON column, parsed. */
export const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
