import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { queries } from '@/lib/api';
import { isStringArray, readKept, writeKept } from '@/lib/keptState';
import { isSelectable } from './sessionRules';

/**
 * The ticked sessions, kept for `userId` across reloads. Ids that no longer name a session that can be
 * ticked (deleted, or its documents removed) are dropped once the program is known, and forgotten.
 */
export function useKeptSelection(userId: string): [Set<string>, (next: Set<string>) => void] {
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(readKept('selectedSessions', userId, isStringArray) ?? []));
  // The whole program (useSessions(true)'s query), read only while something is ticked.
  const { data: program } = useQuery({ ...queries.sessions(true), enabled: ticked.size > 0 });
  const selected = useMemo(() => {
    if (!program) return ticked;
    const known = new Set(program.filter(isSelectable).map((s) => s.id));
    const kept = [...ticked].filter((id) => known.has(id));
    return kept.length === ticked.size ? ticked : new Set(kept);
  }, [program, ticked]);

  // Stale ids dropped from the page are dropped from what is kept too.
  useEffect(() => {
    if (selected !== ticked) writeKept('selectedSessions', userId, selected.size ? [...selected] : null);
  }, [selected, ticked, userId]);

  const change = useCallback(
    (next: Set<string>) => {
      writeKept('selectedSessions', userId, next.size ? [...next] : null);
      setTicked(next);
    },
    [userId],
  );
  return [selected, change];
}
