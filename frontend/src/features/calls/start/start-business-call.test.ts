// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { createCallsApi } from '../../../api/calls-api';
import { callStartErrorMessage, callStartNeedsSignup } from './call-start-message';
import { callModeOf, type CallTarget, startBusinessCall } from './start-business-call';

const DISCOVERY = 'disc_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';
const PLACE = 'plsr_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const CALL = 'call_1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const target = (overrides: Partial<CallTarget> = {}): CallTarget => ({
  businessId: PLACE,
  phoneNumber: '(212) 555-0123',
  discoveryId: DISCOVERY,
  ...overrides,
});

function setUp() {
  const stub = new ApiStub();
  return { stub, api: createCallsApi(stub.client()) };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('startBusinessCall', () => {
  it('places the secret-shopper call for a business of a discovery', async () => {
    const { stub, api } = setUp();
    stub.on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(201, { call_id: CALL, status: 'queued' }));

    await expect(startBusinessCall(api, target())).resolves.toBe(CALL);

    expect(stub.calls()).toEqual(['POST /api/call-management/secret-shopper-call/']);
    expect(stub.requests[0].body).toEqual({ discovery_id: DISCOVERY, place_result_id: PLACE });
  });

  it('when the secret-shopper call fails, creates a call for the E.164 number and places it', async () => {
    const { stub, api } = setUp();
    stub
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(503, { detail: 'Voice agent unavailable' }))
      .on('POST', '/api/call-management/calls/', () => jsonResponse(201, { id: CALL, status: 'queued' }))
      .on('POST', `/api/call-management/calls/${CALL}/place_call/`, () => jsonResponse(200, { id: CALL, status: 'in_progress' }));

    await expect(startBusinessCall(api, target())).resolves.toBe(CALL);

    expect(stub.calls()).toEqual([
      'POST /api/call-management/secret-shopper-call/',
      'POST /api/call-management/calls/',
      `POST /api/call-management/calls/${CALL}/place_call/`,
    ]);
    expect(stub.requestsTo('POST', '/api/call-management/calls/')[0].body).toEqual({
      business_discovery: DISCOVERY,
      to_number: '+12125550123',
    });
  });

  it('reports the fallback’s failure when both ways fail', async () => {
    const { stub, api } = setUp();
    stub
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(500, {}))
      .on('POST', '/api/call-management/calls/', () => jsonResponse(400, { user_message: 'This number cannot be called.' }));

    const error = await failureOf(startBusinessCall(api, target()));

    expect(callStartErrorMessage(error, 'business')).toBe('This number cannot be called.');
    expect(stub.calls()).toHaveLength(2);
  });

  it('does not fall back after a rate limit', async () => {
    const { stub, api } = setUp();
    stub.on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(429, { detail: 'Too many calls' }));

    const error = await failureOf(startBusinessCall(api, target()));

    expect(callStartErrorMessage(error, 'business')).toBe('Too many calls');
    expect(stub.calls()).toEqual(['POST /api/call-management/secret-shopper-call/']);
  });

  it('does not fall back after a plan limit', async () => {
    const { stub, api } = setUp();
    const limit = {
      error: 'plan_limit_reached',
      user_message: "You've used this month's 5 test calls on the Free plan.",
      upgrade: { feature: 'test-calls', url: '/upgrade?feature=test-calls' },
    };
    stub.on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(403, limit));

    const error = await failureOf(startBusinessCall(api, target()));

    expect(callStartErrorMessage(error, 'business')).toBe(limit.user_message);
    expect(stub.calls()).toEqual(['POST /api/call-management/secret-shopper-call/']);
  });

  it('shows the server’s words when the free calls are used up, and asks the visitor to sign up', async () => {
    const { stub, api } = setUp();
    const quota = {
      error: 'call_quota_exceeded',
      detail: 'The quota of 3 test calls per day for visitors who are not signed in is used up.',
      user_message: "You've used your 3 free test calls for today. Sign up for a free account to run more.",
      signup_required: true,
    };
    stub.on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(429, quota, { 'Retry-After': '86400' }));

    const error = await failureOf(startBusinessCall(api, target()));

    expect(callStartErrorMessage(error, 'business')).toBe(quota.user_message);
    expect(callStartNeedsSignup(error)).toBe(true);
    expect(stub.calls()).toEqual(['POST /api/call-management/secret-shopper-call/']);
  });

  it('asks for sign-up only when the server says so', async () => {
    const { stub, api } = setUp();
    stub.on(
      'POST',
      '/api/call-management/test-call/',
      () => jsonResponse(401, { error: 'authentication_required', user_message: 'Sign in or create a free account to call any phone number.', signup_required: true }),
      () => jsonResponse(429, { error: 'call_quota_exceeded', user_message: 'You can start more in 5 hours.', signup_required: false }),
    );
    const call = target({ discoveryId: null });

    const visitor = await failureOf(startBusinessCall(api, call));
    expect(callStartErrorMessage(visitor, 'phone-only')).toBe('Sign in or create a free account to call any phone number.');
    expect(callStartNeedsSignup(visitor)).toBe(true);
    expect(callStartNeedsSignup(await failureOf(startBusinessCall(api, call)))).toBe(false);
    expect(callStartNeedsSignup(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('says no call id was returned when the answer has neither id nor call_id, without placing another call', async () => {
    const { stub, api } = setUp();
    stub.on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(201, { status: 'queued' }));

    const error = await failureOf(startBusinessCall(api, target()));

    expect(callStartErrorMessage(error, 'business')).toBe('No call ID returned from server');
    expect(stub.calls()).toHaveLength(1);
  });

  it('also needs an id from the created call', async () => {
    const { stub, api } = setUp();
    stub
      .on('POST', '/api/call-management/secret-shopper-call/', () => jsonResponse(500, {}))
      .on('POST', '/api/call-management/calls/', () => jsonResponse(201, {}));

    const error = await failureOf(startBusinessCall(api, target()));

    expect(callStartErrorMessage(error, 'business')).toBe('No call ID returned from server');
  });

  it('uses the phone-only test call when there is no discovery', async () => {
    const { stub, api } = setUp();
    stub.on('POST', '/api/call-management/test-call/', () => jsonResponse(201, { id: CALL }));

    const call = target({ discoveryId: null, phoneNumber: '512-555-0188' });
    await expect(startBusinessCall(api, call)).resolves.toBe(CALL);

    expect(callModeOf(call)).toBe('phone-only');
    expect(stub.requests[0].body).toEqual({ phone_number: '+15125550188' });
  });

  it('says the discovery id is missing where one is required', async () => {
    const { stub, api } = setUp();

    const error = await failureOf(startBusinessCall(api, target({ discoveryId: null, requireDiscoveryId: true })));

    expect(callStartErrorMessage(error, 'business')).toBe('Discovery ID is missing');
    expect(stub.calls()).toEqual([]);
  });

  it('places the mock test call for the demo, with an empty body', async () => {
    const { stub, api } = setUp();
    stub.on('POST', '/api/call-management/mock-test-call/', () => jsonResponse(201, { call_id: CALL }));

    const call = target({ discoveryId: null, demo: true });
    await expect(startBusinessCall(api, call)).resolves.toBe(CALL);

    expect(callModeOf(call)).toBe('demo');
    expect(stub.calls()).toEqual(['POST /api/call-management/mock-test-call/']);
    expect(stub.requests[0].body).toEqual({});
  });
});

describe('callStartErrorMessage', () => {
  it('prefers the server’s user_message, then reads a twilio_error as Call failed', async () => {
    const { stub, api } = setUp();
    stub.on(
      'POST',
      '/api/call-management/test-call/',
      () => jsonResponse(400, { user_message: 'Please verify the number.', detail: 'Invalid number' }),
      () => jsonResponse(502, { detail: 'The number is unreachable', twilio_error: { code: 13224 } }),
      () => jsonResponse(502, { twilio_error: { detail: 'Carrier rejected the call' } }),
    );
    const call = target({ discoveryId: null });

    expect(callStartErrorMessage(await failureOf(startBusinessCall(api, call)), 'phone-only')).toBe('Please verify the number.');
    expect(callStartErrorMessage(await failureOf(startBusinessCall(api, call)), 'phone-only')).toBe(
      'Call failed: The number is unreachable',
    );
    expect(callStartErrorMessage(await failureOf(startBusinessCall(api, call)), 'phone-only')).toBe(
      'Call failed: Carrier rejected the call',
    );
  });

  it('falls back to the spec text when there is nothing meant for people', () => {
    expect(callStartErrorMessage(new TypeError('Failed to fetch'), 'business')).toBe(
      'Failed to initiate call. Please try again.',
    );
    expect(callStartErrorMessage(new TypeError('Failed to fetch'), 'phone-only')).toBe(
      'Failed to place test call. Please try again.',
    );
    expect(callStartErrorMessage(new TypeError('Failed to fetch'), 'demo')).toBe('Test call setup failed. Please try again.');
    const noRoute = new ApiError('Cannot POST /api/call-management/mock-test-call/', 404, {});
    expect(callStartErrorMessage(noRoute, 'demo')).toBe('Test call setup failed. Please try again.');
    expect(callStartErrorMessage(new ApiError('API Error: 500', 500, {}), 'business')).toBe(
      'Failed to initiate call. Please try again.',
    );
  });
});
