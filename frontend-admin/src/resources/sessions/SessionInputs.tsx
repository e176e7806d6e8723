import { SelectInput, TextInput } from 'react-admin';
import { DEFAULT_SESSION_FORMAT, SESSION_FORMATS } from '@/constants';
import { sessionTypeLabel } from '@/lib/format';

const requiredTitle = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : 'Title is required.');

export const FORMAT_CHOICES = SESSION_FORMATS.map((f) => ({ id: f, name: f === 'panel' ? 'Panel' : sessionTypeLabel(f) }));

/** The fields shared by the create and edit dialogs (SPEC §5 session form). */
export function SessionInputs() {
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a modal dialog: focus moves into the dialog as it opens (WAI-ARIA dialog pattern) */}
      <TextInput source="title" label="Title" validate={requiredTitle} fullWidth autoFocus />
      <TextInput source="speakers" label="Speakers" helperText="Comma separated" fullWidth />
      <TextInput source="tags" label="Tags" helperText="Comma separated" fullWidth />
      <TextInput
        source="date"
        label="Date"
        type="datetime-local"
        helperText="Leave empty if not scheduled"
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <SelectInput source="format" label="Format" choices={FORMAT_CHOICES} defaultValue={DEFAULT_SESSION_FORMAT} fullWidth />
    </>
  );
}
