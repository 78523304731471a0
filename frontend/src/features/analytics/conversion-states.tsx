import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconChartFunnel, IconLock } from '@tabler/icons-react';
import { ApiError } from '../../api/api-error';
import { EmptyState } from '../../components/empty-state';
import { ButtonLink } from '../calls/components/button-link';
import { CONVERSION_MESSAGES } from './conversion-messages';

function PlaceholderPanel({ height }: { height: number }) {
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="conversion-placeholder">
      <Stack gap="sm">
        <Skeleton height={18} width="30%" radius="sm" />
        <Skeleton height={12} width="55%" radius="sm" />
        <Skeleton height={height} radius="md" />
      </Stack>
    </Paper>
  );
}

/** Placeholders in the shape of the report while it loads. */
export function ConversionLoading() {
  return (
    <Stack gap="lg" role="region" aria-label="Loading the figures" aria-busy="true">
      <Skeleton height={14} width={320} maw="100%" radius="sm" />
      <PlaceholderPanel height={260} />
      <PlaceholderPanel height={280} />
      <PlaceholderPanel height={200} />
    </Stack>
  );
}

/** The server refused (403): the role is missing, whatever the app believed. */
export function NotAnAnalyst() {
  return (
    <EmptyState
      icon={<IconLock size={26} />}
      color="gray"
      title={CONVERSION_MESSAGES.forbidden}
      hint={CONVERSION_MESSAGES.forbiddenHint}
      action={
        <ButtonLink to="/getting-started" variant="default" mt="xs">
          Back to Getting Started
        </ButtonLink>
      }
    />
  );
}

const failureText = (error: unknown): string =>
  error instanceof ApiError ? error.message : 'Ringcheck could not be reached. Check your connection and try again.';

export function ConversionLoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={CONVERSION_MESSAGES.loadFailed}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{failureText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Nobody first visited in the range; a chosen range can go back to the usual one. */
export function NoVisitorsInRange({ onShowDefault }: { onShowDefault?: () => void }) {
  return (
    <EmptyState
      icon={<IconChartFunnel size={26} />}
      color="gray"
      title={CONVERSION_MESSAGES.empty}
      hint={CONVERSION_MESSAGES.emptyHint}
      action={
        onShowDefault && (
          <Button variant="default" onClick={onShowDefault} mt="xs">
            Show the last 12 weeks
          </Button>
        )
      }
    />
  );
}

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
