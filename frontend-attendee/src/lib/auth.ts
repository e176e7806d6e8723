import { useQuery, type QueryFunction } from '@tanstack/react-query';
import { getQueryFn, queries, throwIfNotOk, type UserAnswer } from './api';
import { takeEarlyUserAnswer } from './earlyUser';

const askUser = getQueryFn<UserAnswer | null>({ on401: 'returnNull' });

/** The user: from the answer src/boot.ts asked for before the app loaded when there is one, else asked now. */
const userQuery: QueryFunction<UserAnswer | null> = async (context) => {
  const early = await takeEarlyUserAnswer()?.catch(() => undefined);
  if (!early) return askUser(context);
  if (early.status === 401) return null;
  await throwIfNotOk(early);
  return (await early.json()) as UserAnswer;
};

/** The signed-in user: null when signed out (a 401 is not an error here, PRODUCT.md §7). */
export function useAuth() {
  const query = useQuery(queries.user(userQuery));
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
