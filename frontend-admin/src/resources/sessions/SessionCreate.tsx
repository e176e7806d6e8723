import { useCreate } from 'react-admin';
import { MSG_SESSION_CREATE_FAILED, MSG_SESSION_CREATED } from '@/constants';
import { EMPTY_SESSION_FORM, toSessionPayload } from '@/lib/sessions';
import { useToast } from '@/lib/toast';
import { useConferenceTimeZone } from '@/lib/useConference';
import { SessionFormDialog } from './SessionFormDialog';

/** The 'New Session' dialog: POST /api/admin/session. */
export function SessionCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create] = useCreate();
  const toast = useToast();
  const timeZone = useConferenceTimeZone();
  return (
    <SessionFormDialog
      open={open}
      title="New Session"
      submitLabel="Create Session"
      record={EMPTY_SESSION_FORM}
      timeZone={timeZone}
      onClose={onClose}
      onSubmit={(values) =>
        create(
          'sessions',
          { data: toSessionPayload(values, timeZone) },
          {
            onSuccess: () => {
              toast(MSG_SESSION_CREATED, undefined, 'success');
              onClose();
            },
            onError: () => toast(MSG_SESSION_CREATE_FAILED, undefined, 'error'),
          },
        )
      }
    />
  );
}
