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

/** What the form checks before sending (the server checks the same and answers 400 with its message). */
export function conferenceErrors(c: Conference): Errors {
  const errors: Errors = {};
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  if (!c.name.trim()) errors.name = 'Conference name is required.';
  if (!c.venue.trim()) errors.venue = 'Venue is required.';
  if (!isDate(c.startDate)) errors.startDate = 'Start date must be a date like 2025-09-08.';
  if (!isDate(c.endDate)) errors.endDate = 'End date must be a date like 2025-09-10.';
  else if (isDate(c.startDate) && c.endDate < c.startDate) errors.endDate = 'End date must be on or after the start date.';
  if (!isTimeZone(c.timeZone)) errors.timeZone = 'Choose a time zone such as America/Denver or Europe/Paris.';
  return errors;
}

type Setter = (field: keyof Conference) => (value: string) => void;

/** The zone every session time is shown and edited in, with what 8:30 AM on Day 1 is in it. */
function TimeZoneField({ values, error, zones, set }: { values: Conference; error?: string; zones: string[]; set: Setter }) {
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

/** The settings' fields, each with its error. */
function ConferenceFields({ values, errors, zones, set }: { values: Conference; errors: Errors; zones: string[]; set: Setter }) {
  /** A required text setting's value, change handler and error. */
  const field = (name: 'name' | 'venue' | 'startDate' | 'endDate') => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name)(e.target.value),
    error: !!errors[name],
    helperText: errors[name],
    required: true,
    fullWidth: true,
  });
  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  return (
    <>
      <TextField label="Conference name" {...field('name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Start date (Day 1)" {...date} {...field('startDate')} />
        <TextField label="End date" {...date} {...field('endDate')} />
      </Stack>
      <TextField label="Venue" {...field('venue')} />
      <TimeZoneField values={values} error={errors.timeZone} zones={zones} set={set} />
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
 * Conference settings (admins): name, dates, venue and the time zone every session time is shown and
 * edited in (GET /api/conference, PUT /api/admin/conference).
 */
export function ConferenceSettings() {
  const conference = useConference();
  /** The form's values once edited; until then, the stored settings. */
  const [edited, setValues] = useState<Conference | null>(null);
  const values = edited ?? conference.data ?? null;
  const [errors, setErrors] = useState<Errors>({});
  const zones = useMemo(() => timeZoneChoices(), []);

  const save = useSaveConference(setValues);

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
    const found = conferenceErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
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
