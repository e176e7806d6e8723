import { useQuery, type QueryFunction } from '@tanstack/react-query';
import { API, getQueryFn, throwIfNotOk } from './api';
import { takeEarlyUserAnswer } from './earlyUser';
import type { User } from './types';

export const USER_QUERY_KEY = [API.user] as const;

const askUser = getQueryFn<User | null>({ on401: 'returnNull' });

/** The user: from the answer src/boot.ts asked for before the app loaded when there is one, else asked now. */
const userQuery: QueryFunction<User | null> = async (context) => {
  const early = await takeEarlyUserAnswer()?.catch(() => undefined);
  if (!early) return askUser(context);
  if (early.status === 401) return null;
  await throwIfNotOk(early);
  return (await early.json()) as User;
};

/** The signed-in user: null when signed out (a 401 is not an error here, PRODUCT.md §7). */
export function useAuth() {
  const query = useQuery<User | null>({ queryKey: USER_QUERY_KEY, queryFn: userQuery });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
