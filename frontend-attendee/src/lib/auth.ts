import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';
import type { User } from './types';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

/** The signed-in user: null when signed out (a 401 is not an error here, PRODUCT.md §7). */
export function useAuth() {
  const query = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
