// Support-seeking about self-harm, read by phrase in the six languages: someone asks how to help,
// look after or talk to a person at risk (or how to stop hurting themselves), or whom to call, and
// asks for no method, dose or way of hiding it. The language model's care misses many of these
// ("My partner attempted with pills last month. How do I support him?": care 0.37), and the rules
// and the USE-lite classifier refuse them for the overdose or the gun they name; such a message is
// answered with care instead (local-moderator.ts). All three parts must match, over normalised
// text (lowercase, no accents or apostrophes: "qu'est-ce" is "quest ce").
import { asksForFirstAid } from './first-aid-check.ts';
import { putsMeansAway } from './means-away-check.ts';
import { normalise } from './normalise.ts';
import { any, wholeWords } from './vocabulary.ts';


/** Putting a gun out of a person's reach, the first thing done for someone at risk: both the
 * question of how to help and the risk. Only with a securing verb: a gun named alone is no cue. */
const SECURING_A_GUN = any(
  '(?:lock up|lock away|secure|remove|take away|hand in) (?:his|her|their|the) (?:guns?|rifle|shotgun|firearms?)',
  '(?:mets|mettre|met|mettons|ranger|range) (?:larme|les armes|le fusil|son fusil|ses armes|sa carabine) (?:en securite|sous cle|a labri)',
  '(?:guardar|poner|entregar) (?:el arma|la escopeta|las armas|la pistola) (?:bajo llave|a salvo|en un lugar seguro|a la policia)',
  '(?:die waffe|das gewehr|die waffen) (?:sicher )?(?:wegschlie|wegsperren|abgeben|wegnehmen)',
  '(?:mettere|metto|mettiamo) (?:al sicuro|in sicurezza) (?:larma|il fucile|la pistola)',
  '(?:larma|il fucile|la pistola) (?:al sicuro|in sicurezza)',
  '(?:consegnare|togliergli|togliere) (?:larma|il fucile|la pistola)',
  '(?:guardar|tirar|entregar) (?:a arma|a espingarda|o revolver|a pistola) (?:em seguranca|de casa|a policia|num lugar seguro)',
  // Taking them out of the house, or leaving them with someone else.
  '(?:get|take|move) (?:them|it|the guns?|his guns?|her guns?|the rifles?|his rifles?) out of the (?:house|home)',
  'let (?:me|us) (?:store|keep|hold) (?:it|them)',
  'laisser (?:ses|son|les|le|sa) (?:fusils?|armes?|carabine) chez',
  '(?:sacar|llevar) (?:el arma|las armas|la escopeta|el revolver|la pistola)? ?(?:de|fuera de) (?:la )?casa',
  '(?:die )?(?:waffen?|gewehre?) aus dem haus',
  '(?:le armi|il fucile|i fucili|la pistola) (?:fuori )?(?:di|da) casa',
  '(?:a arma|as armas|a espingarda) (?:para )?fora de casa',
);

