import { mutationOptions } from '@tanstack/react-query';
import type { CallManagementApi } from './call-management-api';
import { type CallTarget, startBusinessCall } from './start-business-call';

export const startCallMutation = (api: CallManagementApi) =>
  mutationOptions({
    mutationKey: ['calls', 'start'],
    mutationFn: (target: CallTarget) => startBusinessCall(api, target),
  });
