import type { Conference, Session, User } from '@/lib/types';

/** A session with sensible defaults. */
export function session(over: Partial<Session> = {}): Session {
  return {
    id: over.id ?? Math.random().toString(36).slice(2),
    title: 'Untitled',
    externalId: null,
    description: '',
    speakers: [],
    tags: [],
    format: 'panel',
    date: null,
    day: 1,
    startTime: null,
    endTime: null,
    location: null,
    documentsCount: 1,
    hasDocuments: true,
    documentTypes: ['transcript'],
    contentStatus: 'available',
    ...over,
  };
}

/** A signed-in attendee. */
export function user(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    company: 'Acme',
    name: 'Jane Doe',
    role: 'attendee',
    isAdmin: false,
    verificationPending: false,
    ...over,
  };
}

/** The conference settings GET /api/conference gives for the spec's conference (the seeded default). */
export function conference(over: Partial<Conference> = {}): Conference {
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

/** The second conference the tests configure: PyConFR 2024 in Strasbourg. */
export function pyconfr(over: Partial<Conference> = {}): Conference {
  return conference({
    name: 'PyConFR 2024',
    startDate: '2024-11-02',
    endDate: '2024-11-03',
    venue: 'Strasbourg',
    timeZone: 'Europe/Paris',
    shortName: 'PyConFR',
    languages: ['fr', 'en'],
    suggestedQuestions: ['Quels ateliers parlent de typage ?', 'Which talks are about Django?'],
    ...over,
  });
}
