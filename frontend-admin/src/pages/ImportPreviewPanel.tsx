import { Alert, Box, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { MAPPING_FIELDS } from '@/lib/analytics';
import type { ImportDryRun } from '@/lib/consoleApi';
import type { ColumnMapping, ImportPreview } from '@/lib/types';

/** How the preview names what the file held. */
const SOURCE_LABEL: Record<string, string> = {
  sessions: 'Sessions export',
  pretalx: 'pretalx',
  frab: 'frab/Pentabarf schedule.xml',
  sessionize: 'Sessionize',
  ical: 'iCalendar (.ics)',
  csv: 'CSV',
  xlsx: 'XLSX',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABEL[source] ?? source;
}

/** 'Day 1 (2025-11-01): 44 sessions' for each day of the program. */
export function dayLines(preview: Pick<ImportPreview, 'days'>): string[] {
  return preview.days.map((d) => `Day ${d.day}${d.date ? ` (${d.date})` : ''}: ${d.sessions} ${d.sessions === 1 ? 'session' : 'sessions'}`);
}

/** '<conference name>, 2025-11-01 to 2025-11-02, Europe/Paris': the conference as the program names it. */
export function proposedConferenceText(preview: Pick<ImportPreview, 'proposedConference'>): string | null {
  const c = preview.proposedConference;
  if (!c) return null;
  const dates = c.startDate ? (c.startDate === c.endDate ? c.startDate : `${c.startDate} to ${c.endDate}`) : null;
  return [c.name, dates, c.timeZone].filter(Boolean).join(', ');
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {children}
    </Typography>
  );
}

interface MappingProps {
  columns: string[];
  mapping: ColumnMapping;
  proposed: boolean;
  disabled: boolean;
  onChange: (mapping: ColumnMapping) => void;
}

/** CSV/XLSX: one select per field, prefilled with the mapping the dry run used. */
export function ColumnMappingFields({ columns, mapping, proposed, disabled, onChange }: MappingProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Columns{proposed ? ' (proposed from the headers: check them)' : ''}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        {MAPPING_FIELDS.map(({ field, label }) => (
          <TextField
            key={field}
            select
            size="small"
            label={label}
            value={mapping[field] ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ ...mapping, [field]: e.target.value || undefined })}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">(none)</MenuItem>
            {columns.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
    </Box>
  );
}

interface PanelProps {
  dryRun: ImportDryRun;
  mapping: ColumnMapping | undefined;
  applyConference: boolean;
  disabled: boolean;
  onMappingChange: (mapping: ColumnMapping) => void;
  onApplyConferenceChange: (apply: boolean) => void;
}

/** What the dry run found: format, sessions to create and update, days, rooms, gaps, breaks, zone, conference. */
export function ImportPreviewPanel({ dryRun, mapping, applyConference, disabled, onMappingChange, onApplyConferenceChange }: PanelProps) {
  const p = dryRun.preview;
  const conference = proposedConferenceText(p);
  return (
    <Box sx={{ mt: 2 }} data-testid="import-preview" aria-label="Import preview" role="region">
      <Stack spacing={0.5}>
        <Line label="Format">{sourceLabel(dryRun.source)}</Line>
        <Line label="Sessions">{`${p.sessions}: ${p.toCreate} to create, ${p.toUpdate} to update, ${dryRun.skipped} to skip`}</Line>
        {p.days.length > 0 && <Line label="Days">{dayLines(p).join('; ')}</Line>}
        <Line label="Rooms">{p.rooms.length ? p.rooms.join(', ') : 'none'}</Line>
        <Line label="Without a time">{String(p.noTime)}</Line>
        <Line label="Without a room">{String(p.noRoom)}</Line>
        {p.serviceSessions.length > 0 && <Line label="Breaks and meals">{p.serviceSessions.join(', ')}</Line>}
        <Line label="Time zone">{`${p.timeZone} (${p.timeZoneFrom === 'program' ? "the program's" : "the conference's"})`}</Line>
        {conference && <Line label="Program's conference">{conference}</Line>}
      </Stack>
      {p.table && mapping && (
        <Box sx={{ mt: 2 }}>
          <ColumnMappingFields
            columns={p.table.columns}
            mapping={mapping}
            proposed={p.table.proposed}
            disabled={disabled}
            onChange={onMappingChange}
          />
        </Box>
      )}
      {conference && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={applyConference} onChange={(e) => onApplyConferenceChange(e.target.checked)} disabled={disabled} />}
          label="Also set the conference name, dates and time zone from this program"
        />
      )}
      {p.differingFields.length > 0 && !applyConference && (
        <Alert severity="info" sx={{ mt: 1 }}>
          The program&apos;s {p.differingFields.map((f) => (f === 'timeZone' ? 'time zone' : f)).join(', ')} differ from the conference
          settings.
        </Alert>
      )}
    </Box>
  );
}
