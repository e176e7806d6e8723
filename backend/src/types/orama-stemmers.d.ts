/**
 * The subpath modules of @orama/stemmers 3.1 the language layer uses: the package declares them under
 * `exports`, which the backend's module resolution (node10) does not read for types; Node does at run time.
 */
declare module '@orama/stemmers/french' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/german' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/spanish' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/italian' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/portuguese' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/dutch' {
  export function stemmer(word: string): string;
}
