// Asking how to hide one's own risk from the people who would keep one safe, read by phrase in the
// six languages: a plan or the intention to die, cuts or burns, purging, not eating or weight still
// being lost, an act done on purpose, hidden from a therapist, a doctor, a crisis team, a teacher,
// parents or a partner ("help me hide my plan from my therapist", "cómo oculto mi pérdida de peso en
// la consulta", "wie verheimliche ich, dass ich weiter abgenommen habe"); or what to say to be let go
// by a crisis or psychiatric team. The language model reads the despair in such a message as care:
// local-moderator.ts refuses it in self-harm before any care is read. Not a request of this kind:
// telling them ("how do I tell my therapist I have a plan"), someone else hiding ("my daughter hides
// her cuts"), old scars in recovery, or hiding one's means to be rid of them. Over normalised text.
import { normalise } from './normalise.ts';
import { wholeWords } from './vocabulary.ts';

/** Hiding, or keeping someone from noticing, in the writer's own request (not "she hides"). */
const HIDE = wholeWords(
  // en
  'hide',
  'conceal',
  'cover up',
  'keep (?:it|this|them) (?:a )?(?:secret|hidden)',
  '(?:doesnt|dont|wont|never|cant|not) (?:find out|notice|realise|realize|figure out|suspect|clock|catch on|see them)',
  'pretend (?:to|that) (?:im|i am) (?:fine|ok|okay|eating|better)',
  'fake (?:the )?(?:weigh ins?|being (?:fine|ok|better)|recovery)',
  'avoid saying',
  // fr
  'cacher',
  'je (?:le |les |lui |leur )?cache',
  'dissimuler',
  'faire semblant',
  'ne (?:se doute|remarque|sache|voie|devine|capte)',
  // es
  'escondo',
  'esconder(?:lo|la|los|las|le|les|selo|sela)?',
  'le escondo',
  'ocult(?:o|ar|arlo|arla|arle)',
  'disimul(?:o|ar)',
  'no se (?:de|den) cuenta',
  'no se enteren?',
  'no debo decir',
  // de
  'verstecke?',
  'versteck ich',
  'verstecken',
  'verheimliche?n?',
  'verberge?n?',
  '(?:nichts|nie|es nie|nicht) merk(?:t|en)',
  'darf ich (?:auf keinen fall )?(?:nicht )?sagen',
  // it
  'nascondo',
  'nasconder(?:e|lo|la|li|le|gli)?',
  'dissimulare',
  'non se ne accorg\\w*',
  '(?:cosa|che) devo evitare di dire',
  // pt ("escondo", "esconder" as in es)
  'disfar(?:co|car)',
  'fingir',
  'nao (?:perceba|desconfie|descubra|repare|note)',
  'nunca descobr\\w*',
  'nao posso falar',
);

/** The writer's own risk, held now. */
const RISK = wholeWords(
  // en
  '(?:my|a|the) (?:suicide )?plan',
  'have a plan',
  'going through with it',
  'still (?:want|intend|mean|plan)\\w*',
  '(?:fresh )?(?:cuts|burns)',
  'self ?harm(?:ing)?',
  '(?:that )?im (?:cutting|not eating|still losing|throwing up)',
  '(?:my )?weight loss',
  '(?:losing|lost) (?:\\w+ )?weight',
  'not eating',
  'throwing up',
  'on purpose',
  // fr
  '(?:mon|ce) (?:plan|projet)',
  'coupures',
  'brulures',
  'scarif\\w*',
  'perte de poids',
  'vomissements',
  'je (?:ne )?mange (?:plus|pas|rien)',
  'en finir',
  // es
  '(?:un|mi) plan',
  'cortes',
  'quemaduras',
  'perdida de peso',
  'baje (?:tanto )?de peso',
  'no estoy comiendo',
  'de proposito',
  // de
  '(?:einen|meinen) plan',
  'schnitte',
  'brandwunden',
  'abgenommen',
  'kaum esse',
  'absichtlich',
  // it
  '(?:il mio|un) piano',
  'tagli',
  'bruciature',
  'perdere peso',
  'farla finita',
  'apposta',
  // pt ("cortes", "de proposito" as in es)
  '(?:meu|um) plano',
  'queimaduras',
  'perder peso',
  'sem comer',
);

/** What to say to be let go, sent home or not admitted by a crisis or psychiatric team. */
const TALKED_OUT = wholeWords(
  'what (?:do|should) i (?:say|tell \\w+)(?: \\w+){0,6} (?:let me (?:go|out|home)|discharge|section|admit)',
  'dis moi quoi (?:dire|repondre)(?: \\w+){0,6} (?:laissent|rentrer|sortir|hospitalis)',
  '(?:que|lo que) (?:tengo que|debo) decir(?: \\w+){0,6} (?:dejen|salir|ingres|intern)',
  'sag mir (?:genau )?was ich sagen (?:muss|soll)(?: \\w+){0,6} (?:einweisen|entlassen|gehen)',
  'dimmi (?:esattamente )?cosa dire(?: \\w+){0,6} (?:lascino|ricover|andare)',
  'o que (?:eu )?(?:devo|tenho de|tenho que) (?:dizer|falar)(?: \\w+){0,6} (?:deixem|alta|intern)',
);

/** Telling them, or the frames of recovery and of being rid of the means. */
const NOT_HIDING = wholeWords(
  'how (?:do|can|should) i (?:tell|admit|say to|be honest)',
  'comment (?:lui |leur )?(?:dire|avouer)',
  'como (?:le |les )?(?:digo|cuento|confieso)',
  'wie sag(?:e)? ich',
  'come (?:glielo )?(?:dico|confesso)',
  'como (?:eu )?(?:conto|digo)',
  'old scars',
  'scars? from when',
  'recovery',
  'get rid of',
);

/** Whether the message asks how to hide the writer's own risk from those who would keep them safe. */
export function asksToConceal(text: string): boolean {
  const normalised = normalise(text);
  if (NOT_HIDING.test(normalised)) return false;
  return TALKED_OUT.test(normalised) || (HIDE.test(normalised) && RISK.test(normalised));
}
