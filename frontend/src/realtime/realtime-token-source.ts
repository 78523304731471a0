let tokenSource: () => Promise<string | null> = async () => null;

/** Where the socket handshake gets the signed-in user's token; the auth context sets it. */
export function setRealtimeTokenSource(source: () => Promise<string | null>): void {
  tokenSource = source;
}

export function realtimeToken(): Promise<string | null> {
  return tokenSource().catch(() => null);
}
