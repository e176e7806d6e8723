import { useCreate } from 'react-admin';
import { DEFAULT_SESSION_FORMAT, MSG_SESSION_CREATE_FAILED, MSG_SESSION_CREATED } from '@/constants';
import { toSessionPayload } from '@/lib/sessions';
import { useToast } from '@/lib/toast';
import { SessionFormDialog } from './SessionFormDialog';

const EMPTY = { title: '', speakers: '', tags: '', date: '', format: DEFAULT_SESSION_FORMAT };

/** The 'New Session' dialog: POST /api/admin/session. */
export function SessionCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create] = useCreate();
  const toast = useToast();
  return (
    <SessionFormDialog
      open={open}
      title="New Session"
      submitLabel="Create Session"
      record={EMPTY}
      onClose={onClose}
      onSubmit={(values) =>
        create(
          'sessions',
          { data: toSessionPayload(values) },
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
