// Small talk: a message made only of greetings, farewells, thanks, yes and no, apologies and the
// words that go with them ("hi again", "sure", "ok thanks", "merci encore"), in the six languages.
// It asks for nothing and voices nothing, yet the models read one or two words on almost no
// evidence ("sure" read as hate, "bye" and "no" as despair). So neither model refuses it, nor gives
// it care, on its own; the rules and the conversation still read it (a "sure" right after a refused
// request is judged with that request). Over normalised text.
import { normalise } from './normalise.ts';

const SMALL_TALK = new Set(
  [
    // en
    'hi hii hello helo hey heya hiya yo morning evening afternoon night good goodnight bye byebye goodbye cya see you later',
    'thanks thank thx ty cheers ok okay k kk sure yes yeah yep yup no nope nah fine alright right cool nice great perfect awesome',
    'got it i am me its it is that this there everyone all guys again too also back so much very lot lol haha hmm huh oh oops sorry',
    'please welcome np noted understood gotcha test testing try repeat what agreed indeed',
    // fr
    'bonjour bonsoir salut coucou merci beaucoup encore oui non daccord ok super cest moi rebonjour pardon desole desolee a plus bientot bonne nuit journee',
    // es
    'hola buenas buenos dias tardes noches gracias muchas otra vez de nuevo si vale claro perfecto soy yo perdon adios hasta luego pronto',
    // de
    'hallo servus moin guten tag morgen abend gute nacht danke schon vielen nochmal ja nein klar genau super bins ich wieder entschuldigung tschuss bis dann spater',
    // it
    'ciao salve buongiorno buonasera buonanotte grazie mille ancora di nuovo si certo va bene perfetto sono io scusa scusi arrivederci presto',
    // pt
    'oi ola bom boa dia tarde noite obrigado obrigada valeu de novo sim nao claro beleza certo sou eu desculpa tchau ate logo mais',
  ]
    .join(' ')
    .split(' '),
);

/** Whether every word of the message is small talk (and it has a word). */
export function isSmallTalk(text: string): boolean {
  const words = normalise(text).split(' ').filter(Boolean);
  return words.length > 0 && words.every((word) => SMALL_TALK.has(word));
}