/** Asking how to help, look after, talk to or watch over someone; whom to call; how to stop. */
const ASKS_HOW_TO_HELP = wholeWords(
  // en
  'how (?:do|can|should|could|would) (?:i|we) (?:best )?(?:help|support|look after|care for|talk to|speak to|approach|raise|bring (?:it|this|that) up|start|ask|keep (?:him|her|them) safe|be there|get (?:him|her|them) help|protect|handle|respond)',
  'how to (?:help|support|look after|talk to|approach|keep (?:him|her|them) safe)',
  'what (?:should|do|can|must) (?:i|we) (?:do|say|watch|look out|avoid|expect)',
  'what (?:to|should we|should i) (?:watch|look) (?:out )?for',
  '(?:who|where) (?:do|should|can|could) (?:i|we) (?:call|contact|tell|talk to|turn to|go)',
  'should (?:i|we) (?:call|tell|talk|ring)', 'how (?:do|can) i stop (?:cutting|hurting|harming|burning)',
  'i (?:want|need) to stop (?:cutting|hurting|harming|burning)',
  'how (?:do|can|will) i (?:get through|make it through|stay safe|cope|resist)',
  'how (?:do|can|should|could) (?:i|we) (?:ask|persuade|convince|encourage|get) (?:him|her|them)',
  '(?:can|could|should) (?:i|we) (?:report|tell|alert|call) (?:it |this |that )?(?:to )?(?:anyone|anybody|someone|somebody)',
  'should (?:i|we) (?:call|ring) (?:911|999|112|000|an ambulance|the police|emergency)',
  'ask(?:ing)? (?:someone|somebody|him|her|them|a friend|my \\w+) (?:straight out |directly )?(?:if|whether)',
  // fr
  'comment (?:je peux |on peut |puis je |pourrais je |faire pour |est ce que je peux )?(?:l|la|le|les|lui)? ?aider',
  'comment (?:lui|leur) (?:en )?parler', 'comment (?:je|on) (?:m|s)occupe', 'comment (?:l|la|le)? ?aborder',
  'comment (?:j|on )?aborde', '(?:quest ce que|que) (?:je dois|on doit|je peux|on peut|il faut) faire', 'que faire',
  'qui (?:je dois |on doit |faut il )?(?:prevenir|appeler|contacter)', 'a qui (?:je|on) (?:dois|doit|peux|peut)',
  'vers qui (?:je|on)', 'arreter de me (?:couper|scarifier|faire du mal)',
  'qui (?:je|on) (?:peux|peut|dois|doit) (?:appeler|prevenir|contacter)', 'comment (?:lui|leur) (?:proposer|demander|dire)',
  'comment (?:je |on )?(?:l|la |le |lui )?(?:encourage|convain\\w*|persuade|soigne)', 'jappelle (?:le 15|le 112|le samu|les pompiers)',
  'demander a (?:quelquun|lui|mon \\w+|ma \\w+) (?:\\w+ )?(?:sil|si elle)',
  // es
  'como (?:la |lo |le |los |las )?(?:puedo|podemos|podria) (?:ayudar|cuidar|apoyar|hablar)',
  'como (?:la |lo |le )?(?:ayudo|cuidamos|cuido|apoyo|hablo|empiezo|abordo)',
  'que (?:hago|hacemos|debo hacer|tengo que vigilar|tenemos que vigilar|le digo)',
  'a quien (?:llamo|aviso|acudo|puedo llamar)', 'con quien (?:puedo|podemos) hablar',
  'dejar de (?:cortarme|lastimarme|hacerme dano)',
  'como (?:le |la |lo )?(?:saco|quito|convenzo|pido|pregunto)', 'llamo a (?:la ambulancia|emergencias|urgencias|la policia)',
  '(?:puedo|podemos) avisar a alguien', 'preguntar(?:le)? (?:a alguien )?(?:directamente )?si',
  // de
  'wie (?:kann|konnen|soll|sollen) (?:ich|wir) (?:ihm |ihr |ihnen )?(?:helfen|beistehen|unterstutzen)',
  'wie (?:kummern|kummere|sprech|spreche|fang|fange) (?:ich|wir)',
  'was (?:soll|sollen|kann|konnen|muss|mussen) (?:ich|wir) (?:jetzt )?tun',
  'worauf (?:muss|mussen|soll|sollen) (?:ich|wir)', 'an wen (?:kann|soll|konnen|sollen) (?:ich|wir)',
  'mit wem kann ich', 'aufhoren mich zu ritzen',
  'wie (?:kriegen|bekommen|bringen|schaffen|uberzeugen) wir', 'wie (?:kriege|bekomme|bringe|frage|uberzeuge) ich',
  '(?:soll|sollen) (?:ich|wir) (?:den notruf|die polizei|den notarzt|die 112|112) (?:rufen|anrufen|wahlen)',
  'kann (?:ich|man) (?:das )?(?:jemandem|irgendwo|irgendwem) melden', 'fragen,? ob (?:er|sie)',
  // it
  'come (?:posso|possiamo|potrei) (?:aiutar|starle|stargli|parlar|sostener)\\w*',
  'come (?:ci prendiamo cura|la aiuto|lo aiuto|inizio|gli parlo|le parlo|affronto)',
  'cosa (?:devo|dobbiamo|posso|possiamo) (?:fare|controllare|dire)',
  'a chi (?:mi posso|posso|devo|ci possiamo) (?:rivolger|chiamar)\\w*', 'con chi posso parlare',
  'smettere di (?:tagliarmi|bruciarmi)', 'come (?:ne |gli |le )?parlo', 'come (?:glielo|gliene) (?:dico|parlo)',
  'come faccio a (?:parlar\\w*|aiutar\\w*|starle|stargli|togliergli|toglierle)',
  '(?:chi|a chi) (?:posso|devo|possiamo) (?:chiamare|avvisare)', 'posso avvisare qualcuno', 'chiamo (?:il 118|il 112|lambulanza)',
  'come (?:gli|le) (?:chiedo|propongo)', 'chiedere (?:a qualcuno )?(?:direttamente )?se',
  // pt
  'como (?:eu )?(?:posso|podemos) (?:ajudar|cuidar|apoiar|falar)',
  'como (?:eu )?(?:cuidamos|cuido|ajudo|apoio|puxo|falo|comeco|abordo)',
  'o que (?:eu )?(?:faco|fazemos|devo fazer|posso fazer)', 'com quem (?:eu )?(?:posso|podemos) falar',
  '(?:parar|deixar) de me (?:cortar|machucar)',
  '(?:da|tem como) (?:pra|para) avisar (?:alguem|a policia)', 'devo (?:ligar|chamar) (?:pra|para a|para o|pro|a|o) (?:policia|samu|192|190|112|ambulancia)',
  'quem (?:eu )?(?:posso|devo) (?:ligar|avisar|chamar)', 'como (?:eu )?(?:tiro|peco|pergunto|convenco)',
  'perguntar (?:a alguem )?(?:diretamente )?se',
  // The writer's own wish to stop (with the self-harm named elsewhere in the message).
  'i (?:want|need|would like) to stop', 'je (?:veux|voudrais) arreter', 'quiero (?:parar|dejarlo)', 'ich (?:will|mochte) aufhoren',
  'voglio smettere', 'quero parar',
  SECURING_A_GUN,
);

