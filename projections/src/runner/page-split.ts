import type { RecordedEvent } from '../ports/event-store';
import type { ProjectionDefinition } from '../projection';

/**
 * Splits pages of events among projections built together: each gets the events it handles, in order,
 * so that none of them looks at every event of the log (over 1,000,000 events and fifteen read models,
 * fifteen million checks otherwise).
 */
export function pageSplitter(definitions: readonly ProjectionDefinition[]): (events: readonly RecordedEvent[]) => RecordedEvent[][] {
  const handlers = new Map<string, number[]>();
  definitions.forEach((definition, index) => {
    for (const type of new Set(definition.handles)) handlers.set(type, [...(handlers.get(type) ?? []), index]);
  });
  return (events) => {
    const split = definitions.map((): RecordedEvent[] => []);
    for (const event of events) {
      const indexes = handlers.get(event.type);
      if (indexes !== undefined) for (const index of indexes) split[index].push(event);
    }
    return split;
  };
}
