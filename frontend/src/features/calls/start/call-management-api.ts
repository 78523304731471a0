import type { ApiClient } from '../../../api/api-client';

/** What the call-starting paths answer; the id comes as `id` or `call_id`. */
export interface CallStartAnswer {
  id?: string | null;
  call_id?: string | null;
  twilio_sid?: string | null;
  status?: string;
}

export interface CallManagementApi {
  secretShopperCall(body: { discovery_id: string; place_result_id?: string }): Promise<CallStartAnswer>;
  createCall(body: { business_discovery: string; to_number: string }): Promise<CallStartAnswer>;
  placeCall(callId: string): Promise<unknown>;
  testCall(body: { phone_number: string }): Promise<CallStartAnswer>;
  mockTestCall(): Promise<CallStartAnswer>;
}

/** The call-starting paths of spec section 7, trailing slashes kept. */
export function createCallManagementApi(client: ApiClient): CallManagementApi {
  return {
    secretShopperCall: (body) => client.post<CallStartAnswer>('/call-management/secret-shopper-call/', body),
    createCall: (body) => client.post<CallStartAnswer>('/call-management/calls/', body),
    placeCall: (callId) => client.post<unknown>(`/call-management/calls/${encodeURIComponent(callId)}/place_call/`),
    testCall: (body) => client.post<CallStartAnswer>('/call-management/test-call/', body),
    mockTestCall: () => client.post<CallStartAnswer>('/call-management/mock-test-call/', {}),
  };
}
