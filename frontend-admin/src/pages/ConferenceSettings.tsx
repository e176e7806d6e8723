import { Autocomplete, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { CONFERENCE_TAB_LABEL, MSG_CONFERENCE_SAVED, MSG_CONFERENCE_SAVE_FAILED, MSG_LOADING_CONFERENCE } from '@/constants';
import { formatZonedTime, isTimeZone, timeZoneChoices, zonePartsToIso } from '@/lib/conferenceTime';
import { errorText } from '@/lib/http';
import { useToast } from '@/lib/toast';
import type { Conference } from '@/lib/types';
import { CONFERENCE_QUERY_KEY, useConference } from '@/lib/useConference';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';

type Errors = Partial<Record<keyof Conference, string>>;

/** The form's values: the lists as the text an admin edits ('fr, en'; one question a line). */
export type ConferenceForm = Omit<Conference, 'languages' | 'suggestedQuestions'> & { languages: string; suggestedQuestions: string };

export function toForm(c: Conference): ConferenceForm {
  return { ...c, languages: c.languages.join(', '), suggestedQuestions: c.suggestedQuestions.join('\n') };
}

/** The settings a form holds: languages split at commas or spaces, one question a line (blank lines dropped). */
export function fromForm(f: ConferenceForm): Conference {
  return {
    ...f,
    languages: f.languages.split(/[\s,]+/).filter(Boolean),
    suggestedQuestions: f.suggestedQuestions
      .split('\n')
      .map((q) => q.trim())
      .filter(Boolean),
  };
}

/** What the server accepts of the identity settings (PUT /api/admin/conference answers 400 with the same words). */
const MAX_SHORT_NAME = 40;
const MAX_LANGUAGES = 10;
const MAX_SUGGESTED_QUESTIONS = 6;
const MAX_SUGGESTED_QUESTION = 300;

/** The short name, languages and questions' errors (the server's messages, word for word). */
function identityErrors(c: Conference): Errors {
  const errors: Errors = {};
  if (!c.shortName.trim() || c.shortName.trim().length > MAX_SHORT_NAME)
    errors.shortName = `Short name is required (at most ${MAX_SHORT_NAME} characters).`;
  if (c.languages.length < 1 || c.languages.length > MAX_LANGUAGES || !c.languages.every((l) => /^[A-Za-z]{2,3}$/.test(l)))
    errors.languages = `Languages must be 1 to ${MAX_LANGUAGES} language codes such as en or fr.`;
  if (c.suggestedQuestions.length > MAX_SUGGESTED_QUESTIONS || c.suggestedQuestions.some((q) => q.length > MAX_SUGGESTED_QUESTION))
    errors.suggestedQuestions = `Suggested questions must be at most ${MAX_SUGGESTED_QUESTIONS}, each 1 to ${MAX_SUGGESTED_QUESTION} characters.`;
  return errors;
}

/** What the form checks before sending (the server checks the same and answers 400 with its message). */
export function conferenceErrors(c: Conference): Errors {
  const errors: Errors = identityErrors(c);
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  if (!c.name.trim()) errors.name = 'Conference name is required.';
  if (!c.venue.trim()) errors.venue = 'Venue is required.';
  if (!isDate(c.startDate)) errors.startDate = 'Start date must be a date like 2025-09-08.';
  if (!isDate(c.endDate)) errors.endDate = 'End date must be a date like 2025-09-10.';
  else if (isDate(c.startDate) && c.endDate < c.startDate) errors.endDate = 'End date must be on or after the start date.';
  if (!isTimeZone(c.timeZone)) errors.timeZone = 'Choose a time zone such as America/Denver or Europe/Paris.';
  return errors;
}

type Setter = (field: keyof ConferenceForm) => (value: string) => void;

/** The zone every session time is shown and edited in, with what 8:30 AM on Day 1 is in it. */
function TimeZoneField({ values, error, zones, set }: { values: ConferenceForm; error?: string; zones: string[]; set: Setter }) {
  const firstMorning = isTimeZone(values.timeZone) ? zonePartsToIso(values.startDate, '08:30', values.timeZone) : null;
  return (
    <Autocomplete
      options={zones}
      value={values.timeZone}
      onChange={(_e, zone) => set('timeZone')(zone ?? '')}
      disableClearable={false}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          required
          error={!!error}
          helperText={
            error ??
            (firstMorning
              ? `Session times are shown and edited in this zone: 8:30 AM on Day 1 is ${formatZonedTime(firstMorning, values.timeZone)}.`
              : 'Session times are shown and edited in this zone.')
          }
        />
      )}
    />
  );
}

