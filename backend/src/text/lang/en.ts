import { type LanguageData, list } from './types';

/** English (see types.ts). The phrases are the ones answers have always used: the eval reads 'not in the program'. */
export const en: LanguageData = {
  code: 'en',
  weekdays: list('sunday|monday|tuesday|wednesday|thursday|friday|saturday'),
  weekdayLabels: list('Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday'),
  months: {
    january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7,
    august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
  },
  monthLabels: list('Jan|Feb|March|April|May|June|July|Aug|Sept|Oct|Nov|Dec'),
  twelveHourClock: true,
  ordinals: { one: 1, first: 1, two: 2, second: 2, three: 3, third: 3, four: 4, fourth: 4, five: 5, fifth: 5 },
  dayWords: ['day'],
  partsOfDay: { morning: [0, 12 * 60], afternoon: [12 * 60, 18 * 60], evening: [17 * 60, 24 * 60] },
  hourWords: ['o clock', 'oclock'],
  afternoonHours: ['in the afternoon', 'in the evening'],
  noon: ['noon', 'midday'],
  today: ['today', 'tonight'],
  tomorrow: ['tomorrow'],
  now: list('now|currently|right now'),
  next: list('next|upcoming|coming up'),
  after: ['after', 'afterwards', 'following'],
  start: list('start|starts|starting|begin|begins'),
  sessionNouns: list(
    'session|sessions|talk|talks|presentation|presentations|conference|conferences|keynote|keynotes|lecture|speech|event|events|program|programme|schedule|agenda|slot|slots|track',
  ),
  speakerNouns: list(
    'speaker|speakers|speaking|talking|presenting|speak|speaks|presenter|presenters|panelist|panelists|moderator|host|hosts',
  ),
  roomNouns: list('room|rooms|hall|venue|stage|location'),
  formatWords: {
    keynote: list('keynote|keynotes|plenary|opening|closing'),
    panel: ['panel', 'panels'],
    fireside: ['fireside'],
    roundtable: ['roundtable', 'roundtables', 'round table'],
    lightning: ['lightning'],
    workshop: list('workshop|workshops|lab|labs|tutorial|tutorials|hands-on'),
    concurrent: ['breakout', 'breakouts', 'concurrent'],
  },
  concepts: {
    lunch: ['lunch', 'luncheon'],
    break: ['break', 'coffee'],
    opening: ['opening', 'welcome'],
    closing: ['closing'],
    registration: ['registration'],
  },
  ask: {
    when: list('what time|which time|what day|which day|what date'),
    where: list('which room|what room|located'),
    who: ['speaker', 'speakers', 'presenter'],
    about: list('about what|what is it about|what does it cover|what will|summary of|abstract|describe'),
    duration: ['how long', 'duration', 'length'],
    on: list("what is on|what's on|whats on|what is happening|what's happening|what is in|what's in|whats in"),
    list: list("which|what sessions|what talks|list|any|is there|are there|what is on|what's on|whats on|what else"),
    plan: list(
      'should i attend|should i go|should i see|do you recommend|would you recommend|you suggest|plan my day|my schedule|plan my|worth attending|can i attend|could i attend',
    ),
    self: list('this session|this talk|this one|this workshop|this panel|this keynote'),
  },
  clauseAsk: { when: ['when'], where: ['where'], who: ['who'] },
  contentVerbs: list(
    'say|said|says|saying|mention|mentioned|discuss|discussed|explain|explained|argue|argued|think|thought|recommend|recommended|claim|claimed|according|takeaway|takeaways|summarize|summarise',
  ),
  references: {
    session: list('it|that talk|this talk|that session|that one|the same talk|that workshop'),
    place: list('there|that room|same room'),
    notPlace: list('is there|are there|was there|were there|there is|there are|will there'),
    person: list('her|his|their|she|he|they'),
  },
  stopWords: `a an the and or of in on at to for from by with about into over under is are was were be been being do does did doing done
  has have had will would can could should shall may might must i me my we our you your he him his she her they them their it its
  this that these those there here what which who whom whose when where why how any some all each every no not nor than then
  so very just also too only there's what's who's where's when's let's i'm i'd it's give gives given giving
  tell show find please list lists hold holds held take takes place happen happens happening run runs running up
  one ones other others another same right around between before after during while until till
  time times am pm day days date dates morning afternoon evening today tomorrow now currently next upcoming start starts
  starting begin begins end ends ending finish finishes long duration length attend attending go see recommend suggest plan
  schedule interesting worth best good great want like get know learn learning more something anything thing things come comes
  coming part involved participate participates featured feature features speak speaks spoke speaking talk talks talking present
  presents presenting lead leads leading host else going goes`,
  markers: `the is are when where who which what how does do did on in at about talk talks session sessions room day next should i
  there any workshop workshops speaker give gives time start starts`,
  letters: '',
  phrases: {
    date: '{weekday}, {month} {day}',
    dayNumber: 'Day {n}',
    room: 'room',
    timeNotPublished: 'time not published',
    with: 'with',
    about: 'About',
    notInProgram: "{refusal} “{asked}” is not in the program: no session's title, speakers, tags or description match it.",
    sessionNotInProgram: "{refusal} That is not in the program: no session's title, speakers, tags or description match it.",
    noSessionIn: 'There is no session in {room}.',
    nothingAtThatTime: 'Nothing matches at that time, but the program has:',
    listLead: '{n} sessions in the program:',
    listLeadOne: '1 session in the program:',
    more: '… and {n} more.',
    noMatch: 'No session in the program matches that.',
    planLead: '{n} sessions to attend, none overlapping another:',
    planLeadOne: 'One session to attend, none overlapping another:',
    nothingFollows: 'Nothing follows **{title}** ({when}) in that room that day. {marker}',
    rightAfter: 'Right after **{title}** ({when}) {marker}, in the same room:',
    afterIn: 'After **{title}** ({when}), in {room}:',
    speakerNext: "{name}'s next session is **{title}** — {when}. {marker}",
    speakerNoLater: '{name} has no later session in the program than **{title}** ({when}). {marker}',
    conferenceOver: 'The conference is over (its last day was {last}): nothing in the program is still to come.',
    onNow: 'On now ({clock}):',
    nothingMore: 'Nothing more is scheduled in the program.',
    nothingMoreInRoom: 'Nothing more is scheduled in that room in the program.',
    nextLead: 'Next in the program:',
  },
};