/** Someone close at risk (a parent, a child, a partner, a friend, a colleague, a pupil), or the
 * writer: cutting they want to stop, a night to get through, pills taken and regretted. */
const SOMEONE_AT_RISK = wholeWords(
  '(?:my|our|a) (?:\\w+ )?(?:dad|father|mum|mom|mother|son|daughter|partner|wife|husband|boyfriend|girlfriend|friend|brother|sister|aunt|uncle|gran|grandma|granny|grandad|grandpa|grandfather|grandmother|colleague|flatmate|roommate|teen|teenager|kid|child|pupil|student|cousin|nephew|niece|mate|buddy|pal)',
  '(?:mon|ma|mes|notre) (?:\\w+ )?(?:pere|mere|fils|fille|frere|soeur|tante|oncle|ami|amie|copain|copine|collegue|mari|femme|cousin|cousine|grand pere|grand mere|eleve|ado|maman|papa)',
  '(?:mi|mis|nuestro|nuestra) (?:\\w+ )?(?:padre|madre|papa|mama|hijo|hija|hermano|hermana|tia|tio|amigo|amiga|pareja|novio|novia|companero|companera|abuelo|abuela|primo|prima|alumno|alumna)',
  '(?:mein|meine|meinem|meiner|meinen|unser|unsere|unserem) (?:\\w+ )?(?:vater|mutter|sohn|tochter|bruder|schwester|tante|onkel|freund|freundin|kollege|kollegin|partner|partnerin|mann|frau|oma|opa)',
  '(?:mio|mia|nostro|nostra) (?:\\w+ )?(?:padre|madre|figlio|figlia|fratello|sorella|zia|zio|amico|amica|collega|marito|moglie|nonno|nonna|ragazzo|ragazza|compagna|compagno|coinquilino|coinquilina|cugino|cugina|alunno|alunna)',
  '(?:meu|minha|nosso|nossa|do meu|da minha) (?:\\w+ )?(?:pai|mae|filho|filha|irmao|irma|tia|tio|amigo|amiga|namorado|namorada|colega|marido|mulher|avo)',
  '(?:my|our) (?:[1-9]|1[0-9]) ?(?:yos?|years? olds?)',
  // Someone outside the family: a customer, a cousin, a player met online, "someone".
  '(?:a|an|one of my) (?:\\w+ )?(?:customer|client|patient|neighbou?r|player|user|guy|kid|cousin|friend|pupil|student)',
  '(?:someone|somebody) (?:on|in|from|at) ', '(?:un|une) (?:\\w+ )?(?:cousin|cousine|ami|amie|client|cliente|eleve|collegue|voisin|voisine|gamin|ado)',
  'quelquun', '(?:un|una) (?:\\w+ )?(?:cliente|alumno|alumna|amigo|amiga|vecino|vecina|chico|chica|chaval|pibe)', 'alguien',
  '(?:ein|eine|einen|einer) (?:\\w+ )?(?:kunde|kundin|schuler|schulerin|freund|freundin|nachbar|nachbarin|kollege|kollegin|junge|madchen)',
  'jemand(?:en|em)?', '(?:un|una|uno) (?:\\w+ )?(?:cliente|alunno|alunna|amico|amica|vicino|vicina|ragazzo|ragazza|collega)', 'qualcuno',
  '(?:um|uma) (?:\\w+ )?(?:cliente|aluno|aluna|amigo|amiga|vizinho|vizinha|guri|guria|menino|menina|rapaz|colega)', 'alguem',
  // Having taken something and regretting it: asking what to do now.
  'i regret it', 'je (?:le )?regrette', 'me arrepiento', 'ich bereue', 'mi sono pentit[oa]', 'me arrependi',
  'stop (?:cutting|hurting|harming|burning)', 'i (?:dont|do not) want to', 'arreter de me',
  'dejar de (?:cortarme|lastimarme|hacerme)', 'aufhoren mich', 'smettere di tagliarmi', '(?:parar|deixar) de me',
  'i (?:want|need|would like) to stop', 'je (?:veux|voudrais) arreter', 'quiero (?:parar|dejarlo)', 'ich (?:will|mochte) aufhoren',
  'voglio smettere', 'quero parar',
);

