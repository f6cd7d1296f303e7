// Rules for the unambiguous in Spanish, French, German, Portuguese and Italian (how rules score:
// rule.ts). USE-lite is an English model: on the training data's dev split the classifier barely
// tells a harmful non-English message from a safe one (docs/moderation.md, Non-English messages), so
// these phrases carry most of the local moderator's reach there. Over normalised text: lowercase,
// no accents or apostrophes ("j'ai" is "jai", "Jährige" is "jahrige"). Only first-person intent and
// requests, never a topic: "¿cómo detectan los bancos el blanqueo?" or "mon patron va me tuer" pass.
import { rules, type Rule } from './rule.ts';
import { any, near } from './vocabulary.ts';

/** `any(...)` as whole words: no phrase may match inside a longer word ("nep" in "nephew"). */
const words = (...list: string[]): string => `\\b${any(...list)}\\b`;

/** Minors by age ("de 12 años", "13-Jährige", "di dodici anni"). */
const CHILD_AGE = any(
  '(?:nina|nino|menor|chica|chico|nena|crio|fille|fillette|garcon|gamine|gamin|enfant|madchen|junge|kind|menina|menino|crianca|bambina|bambino|ragazzina|ragazzino|meisje|jongen)s? (?:de|di|van) (?:[1-9]|1[0-7]|doce|trece|catorce|douze|treize|quatorze|doze|treze|catorze|dodici|tredici|quattordici) (?:anos|ans|anni|jaar)',
  '(?:[1-9]|1[0-7]) ?(?:jahrige|jahriger|jahrigen|jarige)', 'petite voisine', 'petite fille', 'kleines madchen', 'kleinen madchens',
);

