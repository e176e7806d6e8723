import { InitialSchema1735000000000 } from './1735000000000-initial-schema';

/** Every migration, oldest first. A landed migration is never edited: add a new one. */
export const migrations = [InitialSchema1735000000000];
