import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fold, stripAccents } from './fold';

describe('the language layer: one accent folding', () => {
  it('strips accents and spells out compatibility characters, keeping case', () => {
    expect(stripAccents('Kalvāns Café ﬁnance')).toBe('Kalvans Cafe finance');
    expect(stripAccents('Ångström')).toBe('Angstrom');
  });

  it('folds case, accents, ligatures and typographic quotes', () => {
    expect(fold('Straße Œuvre naïve ’quoted’ Łódź Ærø')).toBe("strasse oeuvre naive 'quoted' lodz aero");
    expect(fold('PROﬁT')).toBe('profit');
  });

  it('is the only accent folding in the backend: no other file decomposes text to drop its accents', () => {
    const root = join(__dirname, '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) files.push(path);
      }
    };
    walk(root);
    const folding = files.filter((f) => /normalize\(\s*['"]NFK?D['"]\s*\)/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(folding).toEqual([join('text', 'lang', 'fold.ts')]);
  });
});
