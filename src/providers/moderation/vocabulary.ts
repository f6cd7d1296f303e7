// Word lists shared by the local moderator's rules, as regex alternations over normalised text
// (lowercase, no apostrophes: "someone's" is "someones"). Kept apart so the rules read as sentences.

/** `a|b|c` → `(?:a|b|c)`. */
export const any = (...words: string[]): string => `(?:${words.join('|')})`;

/** Any of the phrases, each as whole words. */
export const wholeWords = (...list: string[]): RegExp => new RegExp(`\\b${any(...list)}\\b`);

/** Words or their beginnings ("disappear" in "disappeared", "gun" in "guns"). */
export const wordsStarting = (...list: string[]): RegExp => new RegExp(`\\b${any(...list)}`);

/** Wanting it over, in the six languages, whoever's end: never putting means away nor holding out. */
export const AN_END = ['end it', 'to die', 'en finir', 'acabar con todo', 'umbring\\w*', 'farla finita', 'acabar com tudo'];

/** `a`, then at most `gap` other words, then `b` (the text is single-spaced words). */
export const near = (a: string, b: string, gap = 4): string => `\\b${a}\\b(?: \\S+){0,${gap}} ${b}\\b`;

/** People one might threaten, hurt or expose. */
const RELATION = any(
  'wife', 'husband', 'boyfriend', 'girlfriend', 'ex', 'ex wife', 'ex husband', 'ex girlfriend', 'ex boyfriend', 'partner', 'boss', 'manager',
  'neighbou?rs?', 'brother', 'sister', 'mom', 'mum', 'mother', 'dad', 'father', 'son', 'daughter', 'kids?', 'children', 'baby', 'teacher',
  'coworkers?', 'co workers?', 'colleagues?', 'classmates?', 'roommate', 'family', 'landlord', 'step ?dad', 'step ?mom', 'friend', 'uncle', 'aunt',
  'grandma', 'grandpa', 'cousin', 'employees?', 'customers?',
);
export const PERSON = any(
  'someone', 'somebody', 'a person', 'a human', 'a man', 'a woman', 'a child', 'a kid', 'a cop', 'a police ?officer', 'the police', 'cops', 'him',
  'her', 'them', 'everyone', 'everybody', 'you', 'your family',
  `(?:my|his|her|their|your) (?:\\w+ )?${RELATION}`, `(?:that|this) (?:\\w+ )?(?:guy|man|woman|driver|bitch|bastard|kid|girl|boy|idiot|teacher|cop|dude)`,
  'the (?:ceo|president|mayor|driver|teacher|cop|cops|police|officer|judge|senator|kids|children|students|jews|gays)',
  '\\w+s (?:wife|husband|daughter|son|kids)',
);

export const HOW_TO = any(
  'how (?:do|can|could|would|should|might) (?:i|we|you|one|someone)', 'how to', 'how i can',
  '(?:best|easiest|quickest|fastest|quietest|most effective|safest) (?:way|ways|method|place|places) to',
  'ways? to', 'help me', 'teach me', 'tell me how', 'show me how', 'explain how', 'describe how', 'instructions (?:to|for|on)', 'step by step',
  'where (?:should|do|can) i', 'what (?:can|should) i use to', 'plan (?:to|for|it)', 'guide (?:to|on|for)', 'tips (?:to|for|on)',
);

export const VIOLENT_VERB = any(
  'kill', 'murder', 'stab', 'shoot', 'strangle', 'choke', 'beat', 'beat up', 'poison', 'behead', 'hurt', 'torture', 'kidnap', 'abduct', 'assault',
  'punch', 'stomp', 'maim', 'cripple', 'run over', 'shank', 'gun down', 'slaughter', 'massacre', 'lynch', 'drown', 'smother', 'suffocate', 'rape',
  'burn', 'attack',
);

/** Adjectives naming a protected group ("mexican", "jewish"), before a noun. */
export const ETHNIC = any(
  'jewish', 'muslim', 'black', 'gay', 'mexican', 'chinese', 'arab', 'asian', 'indian', 'african', 'immigrant', 'trans', 'hindu', 'somali',
  'third world', 'roma', 'gypsy', 'pakistani', 'nigerian', 'syrian', 'afghan', 'migrant', 'refugee', 'islamic', 'polish', 'romanian', 'albanian',
);

