import { Anchor } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useAppServices } from '../../app/app-services';
import { CONSENT_MESSAGES as M } from './consent-messages';

/** Opens the consent banner again, so the visitor can change their answer. */
export function PrivacyChoicesLink({ style }: { style?: CSSProperties }) {
  const { consent } = useAppServices();
  return (
    <Anchor component="button" type="button" ta="left" style={style} onClick={() => consent.review()}>
      {M.privacyChoices}
    </Anchor>
  );
}
