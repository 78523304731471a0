import { ClerkProvider, SignIn, SignUp, useAuth as useClerkAuth, useClerk, useUser } from '@clerk/clerk-react';
import { useEffect, useRef } from 'react';
import type { ApiClient } from '../../../api/api-client';
import { createAuthApi } from '../../../api/auth-api';
import type { AuthStatus, AuthUser } from '../auth-context';
import { useAuthDialogState } from '../auth-dialog-context';
import { AuthDialogShell } from '../dialog/auth-dialog-shell';
import { AuthUnavailable } from '../dialog/auth-unavailable';
import { LOADING_SNAPSHOT, type SessionOrigin } from '../session/session-store';
import { userFromApi } from '../session/user-from-api';
import type { ClerkSessionStore } from './clerk-session-store';

/**
 * The hosted provider (Clerk), loaded on demand so it stays out of the main bundle. Its provider sits
 * beside the app rather than around it, so loading it does not remount the page; the dialog shows
 * Clerk's own SignIn and SignUp.
 */
export interface ClerkRootProps {
  publishableKey: string;
  store: ClerkSessionStore;
  client: ApiClient;
}

const SIGN_IN_PATH = '/sign-in';
const SIGN_UP_PATH = '/sign-up';

export default function ClerkRoot({ publishableKey, store, client }: ClerkRootProps) {
  const { setMode, close } = useAuthDialogState();

  // Clerk navigates between its own screens, and back to the page once signed in: the page stays.
  const navigate = (to: string) => {
    const path = to.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0];
    if (path.startsWith(SIGN_IN_PATH)) setMode('sign-in');
    else if (path.startsWith(SIGN_UP_PATH)) setMode('sign-up');
    else if (to !== window.location.pathname + window.location.search) close();
  };

  return (
    <ClerkProvider
      publishableKey={publishableKey}
      routerPush={navigate}
      routerReplace={navigate}
      signInUrl={SIGN_IN_PATH}
      signUpUrl={SIGN_UP_PATH}
      afterSignOutUrl="/"
    >
      <ClerkSessionBridge store={store} client={client} />
      <ClerkAuthDialog />
    </ClerkProvider>
  );
}

function ClerkAuthDialog() {
  const clerk = useClerk();
  const here = window.location.pathname + window.location.search;
  return (
    <AuthDialogShell
      renderPanel={(mode) => {
        if (clerk.status === 'error') {
          return <AuthUnavailable reason="The sign-in service could not be loaded. Check your connection and reload the page." />;
        }
        if (!clerk.loaded) return <AuthUnavailable reason={null} />;
        return mode === 'sign-in' ? (
          <SignIn routing="virtual" fallbackRedirectUrl={here} signUpUrl={SIGN_UP_PATH} />
        ) : (
          <SignUp routing="virtual" fallbackRedirectUrl={here} signInUrl={SIGN_IN_PATH} />
        );
      }}
    />
  );
}

function statusOf(clerkStatus: string | undefined, loaded: boolean): AuthStatus {
  if (clerkStatus === 'error') return 'error';
  if (clerkStatus === 'degraded') return 'degraded';
  return loaded ? 'ready' : 'loading';
}

/** Feeds Clerk's session into the app's session store; the user record comes from the product API. */
function ClerkSessionBridge({ store, client }: { store: ClerkSessionStore; client: ApiClient }) {
  const clerk = useClerk();
  const { isLoaded, isSignedIn, userId, getToken, signOut } = useClerkAuth();
  const { user: clerkUser } = useUser();
  const seenSignedOut = useRef(false);
  const status = statusOf(clerk.status, isLoaded);

  useEffect(() => {
    store.attach({ getToken: (options) => getToken(options), signOut: () => signOut() });
  }, [store, getToken, signOut]);

  useEffect(() => {
    store.setProviderSignedIn(Boolean(isSignedIn));
    if (status === 'loading' || status === 'error') {
      store.update(status === 'error' ? { status, user: null, origin: null } : LOADING_SNAPSHOT);
      return undefined;
    }
    if (!isSignedIn || !userId) {
      seenSignedOut.current = true;
      store.update({ status, user: null, origin: null });
      return undefined;
    }
    const origin: SessionOrigin = seenSignedOut.current ? 'sign-in' : 'restore';
    let cancelled = false;
    createAuthApi(client)
      .me()
      .then(
        (user) => !cancelled && store.update({ status, user: userFromApi(user), origin }),
        () => {
          // The API cannot name the user yet: show what the provider knows, degraded.
          if (!cancelled) store.update({ status: 'degraded', user: fallbackUser(userId, clerkUser), origin });
        },
      );
    return () => {
      cancelled = true;
    };
    // The Clerk user object changes identity often; its id is what matters here.
  }, [store, client, status, isSignedIn, userId]); // eslint-disable-line react-hooks/exhaustive-deps

  return null;
}

interface ClerkUserLike {
  primaryEmailAddress?: { emailAddress: string } | null;
  firstName?: string | null;
  lastName?: string | null;
  createdAt?: Date | null;
}

function fallbackUser(userId: string, user: ClerkUserLike | null | undefined): AuthUser {
  return {
    id: userId,
    email: user?.primaryEmailAddress?.emailAddress ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    createdAt: user?.createdAt ? user.createdAt.toISOString() : null,
  };
}
