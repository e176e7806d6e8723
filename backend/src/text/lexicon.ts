/**
 * The one lexicon of the answer engine: general English and general business vocabulary, the same for
 * any conference (equipment finance, medicine, Python…). Nothing here is copied from one set of
 * materials: no document or statement titles, no speaker or company names, no phrase of one corpus.
 * What a conference's own materials say (how rare each word is, which speakers talk, which pages are
 * tables) is learned from them when they are searched; see `rarityOf` (retrieval) and `tableShape`.
 *
 * Add a word only when it belongs to the language or to business in general, and say why in its list.
 */

/** Function words of English that carry no topic (dropped before hashing, searching and scoring). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she should ' +
    'so some such than that the their theirs them themselves then there these they this those through to ' +
    'too under until up very was we were what when where which while who whom why will with would you ' +
    'your yours yourself yourselves also us let lets ll re ve don isn aren wasn weren hasn haven hadn ' +
    'doesn didn won wouldn shan shouldn cannot couldn mustn mightn needn s t d m o y um uh yeah okay oh'
  ).split(' '),
);

/** Words of the asking itself ('what did they discuss about…', 'summarize…'): never the topic of a question. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  'what whats which who whom whose when where why how does did do is are was were can could should would will tell me explain describe say said says talk talked about discuss discussed mention mentioned anything something please give list share know think thought speaker speakers session sessions conference summarize summarise summary discussion discussed discussing talked talking conversation regarding during'.split(
    ' ',
  ),
);

/**
 * Verbs and qualifiers a question wraps its topic in ('what is the main approach to…', 'how do they
 * typically handle…'): left out of the coverage test when the question has other words.
 */
export const GENERIC_WORDS: readonly string[] = [
  'use',
  'used',
  'using',
  'give',
  'take',
  'keep',
  'come',
  'look',
  'looking',
  'work',
  'works',
  'mean',
  'like',
  'best',
  'main',
  'kind',
  'kinds',
  'type',
  'types',
  'different',
  'important',
  'big',
  'typical',
  'typically',
  'usually',
  'recommend',
  'recommended',
  'advice',
  'key',
  'point',
  'points',
  'current',
  'currently',
  'today',
  'now',
  'right',
  'much',
  'many',
  'happen',
  'happening',
  'change',
  'changing',
  'role',
  'approach',
  'handle',
  // Words that ask for a kind of answer ('What numbers did they give?'), not for a topic.
  'number',
  'numbers',
  'figure',
  'figures',
  'statistic',
  'statistics',
  'detail',
  'details',
];

/**
 * Words of an instruction on how to answer that a question may carry ('Round your answer to two decimal
 * places', 'based on the information provided', 'according to the definition below'): they say nothing
 * of what the materials must hold, so the answerer's coverage test leaves them out.
 */
export const INSTRUCTION_WORDS: readonly string[] = (
  'answer answers answering respond response round rounded rounding decimal decimals place places ' +
  'rely relying shown define defined definition provided utilize utilizing primarily within basing ' +
  'judgment judgments judgement judgements clearly outlined according following calculate calculated ' +
  'calculating calculation formula'
).split(' ');

/**
 * Sentences of a question that tell how to answer rather than what about ('Round your answer to two
 * decimal places.', 'Answer in USD millions.', 'Base your judgments on the balance sheet.'): an
 * imperative of answering at the start. Never a sentence ending with a question mark.
 */
export const ANSWER_IMPERATIVE =
  /^(?:please\s+)?(?:answer|round|give|base|utili[sz]e|use|approach|calculate|compute|assume|express|provide|respond|show|report)\b/i;
/**
 * The same as a condition ('If X is not a useful measure here, then state that and explain why.'): a
 * sentence opening with 'if' whose main clause asks to state or explain something.
 */
export const ANSWER_CONDITION = { opening: /^if\b/i, request: /,\s*(?:then\s+)?(?:please\s+)?(?:state|explain|say|note|answer)\b/i };

/**
 * Words that ask for a measure ('the quick ratio', 'the largest liability', 'the change in revenue'):
 * such a question is answered with the rows of a table of figures that hold it, with their years.
 */
export const MEASURE_WORDS: ReadonlySet<string> = new Set(
  'ratio ratios margin margins rate rates growth change changed changes increase increased decrease decreased percentage share total largest lowest highest biggest smallest amount turnover return'.split(
    ' ',
  ),
);

/**
 * Capitalised words of English that open or shape a question and are not names ('According to…',
 * 'Based on…', months): the name test (`unknownName`) skips them.
 */
