import type { Conference, Session, User } from '@/lib/types';
import { conferenceFixture, sessionFixture } from '@rules/testing/fixtures';

/** A session with sensible defaults: on day 1, with a transcript (the attendee lists documented sessions). */
export function session(over: Partial<Session> = {}): Session {
  return sessionFixture({
    id: over.id ?? Math.random().toString(36).slice(2),
    day: 1,
    documentsCount: 1,
    hasDocuments: true,
    documentTypes: ['transcript'],
    contentStatus: 'available',
    ...over,
  });
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
export const conference = conferenceFixture;

/** The second conference the tests configure: a conference in another zone, language and season. */
export function otherConference(over: Partial<Conference> = {}): Conference {
  return conference({
    name: 'Rhône Dev Days 2024',
    startDate: '2024-11-02',
    endDate: '2024-11-03',
    venue: 'Lyon',
    timeZone: 'Europe/Paris',
    shortName: 'RDD',
    languages: ['fr', 'en'],
    suggestedQuestions: ['Quels ateliers parlent de typage ?', 'Which talks are about Django?'],
    ...over,
  });
}
