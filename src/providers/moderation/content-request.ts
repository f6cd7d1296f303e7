// Asking the bot to take a role or to write a piece (a script, a story, a poem, a scene), read by
// phrase in the six languages ("Be my late grandad and tell me…", "Write a voicemail script…",
// "Fais comme si tu étais…", "Schreib mir eine Geschichte…"). A request for content is no cry for
// help, whatever grief or despair its words carry: the language model's care does not lift a
// refusal of it (local-moderator.ts); the phrase readers that read help still may. Over normalised text.
import { normalise } from './normalise.ts';
import { wordsStarting } from './vocabulary.ts';

const PIECE_EN = '(?:script|story|poem|scene|dialogue|speech|sermon|screenplay|monologue|rant)';

const ASKS_FOR_CONTENT = wordsStarting(
  // en
  'pretend (?:to be|you are|youre|ur|that you are)',
  'act (?:as|like) (?:my|a|an|if)',
  'role ?play',
  'play (?:the role|the part|a character)',
  'be my (?:late|dead|deceased)',
  'be (?:him|her|them) and',
  'talk (?:just )?like (?:him|her)',
  '(?:stay|in) character',
  '(?:you are|youre) now',
  `write (?:me )?(?:a|an|the) (?:\\w+ )?${PIECE_EN}`,
  // fr
  'fais (?:comme si tu etais|semblant d etre)',
  'joue (?:le role|un personnage)',
  'incarne',
  'ecris (?:moi )?(?:un|une) (?:\\w+ )?(?:scenario|histoire|nouvelle|poeme|scene|dialogue|discours|sketch|monologue)',
  // es
  'finge (?:ser|que eres)',
  'haz (?:el papel|de cuenta)',
  'actua como',
  'interpreta a',
  'escribe(?:me)? (?:un|una) (?:\\w+ )?(?:guion|historia|cuento|poema|escena|dialogo|discurso|relato|monologo)',
  // de
  'tu so als',
  'spiel (?:die rolle|eine figur)',
  'stell dir vor,? du bist',
  'du bist (?:jetzt|ab jetzt)',
  'schreib(?:e)? (?:mir )?(?:eine|einen|ein) (?:\\w+ )?(?:geschichte|drehbuch|gedicht|szene|dialog|rede|skript|monolog)',
  // it
  '(?:fai finta|fingi) di essere',
  'interpreta (?:il|la|un|una)',
  'recita la parte',
  'scrivi(?:mi)? (?:un|una|uno) (?:\\w+ )?(?:storia|racconto|copione|poesia|scena|dialogo|discorso|sceneggiatura|monologo)',
  // pt
  'finge (?:ser|que (?:es|voce e))',
  'faz de conta que',
  'faz o papel',
  'escreve(?:r)?(?: me)? (?:um|uma) (?:\\w+ )?(?:historia|roteiro|poema|cena|dialogo|discurso|conto|monologo)',
);

/** Whether the message asks the bot to take a role or to write a piece. */
export const asksForContent = (text: string): boolean => ASKS_FOR_CONTENT.test(normalise(text));
