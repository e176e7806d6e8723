import { Box, Chip } from '@mui/material';
import { SelectInput, TextInput, useInput } from 'react-admin';
import { DEFAULT_SESSION_FORMAT, SESSION_FORMATS } from '@/constants';
import { sessionFormatLabel } from '@rules/session-format';
import { commaList, MAX_DESCRIPTION_LENGTH, type SessionFormValues } from '@/lib/sessions';

const requiredTitle = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : 'Title is required.');

const descriptionLength = (value: unknown) =>
  typeof value === 'string' && value.length > MAX_DESCRIPTION_LENGTH
    ? `Description must be at most ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters.`
    : undefined;

/** PRODUCT.md §5 date, bounded as the API bounds it (a typo such as 0100 or 9999 would break calendar files). */
const MIN_SESSION_YEAR = 1970;
const MAX_SESSION_YEAR = 2100;
const dateInRange = (value: unknown) => {
  const year = typeof value === 'string' && /^\d{4}-/.test(value) ? Number(value.slice(0, 4)) : null;
  return year === null || (year >= MIN_SESSION_YEAR && year <= MAX_SESSION_YEAR)
    ? undefined
    : `Date must be between ${MIN_SESSION_YEAR} and ${MAX_SESSION_YEAR}.`;
};

/** The API's per-item limits (a speaker's name, a tag: 200 characters; the room: 300), checked as typed. */
const MAX_LIST_ITEM_LENGTH = 200;
const MAX_LOCATION_LENGTH = 300;
const itemsWithin = (message: string) => (value: unknown) =>
  typeof value === 'string' && commaList(value).some((item) => item.length > MAX_LIST_ITEM_LENGTH) ? message : undefined;
const speakersLength = itemsWithin(`Each speaker must be at most ${MAX_LIST_ITEM_LENGTH} characters.`);
const tagsLength = itemsWithin(`Each tag must be at most ${MAX_LIST_ITEM_LENGTH} characters.`);
const locationLength = (value: unknown) =>
  typeof value === 'string' && value.trim().length > MAX_LOCATION_LENGTH
    ? `Location must be at most ${MAX_LOCATION_LENGTH} characters.`
    : undefined;

const wholeDay = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return !text || (Number.isInteger(Number(text)) && Number(text) >= 1) ? undefined : 'Day must be a whole number from 1.';
};

/** An end time, when both are given, comes after the start. */
const endAfterStart = (value: unknown, all: SessionFormValues) =>
  typeof value === 'string' && value && all.startTime && value <= all.startTime ? 'End time must be after the start time.' : undefined;

/**
 * The items a list field keeps (a session's stored speakers or tags), as chips: each whole, whatever
 * it holds (commas included), removed with its delete icon (or Backspace/Delete on the chip).
 */
function KeptItems({ source, label }: { source: 'speakers' | 'tags'; label: string }) {
  const { field } = useInput<string[]>({ source, defaultValue: [] });
  const items: string[] = Array.isArray(field.value) ? field.value : [];
  if (items.length === 0) return null;
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {items.map((item, i) => (
        <Chip key={`${i}:${item}`} label={item} size="small" onDelete={() => field.onChange(items.filter((_, j) => j !== i))} />
      ))}
    </Box>
  );
}

export const FORMAT_CHOICES = SESSION_FORMATS.map((f) => ({ id: f, name: sessionFormatLabel(f) }));

const shrink = { inputLabel: { shrink: true } };
const row = { display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, width: '100%' };

/** Date, day, start and end time: the conference's calendar and clock (`timeZone`). */
function ScheduleInputs({ timeZone }: { timeZone: string }) {
  return (
    <Box sx={row}>
      <TextInput
        source="date"
        label="Date"
        type="date"
        validate={dateInRange}
        helperText="Leave empty if not scheduled"
        fullWidth
        slotProps={shrink}
      />
      <TextInput
        source="day"
        label="Day"
        type="number"
        validate={wholeDay}
        helperText="Conference day from 1; empty: counted from the date"
        fullWidth
        slotProps={{ ...shrink, htmlInput: { min: 1, step: 1 } }}
      />
      <TextInput
        source="startTime"
        label="Start time"
        type="time"
        helperText={`Conference time (${timeZone})`}
        fullWidth
        slotProps={shrink}
      />
      <TextInput
        source="endTime"
        label="End time"
        type="time"
        validate={endAfterStart}
        helperText={`Conference time (${timeZone})`}
        fullWidth
        slotProps={shrink}
      />
    </Box>
  );
}

/**
 * Every field of a session (PRODUCT.md §5 session form): title, speakers and tags (new ones typed comma
 * separated; the stored ones as chips, so a speaker's name holding commas stays whole), format, date, day, start and end time in the conference's time zone, room and
 * description.
 */
export function SessionInputs({ timeZone }: { timeZone: string }) {
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a modal dialog: focus moves into the dialog as it opens (WAI-ARIA dialog pattern) */}
      <TextInput source="title" label="Title" validate={requiredTitle} fullWidth autoFocus />
      <KeptItems source="speakers" label="Current speakers" />
      <TextInput
        source="speakersText"
        label="Speakers"
        validate={speakersLength}
        helperText="Comma separated: Alice Example, Bob Example"
        fullWidth
      />
      <Box sx={row}>
        <SelectInput source="format" label="Format" choices={FORMAT_CHOICES} defaultValue={DEFAULT_SESSION_FORMAT} fullWidth />
        <TextInput source="location" label="Room / location" validate={locationLength} fullWidth />
      </Box>
      <KeptItems source="tags" label="Current tags" />
      <TextInput source="tagsText" label="Tags" validate={tagsLength} helperText="Comma separated" fullWidth />
      <ScheduleInputs timeZone={timeZone} />
      <TextInput
        source="description"
        label="Description"
        multiline
        minRows={4}
        maxRows={12}
        validate={descriptionLength}
        helperText={`The abstract, up to ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters`}
        fullWidth
      />
    </>
  );
}
