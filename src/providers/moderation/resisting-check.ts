// Holding out against one's own urge, read by phrase in the six languages: the pills are within
// reach and the writer does not want to take them, is trying not to cut, or asks to be helped
// through the night. The language models read the pills and the taking as self-harm; a refused
// wish is beyond a bag of words. Lifts a refusal in self-harm alone (local-moderator.ts), never
// with an amount, a method, hiding or an end asked. Over normalised text (no accents or apostrophes).
import { ASKS_FOR_MEANS } from './first-aid-check.ts';
import { asksForMeans } from './method-request.ts';
import { normalise } from './normalise.ts';
import { AN_END, wholeWords } from './vocabulary.ts';

/** The act the writer holds out against: their own means or their own harm. */
const OWN_ACT_EN =
  '(?:take|swallow|use|cut|burn|hurt myself|harm myself|do it|do this|act on (?:it|them)|go through with it|relapse)';

/** A refused wish, an effort not to, or asking to be held through the night. */
const HOLDS_OUT = wholeWords(
  // en
  `(?:dont|do not|really dont|really do not) want to ${OWN_ACT_EN}`,
  `(?:im|i am|ive been) trying (?:so |really )?(?:hard )?not to`,
  '(?:stop|keep) myself from',
  '(?:fight|resist|ride out|get past|sit with) (?:the |this |these |my )?urges?',
  'help me (?:get through|make it (?:to|through|till|until)|hold on|stay safe|not (?:take|cut|do|use))',
  '(?:get|make it) through (?:the night|tonight|till morning|until morning|to the morning)',
  'keep (?:myself )?safe (?:tonight|until|till)',
  // fr
  'je (?:ne )?veux pas (?:les |le |la |en |me )?(?:prendre|avaler|couper|bruler|faire du mal|le faire|passer a lacte|recommencer)',
  'jessaie de ne pas',
  'me retenir de',
  'resister a (?:lenvie|cette envie)',
  'aide[sz]? moi a (?:tenir|passer la nuit|ne pas|resister)',
  'tenir jusqua (?:demain|ce matin|au matin|laube)',
  // es
  'no (?:las |los |lo |me )?quiero (?:tomar|tragar|cortar|quemar|hacer|hacerme dano|hacerlo|volver a)',
  '(?:intento|trato de|estoy intentando|estoy tratando de) no',
  'aguantar (?:las ganas|hasta (?:manana|que amanezca|la manana))',
  'ayud(?:a|e|ame|eme) a (?:aguantar|pasar la noche|llegar a (?:manana|la manana)|no)',
  // de
  'ich (?:will|mochte|mochte es|will es) (?:sie |das |es |mich )?nicht (?:nehmen|schlucken|tun|machen|ritzen|verletzen)',
  'ich (?:versuche|versuch) (?:\\w+ )?nicht zu',
  'hilf mir (?:durch die nacht|bis (?:morgen|zum morgen)|nicht|durchzuhalten)',
  '(?:die nacht|bis morgen) (?:zu )?(?:uberstehen|durchhalten|schaffen)',
  'dem drang (?:zu )?widerstehen',
  // it
  'non (?:le |li |lo |la |mi )?voglio (?:prendere|ingoiare|tagliare|fare|fare del male|rifarlo|farlo)',
  '(?:cerco|provo|sto cercando|sto provando) (?:a |di )?non',
  'aiutami a (?:resistere|arrivare a (?:domattina|domani)|passare la notte|non)',
  'arrivare a (?:domattina|domani mattina)',
  // pt
  'nao (?:os |as |o |a |me )?quero (?:tomar|engolir|cortar|queimar|fazer|machucar|voltar a)',
  '(?:tento|to tentando|estou tentando|estou a tentar) (?:nao|de nao)',
  '(?:me ajuda|ajuda me|me ajude|ajude me) a (?:aguentar|passar a noite|chegar|nao|resistir)',
  'aguentar ate (?:amanha|de manha)',
);

/** An end sought, or the act wanted after all: never holding out. */
const SEEKS_AN_END = wholeWords(
  ...AN_END,
  'never wake',
  'not wake up',
  'dont want to (?:be found|be saved|be stopped|wake up|survive)',
  'anyone (?:stopping|stop|finding|find) me',
  'this time',
  'me tuer',
  'matarme',
  'uccidermi',
  'me matar',
);

/** Whether the writer holds out against their own means or harm, asking for none of it. */
export function holdsOut(text: string): boolean {
  const normalised = normalise(text);
  return (
    HOLDS_OUT.test(normalised) &&
    !SEEKS_AN_END.test(normalised) &&
    !ASKS_FOR_MEANS.test(normalised) &&
    !asksForMeans(text)
  );
}
