import { useState } from 'react';
import type { SessionView } from './SessionSelector';
import { useSessions } from './useSessions';

/**
 * The session list's view: sessions with content, as the spec lists them by default, except while no session has
 * any content yet (a conference that has loaded its program but no transcripts or slides): then every session is
 * shown, so the attendee sees the program rather than an empty list, until they choose with the toggle.
 */
export function useSessionView(): [SessionView, (next: SessionView) => void] {
  const [view, setView] = useState<SessionView>({ search: '', includeAll: false });
  const [chosen, setChosen] = useState(false);
  const { data: withContent } = useSessions(false);
  const shown = !chosen && withContent?.length === 0 ? { ...view, includeAll: true } : view;
  const change = (next: SessionView) => {
    if (next.includeAll !== shown.includeAll) setChosen(true);
    setView(next);
  };
  return [shown, change];
}
