import type { Session, User } from '@/lib/types';

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
