/**
 * What the chat page keeps for the signed-in user across reloads, as it keeps the conversation: in
 * localStorage, one entry per user and kind, forgotten at sign-out (a shared browser shows the next
 * person nothing of the last one's choices).
 */
export type KeptKind = 'selectedSessions' | 'takeaways';

const PREFIX = 'chat.kept.';
const keyOf = (kind: KeptKind, userId: string) => `${PREFIX}${kind}.${userId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage unavailable (private mode): what is kept lasts as long as the page
  }
}

/** The kept value of `kind` for `userId` when it is there and has the expected shape (`valid`); null otherwise. */
export function readKept<T>(kind: KeptKind, userId: string, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = storage()?.getItem(keyOf(kind, userId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps `value` (null forgets it). */
export function writeKept(kind: KeptKind, userId: string, value: unknown): void {
  try {
    const s = storage();
    if (value === null || value === undefined) s?.removeItem(keyOf(kind, userId));
    else s?.setItem(keyOf(kind, userId), JSON.stringify(value));
  } catch {
    /* full or unavailable: the page goes on without keeping it */
  }
}

/** Forgets everything kept, for every user of this browser (at sign-out). */
export function forgetKept(): void {
  const s = storage();
  if (!s) return;
  try {
    const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => !!k?.startsWith(PREFIX));
    for (const k of keys) s.removeItem(k);
  } catch {
    /* unavailable: nothing was kept */
  }
}

export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
