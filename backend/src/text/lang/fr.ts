import { type LanguageData, list } from './types';

/** French (see types.ts). */
export const fr: LanguageData = {
  code: 'fr',
  weekdays: list('dimanche|lundi|mardi|mercredi|jeudi|vendredi|samedi'),
  weekdayLabels: list('dimanche|lundi|mardi|mercredi|jeudi|vendredi|samedi'),
  months: {
    janvier: 1,
    janv: 1,
    fevrier: 2,
    fevr: 2,
    mars: 3,
    avril: 4,
    avr: 4,
    mai: 5,
    juin: 6,
    juillet: 7,
    juil: 7,
    aout: 8,
    septembre: 9,
    octobre: 10,
    novembre: 11,
    decembre: 12,
  },
  monthLabels: list('janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre'),
  twelveHourClock: false,
  ordinals: { un: 1, premier: 1, premiere: 1, deux: 2, deuxieme: 2, trois: 3, troisieme: 3, quatre: 4, quatrieme: 4 },
  dayWords: ['jour', 'journee'],
  partsOfDay: {
    matin: [0, 12 * 60],
    matinee: [0, 12 * 60],
    'apres midi': [12 * 60, 18 * 60],
    soir: [17 * 60, 24 * 60],
    soiree: [17 * 60, 24 * 60],
  },
  hourWords: ['h', 'heure', 'heures'],
  afternoonHours: ['de l apres midi', 'du soir'],
  noon: ['midi'],
  today: ['aujourd', 'ce soir'],
  tomorrow: ['demain'],
  now: list('maintenant|en ce moment|actuellement'),
  next: list('prochain|prochaine|suivant|suivante'),
  after: ['apres', 'ensuite'],
  start: list('commence|commencent|debute|debutent'),
  sessionNouns: list(
    'session|sessions|talk|talks|presentation|presentations|conference|conferences|keynote|programme|expose|exposes|intervention|interventions|seance|creneau|piste',
  ),
  speakerNouns: list(
    'parle|parlent|intervient|interviennent|presente|presentent|anime|animent|intervenant|intervenante|intervenants|orateur|oratrice|conferencier|conferenciere',
  ),
  roomNouns: list('salle|salles|amphi|amphitheatre|lieu'),
  formatWords: {
    keynote: list('pleniere|plenieres|ouverture|cloture'),
    panel: ['table-ronde'],
    roundtable: ['table ronde', 'tables rondes'],
    workshop: list('atelier|ateliers|tutoriel|tutoriels'),
  },
  concepts: {
    lunch: ['dejeuner', 'repas'],
    break: ['pause', 'cafe'],
    opening: ['ouverture', 'accueil', 'bienvenue'],
    closing: ['cloture', 'fermeture'],
    registration: ['inscription', 'inscriptions'],
  },
  ask: {
    when: list('quand|quelle heure|quel jour|a quelle heure|quelle date|horaire|horaires'),
    where: list('ou se|ou a lieu|ou est|ou sont|quelle salle|dans quelle salle'),
    who: ['intervenant', 'intervenants'],
    about: list('de quoi|parle de quoi|resume'),
    duration: ['combien de temps', 'duree'],
    on: list('qu est ce qui se passe|qu est ce qui passe|que se passe t il|quoi de prevu|programme de|qu y a t il'),
    list: list('quels|quelles|quel|quelle|y a-t-il|y a t il|ya t il|lesquels|est ce qu il y a'),
    plan: list(
      'que voir|que dois-je|dois je|conseilles|conseillez|recommandes|recommandez|a voir|planifie ma journee|organise ma journee|planifie mon|organise mon',
    ),
    self: list('cette session|ce talk|cet atelier|cette conference|cette presentation|cet expose|ce creneau'),
  },
  clauseAsk: { when: ['quand'], where: ['ou'], who: ['qui'] },
  contentVerbs: list('dit|dire|explique|mentionne|pense|selon|resumer'),
  references: {
    session: list('il|elle|ce talk|cette session|cette conference|cet atelier|celle ci|celui ci'),
    place: list('la bas|cette salle|meme salle'),
    notPlace: [],
    time: list('a la meme heure|en meme temps|au meme moment|a cette heure la|a ce moment la|en parallele'),
    person: list('son|sa|ses|elle|il|leur|leurs'),
  },
  stopWords: `autre autres meme memes le la les un une des du de d l au aux et ou ne pas que qui quoi quel quelle quels quelles est sont sera seront y a t il
  ils elle elles on nous vous je tu me te se sa son ses leur leurs ce cet cette ces dans sur par pour avec sans chez en entre vers
  qu c s n j m donne donnent parle parlent parler fait font propose proposent anime animent presente presentent ya
  quand comment combien pourquoi lequel laquelle lesquels lesquelles heure heures h jour jours date matin soir soiree apres midi
  aujourd hui demain maintenant prochain prochaine suivant suivante lieu passe passent passer se-passe va vont voir aller
  conseille conseilles recommande veux voudrais peux puis dois doit faut il-y-a ca cela ceci quelque chose autour planifie
  organise ma mon mes journee plus aussi encore tout tous toute toutes ici la-bas avant pendant debut fin commence commencent
  debute debutent parlera parleront intervient interviennent sujet sujets theme themes vient viennent suit`,
  markers: `le la les un une des du au aux et est sont quand ou quel quelle quels quelles qui quoi dans sur avec pour parle salle
  atelier ateliers jour demain aujourd hui matin soir apres midi lundi mardi mercredi jeudi vendredi samedi dimanche y a-t-il t il
  conference conferences expose intervenant intervenants prochaine prochain suivante suivant heure heures ce cette cet ces je dois
  voir programme qu passe parlent`,
  letters: 'àâçèêëîïôûùœ',
  phrases: {
    date: '{weekday} {day} {month}',
    dayNumber: 'jour {n}',
    room: 'salle',
    timeNotPublished: 'horaire non publié',
    with: 'avec',
    about: 'Résumé',
    notInProgram: "« {asked} » n'est pas au programme : aucun titre, intervenant, tag ni résumé de session n'y correspond.",
    sessionNotInProgram: "Cette session n'est pas au programme : aucun titre, intervenant, tag ni résumé de session n'y correspond.",
    noSessionIn: "Il n'y a aucune session en {room}.",
    nothingAtThatTime: 'Rien ne correspond à ce moment-là, mais le programme propose :',
    listLead: '{n} sessions au programme :',
    listLeadOne: '1 session au programme :',
    more: '… et {n} de plus.',
    noMatch: 'Aucune session du programme ne correspond à cette demande.',
    planLead: 'Voici {n} sessions à suivre, sans chevauchement :',
    planLeadOne: 'Voici une session à suivre, sans chevauchement :',
    nothingFollows: 'Rien ne suit **{title}** ({when}) dans cette salle ce jour-là. {marker}',
    rightAfter: 'Après **{title}** ({when}) {marker}, dans la même salle :',
    afterIn: 'Après **{title}** ({when}), en {room} :',
    speakerNext: '{name} intervient ensuite dans **{title}** — {when}. {marker}',
    speakerNoLater: "{name} n'a pas d'autre session au programme après **{title}** ({when}). {marker}",
    conferenceOver: "La conférence est terminée : sa dernière journée était le {last}. Rien n'est plus à venir au programme.",
    onNow: 'En ce moment ({clock}) :',
    nothingMore: "Plus rien n'est prévu au programme.",
    nothingMoreInRoom: "Plus rien n'est prévu au programme dans cette salle.",
    nextLead: 'Prochaine session :',
  },
};
