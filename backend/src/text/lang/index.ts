import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';
import { pt } from './pt';
import type { Language, LanguageData } from './types';

export type { Language, LanguageData, ProgramPhrases } from './types';

/** Every language the assistant reads and answers in; English first (the answer's language when in doubt). */
export const LANGUAGES: Record<Language, LanguageData> = { en, fr, de, es, it, pt, nl };
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** The words of a whitespace-separated list. */
export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);
