import { eventually } from './eventually';

/** Reads a path of the API as some caller, e.g. `(path) => visitor.get(path).set(auth)`. */
export type ApiView = (path: string) => PromiseLike<{ body: any }>;

const isSettled = (call: { status: string; analysis?: unknown }) =>
  call.status === 'failed' || call.status === 'canceled' || (call.status === 'completed' && !!call.analysis);

/** The call once it is analysed, failed or canceled. */
export function settledCall(view: ApiView, callId: string, timeoutMs = 20_000): Promise<any> {
  return eventually(`call ${callId} to be analysed, failed or canceled`, async () => (await view(`/api/call-management/calls/${callId}/`)).body, {
    until: isSettled,
    timeoutMs,
    everyMs: 20,
  });
}

/** The results of a discovery once it has completed. */
export function completedDiscovery(view: ApiView, discoveryId: string): Promise<any> {
  return eventually(`discovery ${discoveryId} to complete`, async () => (await view(`/api/discoveries/${discoveryId}/results/`)).body, {
    until: (results) => results.status === 'completed',
  });
}
