// Does a message name someone else's phone, account, messages or whereabouts ("los WhatsApp de mi
// esposa", "das Handy meiner Freundin", "her location")? The privacy reader reads "hide",
// "without them knowing" and an app's name alike in one's own settings and in spying on a partner;
// the possessive tells them apart, so a message naming another's device or account is never lifted
// by it (the refusal stands as the models judged). Six languages; the text as normalise.ts folds it
// (lowercase, no diacritics).
import { normalise } from './normalise.ts';

/** The alternatives of a space-separated list, as one regex group (`\\s` stands for a space in one). */
const words = (list: string) => `(?:${list.split(' ').join('|')})`;

/** What someone has that a spy is after, per language. */
const THINGS = {
  en: words(
    'phone mobile cell iphone whatsapps? telegram insta(?:gram)? snap(?:chat)? tiktok facebook messages texts chats dms emails? accounts? profile location photos pictures laptop computer car camera icloud browser\\shistory search\\shistory',
  ),
  fr: words(
    'telephone portable tel iphone whatsapp telegram insta(?:gram)? snap(?:chat)? tiktok facebook messages sms conversations discussions mails? e-?mails? comptes? profil localisation position photos ordi(?:nateur)? voiture historique',
  ),
  es: words(
    'telefono celular movil iphone whatsapps? telegram insta(?:gram)? snap(?:chat)? tiktok facebook mensajes chats conversaciones correos? cuentas? perfil ubicacion fotos compu(?:tadora)? ordenador coche carro historial',
  ),
  de: words(
    'handy telefon smartphone iphone whatsapp telegram insta(?:gram)? snapchat tiktok facebook nachrichten chats mails e-mails konto account profil standort fotos bilder laptop computer auto verlauf',
  ),
  it: words(
    'telefono cellulare iphone whatsapp telegram insta(?:gram)? snap(?:chat)? tiktok facebook messaggi chat conversazioni e?-?mail account profilo posizione foto computer pc macchina auto cronologia',
  ),
  pt: words(
    'telefone celular telemovel iphone whatsapp zap telegram insta(?:gram)? snap(?:chat)? tiktok facebook mensagens conversas e-?mails? contas? perfil localizacao fotos computador pc carro historico',
  ),
};

/** The people a message may spy on, per language (a partner, an ex, family, people at work or next door). */
const PEOPLE = {
  en: words(
    'wife husband partner girlfriend boyfriend gf bf ex spouse fiancee? daughter son kids? mum mom mother dad father sister brother boss colleague coworker co-worker friend neighbou?r teacher classmate roommate flatmate tenant employee',
  ),
  fr: words(
    'femme mari copine copain ex conjointe? compagne compagnon fiancee? fille fils mere pere soeur frere patronne? chef collegue amie? voisine? prof coloc locataire employee?',
  ),
  es: words(
    'esposa esposo mujer marido novia novio ex pareja hija hijo madre mama padre papa hermana hermano jefa jefe companera companero amiga amigo vecina vecino profe(?:sora|sor)? inquilina?o? empleada?o?',
  ),
  de: words(
    'frau mann freundin freund ex partnerin partner tochter sohn mutter vater schwester bruder chefin chef kollegin kollegen? nachbarin nachbarn? lehrerin lehrers? mitbewohnerin mitbewohners? mieterin mieters?',
  ),
  it: words(
    'moglie marito ragazza ragazzo fidanzata fidanzato ex compagna compagno figlia figlio madre mamma padre papa sorella fratello capo collega amica amico vicina vicino prof(?:essoressa|essore)? coinquilina?o? inquilina?o? dipendente',
  ),
  pt: words(
    'mulher esposa esposo marido namorada namorado ex companheira companheiro filha filho mae pai irma irmao chefe colega amiga amigo vizinha vizinho professora? inquilina?o? funcionaria?o?',
  ),
};

const THEIRS = [
  // "my wife's phone", "her messages", "the location of my ex"
  `\\b(?:my |the )?${PEOPLE.en}'?s ${THINGS.en}\\b`,
  `\\b(?:his|her|their) ${THINGS.en}\\b`,
  `\\b${THINGS.en} of (?:my |his |her |their |the )?${PEOPLE.en}\\b`,
  // "le téléphone de ma femme", "ses messages"
  `\\b${THINGS.fr} (?:de |d')(?:ma |mon |sa |son |la |le |l')?${PEOPLE.fr}\\b`,
  `\\b(?:ses|son|sa) ${THINGS.fr}\\b`,
  // "los WhatsApp de mi esposa", "sus mensajes"
  `\\b${THINGS.es} (?:de |del )(?:mi |su |la |el )?${PEOPLE.es}\\b`,
  `\\bsus ${THINGS.es}\\b`,
  // "das Handy meiner Freundin", "das Handy von meinem Mann", "seine Nachrichten"
  `\\b${THINGS.de} (?:von )?(?:meiner|meines|meinem|seiner|seines|ihrer|ihres|der|des|dem) ${PEOPLE.de}\\b`,
  `\\b(?:seine|seinen|seinem|ihre|ihren|ihrem|sein|ihr) ${THINGS.de}\\b`,
  // "i WhatsApp di mia moglie", "il telefono del mio ragazzo", "i suoi messaggi"
  `\\b${THINGS.it} (?:di |del |della |dello )(?:mia |mio |sua |suo |la |il )?${PEOPLE.it}\\b`,
  `\\b(?:suoi|sue|suo|sua) ${THINGS.it}\\b`,
  // "o celular do meu marido", "as mensagens dela"
  `\\b${THINGS.pt} (?:de |do |da |d[ao]s )(?:minha |meu |sua |seu )?${PEOPLE.pt}\\b`,
  `\\b${THINGS.pt} (?:dele|dela|deles|delas)\\b`,
  // An ex named at all ("von meiner Ex", "my ex"): what is hidden from one is asked for help, not privacy.
  `\\b(?:my|mon|ma|mi|meiner|meines|meinem|meine|mia|mio|minha|meu) ex\\b`,
].map((pattern) => new RegExp(pattern));

/** Whether the message names someone else's device, account, messages or whereabouts. */
export function namesSomeoneElses(text: string): boolean {
  const folded = normalise(text);
  return THEIRS.some((pattern) => pattern.test(folded));
}
