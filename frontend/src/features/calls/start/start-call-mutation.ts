import { mutationOptions } from '@tanstack/react-query';
import type { CallsApi } from '../../../api/calls-api';
import { type CallTarget, startBusinessCall } from './start-business-call';

export const startCallMutation = (api: CallsApi) =>
  mutationOptions({
    mutationKey: ['calls', 'start'],
    mutationFn: (target: CallTarget) => startBusinessCall(api, target),
  });
