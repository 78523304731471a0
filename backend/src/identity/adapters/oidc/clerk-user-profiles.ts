export interface HostedProfile {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

interface ClerkUser {
  first_name?: string | null;
  last_name?: string | null;
  primary_email_address_id?: string | null;
  email_addresses?: { id: string; email_address: string }[];
}

/**
 * Clerk's session tokens carry no e-mail by default: with the secret key, a new user's e-mail and name
 * are read once from Clerk's Backend API (GET /v1/users/{id}). A failure leaves them unknown.
 */
export class ClerkUserProfiles {
  constructor(
    private readonly apiUrl: string,
    private readonly secretKey: string,
    private readonly onFailure: (message: string) => void = () => undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async lookup(subject: string): Promise<HostedProfile | null> {
    const url = `${this.apiUrl}/v1/users/${encodeURIComponent(subject)}`;
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${this.secretKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        this.onFailure(`Clerk answered ${response.status} for a user lookup.`);
        return null;
      }
      const user = (await response.json()) as ClerkUser;
      const primary = user.email_addresses?.find((address) => address.id === user.primary_email_address_id) ?? user.email_addresses?.[0];
      return { email: primary?.email_address ?? null, firstName: user.first_name || null, lastName: user.last_name || null };
    } catch (error) {
      this.onFailure(`Clerk user lookup failed: ${(error as Error).message}`);
      return null;
    }
  }
}
