import type { DefinitionSource } from './learned-expansions';

/**
 * The port through which retrieval reads the abbreviations the documents define. Their table
 * (`term_definitions`) belongs to `ingestion`, which learns them from each run's chunks and provides
 * this port (its `TermDefinitionsRepository`); retrieval never queries the table itself and never
 * imports `ingestion`.
 */
export const LEARNED_DEFINITIONS = Symbol('LEARNED_DEFINITIONS');

export type LearnedDefinitionsPort = DefinitionSource;
