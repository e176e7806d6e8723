/**
 * Vocabulary of financial filings: an analyst's question names a measure ('operating margin',
 * 'quick ratio', 'free cash flow') while the page that answers it is a statement headed in the
 * filing's own words ('Consolidated Statements of Income', 'Total current liabilities', 'Purchases
 * of property and equipment'). Each entry maps wording of a question to the wording of the pages
 * that answer it. Expansions search at half the weight of the question's own words and never
 * select a passage on their own (see `rerank`). Chosen on the dev set's filings (bench/EVAL.md).
 */
const FINANCE_EXPANSIONS: [RegExp, string[]][] = [
  [
    /\b(?:gross|operating|profit|net|ebit)\s+margins?\b|\bprofitab\w*|\boperating income\b|\bnet income\b/i,
    [
      'consolidated statements of income',
      'consolidated statements of operations',
      'total revenues',
      'operating income',
      'cost of sales',
      'gross profit',
    ],
  ],
  [
    /\bbalance sheet\b|\bfinancial position\b|\bliabilit\w*|\bworking capital\b|\bquick ratio\b|\bcurrent ratio\b|\btotal assets\b/i,
    [
      'consolidated balance sheets',
      'statement of financial position',
      'total current assets',
      'total current liabilities',
      'total liabilities',
      'cash and cash equivalents',
    ],
  ],
  [
    /\bcash ?flows?\b|\bcapex\b|\bcapital expenditures?\b|\bcash conversion\b/i,
    [
      'consolidated statements of cash flows',
      'net cash provided by operating activities',
      'purchases of property and equipment',
      'capital expenditures',
    ],
  ],
  [
    /\beffective tax rate\b|\bincome tax(?:es)?\b|\btax rate\b/i,
    [
      'effective tax rate',
      'provision for income taxes',
      'income tax expense',
      'consolidated statements of operations',
      'consolidated statements of income',
      'before income taxes',
    ],
  ],
  [
    /\bindustry\b|\bline of business\b|\bwhat does \w+(?: \w+)? do\b/i,
    ['global leader', 'our business', 'item 1 business', 'overview', 'we are a'],
  ],
  [/\blegal\b|\blitigation\b|\blawsuits?\b|\bsued\b/i, ['legal proceedings', 'litigation', 'contingencies', 'lawsuits', 'claims']],
  [/\bcyclical\w*/i, ['cyclical', 'economic conditions', 'downturn', 'demand']],
  [/\bgeograph\w*|\bregions?\b|\bcountries\b|\boperates? in\b/i, ['geographic', 'regions', 'international', 'united states', 'countries']],
  [/\bacquisitions?\b|\bacquired\b/i, ['acquisitions', 'business combinations', 'acquired', 'purchase price']],
  [/\bdividends?\b/i, ['dividends declared', 'cash dividends', 'per share']],
  [/\bcapital[- ]intensive\b/i, ['property and equipment', 'total assets', 'capital expenditures']],
  [/\bretain\w*|\bretention\b|\bchurn\b|\battrition\b/i, ['retention', 'attrition', 'loyalty', 'renewal']],
  [/\bprimary customers\b|\bcustomers?\b.*\brevenue\b|\brevenue\b.*\bcustomers?\b/i, ['customers', 'u.s. government', 'revenues from']],
  [
    /\b(?:product|service) categor\w*|\bsegments?\b|\brevenue (?:mix|breakdown)\b/i,
    ['segment', 'revenues by', 'total revenues', 'net sales'],
  ],
  [/\bebitda\b/i, ['adjusted ebitda', 'ebitda', 'reconciliation']],
  [/\bguidance\b|\boutlook\b|\bforecast\w*/i, ['guidance', 'outlook', 'expects', 'full year']],
];

/** Phrases of the pages that answer `question` (empty for most questions). */
export function expansionsOf(question: string): string[] {
  const out: string[] = [];
  for (const [pattern, phrases] of FINANCE_EXPANSIONS) if (pattern.test(question)) out.push(...phrases);
  return [...new Set(out)];
}