/** What puts the person at risk of harming themselves: an attempt, an overdose, cuts, words of dying. */
const SELF_HARM_CUE = new RegExp(
  any(
    'suicid', 'overdos', 'pills', 'tablets', 'paracetamol', 'attempt', '(?:hurt|harm|kill|cut)\\w* (?:my|him|her|them)sel(?:f|ves)',
    'to die', 'be dead', 'cuts\\b', 'cutting', 'self harm', 'hospital', 'razor', 'blades?\\b', 'really low', 'been low', 'so low',
    'rope', 'noose', 'burn(?:s|ing)? (?:my|him|her|them)sel(?:f|ves)', 'se brule', 'se quema', 'se queima', 'verbrennt sich',
    'mourir', 'se tuer', 'surdose', 'somnif', 'calmants', 'anxiolytiques', 'medicaments', 'cachets', 'comprimes', 'plaquette',
    'tentative', 'coupures', 'entailles', 'scarifi', 'corde', 'hopital', 'en finir', 'me couper',
    'morir', 'matarse', 'sobredosis', 'pastillas', 'calmantes', 'cortes', 'cortarme', 'lastim', 'autoles', 'intento', 'cuerda',
    'suizid', 'sterben', 'umbringen', 'uberdosis', 'tabletten', 'schnitte', 'ritz', 'krankenhaus', 'intensiv', 'strick', 'selbstverletz',
    'morire', 'uccider', 'pastiglie', 'pillole', 'farmaci', 'gocce', 'sonnifer', 'ansiolitic', 'tagli', 'autolesion', 'tentato',
    'ospedale', 'pronto soccorso', 'si brucia', 'bruciarmi', 'bruciature',
    'morrer', 'se matar', 'comprimidos', 'remedios', '(?:se|me) cortar', 'me cort(?:o|ei|ando)\\b', 'me corte\\b', 'mi taglio',
    'je me coupe', 'ich ritze', 'tentativa', 'se machucar',
    // Dying said without the word, jumping, hanging, burning oneself.
    'better off without (?:me|him|her|them)', 'not (?:wanting|want) to be (?:here|around)', 'jump\\w* off', 'hang (?:him|her|them)sel',
    'sert (?:plus|a) rien', 'plus se reveiller', 'se pendre', 'sest brule', 'sauter d', 'se jeter d',
    'se quemo', 'quemarse', 'tirarse d', 'se tira d', 'ahorcarse', 'no quiere vivir', 'sich (?:was|etwas) an(?:zu)?tun',
    'nicht mehr leben', 'springen', 'verzweifelt', 'non esserci piu', 'buttarsi', 'farla finita', 'non vuole piu vivere',
    'pular d', 'se jogar', 'nao quer mais viver',
    SECURING_A_GUN,
  ),
);

