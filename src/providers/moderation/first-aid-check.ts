// First aid after self-harm, read by phrase in the six languages: the writer has cut, burnt or
// hurt themselves, or taken too many of their pills, and asks whether it needs stitches, a doctor
// or the emergency department, how to clean or treat it, or whether it is dangerous. The rules and
// the means phrases (method-request.ts) refuse these for the pills, the depth or the blood they name;
// such a message is answered with care instead (support-check.ts). Never with an amount, a method,
// hiding or "more" asked: "took 16 an hour ago and nothing's happening, how many more" stays refused.
// Over normalised text (lowercase, no accents or apostrophes).
import { normalise } from './normalise.ts';
import { wholeWords } from './vocabulary.ts';

/** The writer's own act, done: a cut, a burn, pills taken or swallowed. */
const OWN_ACT = wholeWords(
  'i (?:just |have |ve |had )?(?:cut|burnt|burned|took|swallowed|overdosed|punched|scratched|hurt|harmed|bit)',
  'cut (?:my|myself)',
  'burn(?:t|ed) (?:my|myself)',
  '(?:took|swallowed|taken|had) (?:\\d+|a|all|too many|half|the whole|a full|a whole|an entire)',
  'je me suis (?:\\w+ )?(?:coupee?|brulee?|scarifiee?|entaillee?|mutilee?|fait mal|blessee?)',
  'jai (?:\\w+ )?(?:pris|avale)',
  'me (?:corte|queme|lastime|hice dano)',
  'me he (?:cortado|quemado|lastimado|tomado)',
  '(?:tome|trague|me tome)',
  'ich (?:habe|hab) mich (?:\\w+ )?(?:geritzt|geschnitten|verbrannt|verletzt)',
  'hab mich (?:\\w+ )?(?:geritzt|geschnitten|verbrannt)',
  '(?:habe|hab) .{0,40}(?:genommen|geschluckt)',
  'ich (?:ritze|ritzte)',
  'mi sono (?:\\w+ )?(?:tagliat[oa]|bruciat[oa]|ferit[oa]|fatt[oa] male)',
  'ho (?:\\w+ )?(?:preso|ingoiato|inghiottito)',
  'mi (?:taglio|brucio)',
  '(?:eu )?me (?:cortei|queimei|machuquei|feri)',
  '(?:tomei|engoli)',
);

/** A wound or an overdose named, when no act is told in words of one's own. */
const WOUND = wholeWords(
  'cuts?',
  'wounds?',
  'burns?',
  'stitches',
  'bleeding',
  'coupures?',
  'plaies?',
  'brulures?',
  'saigne',
  'cortes?',
  'heridas?',
  'quemaduras?',
  'sangrando',
  'schnitte?',
  'schnittwunden?',
  'wunden?',
  'verbrennung(?:en)?',
  'blutet',
  'tagli(?:o)?',
  'ferit[ae]',
  'bruciatur[ae]',
  'sanguina',
  'feridas?',
  'queimaduras?',
  'sangra(?:ndo|r)?',
);

/** Asking for first aid: stitches, a doctor, the emergency department, cleaning or treating it, danger. */
const ASKS_FIRST_AID = wholeWords(
  // en
  '(?:do|does|will|would) (?:i|it) need (?:stitches|to go|a doctor|the hospital|hospital|a e|an x-?ray|antibiotics|to see)',
  'needs? (?:stitches|a e|the er|casualty)',
  '(?:go|going) to (?:a e|the er|casualty|the hospital|hospital|the doctor|urgent care)',
  'is (?:it|this|that) (?:infected|dangerous|serious|bad|normal|ok|okay)',
  'should i (?:go|see|call|ring|tell|worry)',
  '(?:still|wont stop|keeps?|keep on|not stopping) bleeding',
  'how (?:do i|to|can i|should i) (?:clean|treat|dress|disinfect|look after|care for|stop the bleeding)',
  'can i (?:wait|sort it|treat it|pick them out|leave it)',
  'what (?:do i|should i) do (?:now|about)',
  // fr
  '(?:faut il|faut|dois je|je dois|est ce quil faut) (?:\\w+ )?(?:des points|aller aux urgences|voir un medecin|consulter|appeler le 15)',
  'saigne encore',
  'comment (?:desinfecter|nettoyer|soigner)',
  'est ce (?:grave|dangereux|infecte)',
  'cest (?:grave|dangereux|infecte)',
  // es
  '(?:necesito|hacen falta|hace falta|necesita) puntos',
  '(?:tengo que|debo|deberia) ir (?:a urgencias|al hospital|al medico)',
  'sigue sangrando',
  'como (?:desinfecto|limpio|curo|trato)',
  'es (?:grave|peligroso)',
  // de
  'muss (?:das|es) genaht werden',
  '(?:muss|soll|sollte) ich (?:\\w+ )?(?:in die notaufnahme|ins krankenhaus|zum arzt)',
  'blutet (?:immer )?noch',
  'wie (?:desinfiziere|reinige|versorge|behandle) ich',
  'ist (?:das|es) (?:gefahrlich|schlimm|entzundet)',
  // it
  'servono (?:i )?punti',
  '(?:devo|dovrei) andare (?:al pronto soccorso|in ospedale|dal medico)',
  'sanguina ancora',
  'come (?:disinfetto|pulisco|curo|medico)',
  '(?:e|sono) (?:pericoloso|grave|infett\\w*)',
  // pt
  '(?:precis\\w* (?:de )?(?:levar |dar )?|levar? )pontos?',
  '(?:devo|preciso|tenho que) ir (?:ao hospital|ao pronto socorro|a upa|as urgencias|ao medico|ao centro de saude)',
  '(?:ainda )?(?:esta|ta) sangrando',
  'continua a sangrar',
  'como (?:limpo|desinfeto|cuido|trato)',
  'e (?:perigoso|grave)',
);