/** Protected groups, plural or collective, as people write them in hateful generalisations. */
export const GROUP = any(
  'muslims?', 'moslems?', 'jews', 'jewish people', 'blacks', 'black (?:people|men|women|folks)', 'africans', 'whites', 'white (?:people|men|women)',
  'asians', 'chinese(?: people)?', 'japanese', 'koreans', 'indians', 'pakistanis', 'arabs', 'mexicans', 'hispanics', 'latinos', 'latinas',
  'immigrants', 'migrants', 'illegals', 'refugees', 'foreigners', 'gays', 'gay (?:people|men|guys)', 'lesbians', 'homosexuals', 'queers',
  'trans (?:people|women|men|folks)', 'transgender (?:people|women|men)', 'women', 'females', 'christians', 'catholics', 'hindus', 'sikhs',
  `${ETHNIC} (?:bankers|men|women|people|folks|families|neighbou?rs|workers|immigrants|refugees|invaders|kids|children|gangs?|communit(?:y|ies))`,
  'gypsies', 'roma', 'somalis', 'nigerians', 'syrians', 'afghans', 'disabled people', 'the disabled', 'cripples', 'autistic people', 'muzzies',
  'kikes', 'chinks', 'niggers', 'faggots', 'trannies', 'spics', 'wetbacks', 'ragheads',
);

/** Slurs whose use is hateful on its own (spelling variants after normalisation). */
export const SLUR = any(
  'niggers?', 'niggas?', 'nigs', 'kikes?', 'faggots?', 'fags', 'chinks?', 'spics?', 'wetbacks?', 'ragheads?', 'towelheads?', 'sand ?niggers?',
  'muzzies', 'muzzie', 'gooks?', 'trannies', 'tranny', 'coons', 'jungle bunn(?:y|ies)', 'beaners?', 'porch monkeys?', 'zipperheads?', 'shitskins?',
  'kaffirs?', 'abbos?', 'golliwogs?', 'mudslimes?',
);

/** What dehumanising generalisations call a group. */
export const DEHUMANISING = any(
  'a disease', 'diseased', 'disease', 'parasites?', 'vermin', 'animals', 'subhuman', 'sub human', 'cockroaches', 'roaches', 'rats', 'bugs', 'insects',
  'filth', 'filthy', 'dirty', 'scum', 'savages', 'inferior', 'apes', 'monkeys', 'trash', 'garbage', 'freaks', 'perverts',
  'terrorists', 'thieves', 'rapists', 'criminals', 'brain ?dead', 'sheep', 'mentally ill', 'a cancer', 'cancer', 'a plague', 'plague', 'infest\\w*',
  'pests', 'mongrels', 'degenerates', 'disgusting', 'evil', 'a burden', 'not human', 'an abomination', 'abominations?',
  'destroying (?:our|the|this) (?:race|country|nation|culture|society)', 'replacing us', 'unnatural', 'degenerate', 'groomers', 'p(?:a)?edophiles',
  'less than human', 'invaders', 'stupid', 'too stupid', 'dumb', 'idiots', 'worthless', 'sick in the head', 'mentally (?:sick|disturbed|deranged)',
  'a danger to (?:children|kids|society|our kids)', 'predators',
);

/** Minors, named or by age (under 18). */
export const MINOR = any(
  'child', 'children', 'kids?', 'minors?', 'underage', 'under age', 'pre ?teens?', '(?:young|little) (?:girls?|boys?|teens?)', 'school ?girls?',
  'school ?boys?', 'daughters?', 'niece', 'nephew', 'students?', 'middle school\\w*', 'elementary school\\w*', 'lolis?', 'shotas?', 'teens?',
  'teenagers?', 'teenage', 'pupils?', 'year (?:[1-9]|10|11)\\b', '(?:[1-9]|1[01])th grade', '(?:first|second|third|fifth|sixth|seventh|eighth|ninth) grade',
  'grade (?:[1-9]|1[01])\\b', 'toddlers?',
  '(?:1[0-7]|[1-9]) ?(?:yo|y o|year old|years old|yr old|yrs old)', '(?:she|he|they) (?:is|are|s) (?:only )?(?:1[0-7]|[1-9])',
  'aged (?:1[0-7]|[1-9])',
);

/** Talking about harm rather than doing it (reporting, moderating, studying words): a negative weight
 * of 0.6 clears one clear signal but not two, so "the history of X" does not excuse a threat. */
export const ABOUT_HARM = any(
  'how (?:do|can|should) (?:i|we) (?:report|handle|respond|deal|moderate|block|ban)', 'report (?:it|them|him|her|this)', 'dehumani[sz]\\w*',
  'is (?:racist|offensive|hateful|a slur)', 'stereotyp\\w*', 'hate speech', '(?:history|origin|meaning) of',
);
/** Games and fiction: "how do I kill the dragon", "the villain poisons the king". */
export const FICTION = any(
  'in (?:my|our|the|a) (?:\\w+ )?(?:novel|story|book|game|thriller|screenplay|script|movie|film|campaign|mystery)', 'minecraft', 'gta', 'elden ring',
  'call of duty', 'fortnite', 'dnd', 'd and d', 'skyrim', 'roblox', 'video game', 'my (?:character|villain|protagonist)', 'the villain',
  '(?:my|our) (?:\\w+ )?(?:novels?|screenplays?|scripts?|stories|story|books?|films?|movies?|plays?)',
);

