import { type Decider, type DomainEvent, foldEvents } from '../decider';
import { DomainError, type DomainErrorKind } from '../domain-error';

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/**
 * Given/when/then for a decider:
 * `deciderSpec(decider).given(...history).when(command).then(events)`, `.thenNothing()`,
 * `.thenFails(kind, { code, field })` or `.thenRefuses(ErrorClass, shape)`.
 */
export function deciderSpec<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>) {
  const given = (...history: Event[]) => {
    const state = foldEvents(decider, history);
    return {
      /** The state the history folds to. */
      state,
      when: (command: Command) => outcomeOf(() => decider.decide(command, state)),
    };
  };
  return { given, when: (command: Command) => given().when(command) };
}

function outcomeOf<Event>(decide: () => Event[]) {
  const refuses = <E extends Error>(type: ErrorClass<E>, shape: Partial<E>) => {
    const error = refusalOf(decide);
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject(shape);
  };
  return {
    /** The events decided, for what the other assertions do not say. */
    events: decide,
    then: (expected: Event[]) => expect(decide()).toEqual(expected),
    thenNothing: () => expect(decide()).toEqual([]),
    thenFails: (kind: DomainErrorKind, details: { code?: string; field?: string } = {}) => refuses(DomainError, { kind, ...details }),
    thenRefuses: refuses,
  };
}

function refusalOf(decide: () => unknown): unknown {
  try {
    decide();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the command to be refused, but it was decided.');
}
