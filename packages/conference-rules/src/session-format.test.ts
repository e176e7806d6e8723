import { describe, expect, it } from 'vitest';
import { sessionFormatLabel } from './session-format';

describe('sessionFormatLabel (PRODUCT.md §2 keyword rule, both apps)', () => {
  it.each([
    ['keynote', 'Keynote'],
    ['Opening KEYNOTE', 'Keynote'],
    ['fireside', 'Fireside Chat'],
    ['fireside chat', 'Fireside Chat'],
    ['concurrent', 'Concurrent'],
    ['roundtable', 'Roundtable'],
    ['lightning', 'Lightning'],
    ['lightning talk', 'Lightning'],
    ['workshop', 'Workshop'],
    ['lab', 'Workshop'],
    ['Hands-on Lab', 'Workshop'],
  ])('%s → %s', (format, label) => {
    expect(sessionFormatLabel(format)).toBe(label);
  });

  it('shows any other value as written with a capital first letter, and Session when there is none', () => {
    expect(sessionFormatLabel('panel')).toBe('Panel');
    expect(sessionFormatLabel('tutorial')).toBe('Tutorial');
    expect(sessionFormatLabel(' town hall ')).toBe('Town hall');
    expect(sessionFormatLabel('Town Hall')).toBe('Town Hall');
    expect(sessionFormatLabel('')).toBe('Session');
    expect(sessionFormatLabel('   ')).toBe('Session');
    expect(sessionFormatLabel(null)).toBe('Session');
    expect(sessionFormatLabel(undefined)).toBe('Session');
  });
});
