import { useMemo } from 'react';
import { useUpdate } from 'react-admin';
import { MSG_SESSION_UPDATE_FAILED, MSG_SESSION_UPDATED } from '@/constants';
import { toSessionFormValues, toSessionPayload } from '@/lib/sessions';
import { useToast } from '@/lib/toast';
import type { Session } from '@/lib/types';
import { useConferenceTimeZone } from '@/lib/useConference';
import { SessionFormDialog } from './SessionFormDialog';

/**
 * The edit dialog, prefilled (date and times in the conference's time zone): PUT /api/admin/session/{id}
 * with the title and the fields that changed.
 */
export function SessionEdit({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const [update] = useUpdate();
  const toast = useToast();
  const timeZone = useConferenceTimeZone();
  const initial = useMemo(() => (session ? toSessionFormValues(session, timeZone) : null), [session, timeZone]);
  const record = useMemo(() => (session && initial ? { id: session.id, ...initial } : {}), [session, initial]);
  return (
    <SessionFormDialog
      open={session !== null}
      title="Edit Session"
      submitLabel="Update Session"
      record={record}
      timeZone={timeZone}
      onClose={onClose}
      onSubmit={(values) =>
        session &&
        initial &&
        update(
          'sessions',
          { id: session.id, data: toSessionPayload(values, timeZone, initial), previousData: session },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              toast(MSG_SESSION_UPDATED, undefined, 'success');
              onClose();
            },
            onError: () => toast(MSG_SESSION_UPDATE_FAILED, undefined, 'error'),
          },
        )
      }
    />
  );
}
