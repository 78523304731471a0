import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMapPin, IconPhone, IconPhoneCall, IconStarFilled } from '@tabler/icons-react';
import { businessStatusBadge, formatRating, formatRatingCount } from '../business-display';
import { type BusinessResult, PHONE_NOT_AVAILABLE } from '../business-result';
import { BusinessHours } from './business-hours';

interface BusinessCardProps {
  business: BusinessResult;
  onStartCall(): void;
  starting: boolean;
  /** Another call is being started. */
  disabled: boolean;
  demo?: boolean;
}

const iconColor = 'var(--mantine-color-gray-6)';

/** One business of the results: what the directory knows about it, and the call action. */
export function BusinessCard({ business, onStartCall, starting, disabled, demo = false }: BusinessCardProps) {
  // Results show only a status worth a warning.
  const status = businessStatusBadge(business.businessStatus);
  return (
    <Card
      withBorder
      shadow="xs"
      padding="lg"
      radius="lg"
      h="100%"
      data-testid="business-card"
      aria-label={business.name}
      component="article"
    >
      <Stack gap="sm" style={{ flex: 1 }}>
        <div>
          <Group gap="xs" wrap="wrap" mb={4}>
            {demo && (
              <Badge color="grape" variant="light" radius="sm">
                Demo
              </Badge>
            )}
            {status?.color && (
              <Badge color={status.color} variant="light" radius="sm">
                {status.label}
              </Badge>
            )}
          </Group>
          <Title order={3} fz="lg" lh={1.3}>
            {business.name}
          </Title>
          {business.rating !== null && (
            <Group gap={4} mt={4} aria-label={`Rated ${formatRating(business.rating)} out of 5`}>
              <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
              <Text fz="sm" fw={600}>
                {formatRating(business.rating)}
              </Text>
              {business.ratingCount !== null && (
                <Text fz="sm" c="dimmed">
                  {formatRatingCount(business.ratingCount)}
                </Text>
              )}
            </Group>
          )}
        </div>
        <Stack gap={8}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={16} style={{ flex: 'none', marginTop: 3 }} color={iconColor} aria-hidden />
            <Text fz="sm">{business.address}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <IconPhone size={16} style={{ flex: 'none' }} color={iconColor} aria-hidden />
            <Text fz="sm" c={business.phone === PHONE_NOT_AVAILABLE ? 'dimmed' : undefined}>
              {business.phone}
            </Text>
          </Group>
          {business.hours && <BusinessHours weekdayText={business.hours} timeZone={business.timeZone} />}
          {business.website && (
            <Anchor href={business.website} target="_blank" rel="noopener noreferrer" fz="sm" fw={500} w="fit-content">
              <Group gap={4} wrap="nowrap" component="span">
                Visit Website
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Stack>
      </Stack>
      <Button
        mt="lg"
        fullWidth
        leftSection={<IconPhoneCall size={18} />}
        onClick={onStartCall}
        loading={starting}
        disabled={disabled && !starting}
      >
        Start AI Call
      </Button>
    </Card>
  );
}
