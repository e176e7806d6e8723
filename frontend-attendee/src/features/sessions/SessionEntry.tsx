import { sessionCalendarUrl, sessionsCalendarUrl } from '@/lib/api';
import { Badge } from '@/components/ui/Badge';
import type { Session } from '@/lib/types';
import { sessionFormatLabel } from '@rules/session-format';
import { dayLabel, zonedDateKey, zonedDateLabel } from '@/lib/conferenceDates';
import { useConference } from '@/lib/useConference';
import { documentBadge, timeLabel } from './sessionRules';
import { useSessions } from './useSessions';

/** 'Add to calendar': the session as an .ics file in the conference's time zone. */
export function calendarHref(sessionId: string): string {
  return sessionCalendarUrl(sessionId);
}

/** The planned sessions as one .ics file. */
export function plannedCalendarHref(sessionIds: string[]): string {
  return sessionsCalendarUrl(sessionIds);
}

/** A session's program entry: format, speakers, day, date, time, room, description, its documents. */
export function SessionEntryDetails({ session }: { session: Session }) {
  const conference = useConference();
  const time = timeLabel(session);
  // The date in the conference's zone ('Saturday, Nov 2, 2024'); not shown until the zone is known.
  const date = conference.data ? zonedDateLabel(session.date, conference.data.timeZone) : null;
  return (
    <div className="grid gap-3 text-sm text-slate-800" data-testid="session-entry">
      <div className="flex flex-wrap gap-1">
        <Badge tone="violet">{sessionFormatLabel(session.format)}</Badge>
        <Badge tone={session.hasDocuments ? 'emerald' : 'slate'}>{documentBadge(session.documentTypes)}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {session.speakers.length > 0 && (
          <>
            <dt className="font-medium text-slate-700">Speakers</dt>
            <dd>{session.speakers.join(', ')}</dd>
          </>
        )}
        {session.day != null && (
          <>
            <dt className="font-medium text-slate-700">Day</dt>
            <dd>{dayLabel(session.day, conference.data, conference.data && zonedDateKey(session.date, conference.data.timeZone))}</dd>
          </>
        )}
        {date && (
          <>
            <dt className="font-medium text-slate-700">Date</dt>
            <dd>{date}</dd>
          </>
        )}
        {time && (
          <>
            <dt className="font-medium text-slate-700">Time</dt>
            <dd>{time}</dd>
          </>
        )}
        {session.location && (
          <>
            <dt className="font-medium text-slate-700">Room</dt>
            <dd>{session.location}</dd>
          </>
        )}
      </dl>
      {session.description?.trim() && <p className="max-h-60 overflow-y-auto whitespace-pre-line text-slate-800">{session.description}</p>}
      {(session.startTime || session.date) && (
        <a href={calendarHref(session.id)} download className="justify-self-start text-sm font-medium text-sky-800 underline">
          Add to calendar
        </a>
      )}
    </div>
  );
}

/**
 * The session a program citation names, looked up in the session list (every session, with or without
 * documents); `fallback` (the citation's own facts) while it loads or when the session is gone.
 */
export function SessionEntry({ sessionId, fallback }: { sessionId: string; fallback: string }) {
  const { data, isPending } = useSessions(true);
  const session = data?.find((s) => s.id === sessionId);
  if (session) return <SessionEntryDetails session={session} />;
  return (
    <p className="text-sm whitespace-pre-line text-slate-800" aria-busy={isPending}>
      {fallback}
    </p>
  );
}
