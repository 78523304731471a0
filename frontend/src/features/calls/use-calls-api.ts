import { useMemo } from 'react';
import { type CallsApi, createCallsApi } from '../../api/calls-api';
import { useAppServices } from '../../app/app-services';

/** The calls API over the app's one API client. */
export function useCallsApi(): CallsApi {
  const { api } = useAppServices();
  return useMemo(() => createCallsApi(api), [api]);
}
