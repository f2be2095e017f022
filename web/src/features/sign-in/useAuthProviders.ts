import { PASSWORD_MIN_LENGTH_DEFAULT } from '@backtalk/proto/browser';
import { useQuery } from '@tanstack/react-query';
import { getAuthProviders } from '../../api';

/** GET /api/auth/providers: which sign-in buttons to show, and the server's password minimum. */
export function useAuthProviders() {
  const query = useQuery({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 60_000 });
  return {
    ...query,
    oauth: query.data?.oauth ?? [],
    passkeys: query.data?.passkeys ?? false,
    passwordMinLength: query.data?.passwordMinLength ?? PASSWORD_MIN_LENGTH_DEFAULT,
  };
}