/** After a violent verb and its object: the sense that is not violence ("shoot her portrait", "beat him at chess", "hurt her feelings"). */
export const NOT_HARM = `(?! (?:at (?:chess|cards|pool|tennis|golf|poker|the game|games|fifa|\\w+ ?kart|\\w+ games?)|(?:\\w+ )?(?:portraits?|photos?|pictures?|headshots?|wedding|birthday|party|graduation|feelings|arguments?|ideas?|in (?:low|natural|studio) light)\\b))`;

/** Honest hyperbole about a petty annoyance ("I could strangle my brother sometimes", "I'll strangle
 * you if you spoil the ending"): softens a first-person threat so the classifier decides. Narrow on
 * purpose: a trivial trigger (clothes, leftovers, a spoiler) or "sometimes", never a place or a time. */
export const HYPERBOLE = any(
  '\\bsometimes\\b', '\\bsome days\\b', '\\bat times\\b',
  `\\b(?:if|when|for|every time) (?:he|she|they|you|it)? ?(?:\\w+ ){0,2}${any('spoils?', 'spoiling', 'eats?', 'eating', 'takes?', 'taking', 'borrows?', 'borrowing', 'reads?', 'reading', 'touch(?:es)?', 'touching', 'steals?', 'stealing', 'uses?', 'using', 'finish(?:es)?', 'finishing', 'hogs?', 'hogging', 'loses?', 'losing', 'breaks?', 'breaking', 'forgets?', 'forgetting', 'jams?', 'drops?')} (?:my|the|our|it|that|all)(?: \\w+)? ${any(
    'ending', 'endings', 'clothes', 'food', 'leftovers', 'charger', 'headphones', 'stuff', 'snacks', 'fries', 'chips', 'diary', 'seat', 'remote',
    'shampoo', 'sweater', 'hoodie', 'makeup', 'homework', 'show', 'episode', 'series', 'film', 'movie', 'book', 'plot', 'finale', 'chocolate',
    'cake', 'pizza', 'milk', 'wifi', 'password', 'again',
  )}\\b`,
);
/** Hyperbole about dying of embarrassment or boredom ("so embarrassed I want to die"). */
export const DYING_OF = any(
  '(?:so|too|that|this) (?:embarrass\\w*|bored|boring|cringe\\w*|awkward|full|jealous|mortified) (?:that )?(?:i|im|i am|ill|i could|i just)\\b',
  '(?:die|died|dying) (?:of|from) (?:embarrassment|boredom|laughter|laughing|shame|cringe|jealousy)', '(?:died|dying|die) laughing',
);

/** An operator or moderator describing what users send ("if a user asks how to make a bomb, refuse"). */
export const ABOUT_USERS = any(
  '(?:if|when) (?:a |the )?(?:users?|customers?|someone|people|visitors?|callers?) (?:asks?|says?|mentions?|requests?|types?|writes?|sends?)',
  'should (?:refuse|block|flag|decline)', 'our (?:agent|bot|chatbot|moderators?) (?:should|must|needs? to)', 'translate',
);

/** The writer insists the request is real or operational ("for real", "list the exact steps"): the
 * softeners above then lower no score, so a frame such as "in my novel" cannot carry a real request. */
export const LITERAL = any(
  'for real', 'in real life', '\\birl\\b', 'not (?:for |in )?(?:a |my |the )?(?:story|novel|game|book|film|movie|joke)', 'not fiction',
  'not hypothetical(?:ly)?', 'asking for (?:me|myself)', '(?:i am|im) (?:not joking|serious|being serious)', 'this is real',
  'list (?:all )?the (?:exact )?(?:steps|ingredients|quantities|amounts)', 'exact (?:steps|amounts?|quantities|measurements|recipe|ingredients|doses?|dosage)',
  'real (?:recipe|instructions|steps|method)', '(?:actually|really) works?',
);

/** Sexual images and video by their euphemisms ("naughty pics", "spicy videos"). */
export const INTIMATE_MEDIA = `${any('naughty', 'spicy', 'lewd', 'nsfw', 'intimate', 'explicit', 'nude', 'naked', 'topless', 'sexy', 'dirty', 'x rated')} ${any(
  'photos?', 'pics?', 'pictures?', 'images?', 'videos?', 'vids?', 'selfies?', 'snaps?', 'content', 'clips?', 'shots?',
)}`;
