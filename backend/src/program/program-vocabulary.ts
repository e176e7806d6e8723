/**
 * The one place holding the general vocabulary the program assistant understands: days, months,
 * parts of the day, clock words, question words and the nouns people use for a conference session,
 * in English and French (folded: lower case, accents removed). Everything else it matches (titles,
 * speakers, rooms, formats, tags, descriptions) comes from the sessions table itself.
 */

export type Language = 'en' | 'fr';

/** Weekday names by JavaScript day number (0 = Sunday). */
export const WEEKDAYS: Record<Language, string[]> = {
  en: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
};

/** Month names (and usual abbreviations) by month number (1-12). */
export const MONTH_WORDS: Record<string, number> = {
  january: 1, jan: 1, janvier: 1, janv: 1,
  february: 2, feb: 2, fevrier: 2, fevr: 2,
  march: 3, mar: 3, mars: 3,
  april: 4, apr: 4, avril: 4, avr: 4,
  may: 5, mai: 5,
  june: 6, jun: 6, juin: 6,
  july: 7, jul: 7, juillet: 7, juil: 7,
  august: 8, aug: 8, aout: 8,
  september: 9, sept: 9, sep: 9, septembre: 9,
  october: 10, oct: 10, octobre: 10,
  november: 11, nov: 11, novembre: 11,
  december: 12, dec: 12, decembre: 12,
}; // prettier-ignore

/** How a date is written in answers: 'Tuesday, Sept 9' / 'mardi 9 septembre'. */
export const MONTH_LABELS: Record<Language, string[]> = {
  en: ['Jan', 'Feb', 'March', 'April', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};
export const WEEKDAY_LABELS: Record<Language, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  fr: WEEKDAYS.fr,
};

/** Ordinals for 'day two', 'second day', 'deuxième jour'. */
export const ORDINALS: Record<string, number> = {
  one: 1, first: 1, two: 2, second: 2, three: 3, third: 3, four: 4, fourth: 4, five: 5, fifth: 5,
  un: 1, premier: 1, premiere: 1, deux: 2, deuxieme: 2, second_: 2, trois: 3, troisieme: 3, quatre: 4, quatrieme: 4,
}; // prettier-ignore

/** Parts of the day, as [from, to) minutes after midnight. */
export const PARTS_OF_DAY: Record<string, [number, number]> = {
  morning: [0, 12 * 60],
  matin: [0, 12 * 60],
  matinee: [0, 12 * 60],
  afternoon: [12 * 60, 18 * 60],
  apres: [12 * 60, 18 * 60], // 'après-midi' folds to 'apres midi'
  evening: [17 * 60, 24 * 60],
  soir: [17 * 60, 24 * 60],
  soiree: [17 * 60, 24 * 60],
};
export const NOON_WORDS = ['noon', 'midday', 'midi'];
export const TODAY_WORDS = ['today', 'aujourd', 'tonight'];
export const TOMORROW_WORDS = ['tomorrow', 'demain'];
export const NOW_WORDS = ['now', 'currently', 'right now', 'maintenant', 'en ce moment', 'actuellement'];
export const NEXT_WORDS = ['next', 'upcoming', 'coming up', 'prochain', 'prochaine', 'suivant', 'suivante'];
export const AFTER_WORDS = ['after', 'afterwards', 'apres', 'ensuite', 'following'];
/** Words asking for a session's start (an exact start time rather than what is running then). */
export const START_WORDS = ['start', 'starts', 'starting', 'begin', 'begins', 'commence', 'commencent', 'debute', 'debutent'];

/** The nouns for a session of any format: they make a question a program question, never a topic. */
export const SESSION_NOUNS = [
  'session', 'sessions', 'talk', 'talks', 'presentation', 'presentations', 'conference', 'conferences', 'keynote', 'keynotes',
  'lecture', 'speech', 'event', 'events', 'program', 'programme', 'schedule', 'agenda', 'expose', 'exposes', 'intervention',
  'interventions', 'seance', 'creneau', 'slot', 'slots', 'track',
]; // prettier-ignore
/** People and places of the program. */
export const SPEAKER_NOUNS = ['speaker', 'speakers', 'speaking', 'talking', 'presenting', 'speak', 'speaks', 'parle', 'parlent', 'intervient', 'interviennent', 'presente', 'presentent', 'anime', 'animent', 'presenter', 'presenters', 'intervenant', 'intervenante', 'intervenants', 'orateur', 'oratrice', 'conferencier', 'conferenciere', 'panelist', 'panelists', 'moderator', 'host', 'hosts'];
export const ROOM_NOUNS = ['room', 'rooms', 'salle', 'salles', 'hall', 'venue', 'stage', 'amphi', 'amphitheatre', 'location'];

/** Words naming a session format, by the format they mean (used only for formats the program has). */
export const FORMAT_WORDS: Record<string, string[]> = {
  keynote: ['keynote', 'keynotes', 'pleniere', 'plenieres', 'plenary', 'opening', 'closing'],
  panel: ['panel', 'panels', 'table-ronde'],
  fireside: ['fireside'],
  roundtable: ['roundtable', 'roundtables', 'round table', 'table ronde', 'tables rondes'],
  lightning: ['lightning'],
  workshop: ['workshop', 'workshops', 'atelier', 'ateliers', 'lab', 'labs', 'tutorial', 'tutorials', 'hands-on'],
  concurrent: ['breakout', 'breakouts', 'concurrent'],
};
/** Format words that also name a session's place in the program (kept as topic words too). */
export const FORMAT_WORDS_ALSO_TOPIC = new Set(['opening', 'closing']);