export const NOT_NAME_WORDS: ReadonlySet<string> = new Set(
  'I According Based Please Answer Round Use Using What Which Who How When Where Why Is Are Was Were Does Did Do Can Could Has Have Had The A An In On Of For From To By With As At And Or But If Then Summarize Summarise Give List Tell Explain Describe Overall January February March April May June July August September October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday'.split(
    ' ',
  ),
);

/**
 * Words of English that open a noun phrase ('the', 'its'): a capitalised word between one of them and
 * a lower-case word ('the Real change') is written as an ordinary word, with a capital for emphasis.
 */
export const DETERMINERS: ReadonlySet<string> = new Set('the a an this that these those its their our your his her'.split(' '));

/**
 * General business abbreviations a question may use where the materials write the words out
 * ('FY2022' → 'fiscal 2022', 'YoY', 'capex').
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  fy: 'fiscal',
  yoy: 'year over year',
  qoq: 'quarter over quarter',
  capex: 'capital expenditures',
  opex: 'operating expenses',
  cogs: 'cost of goods sold',
  ytd: 'year to date',
};

/**
 * General business vocabulary: the words of a business question ('operating margin', 'quick ratio',
 * 'capex') and the line items and terms of the pages that answer it in any company's accounts
 * ('operating income', 'current liabilities', 'purchases of property and equipment'). Expansions search
 * at a fraction of the question's own words' weight and never select a passage on their own.
 */
export const BUSINESS_TERMS: readonly (readonly [RegExp, readonly string[]])[] = [
  [
    /\b(?:gross|operating|profit|net|ebit)\s+margins?\b|\bprofitab\w*|\boperating income\b|\bnet income\b/i,
    ['revenue', 'net sales', 'operating income', 'net income', 'cost of sales', 'gross profit'],
  ],
  [
    /\bbalance sheet\b|\bfinancial position\b|\bliabilit\w*|\bworking capital\b|\bquick ratio\b|\bcurrent ratio\b|\btotal assets\b|\bliquidity\b/i,
    ['current assets', 'current liabilities', 'total liabilities', 'total assets', 'cash and cash equivalents', 'inventories'],
  ],
  [
    /\bcash ?flows?\b|\bcapex\b|\bcapital expenditures?\b|\bcash conversion\b/i,
    ['operating activities', 'investing activities', 'property and equipment', 'capital expenditures'],
  ],
  [/\beffective tax rate\b|\bincome tax(?:es)?\b|\btax rate\b/i, ['effective tax rate', 'income taxes', 'before income taxes']],
  [/\blegal\b|\blitigation\b|\blawsuits?\b|\bsued\b/i, ['legal proceedings', 'litigation', 'contingencies', 'claims']],
  [/\bcyclical\w*/i, ['cyclical', 'economic conditions', 'downturn', 'demand']],
  [/\bgeograph\w*|\bregions?\b|\bcountries\b|\boperates? in\b/i, ['geographic', 'regions', 'international', 'countries']],
  [/\bacquisitions?\b|\bacquired\b/i, ['acquisitions', 'business combinations', 'acquired', 'purchase price']],
  [/\bdividends?\b/i, ['dividends declared', 'cash dividends', 'per share']],
  [/\bcapital[- ]intensive\b/i, ['property and equipment', 'total assets', 'capital expenditures', 'depreciation']],
  [/\bretain\w*|\bretention\b|\bchurn\b|\battrition\b/i, ['retention', 'attrition', 'loyalty', 'renewal']],
  [/\b(?:product|service) categor\w*|\bsegments?\b|\brevenue (?:mix|breakdown)\b/i, ['segment', 'revenues by', 'net sales']],
  [/\bebitda\w*\b/i, ['ebitda', 'depreciation and amortization', 'reconciliation']],
  [/\bguidance\b|\boutlook\b|\bforecast\w*/i, ['guidance', 'outlook', 'expects', 'full year']],
  [/\bdebt\b|\bborrow\w*|\bleverage\b/i, ['long-term debt', 'borrowings', 'notes payable']],
  [/\binventor(?:y|ies) turnover\b|\bdays (?:payable|sales|inventory)\b/i, ['inventories', 'cost of sales', 'accounts payable']],
];

/** Questions asking for a figure, a date or a duration: sentences with numbers answer them. */
export const QUANTITY_QUESTION =
  /\b(how (much|many|long|old|often|far|big|large|high|low|fast|soon)|what (share|percentage|percent|portion|proportion|rate|level|amount|number|date|year|month|probability|size|threshold|limit|cost|price|ratio|reading|age|minimum|maximum|floor|cap)|when|which year|by how much|by what)\b/i;
