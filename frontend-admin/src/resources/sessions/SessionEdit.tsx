import { useUpdate } from 'react-admin';
import { MSG_SESSION_UPDATE_FAILED, MSG_SESSION_UPDATED } from '@/constants';
import { toSessionFormValues, toSessionPayload } from '@/lib/sessions';
import { useToast } from '@/lib/toast';
import type { Session } from '@/lib/types';
import { SessionFormDialog } from './SessionFormDialog';

/** The edit dialog, prefilled (date as local datetime): PUT /api/admin/session/{id}. */
export function SessionEdit({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const [update] = useUpdate();
  const toast = useToast();
  return (
    <SessionFormDialog
      open={session !== null}
      title="Edit Session"
      submitLabel="Update Session"
      record={session ? { id: session.id, ...toSessionFormValues(session) } : {}}
      onClose={onClose}
      onSubmit={(values) =>
        session &&
        update(
          'sessions',
          { id: session.id, data: toSessionPayload(values), previousData: session },
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