/** Question words by what they ask. Phrases are matched on the folded question. */
export const ASK = {
  when: ['what time', 'which time', 'what day', 'which day', 'quand', 'quelle heure', 'quel jour', 'a quelle heure', 'what date', 'quelle date', 'horaire', 'horaires'],
  where: ['which room', 'what room', 'ou se', 'ou a lieu', 'ou est', 'ou sont', 'quelle salle', 'dans quelle salle', 'located'],
  who: ['speaker', 'speakers', 'presenter', 'intervenant', 'intervenants'],
  about: ['about what', 'what is it about', 'de quoi', 'parle de quoi', 'what does it cover', 'what will', 'summary of', 'resume', 'abstract', 'describe'],
  duration: ['how long', 'duration', 'combien de temps', 'duree', 'length'],
  /** 'What's on …': asks the program whatever follows. */
  on: ['what is on', "what's on", 'whats on', 'what is happening', "what's happening", 'qu est ce qui se passe', 'que se passe t il', 'quoi de prevu', 'programme de'],
  list: ['which', 'what sessions', 'what talks', 'list', 'quels', 'quelles', 'quel', 'quelle', 'any', 'is there', 'are there', 'y a-t-il', 'y a t il', 'ya t il', 'what is on', "what's on", 'whats on', 'what else', 'lesquels'],
  plan: ['should i attend', 'should i go', 'should i see', 'do you recommend', 'would you recommend', 'you suggest', 'plan my day', 'my schedule', 'plan my', 'que voir', 'que dois-je', 'dois je', 'conseilles', 'conseillez', 'recommandes', 'recommandez', 'a voir', 'worth attending', 'can i attend', 'could i attend'],
  self: ['this session', 'this talk', 'this one', 'this workshop', 'this panel', 'this keynote', 'cette session', 'ce talk', 'cet atelier', 'cette conference', 'cette presentation', 'cet expose', 'ce creneau'],
}; // prettier-ignore

/** Question words that ask only when they open a clause ('When is…', '…, and where is it?'), not as a conjunction ('…when talking about'). */
export const CLAUSE_ASK = {
  when: ['when', 'quand'],
  where: ['where', 'ou'],
  who: ['who', 'qui'],
};

/**
 * Verbs that ask what was said in a session (its documents), not where or when it is: 'what did the
 * keynote speaker say about …'. A question with one of these goes to the documents; with program
 * words as well, both answer.
 */
export const CONTENT_VERBS = [
  'say', 'said', 'says', 'saying', 'mention', 'mentioned', 'discuss', 'discussed', 'explain', 'explained', 'argue', 'argued',
  'think', 'thought', 'recommend', 'recommended', 'claim', 'claimed', 'according', 'takeaway', 'takeaways', 'summarize', 'summarise',
  'dit', 'dire', 'explique', 'mentionne', 'pense', 'selon', 'resume', 'resumer',
]; // prettier-ignore

/** Words never taken as a topic or a name: function words of both languages and the words above. */
export const STOP_WORDS = new Set(
  `a an the and or of in on at to for from by with about into over under is are was were be been being do does did doing done
  has have had will would can could should shall may might must i me my we our you your he him his she her they them their it its
  this that these those there here what which who whom whose when where why how any some all each every no not nor than then
  so very just also too only there's what's who's where's when's let's i'm i'd it's is there are there give gives given giving
  tell show find me please list lists hold holds held take takes place happen happens happening run runs running on up
  one ones other others another same right just about around between before after during while until till
  le la les un une des du de d l au aux et ou ne pas que qui quoi quel quelle quels quelles est sont sera seront y a t il ils elle
  elles on nous vous je tu me te se sa son ses leur leurs ce cet cette ces dans sur par pour avec sans chez en entre vers
  qu c s n j m ou donne donnent parle parlent parler fait font propose proposent anime animent presente presentent ya
  de-quoi quand comment combien pourquoi lequel laquelle lesquels lesquelles
  time times heure heures h am pm day days jour jours date dates morning afternoon evening matin soir soiree apres midi
  today tomorrow aujourd hui demain now currently next upcoming prochain prochaine suivant suivante start starts starting begin
  begins end ends ending finish finishes long duration length attend attending go see recommend suggest plan schedule
  interesting worth best good great should want like get know learn learning more something anything thing things
  lieu lieux come comes coming part involved participate participates featured feature features
  speak speaks spoke speaking talk talks talking present presents presenting give gives giving lead leads leading host`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that tell a French question from an English one (folded). */
export const FRENCH_MARKERS = new Set(
  `le la les un une des du au aux et est sont quand ou quel quelle quels quelles qui quoi dans sur avec pour parle salle atelier
  ateliers jour demain aujourd hui matin soir apres midi lundi mardi mercredi jeudi vendredi samedi dimanche y a-t-il t il
  conference conferences expose intervenant intervenants prochaine prochain suivante suivant heure heures ce cette cet ces
  je dois voir programme`
    .split(/\s+/)
    .filter(Boolean),
);
export const ENGLISH_MARKERS = new Set(
  `the is are when where who which what how does do did on in at about talk talks session sessions room day next should i
  there any workshop workshops speaker give gives time start starts`
    .split(/\s+/)
    .filter(Boolean),
);
