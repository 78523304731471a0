import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAppServices } from '../../app/app-services';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { startCallMutation, type CallTarget } from '../calls/start';
import { funnelStep } from '../tracking/product-events';
import { useTrackEvent } from '../tracking/use-track-event';
import type { BusinessResult } from './business-result';
import { showCallStartError } from './call-start-error-toast';
import type { DiscoverySource } from './discovery-search-state';

export interface StartCallContext {
  source: DiscoverySource;
  /** The business name searched for, for analytics. */
  searchQuery: string;
  /** The demo card of the home test mode places the mock test call. */
  demo?: boolean;
  /** Explore calls only businesses of a discovery (spec section 5: 'Discovery ID is missing'). */
  requireDiscoveryId?: boolean;
}

export interface StartCall {
  /** Starts the test call for the business at `ranking` (1-based) in the results. */
  start(business: BusinessResult, ranking: number): void;
  /** The business whose call is being started, if any. */
  startingBusinessId: string | null;
}

export interface CallStarter {
  /** Starts a test call to `target`, named `businessName` in the toasts. */
  start(target: CallTarget, businessName: string): void;
  /** The business (`target.businessId`) whose call is being started, if any. */
  startingBusinessId: string | null;
}

const INITIATING_TOAST = 'call-initiating';

/**
 * Any test call's start: the initiating toast, the call-start flow, the Call Initiated event, then the
 * live call report; a call that did not start gets the 'Error' toast (with sign-up or the plans when
 * that is what would let it start).
 */
export function useCallStarter(): CallStarter {
  const { apis } = useAppServices();
  const navigate = useNavigate();
  const track = useTrackEvent();
  const dialog = useAuthDialog();
  const mutation = useMutation(startCallMutation(apis.calls));
  const { mutate } = mutation;

  const start = useCallback(
    (target: CallTarget, businessName: string) => {
      notifications.show({
        id: INITIATING_TOAST,
        loading: true,
        title: 'Initiating call',
        message: `Calling ${businessName}...`,
      });
      mutate(target, {
        onSuccess: (callId) => {
          notifications.hide(INITIATING_TOAST);
          track('Call Initiated', { businessId: target.businessId, callType: 'ai' });
          track('Funnel Step', funnelStep('call'));
          notifications.show({
            color: 'teal',
            title: 'Test Call Initiated',
            message: `Follow the call to ${businessName} live.`,
          });
          void navigate({ to: '/call/$callId', params: { callId } });
        },
        onError: (error) => {
          notifications.hide(INITIATING_TOAST);
          showCallStartError(error, target, {
            openSignUp: () => dialog.open('sign-up', { intent: { redirectTo: window.location.pathname, source: 'call_start_refused' } }),
            openPage: (href) => void navigate({ href }),
          });
        },
      });
    },
    [dialog, mutate, navigate, track],
  );

  return { start, startingBusinessId: mutation.isPending ? (mutation.variables?.businessId ?? null) : null };
}

/** 'Start AI Call' on a search result: records the selection, then starts the call. */
export function useStartCall({ source, searchQuery, demo = false, requireDiscoveryId = false }: StartCallContext): StartCall {
  const track = useTrackEvent();
  const { start: startCall, startingBusinessId } = useCallStarter();

  const start = useCallback(
    (business: BusinessResult, ranking: number) => {
      track('Business Selected', { businessId: business.id, businessName: business.name, source, ranking, searchQuery });
      track('Funnel Step', funnelStep('select'));
      const target: CallTarget = {
        businessId: business.id,
        phoneNumber: business.dialNumber,
        discoveryId: business.discoveryId,
        demo,
        requireDiscoveryId,
      };
      startCall(target, business.name);
    },
    [demo, requireDiscoveryId, searchQuery, source, startCall, track],
  );

  return { start, startingBusinessId };
}
