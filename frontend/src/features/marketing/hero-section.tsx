import { Badge, Box, Container, Grid, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

interface HeroSectionProps {
  /** The search form beside the headline. */
  searchForm: ReactNode;
}

const POINTS = ['Did someone pick up, and how fast?', 'Are calls answered during your business hours?', 'The full transcript and recording'];

export function HeroSection({ searchForm }: HeroSectionProps) {
  return (
    <Box component="section" className={classes.hero} py={{ base: 48, sm: 88 }}>
      <Container size="lg">
        <Grid gap={{ base: 40, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" w="fit-content">
                Phone line checkups
              </Badge>
              <h1 className={classes.heroTitle} style={{ margin: 0 }}>
                Hear what your callers hear <span className={classes.heroAccent}>before they hang up.</span>
              </h1>
              <Text fz={{ base: 'md', sm: 'xl' }} c="gray.7" maw={560}>
                Ringcheck places a real test call to your business. An AI acts like a real customer, then reports how
                your phone line performed.
              </Text>
              <List
                visibleFrom="sm"
                spacing="xs"
                icon={
                  <ThemeIcon size={22} radius="xl" color="teal">
                    <IconCheck size={14} stroke={3} />
                  </ThemeIcon>
                }
              >
                {POINTS.map((point) => (
                  <List.Item key={point}>
                    <Text fw={500}>{point}</Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{searchForm}</Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
