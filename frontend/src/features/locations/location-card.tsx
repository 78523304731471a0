import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconHeart, IconHeartFilled, IconMapPin, IconPhone, IconStarFilled } from '@tabler/icons-react';
import type { Location } from '../../api/locations-api';
import { formatPhone } from '../calls/display/format-phone';
import { businessStatusBadge, formatRating, formatRatingCount, visibleBusinessTypes } from '../discovery/business-display';
import { interactionLabel, lastInteractionLabel, websiteOf } from './location-display';
import classes from './locations.module.css';

interface LocationCardProps {
  location: Location;
  selected: boolean;
  onSelect(): void;
  onToggleFavorite(): void;
  /** The id of the history the card opens. */
  historyId: string;
}

export const selectButtonId = (locationId: string) => `location-select-${locationId}`;

const iconColor = 'var(--mantine-color-gray-6)';

function FavoriteToggle({ name, favorite, onToggle }: { name: string; favorite: boolean; onToggle(): void }) {
  return (
    <ActionIcon
      className={classes.above}
      variant="subtle"
      color={favorite ? 'red' : 'gray'}
      size="lg"
      aria-label={`Favorite ${name}`}
      aria-pressed={favorite}
      onClick={onToggle}
    >
      {favorite ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
    </ActionIcon>
  );
}

function BusinessTypes({ types }: { types: string[] }) {
  const { shown, more } = visibleBusinessTypes(types);
  if (shown.length === 0) return null;
  return (
    <Group gap={6}>
      {shown.map((type) => (
        <Badge key={type} variant="outline" color="gray" tt="none" radius="sm">
          {type}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="outline" color="gray" tt="none" radius="sm" title={`${more} more business ${more === 1 ? 'type' : 'types'}`}>
          +{more}
        </Badge>
      )}
    </Group>
  );
}

/** One business of My Locations; the whole card selects it (its name is the button), the heart favourites it. */
export function LocationCard({ location, selected, onSelect, onToggleFavorite, historyId }: LocationCardProps) {
  const place = location.place_search_result;
  const status = businessStatusBadge(place.business_status);
  const website = websiteOf(place.website);
  const phone = place.phone_number ? formatPhone(place.phone_number) : null;
  return (
    <Card
      withBorder
      padding="lg"
      radius="lg"
      component="article"
      aria-label={place.name}
      className={classes.card}
      data-selected={selected || undefined}
      data-testid="location-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="lg" lh={1.3}>
            <UnstyledButton
              id={selectButtonId(location.id)}
              className={classes.select}
              aria-pressed={selected}
              aria-controls={selected ? historyId : undefined}
              onClick={onSelect}
            >
              {place.name}
            </UnstyledButton>
          </Title>
          <FavoriteToggle name={place.name} favorite={location.is_favorite} onToggle={onToggleFavorite} />
        </Group>
        {place.address && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={16} style={{ flex: 'none', marginTop: 3 }} color={iconColor} aria-hidden />
            <Text fz="sm">{place.address}</Text>
          </Group>
        )}
        <Group gap={6}>
          <Badge variant="light" tt="none" radius="sm">
            {interactionLabel(location)}
          </Badge>
          {status && (
            <Badge variant={status.color ? 'light' : 'default'} color={status.color ?? undefined} tt="none" radius="sm">
              {status.label}
            </Badge>
          )}
        </Group>
        <BusinessTypes types={place.business_types} />
        <Stack gap={6}>
          {/* A number called directly is named by its number already. */}
          {phone && phone !== place.name && (
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={16} style={{ flex: 'none' }} color={iconColor} aria-hidden />
              <Text fz="sm">{phone}</Text>
            </Group>
          )}
          {website && (
            <Anchor
              href={website.href}
              target="_blank"
              rel="noopener noreferrer"
              fz="sm"
              fw={500}
              w="fit-content"
              className={classes.above}
            >
              <Group gap={4} wrap="nowrap" component="span">
                {website.label}
                <IconExternalLink size={14} aria-hidden /> <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
              </Group>
            </Anchor>
          )}
          {place.rating !== null && (
            <Group gap={4}>
              <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
              <Text fz="sm" fw={600}>
                {formatRating(place.rating)}
              </Text>
              {place.rating_count !== null && (
                <Text fz="sm" c="dimmed">
                  {formatRatingCount(place.rating_count)}
                </Text>
              )}
            </Group>
          )}
        </Stack>
        <Text fz="xs" c="dimmed">
          {lastInteractionLabel(location)}
        </Text>
      </Stack>
    </Card>
  );
}
