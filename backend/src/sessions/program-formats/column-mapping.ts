import { fold } from '../../text/lang/fold';
import { type ColumnMapping, type MappedField } from './common';

/**
 * Which column of a CSV/XLSX program holds which field, proposed from the header names when the client
 * gives no mapping. The words are header words seen in organisers' spreadsheets, in English, French,
 * German, Spanish, Italian, Portuguese and Dutch, compared without case, accents or punctuation; the first field a header matches
 * wins, and each column serves one field.
 */
const HEADER_WORDS: Record<MappedField, string[]> = {
  id: ['id', 'uid', 'code', 'session id', 'talk id', 'identifiant', 'kennung', 'identificador', 'ref', 'reference', 'codice', 'codigo'],
  title: [
    'title',
    'session',
    'session title',
    'talk',
    'talk title',
    'name',
    'titre',
    'intitule',
    'titel',
    'vortrag',
    'titulo',
    'nombre',
    'charla',
    'titolo',
    'palestra',
    'lezing',
  ],
  date: ['date', 'day', 'datum', 'tag', 'fecha', 'dia', 'jour', 'data', 'giorno', 'dag'],
  start: [
    'start',
    'start time',
    'starts',
    'starts at',
    'begin',
    'from',
    'time',
    'debut',
    'heure',
    'heure de debut',
    'beginn',
    'uhrzeit',
    'von',
    'inicio',
    'hora',
    'hora de inicio',
    'inizio',
    'ora',
    'ora di inizio',
    'orario',
    'horario',
    'begintijd',
    'aanvang',
    'tijd',
  ],
  end: [
    'end',
    'end time',
    'ends',
    'ends at',
    'to',
    'until',
    'fin',
    'heure de fin',
    'ende',
    'bis',
    'hora de fin',
    'final',
    'fine',
    'ora di fine',
    'fim',
    'termino',
    'eind',
    'eindtijd',
  ],
  room: [
    'room',
    'location',
    'venue',
    'hall',
    'stage',
    'salle',
    'lieu',
    'raum',
    'ort',
    'saal',
    'sala',
    'lugar',
    'ubicacion',
    'aula',
    'luogo',
    'local',
    'zaal',
    'ruimte',
    'locatie',
  ],
  speakers: [
    'speaker',
    'speakers',
    'presenter',
    'presenters',
    'author',
    'authors',
    'orateur',
    'orateurs',
    'intervenant',
    'intervenants',
    'conferencier',
    'sprecher',
    'referent',
    'referenten',
    'ponente',
    'ponentes',
    'orador',
    'oradores',
    'relatore',
    'relatori',
    'relatrice',
    'palestrante',
    'palestrantes',
    'spreker',
    'sprekers',
  ],
  tags: [
    'track',
    'tracks',
    'tag',
    'tags',
    'topic',
    'topics',
    'category',
    'categories',
    'type',
    'format',
    'theme',
    'themes',
    'parcours',
    'categorie',
    'thema',
    'themen',
    'kategorie',
    'tema',
    'temas',
    'categoria',
    'traccia',
    'argomento',
    'trilha',
    'categorie',
    'onderwerp',
  ],
  description: [
    'description',
    'abstract',
    'summary',
    'details',
    'resume',
    'beschreibung',
    'zusammenfassung',
    'descripcion',
    'resumen',
    'descrizione',
    'riassunto',
    'descricao',
    'resumo',
    'beschrijving',
    'samenvatting',
  ],
};

/** A header compared loosely: lower case, accents and punctuation dropped, spaces collapsed. */
export function headerKey(header: string): string {
  return fold(header)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The order fields pick their column in: specific names ('Session ID', 'Speaker name') before the title's. */
const PICK_ORDER: MappedField[] = ['id', 'speakers', 'room', 'start', 'end', 'date', 'description', 'tags', 'title'];

/** The mapping the header names suggest: exact header words first, then a header starting with one. */
export function proposeMapping(columns: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  const pass = (matches: (key: string, word: string) => boolean) => {
    for (const field of PICK_ORDER) {
      if (mapping[field]) continue;
      const column = columns.find((c) => !used.has(c) && HEADER_WORDS[field].some((w) => matches(headerKey(c), w)));
      if (column) {
        mapping[field] = column;
        used.add(column);
      }
    }
  };
  pass((key, word) => key === word);
  pass((key, word) => key.startsWith(`${word} `) || key.endsWith(` ${word}`));
  return mapping;
}
