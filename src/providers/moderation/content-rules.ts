// Rules about harmful content and acts: sexual content, self-harm, serious crime (scored as in
// rule.ts). Medical, sexual-health and security questions use much of the same vocabulary,
// so single words are cues (weight < 1) and clear signals need intent, a request or a method.
import { ABOUT_USERS, any, DYING_OF, FICTION, HOW_TO, INTIMATE_MEDIA, MINOR, near } from './vocabulary.ts';
import { rules, type Rule } from './rule.ts';

const MAKE = any(
  'make', 'making', 'build', 'building', 'cook', 'cooking', 'create', 'assemble', 'produce', 'producing', 'synthesi[sz](?:e|ing)', 'brew', 'brewing',
  'mix', 'print', '3d print', 'manufactur(?:e|ing)', 'extract', 'buy', 'order', 'get',
);
const DANGEROUS = any(
  'pipe bombs?', 'bombs?', 'explosives?', 'explosive device', 'ied', 'detonators?', 'molotovs?(?: cocktails?)?', 'napalm', 'thermite', 'ricin',
  'sarin', 'anthrax', 'nerve (?:agent|gas)', 'mustard gas', 'chlorine gas', 'ghost guns?', 'untraceable (?:guns?|firearms?|weapons?)', 'silencer',
  'suppressor', 'meth', 'methamphetamine', 'crack cocaine', 'cocaine', 'heroin', 'fentanyl', 'lsd', 'mdma', 'ghb', 'dirty bomb', 'chloroform',
  'rohypnol', 'roofies', 'date rape drugs?',
);
const DRUG = any(
  'cocaine', 'coke', 'heroin', 'meth', 'fentanyl', 'weed', 'drugs', 'mdma', 'molly', 'crack', 'lsd', 'ketamine', 'opioids', 'oxy', 'oxycodone',
);
const OTHERS = any(
  'someones', 'someone elses', 'somebodys', 'another persons', 'other peoples', 'her', 'his', 'their', 'my exs', 'my ex',
  `my (?:(?!late |deceased |dead )\\w+ )?(?:girlfriend|boyfriend|wife|husband|partner|coworker|boss|bosse|ex|neighbou?r|sister|brother|mom|dad|friend|colleague|teacher)s?`,
);
const ACCOUNT = any(
  'accounts?', 'instagram', 'facebook', 'gmail', 'email', 'inbox', 'phone', 'iphone', 'icloud', 'snapchat', 'whatsapp', 'twitter', 'tiktok',
  'messages', 'texts', 'password', 'wifi', 'vpn(?: password)?', 'bank account', 'computer', 'laptop', 'webcam',
);
const SEXUAL_WITH_MINOR = any(
  'sex', 'sexy', 'sexual (?:relationship|pictures|photos|pics|images|content|things)', 'naked', 'nudes?', 'porn', 'erotic', 'intercourse',
  'hentai', 'sex scene', 'undress\\w*', 'genitals', 'sext(?:ing|ed|s)?', 'seduc\\w*', 'molest\\w*', 'fondl\\w*', 'hot body', 'in a sexy way',
  INTIMATE_MEDIA,
);

