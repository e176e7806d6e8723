import type { components } from '@contract/api-types';

/**
 * Test data both apps' tests build from: the API's shapes (the contract's schemas) with neutral defaults,
 * each app's factories adding what its screens start from. Used by tests only.
 */

type Schemas = components['schemas'];

/** A session as the API returns it: unscheduled, no documents. */
export function sessionFixture(over: Partial<Schemas['SessionResponse']> = {}): Schemas['SessionResponse'] {
  return {
    id: 's',
    title: 'Untitled',
    externalId: null,
    description: '',
    speakers: [],
    tags: [],
    format: 'panel',
    date: null,
    day: null,
    startTime: null,
    endTime: null,
    location: null,
    documentsCount: 0,
    hasDocuments: false,
    documentTypes: [],
    contentStatus: 'none',
    ...over,
  };
}

/** The conference settings GET /api/conference gives for the spec's conference (the seeded default). */
export function conferenceFixture(over: Partial<Schemas['ConferenceResponse']> = {}): Schemas['ConferenceResponse'] {
  return {
    name: 'Equipment Finance Conference 2025',
    startDate: '2025-09-08',
    endDate: '2025-09-10',
    venue: 'Denver, CO',
    timeZone: 'America/Denver',
    shortName: 'EFC 2025',
    languages: ['en'],
    suggestedQuestions: [
      'What are the key trends in equipment financing discussed at the conference?',
      'What credit criteria do lenders look for when evaluating equipment finance deals?',
      'How is technology changing the equipment finance process?',
    ],
    ...over,
  };
}
