// The writer putting their own means of self-harm out of reach, read by phrase in the six
// languages: giving the pills to their mother, the blades to a therapist, taking them back to the
// pharmacy. Never for someone else's harm or their own end, nor with an amount, a method or hiding
// asked (first-aid-check.ts's list). Answered with care like the support-seeking phrases
// (support-check.ts). Over normalised text.
import { ASKS_FOR_MEANS } from './first-aid-check.ts';
import { AN_END, wholeWords } from './vocabulary.ts';
import { normalise } from './normalise.ts';

/** Pills or blades, what one puts out of one's own reach. */
const MEANS_HELD = wholeWords(
  'pills',
  'tablets',
  'meds',
  'medications?',
  'medicines',
  'antidepressants',
  'blades',
  'razors',
  'medicaments',
  'cachets',
  'comprimes',
  'pilules',
  'lames',
  'rasoirs',
  'antidepresseurs',
  'pastillas',
  'pildoras',
  'medicamentos',
  'antidepresivos',
  'cuchillas',
  'navajas',
  'tabletten',
  'pillen',
  'medikamente',
  'antidepressiva',
  'klingen',
  'rasierklingen',
  'pillole',
  'pastiglie',
  'farmaci',
  'antidepressivi',
  'lamette',
  'lame',
  'comprimidos',
  'remedios',
  'antidepressivos',
  'laminas',
  'giletes',
);

/** Putting them away: getting rid of them, handing them to someone, back to the pharmacy. */
const PUTS_AWAY = wholeWords(
  'get rid of',
  'throw (?:\\w+ ){0,2}(?:away|out)',
  'dispose of',
  'lock (?:them|it) (?:up|away)',
  '(?:hand|give) (?:\\w+ ){0,3}(?:over )?to (?:my|the|a|her|him)',
  'take (?:them|it) (?:back )?to (?:the|a) (?:pharmacy|chemist)',
  'flush (?:them|it)',
  'me debarrasser',
  'jeter',
  'donner (?:\\w+ ){0,2}a (?:ma|mon|la|le|un|une)',
  '(?:rapporter|ramener) (?:\\w+ ){0,2}(?:a la|en) pharmacie',
  'confier',
  'deshacerme',
  '(?:tirar|botar)(?:las|los)?',
  'dar(?:le|selas|selos)? (?:\\w+ ){0,2}a (?:mi|la|el)',
  'llevar(?:las|los)? a la farmacia',
  'entregar(?:las|los|le|selas)?',
  'loswerden',
  'wegwerfen',
  'entsorgen',
  'wegschlie\\w*',
  'abgeben',
  '(?:meiner|meinem|der|dem) (?:\\w+ )?geben',
  'in die apotheke (?:\\w+ )?(?:bringen|zuruckbringen|geben)',
  'liberarmi',
  'sbarazzarmi',
  'buttar(?:e|le|li)',
  'dar(?:e|le|li|gliele)? (?:\\w+ ){0,2}a (?:mia|mio|la|il)',
  'port\\w* (?:\\w+ ){0,2}in farmacia',
  'consegnar\\w*',
  'me livrar',
  '(?:jogar|deitar) (?:\\w+ )?fora',
  'dar (?:\\w+ ){0,2}(?:a|para) (?:minha|meu|a|o)',
  'lev\\w* (?:\\w+ ){0,2}(?:a|na|para a) farmacia',
  'entregar',
);

/** For someone else to use, or to end it: never putting one's means away. */
const FOR_HARM = wholeWords(
  ...AN_END,
  'kill (?:him|her|them|my)sel\\w*',
  'se tuer',
  'matarse',
  'uccider\\w*',
  'se matar',
);

/** Whether the writer asks how to put their own pills or blades out of reach, and for no harm. */
export function putsMeansAway(text: string): boolean {
  const normalised = normalise(text);
  return (
    MEANS_HELD.test(normalised) &&
    PUTS_AWAY.test(normalised) &&
    !FOR_HARM.test(normalised) &&
    !ASKS_FOR_MEANS.test(normalised)
  );
}
