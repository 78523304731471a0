import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SUPPORT_EMAIL } from '../support-contact';

/** Password reset by e-mail is not built yet; the dialog says so instead of pretending. */
export function ForgotPasswordNote() {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} title="Password reset is not available yet">
      <Text size="sm">
        Resetting a password by e-mail is not available yet. Write to{' '}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
          {SUPPORT_EMAIL}
        </Anchor>{' '}
        from the address you signed up with and we will help you get back in.
      </Text>
    </Alert>
  );
}