export const OTHER_LANGUAGE_RULES: Rule[] = [
  ...rules('self-harm', [
    // Stated intent to die.
    [1, `(?<!\\b(?:no|nao|non|ne|nicht|niet) )\\b${any('quiero', 'voy a', 'pienso', 'necesito', 'deseo', 'je veux', 'je vais', 'envie de', 'je compte', 'ich will', 'ich werde', 'ich mochte', 'quero', 'vou', 'preciso', 'voglio', 'devo', 'vado a', 'ik wil', 'chce')} (?!(?:no|nao|non|pas|nicht|niet) )(?:\\w+ )?${any(
      'matarme', 'suicidarme', 'quitarme la vida', 'acabar con mi vida', 'me suicider', 'me tuer', 'mettre fin a (?:mes jours|ma vie)', 'en finir (?:ce soir|avec la vie|avec tout|pour de bon)',
      'mich (?:\\w+ )?umbringen', 'mir das leben nehmen', 'me matar', 'me suicidar', 'tirar (?:a )?minha (?:propria )?vida', 'acabar com (?:a )?minha vida',
      'uccidermi', 'ammazzarmi', 'suicidarmi', 'togliermi la vita', 'farla finita (?:stasera|per sempre|con la vita|con tutto)', 'er (?:vannacht |vandaag )?een einde aan maken',
      'ze soba skonczyc',
    )}\\b`],
    [1, `(?<!\\b(?:no|nao|non|ne|nicht|niet) )\\b${any('quiero morir', 'je veux mourir', 'ich will sterben', 'quero morrer', 'voglio morire', 'ik wil dood')}\\b`],
    [1, words('acabar con mi vida', 'mettre fin a mes jours', 'ich bringe mich um', 'acabar com a minha vida', 'togliermi la vita', 'quitarme la vida')],
    // Lethality: how many pills so as not to wake up, which dose would be lethal.
    [1, near(any('cuantas', 'cuantos', 'combien', 'wie viele', 'quantos', 'quantas', 'quante', 'quanti', 'hoeveel', 'ile'), any(
      'no despertar(?:me)?', 'ne (?:plus )?(?:jamais )?(?:me )?reveiller', 'pour mourir', 'nicht mehr aufzuwachen', 'nicht mehr aufwachen',
      'nao acordar', 'nao acordar mais', 'non svegliarmi', 'per morire', 'para morir', 'para morrer', 'niet meer wakker', 'sie juz nie obudzic',
    ), 10)],
    [1, words(
      `(?:dosis|dose) (?:de |von |do |dei |della |van )?${any('mis', 'mes', 'meine[rn]?', 'meu', 'minha', 'miei', 'mie', 'mijn')} (?:\\w+ ){0,3}(?:es |est |ist |e |seria |serait |ware |seria |sarebbe )?${any('mortal', 'mortelle', 'fatal', 'letal', 'letale', 'todlich')}`,
      'para no sobrevivir', 'pour ne pas survivre', 'um nicht zu uberleben', 'para nao sobreviver', 'per non sopravvivere',
      '(?:se pendrait|erhangen wurde|se enforcaria|se colgaria|si impiccherebbe)', 'wo muss man schneiden', 'donde (?:hay que|es mejor) cortar', 'ou faut il couper', 'onde (?:e melhor )?cortar',
      'dove bisogna tagliare', '(?:cortarme|me couper|mich ritzen|me cortar|tagliarmi) sin que', '(?:cortarme|me couper|me cortar|tagliarmi) sans que',
      'sin que (?:\\w+ ){0,3}(?:vean|noten) (?:las )?(?:marcas|cicatrices|cortes)',
    )],
    [0.5, words('(?:dosis|dose) (?:\\w+ ){0,3}(?:mortal|mortelle|letal|letale)', '(?:todliche|todlich) (?:dosis|menge)')],
    // Nobody would miss me; farewell letters written; without pain; then "the method", "how to do it".
    [0.6, words('nadie me echaria de menos', 'personne ne me regrettera', 'niemand wurde mich vermissen', 'ninguem sentiria (?:a )?minha falta', 'nessuno sentira la mia mancanza', 'niemand zal me missen', 'nikt nie bedzie (?:za mna )?tesknil')],
    [0.6, words('cartas de despedida', 'lettres dadieu', 'mes lettres', 'abschiedsbrief\\w*', 'die briefe geschrieben', 'cartas de adeus', 'escrevi as cartas', 'escribi las cartas', 'scritto le lettere', 'lettere di addio', 'regale mis cosas', 'donne mes affaires', 'sachen verschenkt', 'dei as minhas coisas', 'regalato le mie cose')],
    [0.5, words('sin dolor', 'sans souffrir', 'sans douleur', 'ohne schmerzen', 'sem dor', 'senza soffrire', 'zonder pijn', 'bez bolu', 'el metodo', 'la methode', 'die methode', 'o metodo', 'il metodo', 'como hacerlo', 'comment le faire', 'wie ich es', 'como fazer isso', 'come farlo', 'es schnell beenden', 'acabar com tudo', 'partir sans', 'hoe ik kan gaan')],
    // Eating disorders: not eating, kept from the parents, tricks against hunger.
    [0.5, words('sin comer', 'sans manger', 'nichts (?:zu )?essen', 'esse seit', 'sem comer', 'non mangio', 'aufhoren zu essen', 'parar de comer', 'dejar de comer', 'arreter de manger', 'smettere di mangiare', 'ne mange rien')],
    [0.5, words('sin que (?:mis|mi) (?:padres|familia)', 'que mis padres no', 'sans que mes parents', 'ohne dass meine eltern', 'sem (?:meus pais|minha familia)', 'senza che i miei', 'zonder dat mijn ouders')],
    [0.5, words('enganar al hambre', 'tromper la faim', 'gegen den hunger', 'enganar a fome', 'non sentire la fame', 'quiero seguir', 'je veux continuer', 'will weitermachen', 'quero continuar', 'voglio continuare')],
  ]),
  ...rules('violence', [
    // First-person threats: "te voy a matar", "je vais le tuer", "ich bringe dich um", "ti ammazzo".
    [1, `\\b${any('te voy a', 'lo voy a', 'la voy a', 'los voy a', 'voy a', 'quiero', 'je vais', 'je veux', 'vou', 'quero', 'voglio', 'vado a')} ${any(
      'matar(?:te|lo|la|los|las)', 'apunalar(?:te|lo|la)?', 'acuchillar(?:te|lo|la)?', 'te tuer', 'le tuer', 'la tuer', 'les tuer', 'te buter', 'le buter',
      'te poignarder', 'le poignarder', 'la poignarder', 'te matar', 'matar (?:ele|ela|voce|o meu|a minha)', 'esfaquear', 'ucciderti', 'ucciderlo', 'ucciderla',
      'ammazzarti', 'ammazzarlo', 'ammazzarla', 'accoltellar\\w*',
    )}\\b`],
    [1, words('ich (?:bringe|bring|werde) (?:dich|ihn|sie|euch) (?:\\w+ )?(?:um|umbringen|abstechen|erschiessen|erstechen)', 'ti ammazzo', 'lo ammazzo', 'la ammazzo', 'ik maak (?:je|hem|haar) af')],
    // Harm planned without the verbs: no brakes, into the coffee so he never gets up, a knife past security.
    [1, words(
      'sin frenos', 'sans freins', 'keine bremsen', 'sem freio', 'senza freni', 'geen remmen',
      near(any('para', 'pour', 'damit', 'perche', 'zodat', 'zeby'), `${any('no', 'ne', 'nicht', 'nao', 'non', 'niet', 'nie')} (?:se |si |mehr |piu |meer |juz )?${any('levante', 'releve', 'aufsteht', 'levantar', 'levante mais', 'rialzi', 'opstaat', 'wstal')}`, 4),
      'nunca mas camine', 'nie wieder laufen', 'nunca mais ande', 'non cammini piu', 'ne remarche plus', 'nooit meer lopen',
      '(?:cuchillo|couteau|messer|faca|coltello|mes) (?:\\w+ ){0,4}(?:sin que|sans que|ohne dass|sem (?:os )?seguranc|senza che|zonder dat)',
      '(?:sicario|tueur a gages|auftragsmorder|matador de aluguel|sicario esperto|huurmoordenaar)',
      '(?:veneno|poison|gift|veleno|vergif)\\w* (?:\\w+ ){0,6}(?:autopsia|autopsie|obduktion|sectie)', '(?:autopsia|autopsie|obduktion) (?:\\w+ ){0,4}(?:veneno|poison|gift|veleno)',
      'bomba casera', 'bombe artisanale', 'bombe bauen', 'bomba caseira', 'bomba artigianale', 'rohrbombe',
      '(?:deshacerme de|desaparecer|me debarrasser d|livrar de|sbarazzarmi di) (?:un |una |o |a )?(?:cuerpo|corps|corpo|cadaver)', 'leiche (?:\\w+ ){0,2}los',
      '(?:donde|ou|wohin|onde|dove|waar) (?:\\w+ ){0,3}(?:apunalar|poignarder|stechen|esfaquear|accoltellare|steken)',
      '(?:arma|arme|waffe|pistola|pistolet) (?:\\w+ ){0,1}(?:sin|sans|ohne|sem|senza) (?:papeles|registro|controle|kontrolle|registrierung|permesso|porto darmi)',
      'sin dejar (?:pruebas|rastro)', 'sans laisser de traces', 'ohne spuren', 'sem deixar rastro', 'senza lasciare tracce', 'zonder sporen',
    )],
    [1, near(any('escribe', 'redacta', 'ecris', 'redige', 'schreib\\w*', 'escreve\\w*', 'scrivi\\w*', 'schrijf', 'napisz'), any('una amenaza', 'une menace', 'eine drohung', 'uma ameaca', 'una minaccia', 'een dreigement'), 3)],
    [-0.6, words('en mi novela', 'dans mon roman', 'in meinem roman', 'no meu romance', 'nel mio romanzo', 'pelicula', 'videojuego', 'jeu video', 'elden ring', 'hollow knight', 'boss', 'jefe final', 'chefe final', 'endboss', 'eindbaas')],
  ]),
  ...rules('sexual', [
    [1, near(CHILD_AGE, any('desnud\\w*', 'sexo', 'sexual\\w*', 'nue?s?', 'sexe', 'sexuel\\w*', 'nackt\\w*', 'sex\\w*', 'nua', 'nu', 'pelad\\w*', 'nud\\w*', 'sesso', 'sessual\\w*', 'naakt\\w*'), 12)],
    [1, near(any('bebio (?:mucho|demasiado)', 'a beaucoup bu', 'viel getrunken', 'bebeu (?:muito|demais)', 'ha bevuto (?:molto|troppo)'), any('sin que sepa', 'sans quelle comprenne', 'ohne dass sie merkt', 'sem ela perceber', 'senza che capisca'), 12)],
    [1, near(any('lo que le haria', 'ce que je ferais', 'was ich (?:\\w+ ){0,4}machen wurde', 'o que eu faria', 'cosa farei', 'wat ik zou doen'), CHILD_AGE, 8)],
    [1, near(any('desnud\\w*', 'sexo', 'sexual\\w*', 'nue?s?', 'sexe', 'sexuel\\w*', 'nackt\\w*', 'nua', 'pelad\\w*', 'nud\\w*', 'sesso', 'naakt\\w*', 'sin ropa', 'sans vetements', 'ohne kleidung', 'sem roupa', 'senza vestiti'), CHILD_AGE, 12)],
    [1, near(any('nino', 'nina', 'enfant', 'kind', 'jungen', 'madchen', 'menino', 'menina', 'crianca', 'bambino', 'bambina', 'alumna', 'eleve', 'schulerin', 'aluna', 'alunno'), any('fotos sin ropa', 'photos sans vetements', 'fotos ohne kleidung', 'fotos sem roupa', 'foto senza vestiti', 'erotic\\w*', 'erotique', 'erotische', 'erotico'), 8)],
    // Explicit content, drugging, hidden cameras, intimate images shared.
    [1, words(
      'escena de sexo explicita', 'scene de sexe explicite', 'explizite sexszene', 'cena de sexo explicita', 'scena di sesso esplicita', 'expliciete seksscene',
      'relato erotico muy grafico', 'histoire erotique tres crue', 'sehr explizite erotische', 'conto erotico bem explicito',
      '(?:bebida|verre|glas|bebida dela|bicchiere|drankje|drink\\w*)(?: \\w+){0,6} (?:no recuerde|ne se souvienne|nicht erinnert|nichts erinnert|nao lembr\\w*|non ricordi|niets herinnert|niczego nie pamietala)',
      '(?:grabar|grabo|filmer|filmen|filmar|filmare|filmo) (?:\\w+ ){0,5}(?:ducha|douche|dusche|banho|doccia|vestuario|umkleide)',
      '(?:cuerpo|corps|korper|corpo) (?:\\w+ ){0,5}(?:de forma sexual|de maniere sexuelle|auf sexuelle weise|in modo sessuale|op een seksuele manier)',
      '(?:camara|camera|kamera|camera) (?:\\w+ ){0,3}(?:vestuario|vestiaires?|umkleide|vestiario|spogliatoio|kleedkamer|ducha|douche)',
      '(?:videos?|fotos?) (?:intim\\w*|de mi ex|de mon ex|meiner ex|da minha ex|della mia ex)(?: \\w+){0,8} (?:porn\\w*|todos|tout le monde|alle|todo mundo|tutti)',
      '(?:foto ?montaje|montaje|fotomontage|montagem|fotomontaggio|montage) (?:\\w+ ){0,8}(?:desnud\\w*|nue?|nackt|pelad\\w*|nud\\w*)',
    )],
  ]),
  ...rules('sexual', [
    [-0.6, words('educacion sexual', 'education sexuelle', 'sexualkunde', 'aufklarung', 'educacao sexual', 'educazione sessuale', 'consentimiento', 'consentement', 'consentimento', 'consenso', 'como hablo', 'comment (?:expliquer|parler)', 'wie erklare', 'como (?:explicar|falar)', 'come (?:spiego|parlo)', 'hoe leg ik')],
  ]),
  ...rules('hate', [
    // Dehumanising generalisations: "<group> are vermin".
    [1, `\\b${any(
      'inmigrantes', 'musulmanes', 'judios', 'gitanos', 'negros', 'gays', 'homosexuales', 'mujeres', 'refugiados', 'moros', 'marroquies', 'chinos', 'latinos',
      'immigres', 'musulmans', 'juifs', 'roms', 'noirs', 'arabes', 'homos', 'femmes', 'refugies', 'asiatiques', 'africains',
      'fluchtlinge', 'auslander', 'muslime', 'juden', 'roma', 'schwarze', 'schwule', 'frauen', 'migranten', 'turken',
      'imigrantes', 'muculmanos', 'judeus', 'ciganos', 'mulheres', 'nordestinos', 'indigenas', 'venezuelanos',
      'immigrati', 'musulmani', 'ebrei', 'zingari', 'neri', 'omosessuali', 'donne', 'rifugiati', 'disabili', 'handicapes', 'behinderte', 'discapacitados',
      'marokkanen', 'moslims', 'joden', 'vrouwen', 'uchodzcy', 'zydzi', 'romowie',
    )} (?:\\w+ ){0,2}${any('son', 'sont', 'sind', 'sao', 'sono', 'zijn', 'to')} (?:\\w+ ){0,3}${any(
      'parasitos?', 'ratas', 'plaga', 'animales', 'basura', 'escoria', 'inferiores', 'enfermos', 'ladrones', 'una carga',
      'parasites', 'rats', 'vermine', 'animaux', 'sous hommes', 'inferieur\\w*', 'malades', 'voleurs', 'racaille', 'un fardeau', 'betes',
      'ungeziefer', 'ratten', 'parasiten', 'tiere', 'abschaum', 'minderwertig', 'krank', 'dumm', 'eine last',
      'parasitas', 'ratos', 'praga', 'animais', 'lixo', 'doentes', 'ladroes', 'burr\\w*', 'preguicosos', 'uma doenca',
      'parassiti', 'ratti', 'animali', 'feccia', 'malati', 'ladri', 'un peso',
      'ongedierte', 'ratten', 'ziek', 'dom', 'pasozyty', 'pasozytami',
    )}\\b`],
    [1, words('se reproducen como ratas', 'se reproduisent comme des rats', 'vermehren sich wie ratten', 'se reproduzem como ratos', 'si riproducono come ratti', 'planten zich voort als ratten')],
    [1, words(
      'controlan los bancos', 'controlent les banques', 'kontrollieren die banken', 'controlam os bancos', 'controllano le banche', 'rzadza bankami',
      '(?:raza|race|rasse|raca|razza) (?:inferior|inferieure|minderwertig\\w*)', 'contra la mezcla de razas', 'contre le melange des races', 'gegen mischehen',
    )],
    [-0.6, words('discurso de odio', 'discours de haine', 'hassrede', 'discorso d odio', 'es racista', 'est raciste', 'ist rassistisch', 'e racista', 'e razzista', 'estereotip\\w*', 'stereotyp\\w*', 'stereotip\\w*', 'historia de', 'histoire de', 'geschichte', 'storia')],
  ]),
  ...rules('harassment', [
    [1, words(
      'que sabe?s? donde (?:vive|vives|estudian|trabaja)', 'que je sais ou (?:elle|il|tu) (?:habite|habites|travaille)', 'dass ich weiss wo (?:er|sie|du) (?:wohnt|wohnst|arbeitet)',
      'que sei onde (?:ela|ele|voce) (?:mora|trabalha)', 'que so dove (?:abita|lavora|vive)', 'dat ik weet waar',
      '(?:perfil|profil|profilo|profiel) (?:falso|faux|fake|falso|nep)(?: \\w+){0,6} (?:de mi ex|de mon ex|meiner ex|da minha ex|della mia ex|van mijn ex)',
      'todo el mundo (?:la|lo|te) odia', 'tout le monde (?:la|le|te) deteste', 'alle (?:sie|ihn|dich) hassen', 'ninguem nunca vai ser amigo', 'tutti (?:la|lo|ti) odiano',
    )],
    [1, near(any('que se', 'que je sais', 'dass ich weiss', 'que sei', 'che so', 'dat ik weet'), any('donde (?:vive|estudian|trabaja)', 'ou (?:elle|il) (?:habite|travaille)', 'a quelle heure', 'wo (?:er|sie) wohnt', 'in welche schule', 'onde (?:ela|ele) mora', 'em que escola', 'a che ora', 'dove (?:abita|lavora)', 'a que hora', 'waar'), 4)],
    [1, words('lista de insultos', 'liste de moqueries', 'liste mit beleidigungen', 'lista de apelidos', 'lista di insulti', 'lijst met beledigingen', 'liste dinsultes')],
    [0.5, words('donde trabaja', 'ou travaille', 'wo (?:\\w+ ){0,2}arbeitet', 'onde (?:\\w+ ){0,3}(?:trabalha|a trabalhar)', 'dove lavora', 'waar (?:\\w+ ){0,2}werkt', 'a que hora sale', 'a quelle heure (?:elle|il) sort', 'wann sie feierabend', 'a que horas sai', 'a che ora esce')],
    [0.5, words('esperarla', 'lattendre', 'vor der tur warten', 'esperar por ela', 'aspettarla', 'opwachten')],
    [0.5, words('leer (?:los )?mensajes', 'lire les messages', 'nachrichten (?:\\w+ ){0,3}lesen', 'ler as mensagens', 'leggere i messaggi', 'berichten (?:\\w+ ){0,3}lezen', 'localizador en el coche', 'traceur sur la voiture')],
    [0.5, words('heimlich', 'en secreto', 'en cachette', 'escondido', 'di nascosto', 'sans quelle le sache', 'sin que lo sepa')],
    // Fake reviews: writing reviews (0.5), false or one-star (0.5).
    [0.5, near(any('escribe', 'escribir', 'redacta', 'ecris', 'ecrire', 'redige', 'schreib\\w*', 'escreve\\w*', 'scrivi\\w*', 'schrijf', 'napisz'), any('resenas', 'avis', 'bewertungen', 'avaliacoes', 'recensioni', 'reviews', 'nepreviews', 'opinii'), 5)],
    [0.5, words('falsas', 'faux', 'gefalscht\\w*', 'false', 'nep ?reviews?', 'falszyw\\w*', 'una estrella', 'une etoile', 'ein sterne?', 'uma estrela', 'una stella', 'een ster', 'jednej gwiazdki')],
    [0.5, words('sin que (?:lo |la )?sepa', 'sin que se de cuenta', 'sans qu(?:elle|il) le sache', 'ohne dass (?:sie|er) es (?:merkt|weiss)', 'sem (?:ela|ele) (?:saber|perceber)', 'senza che (?:lo |la )?sappia', 'senza che se ne accorga', 'zonder dat (?:ze|hij) het merkt', 'stiekem')],
    [1, near(any('direccion', 'adresse', 'endereco', 'indirizzo', 'adres', 'dove lavora', 'donde trabaja', 'ou travaille', 'wo (?:meine|mein) ex', 'onde (?:a minha|o meu) ex', 'waar mijn ex'), any('mi ex', 'mon ex', 'meiner ex', 'minha ex', 'mia ex', 'mijn ex', 'mojej bylej', 'esperarla', 'lattendre', 'warten', 'esperar por ela', 'aspettarla', 'opwachten'), 8)],
    [0.6, words('ubicacion', 'localisation', 'standort', 'localizacao', 'posizione', 'locatie', 'mensajes de', 'messages de', 'nachrichten (?:meiner|meines)', 'mensagens d', 'messaggi d', 'berichten van')],
    [-0.6, words('denunciar', 'denuncio', 'signaler', 'melden', 'segnalare', 'reportar', 'eliminar', 'supprimer', 'loschen', 'remover', 'rimuovere', 'sorpresa', 'surprise', 'uberraschung', 'surpresa')],
  ]),
  ...rules('crime', [
    [1, `\\b${any('como', 'comment', 'wie', 'come', 'hoe', 'jak')} (?:\\w+ ){0,3}${any(
      'lavo', 'lavar', 'blanquear', 'blanqueo', 'blanchir', 'wasche', 'waschen', 'riciclare', 'riciclo', 'witwassen',
    )} (?:\\w+ ){0,2}${any('dinero', 'largent', 'argent', 'geld', 'drogengeld', 'dinheiro', 'denaro', 'soldi', 'pieniadze')}\\b`],
    [1, words(
      'documentos falsos', 'billetes falsos', 'faux papiers', 'faux billets', 'gefalschte ausweise', 'falschgeld', 'notas falsas', 'documenti falsi',
      'banconote false', 'valse identiteitsbewijzen',
      '(?:sin su contrasena|sans son mot de passe|ohne (?:sein|ihr) passwort|sem a senha del\\w|senza la sua password)',
      '(?:mit einem enkeltrick|aplicar o golpe|fare la truffa)',
      '(?:hackear|piratear|pirater|hacken|hacke|invadir|hackerare) (?:\\w+ ){0,3}(?:cuenta|correo|compte|konto|conta|account|instagram|whatsapp|e mail konto|email)',
      '(?:comprar|acheter|kaufen|comprare|kopen|compro) (?:\\w+ ){0,2}(?:cocaina|cocaine|kokain)', '(?:cocaina|cocaine|kokain) (?:\\w+ ){0,3}(?:dark web|darknet)',
      '(?:vender|vendo|vendre|verkaufen|verkauf|vendere|vend) (?:\\w+ ){0,2}(?:hierba|droga|drogas|shit|gras|maconha|erba|drogen|drogue\\w*)(?: \\w+){0,3} (?:en el|au|an der|na|a|nella) (?:instituto|colegio|lycee|college|schule|escola|scuola)',
      '(?:cobrar|cobrando|toucher|kassieren|recebendo|receber|incassare|innen|pobierac) (?:\\w+ ){0,3}(?:pension|retraite|rente|aposentadoria|pensione|aow|emeryture) (?:\\w+ ){0,3}(?:fallecid\\w*|decede\\w*|verstorben\\w*|que morreu|morta|overleden\\w*|zmarlej)',
      '(?:cuenta|compte|konto|onlinebanking|conta|conto|bankapp|konto bankowe) (?:\\w+ ){0,4}(?:mientras duerme|pendant quelle dort|wahrend sie schlaft|enquanto ela dorme|mentre dorme|terwijl ze slaapt|kiedy spi)',
      'haciendome pasar por', 'en me faisant passer pour',
      near(any('escribe', 'redacta', 'ecris', 'redige', 'schreib\\w*', 'escreve\\w*', 'scrivi\\w*', 'schrijf', 'napisz'), any('como si fuera', 'que parezca del banco', 'qui se fait passer pour', 'im namen von', 'que pareca do banco', 'che sembri della banca', 'comme si jetais', 'als ware ich', 'como se eu fosse', 'fingindo ser', 'come se fossi', 'fingendo di essere', 'alsof ik', 'jakbym'), 6),
      '(?:pasar|paso|passer|schmuggeln|schmuggle|passar|passo|passare) (?:\\w+ ){0,2}(?:droga|drogas|drogen|drogues) (?:\\w+ ){0,2}(?:frontera|frontiere|grenze|fronteira|confine)',
      '(?:robar|voler|stehlen|roubar|rubare) (?:\\w+ ){0,2}(?:coche|voiture|auto|carro|macchina) (?:\\w+ ){0,2}(?:sin llave|sans cle|ohne schlussel|sem chave|senza chiave)',
    )],
    [-0.6, words('detectan', 'detectent', 'erkennen', 'detectam', 'scoprire', 'riconoscere', 'reconocer', 'reconnaitre', 'herkennen', 'ontdekken', 'denunciar', 'signaler', 'melden', 'denunciar', 'segnalare', 'rozpoznac', 'wykrywaja')],
  ]),
];
