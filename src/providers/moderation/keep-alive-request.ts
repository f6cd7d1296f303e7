// Asking to be kept alive or safe, read by phrase in the six languages: reasons to live, being
// talked out of it, a safety plan or getting through tonight, being told one is not a burden,
// whether life is worth living, someone staying with them ("Give me some reasons to stay alive
// tonight", "Bitte red es mir aus", "Me dá motivos pra continuar vivo"). The mirror of
// encouragement-request.ts. The models read the act named in it as harm; such a message is answered
// with care (local-moderator.ts), unless it also asks for the means or to be encouraged in it.
// Over normalised text.
import { normalise } from './normalise.ts';
import { wordsStarting } from './vocabulary.ts';

const KEEP_ALIVE = wordsStarting(
  // en
  'reasons? (?:to|for) (?:stay(?:ing)? alive|live|living|keep (?:going|living)|not (?:do it|kill myself|give up))',
  'talk me (?:out of|down)',
  'keep me (?:alive|safe)',
  'stay safe',
  'safety plan',
  'plan to (?:stay safe|get through|keep (?:myself )?safe)',
  'get (?:me )?through (?:the night|this night|tonight|till|until|the urge)',
  'not a burden',
  'worth living',
  '(?:is|its) (?:life|it) worth (?:it|living)',
  'stay with me',
  'help me (?:not|stay|get through|resist|hold on)',
  'convince me to (?:live|stay|get help|go to therapy|start therapy)',
  // fr
  'raisons? de (?:vivre|rester en vie|continuer)',
  'dissuade moi',
  'men dissuader',
  'rester en securite',
  'plan de securite',
  'tenir (?:jusqu|cette nuit|ce soir)',
  'pas un fardeau',
  'vaut (?:le coup|la peine) de vivre',
  'reste avec moi',
  'aide moi a (?:tenir|ne pas|rester)',
  // es
  'razon(?:es)? para (?:vivir|seguir)',
  'convenceme de (?:no|seguir|vivir)',
  'quitamelo de la cabeza',
  'mantenerme a salvo',
  'plan de seguridad',
  'aguantar (?:esta noche|hasta)',
  'pasar (?:la|esta) noche',
  'no (?:soy|sea) una carga',
  'vale la pena vivir',
  'quedate conmigo',
  'ayudame a (?:no|aguantar|seguir)',
  // de
  'grunde (?:zu leben|weiterzuleben|zum leben|weiterzumachen)',
  'red (?:es|mir das|mir es) (?:mir )?aus',
  'ausreden',
  'sicher bleiben',
  'sicherheitsplan',
  'durch die nacht',
  'durchhalten',
  'keine last',
  'lohnt (?:es )?sich(?:,)? (?:zu leben|das leben|weiterzuleben)',
  'bleib bei mir',
  'hilf mir,? (?:nicht|durchzuhalten|die nacht)',
  // it
  'ragion[ei] per (?:vivere|andare avanti|restare)',
  'convincimi a (?:non|vivere|restare)',
  'dissuadermi',
  'restare al sicuro',
  'piano di sicurezza',
  'superare (?:la|questa) notte',
  'arrivare a domani',
  'non (?:sono|essere) un peso',
  'vale la pena vivere',
  'resta con me',
  'aiutami a (?:non|resistere|superare)',
  // pt
  'motivos? (?:pra|para) (?:continuar|viver|seguir)',
  'razo(?:es|e)s? (?:pra|para) viver',
  'me convence a (?:nao|viver|continuar)',
  'ficar (?:em )?seguranca',
  'plano de seguranca',
  'passar (?:a|esta|essa) noite',
  'aguentar ate',
  'nao (?:sou|seja) um peso',
  'vale a pena viver',
  'fica comigo',
  'me ajuda a (?:nao|aguentar|passar)',
);

/** Refusing that help: "stop trying to talk me out of it", "ne me dissuade pas". */
const REFUSES_HELP = wordsStarting(
  '(?:stop|quit|dont|do not|no) (?:\\w+ ){0,2}talk(?:ing)? me (?:out|down)',
  '(?:arrete|arretez) de (?:me dissuader|essayer)',
  'ne me dissuade(?:z)? pas',
  'deja de (?:intentar )?(?:convencerme|disuadirme)',
  'no (?:me )?(?:convenzas|disuadas|intentes)',
  'hor (?:auf|endlich auf),? mir das auszureden',
  'red mir (?:das|es) nicht aus',
  'smetti(?:la)? di (?:dissuadermi|convincermi)',
  'non (?:provare a )?(?:dissuadermi|convincermi)',
  'para de (?:tentar )?me convencer',
  'nao (?:tenta|tente) me convencer',
);

/** Whether the message asks to be kept alive or safe (reasons to live, talked out of it, a plan). */
export function asksToBeKeptAlive(text: string): boolean {
  const normalised = normalise(text);
  return KEEP_ALIVE.test(normalised) && !REFUSES_HELP.test(normalised);
}
