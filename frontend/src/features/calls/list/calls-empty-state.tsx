import { Button } from '@mantine/core';
import { IconFilterOff, IconPhonePlus } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { CALL_MESSAGES } from '../call-messages';
import { ButtonLink } from '../components/button-link';

/** No calls at all: start one. */
export function NoCallsYet() {
  return (
    <EmptyState
      icon={<IconPhonePlus size={26} />}
      title={CALL_MESSAGES.noCallsYet}
      hint="Place a test call to a business and its report will be listed here."
      action={
        <ButtonLink to="/" search={{ action: 'new-call' }} mt="xs" leftSection={<IconPhonePlus size={16} />}>
          {CALL_MESSAGES.newCall}
        </ButtonLink>
      }
    />
  );
}

/** Calls exist, but none matches the search and filter. */
export function NoMatchingCalls({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconFilterOff size={26} />}
      color="gray"
      title={CALL_MESSAGES.noCallsMatch}
      hint="Try another search, or show calls of every status."
      action={
        <Button variant="default" onClick={onClear} mt="xs">
          Clear filters
        </Button>
      }
    />
  );
}
