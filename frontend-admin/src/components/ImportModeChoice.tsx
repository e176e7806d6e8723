import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, type SxProps, type Theme } from '@mui/material';
import type { ImportMode } from '@/lib/consoleApi';

/** How a screen words the choice. */
export interface ImportModeWording {
  /** The id of the group's label (unique on the page). */
  id: string;
  legend: string;
  /** What each mode does. */
  labels: Record<ImportMode, string>;
}

interface ImportModeChoiceProps {
  wording: ImportModeWording;
  mode: ImportMode;
  onChange: (mode: ImportMode) => void;
  disabled: boolean;
  sx?: SxProps<Theme>;
}

/** What a sessions import does with the sessions already here: update the matching ones, or add every row as new. */
export function ImportModeChoice({ wording, mode, onChange, disabled, sx }: ImportModeChoiceProps) {
  const { id, legend, labels } = wording;
  return (
    <FormControl sx={sx}>
      <FormLabel id={id}>{legend}</FormLabel>
      <RadioGroup aria-labelledby={id} value={mode} onChange={(e) => onChange(e.target.value as ImportMode)}>
        {(['upsert', 'create-new'] as const).map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={labels[value]} disabled={disabled} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
