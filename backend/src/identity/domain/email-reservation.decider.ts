import { EMAIL_RESERVATION_EVENTS, type EmailReleasedData, type EmailReservationEvent } from '@ringcheck/projections';
import { type Decider, DomainError } from '../../infrastructure/event-sourcing';

/** A sign-up that reserved an address but never recorded its account frees it after this long. */
export const ABANDONED_RESERVATION_MS = 60_000;

export type EmailReservationCommand =
  | {
      type: 'ReserveEmail';
      userId: string;
      at: string;
      /** Whether the current holder's account exists (its sign-up was recorded); unknown when free. */
      holderHasAccount: boolean;
    }
  | { type: 'ReleaseEmail'; userId: string; reason: EmailReleasedData['reason'] };

export interface EmailReservationState {
  holder: string | null;
  reservedAt: string | null;
}

export const emailTaken = () =>
  new DomainError('conflict', 'email_taken', 'An account with this e-mail already exists.', 'email');

/** An e-mail address's stream (`email-<sha256>`): at most one account holds it at a time. */
export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationState, EmailReservationEvent> = {
  events: EMAIL_RESERVATION_EVENTS,
  initialState: () => ({ holder: null, reservedAt: null }),
  evolve(_state, event) {
    switch (event.type) {
      case 'EmailReserved':
        return { holder: event.data.userId, reservedAt: event.data.reservedAt };
      case 'EmailReleased':
        return { holder: null, reservedAt: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ReserveEmail': {
        const reserve: EmailReservationEvent = { type: 'EmailReserved', data: { userId: command.userId, reservedAt: command.at } };
        if (state.holder === null) return [reserve];
        if (state.holder === command.userId) return [];
        const abandoned =
          !command.holderHasAccount && Date.parse(command.at) - Date.parse(state.reservedAt ?? command.at) >= ABANDONED_RESERVATION_MS;
        if (!abandoned) throw emailTaken();
        return [{ type: 'EmailReleased', data: { userId: state.holder, reason: 'abandoned' } }, reserve];
      }
      case 'ReleaseEmail':
        if (state.holder !== command.userId) return [];
        return [{ type: 'EmailReleased', data: { userId: command.userId, reason: command.reason } }];
    }
  },
};
