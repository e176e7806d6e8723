import { Alert, CircularProgress } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useConference } from '@/lib/useConference';

/**
 * A console's screens show session times in the conference's own zone (`useConferenceTimeZone`), so they wait
 * for the settings that name it: no time is shown in a zone that is not the conference's. When the settings
 * cannot be loaded, the screens show times in UTC and say so.
 */
export function ConferenceZoneGate({ children }: { children?: ReactNode }) {
  const conference = useConference();
  // Once the settings have answered (or failed), the screens stay: a screen that reads them again after a
  // failure fetches them anew, which must not take the screen away while it does.
  const [answered, setAnswered] = useState(false);
  if (!answered && (conference.data || conference.isError)) setAnswered(true);
  if (!answered && !conference.data && !conference.isError) return <CircularProgress aria-label="Loading" />;
  return (
    <>
      {!conference.data && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The conference settings could not be loaded: times are shown in UTC.
        </Alert>
      )}
      {children}
    </>
  );
}
