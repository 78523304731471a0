import { Badge, Box, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { CHANGELOG } from './changelog-entries';
import classes from './marketing.module.css';
import { SectionHeading } from './section-heading';

export function ChangelogSection() {
  return (
    <Box id="changelog" data-anchor-section component="section" py={{ base: 64, sm: 96 }}>
      <Container size="sm">
        <SectionHeading eyebrow="Changelog" title="What's new in Ringcheck" />
        <Stack gap="xl" mt={48} className={classes.timeline}>
          {CHANGELOG.map((entry) => (
            <Box key={entry.version}>
              <Group gap="sm" mb={6}>
                <Badge variant="filled" radius="sm">
                  v{entry.version}
                </Badge>
              </Group>
              <Title order={3} fz="lg" mb="xs">
                {entry.title}
              </Title>
              <List spacing={6} size="sm" c="gray.7">
                {entry.changes.map((change) => (
                  <List.Item key={change}>{change}</List.Item>
                ))}
              </List>
            </Box>
          ))}
          <Text fz="sm" c="dimmed">
            Next up: business search, live test calls and full call reports.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