/** An amount, more of it, a method, hiding it, or it working: never first aid. */
export const ASKS_FOR_MEANS = wholeWords(
  'how (?:many|much)',
  'more',
  'enough',
  'assez',
  'suffisant\\w*',
  'suficiente',
  'genug',
  'reicht',
  'basta(?:no)?',
  'abbastanza',
  'sufficient\\w*',
  'chega',
  'hid(?:e|ing)',
  'hiding',
  'cover (?:it|them) up',
  '(?:will|would|does|did) (?:it|that|this) work',
  'deeper',
  'how (?:deep|long|far)',
  'plus profond\\w*',
  'a quel point',
  '(?:que tan|cuan|quanto|quao|wie) (?:profund\\w*|profond\\w*|fund\\w*|tief)',
  'wie lange',
  '(?:lethal|fatal|deadly)',
  'nothing (?:is |s )?happening',
  '(?:to|i|ill|i will|i want to|and) die',
  'dead',
  'wake up',
  'combien',
  'cach(?:er|e|es)',
  'mourir',
  'il se passe rien',
  'cuant[oa]s',
  '(?:cuant[oa]s|otr[oa]s|unas|algunas) mas',
  'mas (?:pastillas|pildoras|cortes|profundo)',
  'escond\\w*',
  'morir',
  'no pasa nada',
  'wie (?:viele|viel)',
  'noch mehr',
  'tiefer',
  'versteck\\w*',
  'sterben',
  'passiert nichts',
  'merk nix',
  'quant[eio]',
  'altre',
  'altri',
  'nascond\\w*',
  'morire',
  'non succede niente',
  'quant[oa]s',
  '(?:quant[oa]s|outr[oa]s) mais',
  'mais (?:comprimidos|remedios|fundo)',
  'il en faut (?:combien|encore)',
  'encore (?:plus|quelques)',
  'morrer',
  'nao acontece nada',
  'which (?:pills|tablets|meds|medication)',
  'quels? (?:medicaments|cachets)',
  'que (?:pastillas|medicamentos)',
  'welche (?:tabletten|medikamente)',
  'quali (?:farmaci|pillole|pastiglie)',
  'quais (?:remedios|comprimidos)',
  'without',
  'sans que',
  'sin que',
  'ohne dass',
  'senza che',
  'sem que',
  'chiudere tutto',
);

/** A depth told, not asked: deeper than the writer meant, or than usual, said of a cut already made
 * ("I cut deeper than I meant to", "más profundo de lo que quería", "mais fundo que o normal"). The
 * comparison with the usual is kept when cutting is what the writer means to do ("to cut deeper than
 * usual", "cortarme más profundo"). */
const THAN_MEANT =
  '(?:than (?:i )?(?:meant|wanted|intended|planned|expected|thought)|que (?:je (?:ne )?(?:voulais|pensais)|prevu|voulu)|' +
  'de lo que (?:queria|quise|pensaba|esperaba)|als (?:ich wollte|gewollt|geplant|beabsichtigt|gedacht|erwartet)|' +
  'di quanto (?:volessi|volevo|pensassi|pensavo)|del previsto|(?:do )?que (?:eu )?(?:queria|pensava|planejei))';
const THAN_USUAL =
  '(?:than (?:usual|normal|normally|before|last time)|que (?:dhabitude|la derniere fois)|' +
  'que (?:lo normal|de costumbre|otras veces|la ultima vez)|als (?:sonst|normal|letztes mal)|' +
  'del solito|(?:do )?que (?:o normal|o costume|o habitual|da ultima vez))';
const DEEPER = '(?:deeper|plus profond\\w*|mas (?:profundo|hondo)|tiefer|piu (?:a fondo|profond\\w*)|mais fundo)';
const DEPTH_TOLD = new RegExp(`\\b${DEEPER} (?:${THAN_MEANT}|${THAN_USUAL})`, 'g');
const TO_CUT_DEEPER = new RegExp(
  `\\b(?:(?:to|wanna|gonna|ill|will|can i|do i|should i|could i) (?:cut|slice)|couper|cortar(?:me)?|ritzen|schneiden|tagliar(?:mi|e)) (?:\\w+ ){0,2}${DEEPER} ${THAN_USUAL}`,
);

/** Not wanting to die, said, is no wish to ("I don't want to die, I just need to stop the bleeding"). */
const NOT_WANTING_TO_DIE = /\b(?:i )?(?:dont|do not|really dont|never) (?:want|wanted|mean|meant) to die\b/g;

/** The message without what it tells (the depth of a cut already made, not wanting to die). */
const withoutWhatIsTold = (normalised: string): string =>
  (TO_CUT_DEEPER.test(normalised) ? normalised : normalised.replace(DEPTH_TOLD, ' ')).replace(NOT_WANTING_TO_DIE, ' ');

/** Whether the writer asks for first aid after hurting themselves, and for no amount, method or hiding. */
export function asksForFirstAid(text: string): boolean {
  const normalised = normalise(text);
  return (
    ASKS_FIRST_AID.test(normalised) &&
    (OWN_ACT.test(normalised) || WOUND.test(normalised)) &&
    !ASKS_FOR_MEANS.test(withoutWhatIsTold(normalised))
  );
}
