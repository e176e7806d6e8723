import { Button, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { SessionFormValues } from '@/lib/sessions';
import { SessionInputs } from './SessionInputs';

function DialogToolbar({ onCancel, label }: { onCancel: () => void; label: string }) {
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onCancel}>Cancel</Button>
      <SaveButton label={label} icon={<></>} alwaysEnable />
    </Toolbar>
  );
}

/** A dialog holding the session form (full screen on a phone); `onSubmit` receives the raw form values. */
export function SessionFormDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  record: SessionFormValues & { id?: string };
  timeZone: string;
  onClose: () => void;
  onSubmit: (values: SessionFormValues) => void;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      scroll="paper"
      aria-labelledby="session-dialog-title"
    >
      <DialogTitle id="session-dialog-title">{props.title}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {props.open && (
          <SimpleForm
            record={props.record}
            onSubmit={(values: Record<string, unknown>) => props.onSubmit(values as SessionFormValues)}
            toolbar={<DialogToolbar onCancel={props.onClose} label={props.submitLabel} />}
          >
            <SessionInputs timeZone={props.timeZone} />
          </SimpleForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