/** A text setting's value, change handler and error (with `hint` under it while there is no error). */
function textField(values: ConferenceForm, errors: Errors, set: Setter, name: keyof ConferenceForm, hint?: string) {
  return {
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name)(e.target.value),
    error: !!errors[name],
    helperText: errors[name] ?? hint,
    required: name !== 'suggestedQuestions',
    fullWidth: true,
  };
}

/** The settings' fields, each with its error. */
function ConferenceFields({ values, errors, zones, set }: { values: ConferenceForm; errors: Errors; zones: string[]; set: Setter }) {
  const field = (name: keyof ConferenceForm, hint?: string) => textField(values, errors, set, name, hint);
  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  return (
    <>
      <TextField label="Conference name" {...field('name')} />
      <TextField label="Short name" {...field('shortName', "The attendee app's header: the name in a few characters.")} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Start date (Day 1)" {...date} {...field('startDate')} />
        <TextField label="End date" {...date} {...field('endDate')} />
      </Stack>
      <TextField label="Venue" {...field('venue')} />
      <TimeZoneField values={values} error={errors.timeZone} zones={zones} set={set} />
      <TextField label="Languages" {...field('languages', "The program's language codes, most used first: 'fr, en'.")} />
      <TextField
        label="Suggested questions"
        multiline
        minRows={3}
        {...field('suggestedQuestions', "One a line, at most 6: the chat's empty state offers them.")}
      />
    </>
  );
}

/** Saves the settings: the conference query then holds them, and a toast tells how it went. */
function useSaveConference(onSaved: (saved: Conference) => void) {
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (c: Conference) => dataProvider.updateConference(c),
    onSuccess: (saved) => {
      queryClient.setQueryData(CONFERENCE_QUERY_KEY, saved);
      onSaved(saved);
      toast(MSG_CONFERENCE_SAVED, undefined, 'success');
    },
    onError: (err) => toast(MSG_CONFERENCE_SAVE_FAILED, errorText(err), 'error'),
  });
}

/** The tab's heading above its content. */
function SettingsScreen({ children }: { children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {CONFERENCE_TAB_LABEL}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Conference settings (admins): name, short name, dates, venue, the time zone every session time is
 * shown and edited in, the program's languages and the chat's suggested questions (GET /api/conference,
 * PUT /api/admin/conference).
 */
export function ConferenceSettings() {
  const conference = useConference();
  /** The form's values once edited; until then, the stored settings. */
  const [edited, setValues] = useState<ConferenceForm | null>(null);
  const values = edited ?? (conference.data ? toForm(conference.data) : null);
  const [errors, setErrors] = useState<Errors>({});
  const zones = useMemo(() => timeZoneChoices(), []);

  const save = useSaveConference((saved) => setValues(toForm(saved)));

  if (conference.error) {
    return (
      <SettingsScreen>
        <Typography color="error">{errorText(conference.error) || 'Failed to load the conference settings.'}</Typography>
      </SettingsScreen>
    );
  }
  if (!values) {
    return (
      <SettingsScreen>
        <Typography sx={{ py: 4 }}>{MSG_LOADING_CONFERENCE}</Typography>
      </SettingsScreen>
    );
  }

  const set: Setter = (field) => (value) => {
    setValues({ ...values, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const settings = fromForm(values);
    const found = conferenceErrors(settings);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(settings);
  };
  return (
    <SettingsScreen>
      <Card variant="outlined">
        <CardContent>
          <Box component="form" noValidate onSubmit={submit} aria-label="Conference settings">
            <Stack spacing={2} sx={{ maxWidth: 640 }}>
              <ConferenceFields values={values} errors={errors} zones={zones} set={set} />
              <Box>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save settings'}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </SettingsScreen>
  );
}

export default ConferenceSettings;