export const CONTENT_RULES: Rule[] = [
  ...rules('sexual', [
    // Anything sexual involving minors, in either order; only a parenting or education question softens it.
    [1.5, near(MINOR, SEXUAL_WITH_MINOR, 6)],
    [1.5, near(SEXUAL_WITH_MINOR, MINOR, 6)],
    [1.5, any('lolicon', 'shotacon', 'underage porn', 'child porn', 'cp links')],
    // Requests for explicit material, sexual role-play and propositions.
    [1, any(
      'send (?:me )?(?:a |your |some )?(?:nudes?|nude pics|naked (?:pics?|photos?|pictures?|selfies?))', 'talk dirty', 'dirty talk', '\\bsext\\b',
      'sexting',
      'sexy (?:story|stories|roleplay|chat|pics|pictures|photos|time)', 'erotic (?:story|stories|roleplay|role play|fiction|scene|fanfic|chat)',
      'erotica', '(?:sex|smut|nsfw|porn|porno) (?:scene|story|stories|roleplay|fic|fanfic|dialogue|chat)', 'smut', 'smutty', 'hentai', 'rule 34',
      'pornographic', '(?:write|generate|create|make)(?: me)? (?:\\w+ )?porn', 'porn links', 'links to porn',
    )],
    [1, any(
      'threesome', 'gangbang', 'orgy', 'blowjob', 'handjob', 'deepthroat', 'cumshot', 'creampie', 'anal sex', 'bdsm scene', 'moan for me',
      'how wet you are', 'wet (?:pussy|cunt)', 'make (?:me|you|her|him|a girl|a guy) (?:cum|orgasm)',
      '(?:suck|lick|ride|stroke) (?:my|his|your) (?:cock|dick|pussy|tits|boobs|clit|balls|penis)',
      '(?:describe|rate|touch|lick|grab|squeeze) (?:your|her|my|his) (?:tits|boobs|pussy|dick|cock|penis)',
      '(?:show|see|flash)(?: me)? your (?:boobs|tits|breasts|body|pussy|dick|cock|penis|ass|naked body)', '(?:your|her|his) naked body',
      '(?:send|show)(?: me)? (?:pics?|photos?|pictures?|nudes?) of (?:your|her|his) (?:dick|cock|pussy|tits|boobs|ass|penis|naked)',
      '(?:roleplay|role play|have|having) sex with (?:me|you)', 'sex with me', 'cyber ?sex', 'phone sex', 'lets (?:have )?sex',
      '(?:want|wanna|going|would love|d love|like) to fuck (?:you|me|her|him)',
    )],
    // Intimate images of someone else: asked for, shared without consent, filmed in secret, faked.
    [1, `\\b(?:send|show|give|get)(?: me)? (?:some |any |the |a )?${INTIMATE_MEDIA} of (?:your|her|his|my|their) \\w+`],
    [1, near(INTIMATE_MEDIA, '(?:share|post|upload|leak|spread|forward|sell|send)\\w* (?:them|it|those|these|online|everywhere)', 10)],
    [0.6, any(
      '(?:girlfriend|boyfriend|ex|wife|husband|partner|she|he) (?:\\w+ ){0,2}sent me (?:private|personal|intimate|naughty|nude|naked|sexy|spicy) (?:photos|pics|pictures|videos|snaps|selfies)',
      `${INTIMATE_MEDIA} of (?:my ex|my exs|her|him|my (?:\\w+ )?(?:girlfriend|boyfriend|classmate|coworker|colleague|neighbou?r|roommate|teacher))`,
    )],
    [0.5, '(?:share|post|upload|leak|spread|forward|send) (?:them|it|those|these) (?:with|to|on|in|online|everywhere)'],
    [1, any(
      '\\bdeep ?fakes? (?:\\w+ ){0,2}(?:nudes?|naked|porn|sex\\w*)', '(?:nudes?|naked|porn|sex) deep ?fakes?', 'nudify', '\\bundress (?:her|him|my|this|a photo|photos)',
      '(?:remove|take off) (?:her|his|their) clothes (?:in|from|on) (?:the |this |a |her |his )?(?:photo|picture|image|pic)',
      '(?:youd|you would|would you) do to me in bed',
    )],
    [0.7, '\\b(?:film|record|photograph|watch|filming|recording|spy on|spying on) (?:\\w+ ){0,3}(?:in the (?:shower|bath|bathroom|toilet|changing room)|changing|undressing|naked|getting dressed)\\b'],
    [0.5, any('secretly', 'hidden cam(?:era)?s?', 'spy ?cam\\w*', 'without (?:her|him|them) knowing')],
    // Cues: words that are sexual in most support traffic but also name a rooster, a cat or a medical topic.
    [0.6, any('(?:find|watch|show|send|give)(?: me)? (?:\\w+ )?porn', 'sex positions', 'stripper', 'striptease', 'lap dance')],
    [0.6, any('(?:fucking|fucked|fuck|screwing|banging) (?:her|him|me|each other|in the|hard|on the|tonight)', 'wants to fuck')],
    [0.6, '(?:your|her|my) (?:\\w+ )?(?:pussy|dick|tits|clit|boobs)'],
    [0.6, 'horny'],
    [0.5, any('dirty (?:language|talk|story|stories|messages)', 'milf')],
    [0.5, any('explicit', 'graphic detail', 'be explicit', 'more graphic', 'incest', 'naked', 'nudes?')],
    [0.5, 'porn'],
    [0.4, any('pussy', 'tits', 'cock', 'dick', 'cum', 'clit', 'boobs')],
    // Health, education and reporting questions: the same words, another purpose.
    [-1, any(
      'talk(?:ing)? (?:to|with) (?:my|our|your) (?:\\w+ ){0,3}about', 'teach(?:ing)? (?:my|our|the)? ?(?:kids|children|students)', 'sex ?ed',
      'sex education', 'age of consent', 'how (?:do|can|should) (?:i|we) (?:report|block|stop)', 'report (?:it|them|unwanted)', 'sexually active',
      'safe to have sex',
    )],
  ]),
  ...rules('self-harm', [
    // Stated intent to die or to self-harm.
    [1, any(
      'kill myself', 'end my life', 'take my (?:own )?life', 'unalive(?: myself)?', 'end it all', 'off myself', 'hang myself',
      '(?:slit|slash|cut) (?:my|your) wrists?', '(?:want|wish) (?:to )?(?:die|be dead)', 'dont want to (?:live|be alive|exist|wake up)',
      'better off dead', 'hope i (?:dont|never|do not) wake up', 'i (?:\\w+ )?deserve to die',
      '(?:thinking|think|thought) (?:about|of) (?:killing myself|suicide|ending (?:it|my life))',
    )],
    [0.6, any(
      'killing myself', 'suicidal', 'nobody would miss me', 'no one would (?:miss|care)', 'cant (?:go on|take it anymore)',
      'done with (?:everything|life|it all)', 'i am done', 'to end it', 'for someone my weight', 'for my weight',
    )],
    // Asking for methods or lethality.
    [1, `\\b${any(
      'painless', 'quickest', 'fastest', 'easiest', 'quietest', 'surest', 'best', 'most effective', 'least painful', 'most painless',
    )} (?:way|ways|method|methods) (?:to|of) ${any(
      'die', 'dying', 'kill myself', 'commit suicide', 'suicide', 'end (?:it|my life)', 'do it', '(?:cut|hurt|burn|harm|starve) myself', 'overdose',
      'end (?:things|everything|it all)',
    )}\\b`],
    [1, any(
      'suicide (?:methods?|plan)', 'how (?:to|do i|can i) (?:commit suicide|kill myself|die)', 'commit suicide', '(?:tie|make|tying) a noose',
      '(?:jump|step|throw myself) (?:in front of|under) (?:a |the )?(?:train|bus|truck|lorry|car)',
      '(?:took|swallowed|taken) (?:[1-9]\\d+|a (?:bottle|handful|whole (?:bottle|pack|box))|all (?:my|the|of my)) (?:\\w+ )?(?:pills|tablets)',
      'hang (?:yourself|oneself)', '(?:bridge|building|roof|cliff) (?:\\w+ ){0,2}to jump (?:off|from)',
      'jump (?:off|from) (?:a |the )?(?:\\w+ )?(?:bridge|building|roof|cliff|balcony) to',
    )],
    [1, near('how (?:much|many)', '(?:would|will|to|enough to) kill me', 4)],
    [1, near('how many (?:\\w+ )?(?:pills|tablets)', '(?:would|will|to) (?:do it|kill|be enough|be lethal|not wake up|never wake up)', 3)],
    [0.6, any('(?:not|never) wake up', 'enough to (?:die|kill (?:me|myself))', '(?:want|going) to disappear (?:forever|for good)')],
    [0.5, 'jump(?:ing)? (?:off|from) (?:a |the )?(?:\\w+ ){0,3}(?:bridge|building|roof|cliff|balcony)'],
    [1, '(?:which|what) (?:pills|drugs|medications?|meds|tablets) (?:can|could|would|should|do) (?:i|you|someone) (?:overdose|od)'],
    [0.5, any('lethal dose', 'overdos\\w*', 'bleed out', 'noose', 'sleeping pills', 'how many (?:\\w+ )?(?:pills|tablets)')],
    [0.5, any(
      '(?:should|do|can) i take (?:them )?together', 'take together',
      '(?:vodka|alcohol|booze|wine|whiskey|whisky|gin|beer)(?: \\S+){0,6} (?:pills|tablets|sleeping pills|painkillers|meds)',
    )],
    // Lethality and method asked medically: how deep, a whole bottle, bleeding out, what a fall or a hanging feels like.
    [1, any(
      'how deep (?:do|should|would|must|can) i (?:have to |need to )?(?:cut|slit|slice|stab|go)', 'how deep to (?:cut|slit|slice)',
      '(?:took|take|taking|swallow|swallowed|swallowing) (?:all (?:of )?)?(?:my|the|a|her|his|mums|moms|dads) (?:whole|entire|full) (?:bottle|pack|packet|box|strip|prescription|supply|stash)',
      'how (?:long|fast|quickly) (?:\\w+ ){0,4}bleed out', '(?:which|what|how many|how much) of my (?:\\S+ ){0,4}(?:lethal|fatal|deadly|kill me|enough to)',
      `(?:purg(?:e|ing)|make myself (?:throw up|vomit|puke|sick)|${HOW_TO} (?:throw up|vomit|puke)) (?:after (?:eating|meals?|dinner|lunch|breakfast|i eat|every)|quietly|without (?:anyone|my|being))`,
      '(?:calories|eating|intake|food) (?:\\S+ ){0,8}(?:down )?to (?:zero|0|nothing)\\b',
    )],
    [0.6, any(
      '(?:hit|reach|sever|nick|slice|open) (?:an |the |my )?(?:\\w+ )?(?:artery|arteries|vein|veins)', '(?:femoral|carotid|radial) artery',
      '(?:is|does) (?:hanging|drowning|bleeding out|overdosing|suffocating|jumping|an overdose) (?:\\w+ )?(?:painful|hurt|quick|fast|peaceful)',
      '(?:would|will|could|is|are) (?:be )?(?:lethal|fatal|deadly)', 'highest (?:car park|parking (?:garage|lot)|bridge|building|roof|cliff|floor)',
      'so i can be (?:thin|skinny)', '(?:see|feel) my (?:bones|ribs|hip ?bones|collarbones)',
    )],
    [0.6, any(
      'i (?:already )?(?:have|got|bought) (?:the |a |my )?(?:rope|noose|pills|razor|blades?|tablets)(?: \\w+)? (?:already|ready)', 'when i (?:fall|jump|hit the ground|land)',
      '(?:sav(?:e|ed|ing)|stor(?:e|ed|ing)) (?:them|it|my \\w+) up', 'stockpil\\w*', 'hoard(?:ing)? (?:my )?(?:pills|meds|tablets)', '(?:what|how) would happen if i took',
    )],
    // Self-injury and eating disorders: doing it, hiding it, being urged on.
    [1, any(
      '(?:cut|cutting|burn|burning|hurt|hurting|harm|harming) (?:my (?:arms|wrists|legs|thighs|skin)|myself) (?:again|more|deeper)',
      '(?:been|keep|started|start) (?:cutting|burning|hurting|harming) (?:my|myself)', '(?:want|need|going) to (?:hurt|harm|burn|cut) myself',
      'starv(?:e|ing) myself', 'thinspo', 'pro ana', 'proana', 'pro mia', 'meanspo',
      '(?:help|encourage|motivate|push) me (?:to )?(?:stop eating|starve|not eat|purge)',
    )],
    [0.6, any(
      '(?:hurt|burn|harm|cut) myself', 'cutting (?:myself|my (?:arms|wrists|legs|thighs|skin))',
      '(?:make|making) myself (?:throw up|vomit|puke|sick)',
    )],
    [0.6, any('(?:hide|hiding|cover|covering) (?:my )?(?:self harm |cutting )?(?:scars|cuts|marks)', 'without leaving marks')],
    [0.4, 'self harm'],
    [0.4, any('keep doing it', 'after (?:every|each) meal', 'without anyone noticing', 'hide it', 'so bad right now')],
    [-0.6, ABOUT_USERS],
    // "So embarrassed I want to die": takes one intent cue under 1 (the classifier decides), not two.
    [-0.7, DYING_OF],
  ]),
  ...rules('crime', [
    // Making weapons, explosives, poisons and drugs.
    [1, `\\b${MAKE} (?:a |an |some |my own |homemade |home made )?${DANGEROUS}\\b(?! (?:proof|test|testing|strips|patch|patches|prescription|overdose|addiction|withdrawal))`],
    [1, `\\b${any('recipe', 'instructions', 'steps', 'guide', 'tutorial')} (?:for|to make|on making|to cook) (?:a |an |some )?${DANGEROUS}\\b`],
    [1, any(
      'convert (?:a |my )?(?:semi ?auto\\w*|ar ?15|glock|rifle|pistol)(?: \\w+)? (?:to|into) (?:full auto|fully automatic|automatic|a machine gun)',
      'auto sear', 'lightning link', 'untraceable (?:gun|firearm)',
    )],
    // Breaking into other people's accounts and devices; writing malware or phishing.
    [1, `\\b${any(
      'hack', 'hacking', 'hack into', 'break into', 'get into', 'crack', 'bypass', 'take over', 'spy on', 'brute force',
    )} (?:\\w+ )?${OTHERS} (?:\\w+ )?${ACCOUNT}\\b`],
    [0.6, `\\b${any('access', 'log into', 'login to', 'read', 'check', 'see')} (?:\\w+ )?${OTHERS} (?:\\w+ )?${ACCOUNT}\\b`],
    [1, any(
      '(?:write|create|make|build|code|develop|program|generate)(?: me)? (?:a |an |some )?(?:ransomware|keylogger|key logger|malware|virus|trojan|botnet|rootkit|infostealer|stealer|spyware|worm|backdoor|crypter)',
      '(?:write|create|make|draft|generate|design|build)(?: me)? (?:a |an |some )?(?:phishing|scam|fake login|spoofed|smishing) (?:email|emails|page|site|website|message|messages|text|texts|sms|link)',
      '(?:steal|phish|harvest) (?:their |peoples |users |customers |someones )?(?:logins|credentials|passwords|login details|credit cards?|card details|bank details|identit(?:y|ies))',
    )],
    [0.5, any('without (?:them|him|her|the owner) knowing', 'brute force', 'password cracking')],
    // Fraud, scams, laundering, counterfeiting, tax evasion.
    [1, `\\b${any('scam', 'defraud', 'swindle', 'con', 'trick', 'fool', 'rip off')} (?:\\w+ ){0,2}${any(
      'elderly', 'old people', 'seniors', 'pensioners', 'grandparents', 'customers', 'people', 'users', 'victims', 'businesses', 'investors',
      'tourists', 'them',
    )} (?:into|out of)\\b`],
    [1, any(
      'file a fake (?:\\w+ )?claim', 'commit (?:\\w+ )?fraud', 'launder(?:ing)? (?:\\w+ )?(?:money|cash|funds|proceeds|profits|bitcoin|crypto)',
      '(?:wash|clean) (?:the |my |dirty )?(?:cash|money) (?:from|through)', 'counterfeit (?:money|bills|cash|notes|currency)',
      '(?:evade|dodge|cheat on) (?:\\w+ )?tax(?:es)?', '(?:sell|fence) (?:\\w+ )?stolen (?:goods|items|stuff|property|phones|cars|bikes|jewel\\w*)',
      'hide (?:\\w+ ){0,3}(?:income|money|cash|assets|earnings) from (?:the )?(?:irs|hmrc|tax\\w*|government|cra|ato)',
      'fake (?:charity|charities|fundraiser|gofundme)',
    )],
    [0.6, any(
      'fake (?:insurance claim|claim|invoices?|passports?|passport scans?|ids?|id cards?|(?:drivers |driving )?licen[cs]es?|utility bills?|documents|prescriptions?|bank statements?|pay ?slips?|receipts?|doctors note|diploma)',
      '\\bscam\\b', 'from my dealing',
    )],
    [0.3, 'shell compan(?:y|ies)'],
    // Scams described by what they say: a fake lottery email, a bank asking for the PIN, a courier's fee.
    [1, `\\b(?:write|draft|create|make|generate|compose|design|forge)(?: me)? (?:a |an |some )?(?:\\S+ )?(?:fake|forged|fraudulent|spoofed|counterfeit) (?:\\S+ ){0,3}${any(
      'emails?', 'letters?', 'texts?', 'sms', 'messages?', 'invoices?', 'websites?', 'pages?', 'notices?', 'notes?', 'ids?', 'passports?', 'passport scans?',
      'licen[cs]es?', 'certificates?', 'diplomas?', 'prescriptions?', 'receipts?', 'bank statements?', 'pay ?slips?', 'reviews?', 'utility bills?',
    )}\\b`],
    [1, near(any('emails?', 'texts?', 'sms', 'messages?', 'letters?', 'calls?', 'scripts?', 'pages?'), `(?:asking|ask|asks|telling|to get|getting|requesting|so) (?:\\S+ ){0,4}(?:to )?(?:confirm|verify|enter|send|give|provide|reply with|read out) (?:\\S+ ){0,3}${any(
      'card numbers?', 'pins?', 'cvvs?', 'security codes?', 'one time (?:code|passcode|password)', 'otps?', 'bank details', 'card details', 'login details',
    )}\\b`, 6)],
    [0.6, any('pretending to be', 'posing as', 'impersonating (?:a |the |their )?(?:bank|police|courier|tax|hmrc|irs|microsoft|amazon|support)')],
    [0.5, any('(?:write|draft|compose)(?: me)? (?:a |an )?(?:\\w+ )?(?:email|text|message|sms|letter)', '(?:release|processing|redelivery|customs|clearance|unlock|verification) fee')],
    [0.5, any('(?:pass|passes|get past|get through) (?:a |the )?(?:police |background |kyc |id |age |security )?(?:checks?|verification|scanners?)', 'look(?:s)? (?:real|legit|genuine)', 'convincing')],
    // Shoplifting, evading the police, destroying evidence.
    [1, '\\b(?:ways? to|how (?:to|do i|can i|could i|would i|should i)|tips (?:for|on|to)|tricks? (?:for|to)|guide to|best (?:way|place|store|shop)s? to) (?:\\w+ ){0,2}shoplift(?:ing)?\\b'],
    [0.6, any('\\bshoplift\\w*', 'without (?:setting off|triggering) (?:the )?(?:alarms?|sensors?|tags?)', '(?:remove|get off|bypass|defeat) (?:the |a )?(?:security |anti theft )?tags?')],
    [0.6, any('(?:security )?tags? (?:dont|doesnt|wont|do not|does not|will not) (?:beep|go off|trigger)', 'foil (?:lined )?bags?')],
    [1, `\\b${any('how (?:do|can|could|would|should) i', 'how to', 'help me', 'best way to', 'tips (?:to|for)')} (?:\\w+ ){0,2}(?:lose|outrun|evade|escape|shake off|shake|get away from|hide from) (?:the )?(?:police|cops|feds|pigs|cop cars?|police cars?)\\b`],
    [0.5, any('(?:police|cops|feds) (?:are |is )?(?:after|chasing|looking for) me', 'chasing me')],
    [1, '\\b(?:get rid of|destroy|hide|dispose of|wipe|clean up) (?:the |all |any )?(?:dna )?evidence\\b'],
    [0.5, any('hit and run', 'after (?:the |a )?(?:robbery|murder|shooting|break in|burglary|stabbing)')],
    // Someone else's password or phone, read while they sleep or without them knowing.
    [0.6, `\\b${any('get', 'find out', 'steal', 'grab', 'see', 'read', 'copy')} (?:\\w+ )?${OTHERS} (?:\\w+ )?${any('password', 'passcode', 'pin', 'messages', 'texts', 'login', 'whatsapp', 'snapchat')}\\b`],
    [0.5, any('while (?:they|he|she)(?: are| re| is| s)? (?:asleep|sleeping|away|in the shower|not looking)', 'from (?:their|his|her) phone')],
    // Stolen cards and theft.
    [1, any(
      'stolen (?:credit )?(?:card|cards|card numbers|credit card numbers|cc|ccs|identities)', 'credit card numbers on the dark web', 'cc dumps',
      'fullz', '(?:clone|cloning|skim|skimming) (?:a |the |credit |debit )*(?:cards?|atms?)', 'card skimmer',
      '(?:steal|stealing|hotwire|hot wire|break into) (?:a |an |my neighbou?rs |someones |the |his |her |their )?(?:\\w+ )?(?:car|cars|house|home|apartment|store|shop|atm|safe|vehicle|truck)\\b',
    )],
    // Drug trade and smuggling.
    [0.7, `\\b${any(
      'sell', 'selling', 'deal', 'dealing', 'push', 'pushing', 'smuggle', 'smuggling', 'traffic', 'trafficking', 'cut',
    )} (?:\\w+ ){0,2}${DRUG}\\b`],
    [0.7, `\\bsmuggl\\w* (?:\\w+ ){0,2}${any('people', 'migrants', 'girls', 'women', 'children', 'guns', 'weapons')}\\b`],
    [0.6, 'without (?:a )?background checks?'],
    [0.5, any(
      'without (?:the )?(?:cops|police|feds|anyone|customs) (?:noticing|knowing|finding out)', 'without getting caught', '(?:not|never) get caught',
      'through (?:airport )?(?:security|customs)', 'past (?:the )?(?:dogs|customs|border)', 'to sell it', 'dark web',
    )],
    // Human trafficking: recruiting or moving people who then cannot leave.
    [1, near(any('recruit', 'lure', 'bring', 'bringing', 'smuggle', 'traffic', 'sell', 'buy'), `${any(
      'girls', 'women', 'children', 'kids', 'boys', 'people', 'workers', 'migrants',
    )}(?: \\S+){0,8} ${any(
      'without (?:them|her|him) being able to leave', 'cant leave', 'not (?:be )?able to leave', 'take (?:their|her|his) passports?', 'confiscate',
      'work off (?:the|their) debt', 'brothels?',
    )}`, 3)],
    [0.6, any('(?:girls|women) (?:i am |we are |were )?bringing (?:over|in)', 'being able to leave', 'massage parlou?rs?')],
    // Reporting, defending against, studying or writing about crime.
    [-0.6, any(
      'how (?:do|can|should) (?:i|we) (?:report|protect|prevent|detect|spot)', 'i suspect', 'warning signs', 'train (?:my )?staff',
      'for (?:a|my|the) (?:\\w+ )?(?:exam|class|course|essay|report|thesis|research)', FICTION, '(?:got|received|getting) (?:a |an )?(?:scam|phishing|fake)',
      'what should (?:i|we|she|he|they) do', '(?:how|ways|tips) to (?:spot|recogni[sz]e|avoid|detect|report)', 'studying for',
      'according to historians', 'so (?:i|we) can (?:check|spot|protect)',
    )],
    [-0.6, ABOUT_USERS],
    // Asking how: turns a cue (a fake ID, selling weed) into a request for help with the crime.
    [0.4, `\\b${HOW_TO}\\b`],
  ]),
];
