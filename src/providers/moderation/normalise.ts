// Text normalisation for the local moderator: the rules are written once, against plain lowercase
// English, and this folds the usual disguises onto it (diacritics, look-alike letters, leetspeak,
// masked letters, spaced-out letters, stretched letters, chat shorthand).

/** Cyrillic and Greek letters that look like Latin ones ("кill"). */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  к: 'k',
  т: 't',
  м: 'm',
  н: 'h',
  в: 'b',
  ο: 'o',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ρ: 'p',
  τ: 't',
};
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};
/** Words people mask with `*` ("f*cking", "k*kes"); a masked word matching one of these is restored. */
const MASKABLE = [
  'fuck',
  'fucking',
  'fucked',
  'fucker',
  'cunt',
  'cum',
  'pussy',
  'kike',
  'kikes',
  'nigger',
  'niggers',
  'nigga',
  'faggot',
  'faggots',
  'fag',
  'fags',
  'bitch',
  'whore',
  'slut',
  'sex',
  'sexy',
  'kill',
  'rape',
  'porn',
  'dick',
  'cock',
  'tits',
  'shit',
  'nude',
  'nudes',
  'retard',
];
const SHORTHAND: Record<string, string> = {
  u: 'you',
  r: 'are',
  ppl: 'people',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  im: 'i am',
  ive: 'i have',
  youre: 'you are',
  ya: 'you',
  fuk: 'fuck',
  fck: 'fuck',
  fuq: 'fuck',
  fking: 'fucking',
  fkn: 'fucking',
  pls: 'please',
  plz: 'please',
  kil: 'kill',
};

const masked = new Map<number, string[]>();
for (const word of MASKABLE) masked.set(word.length, [...(masked.get(word.length) ?? []), word]);

function isLetter(char: string | undefined): boolean {
  return char !== undefined && char >= 'a' && char <= 'z';
}

/** Leetspeak only inside words: a digit after a letter ("k1ll", "t0"), a symbol next to one ("b!tch", "a$$"),
 * so "12yo", "3d", "$5" and "great job!" keep their meaning. */
function unLeet(token: string): string {
  if (!/[a-z]/.test(token)) return token;
  const out: string[] = [];
  let seenLetter = false;
  for (let i = 0; i < token.length; i += 1) {
    const char = token[i] as string;
    const mapped = LEET[char];
    const isDigit = char >= '0' && char <= '9';
    const after = isLetter(out.at(-1));
    const fold =
      mapped !== undefined && (isDigit ? seenLetter : char === '!' ? after && isLetter(token[i + 1]) : after);
    out.push(fold ? (mapped as string) : char);
    if (isLetter(out.at(-1))) seenLetter = true;
  }
  return out.join('');
}

function unmask(token: string): string {
  if (!token.includes('*')) return token;
  const candidates = masked.get(token.length) ?? [];
  const found = candidates.find((word) => [...token].every((char, i) => char === '*' || char === word[i]));
  return found ?? token.replaceAll('*', '');
}

/** Three-letter words worth spelling out to dodge a filter; other three-letter runs stay apart ("u r a", "a b c"). */
const SPELLED_THREE = new Set(['die', 'kys', 'sex', 'cum', 'fag', 'gun', 'gas', 'cut']);

/** Four or more one-letter tokens in a row were one word ("k i l l"); three only when they spell a
 * word from SPELLED_THREE ("d i e"), since three are too often "u r a". */
function joinSpelledOut(tokens: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 4 || (run.length === 3 && SPELLED_THREE.has(run.join('')))) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if (token.length === 1 && isLetter(token)) run.push(token);
    else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out;
}

/** "2"/"4" between words read as "to"/"for" ("how 2 make"); "ur" before an article reads "you are". */
function expandShorthand(tokens: string[]): string[] {
  return tokens.map((token, i) => {
    const next = tokens[i + 1] ?? '';
    if ((token === '2' || token === '4') && i > 0 && isLetter(tokens[i - 1]?.[0]) && isLetter(next[0]))
      return token === '2' ? 'to' : 'for';
    if (token === 'ur') return /^(a|an|the|so|such|going|gonna|just|nothing)$/.test(next) ? 'you are' : 'your';
    return SHORTHAND[token] ?? token;
  });
}

/** Lowercase, single-spaced words framed by a space on each side, so rules can anchor on ` word `. */
export function normalise(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .toLowerCase()
    .replace(/[а-яіοαεικνρτ]/g, (char) => LOOKALIKES[char] ?? char)
    .replace(/(?<=[a-z])['’ʼ`](?=[a-z])/g, '');
  // Letters joined by dots, dashes or underscores were one word ("k.i.l.l", "s-e-x").
  const undotted = folded.replace(/\b[a-z](?:[._-][a-z]\b)+/g, (word) => word.replace(/[._-]/g, ''));
  // Real words are short; capping tokens (here, and after spelled-out letters are joined) keeps
  // normalising and every rule linear on hostile input such as one 100 kB "word".
  const rough = undotted
    .split(/[^a-z0-9@$!|*]+/)
    .filter(Boolean)
    .map((token) => token.slice(0, 60));
  // Plain words skip the leet and mask folding, which cannot change them (most of its cost on long text).
  const plain = /^[a-z]+$/;
  const words = rough
    .map((token) =>
      plain.test(token)
        ? token
        : unmask(unLeet(token))
            .replace(/[^a-z0-9]+/g, ' ')
            .trim(),
    )
    .join(' ')
    .split(' ')
    .filter(Boolean);
  // Stretched letters: a vowel run shrinks to one ("diiie"), a consonant run to two ("killlll").
  const tokens = expandShorthand(joinSpelledOut(words))
    .map((token) => token.slice(0, 40))
    .join(' ')
    .replace(/([aeiou])\1{2,}/g, '$1')
    .replace(/([a-z])\1{2,}/g, '$1$1');
  return ` ${tokens} `;
}
