import fs from 'node:fs';
import { PDFParse } from 'pdf-parse';
const [f, ...pages] = process.argv.slice(2);
const r = await new PDFParse({ data: fs.readFileSync('/work/shared/eval-dev/pdfs/' + f) }).getText({ partial: pages.map(Number) });
for (const p of r.pages) console.log('=== page', p.num, '\n', p.text.slice(0, 1500));
