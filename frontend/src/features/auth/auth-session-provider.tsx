import { type ComponentType, type ReactNode, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { type AuthConfig, createAuthApi } from '../../api/auth-api';
import { browserStorage, type KeyValueStorage } from '../anonymous/browser-storage';
import { AuthActionsContext, type AuthActions } from './auth-actions-context';
import { AuthContext, type AuthState } from './auth-context';
import type { ClerkRootProps } from './clerk/clerk-root';
import { ClerkSessionStore } from './clerk/clerk-session-store';
import { DeferredAuthDialog } from './dialog/deferred-auth-dialog';
import { EmbeddedAuthSession, RESTORE_RETRY_DELAYS_MS } from './session/embedded-auth-session';
import { KnownUser } from './session/known-user';
import type { SessionStore } from './session/session-store';
import { StaticSessionStore } from './session/static-session-store';

export type ClerkModule = { default: ComponentType<ClerkRootProps> };

/** The hosted provider's code, fetched only when the server says it is in use. */
const loadClerkModule = (): Promise<ClerkModule> => import('./clerk/clerk-root');

type Phase =
  | { kind: 'config'; store: SessionStore }
  | { kind: 'embedded'; store: EmbeddedAuthSession }
  | { kind: 'clerk'; store: ClerkSessionStore; publishableKey: string; Root: ComponentType<ClerkRootProps> | null }
  | { kind: 'unavailable'; store: SessionStore; reason: string };

interface AuthSessionProviderProps {
  client: ApiClient;
  /** Told where realtime handshakes get their token. */
  onTokenSource?: (source: () => Promise<string | null>) => void;
  loadClerk?: () => Promise<ClerkModule>;
  storage?: KeyValueStorage;
  children: ReactNode;
}

const CONFIG_UNREACHABLE = 'Ringcheck could not be reached. Sign-in will be back as soon as the connection is.';
const CLERK_NOT_LOADED = 'The sign-in service could not be loaded. Check your connection and reload the page.';
const CLERK_NOT_CONFIGURED = 'The hosted sign-in is not configured on this server (no publishable key).';

/**
 * The live session: asks the server how sign-in works, then runs built-in accounts (restoring the
 * session from the refresh cookie) or loads the hosted provider. Hands the token to the API client
 * and to the realtime handshake, and draws the sign-in dialog.
 */
export function AuthSessionProvider({ client, onTokenSource, loadClerk = loadClerkModule, storage, children }: AuthSessionProviderProps) {
  const knownUser = useMemo(() => new KnownUser(storage ?? browserStorage()), [storage]);
  const [phase, setPhase] = useState<Phase>(() => ({
    kind: 'config',
    store: new StaticSessionStore({ status: 'loading', user: null, origin: null }),
  }));

  useEffect(() => {
    const api = createAuthApi(client);
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const begin = (config: AuthConfig) => {
      if (config.provider === 'clerk') {
        const store = new ClerkSessionStore();
        const key = config.clerk_publishable_key;
        if (!key) {
          setPhase({ kind: 'unavailable', store: new StaticSessionStore({ status: 'error', user: null, origin: null }), reason: CLERK_NOT_CONFIGURED });
          return;
        }
        setPhase({ kind: 'clerk', store, publishableKey: key, Root: null });
        loadClerk().then(
          (module) => !cancelled && setPhase({ kind: 'clerk', store, publishableKey: key, Root: module.default }),
          (error: unknown) => {
            console.error('The hosted sign-in module could not be loaded', error);
            if (!cancelled) setPhase({ kind: 'unavailable', store: new StaticSessionStore({ status: 'error', user: null, origin: null }), reason: CLERK_NOT_LOADED });
          },
        );
        return;
      }
      const session = new EmbeddedAuthSession({ api, knownUser });
      setPhase({ kind: 'embedded', store: session });
      void session.start();
    };

    const askConfig = () => {
      api.config().then(
        (config) => !cancelled && begin(config),
        (error: unknown) => {
          if (cancelled) return;
          // A server that answers but has no config route runs built-in accounts.
          if (error instanceof ApiError && error.status === 404) return begin({ provider: 'embedded' });
          const known = knownUser.read();
          const snapshot = known ? { status: 'degraded' as const, user: known, origin: 'restore' as const } : { status: 'error' as const, user: null, origin: null };
          setPhase({ kind: 'config', store: new StaticSessionStore(snapshot) });
          timer = setTimeout(askConfig, RESTORE_RETRY_DELAYS_MS[Math.min(attempt++, RESTORE_RETRY_DELAYS_MS.length - 1)]);
        },
      );
    };
    askConfig();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, knownUser, loadClerk]);

  const { store } = phase;
  const snapshot = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.getSnapshot(),
  );

  // The API client and the socket handshake always ask the current store. Told before any passive
  // effect or route loader runs, so no request made for a known session goes out without its token.
  useLayoutEffect(() => {
    client.setAuth({
      isSignedIn: () => store.isSignedIn(),
      getToken: () => store.getToken(),
      refreshToken: () => store.refreshToken(),
    });
    onTokenSource?.(() => store.getToken());
  }, [client, onTokenSource, store]);

  useEffect(() => {
    if (phase.kind !== 'embedded') return undefined;
    const retry = () => phase.store.retryNow();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [phase]);

  const auth = useMemo<AuthState>(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      origin: snapshot.origin,
      getToken: () => store.getToken(),
      refreshToken: () => store.refreshToken(),
    }),
    [snapshot, store],
  );

  const actions = useMemo<AuthActions>(() => {
    const embedded = phase.kind === 'embedded' ? phase.store : null;
    const hosted = () => Promise.reject(new Error('Use the sign-in form of the hosted provider.'));
    return {
      provider: phase.kind === 'embedded' ? 'embedded' : phase.kind === 'clerk' ? 'clerk' : null,
      signIn: embedded ? (input) => embedded.signIn(input) : hosted,
      signUp: embedded ? (input) => embedded.signUp(input) : hosted,
      signOut: () => store.signOut(),
      replaceUser: (user) => store.replaceUser(user),
      forget: () => store.forget(),
      unavailableReason:
        phase.kind === 'unavailable' ? phase.reason : phase.kind === 'config' && snapshot.status !== 'loading' ? CONFIG_UNREACHABLE : null,
    };
  }, [phase, store, snapshot.status]);

  return (
    <AuthContext.Provider value={auth}>
      <AuthActionsContext.Provider value={actions}>
        {children}
        {phase.kind === 'clerk' && phase.Root ? (
          <phase.Root publishableKey={phase.publishableKey} store={phase.store} client={client} />
        ) : (
          <DeferredAuthDialog />
        )}
      </AuthActionsContext.Provider>
    </AuthContext.Provider>
  );
}
