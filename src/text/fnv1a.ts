/** FNV-1a over the UTF-16 code units, 32 bits unsigned: the same number for the same text on every
 * machine (feature slots of the moderation models, the English word list's hashes). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
