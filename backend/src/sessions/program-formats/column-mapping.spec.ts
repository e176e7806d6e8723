import { headerKey, proposeMapping } from './column-mapping';

describe(proposeMapping.name, () => {
  it('reads English, French, German and Spanish headers, accents and case aside', () => {
    expect(proposeMapping(['Session ID', 'Title', 'Day', 'Start time', 'End time', 'Location', 'Speakers', 'Track', 'Abstract'])).toEqual({
      id: 'Session ID',
      title: 'Title',
      date: 'Day',
      start: 'Start time',
      end: 'End time',
      room: 'Location',
      speakers: 'Speakers',
      tags: 'Track',
      description: 'Abstract',
    });
    expect(proposeMapping(['Titel', 'Datum', 'Beginn', 'Ende', 'Raum', 'Referenten', 'Thema', 'Beschreibung'])).toEqual({
      title: 'Titel',
      date: 'Datum',
      start: 'Beginn',
      end: 'Ende',
      room: 'Raum',
      speakers: 'Referenten',
      tags: 'Thema',
      description: 'Beschreibung',
    });
    expect(proposeMapping(['Título', 'Fecha', 'Hora de inicio', 'Hora de fin', 'Sala', 'Ponentes', 'Descripción'])).toEqual({
      title: 'Título',
      date: 'Fecha',
      start: 'Hora de inicio',
      end: 'Hora de fin',
      room: 'Sala',
      speakers: 'Ponentes',
      description: 'Descripción',
    });
  });

  it('reads Italian, Portuguese and Dutch headers', () => {
    expect(proposeMapping(['Titolo', 'Data', 'Inizio', 'Fine', 'Sala', 'Relatori', 'Descrizione'])).toEqual({
      title: 'Titolo',
      date: 'Data',
      start: 'Inizio',
      end: 'Fine',
      room: 'Sala',
      speakers: 'Relatori',
      description: 'Descrizione',
    });
    expect(proposeMapping(['Título', 'Data', 'Início', 'Fim', 'Local', 'Palestrantes', 'Trilha'])).toEqual({
      title: 'Título',
      date: 'Data',
      start: 'Início',
      end: 'Fim',
      room: 'Local',
      speakers: 'Palestrantes',
      tags: 'Trilha',
    });
    expect(proposeMapping(['Titel', 'Datum', 'Begintijd', 'Eindtijd', 'Zaal', 'Sprekers', 'Samenvatting'])).toEqual({
      title: 'Titel',
      date: 'Datum',
      start: 'Begintijd',
      end: 'Eindtijd',
      room: 'Zaal',
      speakers: 'Sprekers',
      description: 'Samenvatting',
    });
  });

  it('gives each column one field, and the title only what is left (a speaker name column stays the speakers)', () => {
    expect(proposeMapping(['Speaker name', 'Session name', 'Notes'])).toEqual({ speakers: 'Speaker name', title: 'Session name' });
    expect(proposeMapping(['Foo', 'Bar'])).toEqual({});
  });

  it('compares headers loosely', () => {
    expect(headerKey('  Résumé / Notes ')).toBe('resume notes');
  });
});
