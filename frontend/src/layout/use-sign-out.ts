import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuthActions } from '../features/auth/auth-actions-context';

/** Signs out, goes to `/` (spec section 2) and drops the signed-in pages' cached data. */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    await navigate({ to: '/' });
    queryClient.removeQueries({ type: 'inactive' });
  }, [signOut, navigate, queryClient]);
}
