// USE-lite's SentencePiece tokenizer, with the ids the package's own tokenizer gives, in linear time.
// The package's tokenizer copies the rest of the text at every character to look its pieces up
// (quadratic in the text's length: a long passage took as long to tokenise as a short message to
// embed); this one walks the piece trie from each character in place. The choice of pieces
// is the package's, quirks included (the tie rule, a score of 0 read as "none yet", the step back
// by a piece's UTF-16 length, runs of unknown characters kept as one): use-lite-tokenizer.test.ts
// compares the two on every fixture text.

/** [piece, score] by id, as vocab.json ships it; the first six ids are reserved. */
export type Vocabulary = ReadonlyArray<readonly [string, number]>;

const RESERVED_IDS = 6;
const UNKNOWN_ID = 0;
const WORD_START = '\u2581';

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Set when a piece ends here. */
  piece?: { id: number; score: number; length: number };
}

export interface UseLiteTokenizer {
  encode(text: string): number[];
}

export function createUseLiteTokenizer(vocabulary: Vocabulary): UseLiteTokenizer {
  const root: TrieNode = { children: new Map() };
  for (let id = RESERVED_IDS; id < vocabulary.length; id += 1) {
    const [piece, score] = vocabulary[id] as readonly [string, number];
    const symbols = Array.from(piece);
    let node = root;
    for (const symbol of symbols) {
      let next = node.children.get(symbol);
      if (!next) node.children.set(symbol, (next = { children: new Map() }));
      node = next;
    }
    node.piece = { id, score, length: symbols.length };
  }

  return {
    encode(text) {
      const normalized = text.normalize('NFKC');
      if (normalized.length === 0) return [];
      const symbols = Array.from(WORD_START + normalized.replace(/ /g, WORD_START));
      const best = new Float64Array(symbols.length + 1);
      const chosen = new Int32Array(symbols.length + 1);
      // Every piece starting at `start` relaxes the position it ends at; starts are taken in order,
      // so each end sees its candidates in the order of the package's table (by start, ascending).
      const relax = (start: number, end: number, id: number, score: number) => {
        const total = score + (best[start] as number);
        if (best[end] === 0 || total >= (best[end] as number)) {
          best[end] = total;
          chosen[end] = id;
        }
      };
      for (let start = 0; start < symbols.length; start += 1) {
        let node = root.children.get(symbols[start] as string);
        let matched = false;
        for (let at = start; node;) {
          if (node.piece) {
            relax(start, start + node.piece.length, node.piece.id, node.piece.score);
            matched = true;
          }
          at += 1;
          node = at < symbols.length ? node.children.get(symbols[at] as string) : undefined;
        }
        if (!matched) relax(start, start + 1, UNKNOWN_ID, 0);
      }
      const reversed: number[] = [];
      for (
        let at = symbols.length;
        at > 0;
        at -= (vocabulary[chosen[at] as number] as readonly [string, number])[0].length
      )
        reversed.push(chosen[at] as number);
      const ids: number[] = [];
      for (let i = reversed.length - 1; i >= 0; i -= 1) {
        // The package keeps one unknown of a run (it drops each that follows another, walking back).
        const id = reversed[i] as number;
        if (id === UNKNOWN_ID && i > 0 && reversed[i - 1] === UNKNOWN_ID) continue;
        ids.push(id);
      }
      return ids;
    },
  };
}