/** A request for a method, an amount, a lethal dose, or for hiding it: never support-seeking. */
const ASKS_FOR_A_METHOD = wholeWords(
  'how (?:many|much)', '(?:sends?|show) (?:me|us)', 'nudes?', 'naked', '(?:lethal|fatal|deadly|mortal)',
  '(?:painless|quickest|fastest|surest|easiest)', 'which (?:pills|tablets|meds|drugs|medication)',
  'without (?:anyone|anybody|him|her|them|my \\w+|the \\w+) (?:\\w+ )?(?:noticing|knowing|finding out|seeing|realising|realizing)',
  '(?:never|not) wake up',
  'help (?:him|her|them|me|someone|somebody|my \\w+) (?:to )?(?:die|end|do it|go through with|kill|get (?:more )?(?:pills|tablets))',
  'get (?:him|her|them) (?:more )?(?:pills|tablets)', 'combien', 'sans que (?:personne|il|elle|on|mes|ma|mon)',
  'dose', '(?:aider|aide) a (?:mourir|en finir|se tuer)', 'quels? (?:medicaments|cachets)', 'cuant[oa]s',
  'sin que (?:nadie|se|mis|mi)', 'dosis', 'ayudarl[oae] a (?:morir|matarse|suicidarse)', 'que pastillas',
  'wie (?:viele|viel)', 'ohne dass (?:es )?(?:jemand|er|sie|meine|mein) (?:\\w+ )?(?:merkt|mitbekommt|bemerkt|sieht|erfahrt|weiss)', 'todlich', 'sterben helfen',
  'welche tabletten', 'quant[eio]', 'senza che (?:nessuno|se ne|i miei|mia|mio)', 'letale',
  'aiutarl[oa] a (?:morire|farla finita|uccidersi)', 'quali (?:pillole|pastiglie|farmaci)', 'quant[oa]s',
  'sem que (?:ninguem|ele|ela|meus|minha)', 'sem ninguem', 'letal', 'ajuda-?l[oa] a morrer',
  'ajudar (?:ele|ela) a morrer', 'quais remedios',
  // Pushing someone to it.
  'to (?:kill|hurt|harm|cut) (?:him|her|them)sel(?:f|ves)', 'pousser a', 'dazu (?:bringen|sich)', 'levar (?:ele|ela) a',
  '(?:convenc|convenz|spinger|empuj|pouss)\\w* (?:\\w+ )?(?:a|de|ad) (?:matarse|suicidarse|tirarse|hacerlo|se matar|se jogar|se suicidar|farla finita|uccidersi|buttarsi|se tuer|sauter|en finir)',
  // Using the gun on someone else.
  'shoot (?:him|her|them|my|the|someone|somebody)', 'use it on', 'tirer sur', 'disparar(?:le|les)? a',
  'auf (?:ihn|sie|jemanden) schie\\w*', 'sparare a', 'sparargli', 'spararle', 'atirar (?:nele|nela|em)',
);

/** Whether the message asks how to help someone at risk of self-harm (or to stop), and no method. */
export function seeksSupport(text: string): boolean {
  const normalised = normalise(text);
  return (
    ASKS_HOW_TO_HELP.test(normalised) &&
    SOMEONE_AT_RISK.test(normalised) &&
    SELF_HARM_CUE.test(normalised) &&
    !ASKS_FOR_A_METHOD.test(normalised)
  );
}

/** Asking how to help someone at risk, for first aid after hurting oneself, or how to put one's own
 * means out of reach (first-aid-check.ts, means-away-check.ts). */
export function seeksCare(text: string): boolean {
  return seeksSupport(text) || asksForFirstAid(text) || putsMeansAway(text);
}
