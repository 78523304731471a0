import { callAccessFor, isCallOwner } from './call-access';

const userCall = { ownerId: 'user_a' };
const visitorCall = { ownerId: 'anon_a' };
const orphanCall = { ownerId: null };

describe('callAccessFor', () => {
  it('gives the full call to its signed-in owner only', () => {
    expect(callAccessFor(userCall, 'user_a')).toBe('full');
    expect(callAccessFor(userCall, 'user_b')).toBe('preview');
    expect(callAccessFor(userCall, null)).toBe('preview');
  });

  it('gives a visitor’s call as a preview even to the visitor, and to nobody in full', () => {
    expect(callAccessFor(visitorCall, null)).toBe('preview');
    expect(callAccessFor(visitorCall, 'user_a')).toBe('preview');
    expect(callAccessFor(orphanCall, null)).toBe('preview');
  });
});

describe('isCallOwner', () => {
  it('knows the signed-in owner and the visitor who started the call', () => {
    expect(isCallOwner(userCall, { userId: 'user_a', anonId: null })).toBe(true);
    expect(isCallOwner(visitorCall, { userId: null, anonId: 'anon_a' })).toBe(true);
    expect(isCallOwner(visitorCall, { userId: 'user_a', anonId: 'anon_a' })).toBe(true);
  });

  it('refuses everyone else, and nobody owns a call without an owner', () => {
    expect(isCallOwner(userCall, { userId: 'user_b', anonId: 'anon_a' })).toBe(false);
    expect(isCallOwner(visitorCall, { userId: null, anonId: 'anon_b' })).toBe(false);
    expect(isCallOwner(orphanCall, { userId: null, anonId: null })).toBe(false);
  });
});
