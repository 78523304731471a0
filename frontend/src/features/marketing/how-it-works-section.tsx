import { ActionIcon, Box, Container, Grid, Group, Paper, Progress, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionHeading } from './section-heading';
import { HOW_IT_WORKS_STEPS } from './how-it-works-steps';
import classes from './marketing.module.css';
import { useAutoAdvance } from './use-auto-advance';

/** The how-it-works carousel: 5 steps, advancing every 5 s. */
export function HowItWorksSection() {
  const [paused, setPaused] = useState(false);
  const { active, select, next, previous } = useAutoAdvance(HOW_IT_WORKS_STEPS.length, undefined, paused);
  const step = HOW_IT_WORKS_STEPS[active];
  const StepIcon = step.icon;

  return (
    <Box id="how-it-works" data-anchor-section component="section" py={{ base: 64, sm: 96 }} bg="gray.0">
      <Container size="lg">
        <SectionHeading eyebrow="How it works" title="From search to report in five steps" />
        <Grid gap="xl" mt={{ base: 32, sm: 48 }} align="stretch">
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <Stack gap={6} role="tablist" aria-label="How it works steps">
              {HOW_IT_WORKS_STEPS.map((item, index) => (
                <UnstyledButton
                  key={item.title}
                  role="tab"
                  aria-selected={index === active}
                  className={classes.stepButton}
                  data-active={index === active || undefined}
                  onClick={() => select(index)}
                >
                  <Group gap="md" wrap="nowrap">
                    <Text className={classes.stepNumber} data-active={index === active || undefined}>
                      {index + 1}
                    </Text>
                    <Text fw={600}>{item.title}</Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'lg', sm: 40 }}
              h="100%"
              shadow="sm"
              role="tabpanel"
              aria-live="polite"
              onMouseEnter={() => setPaused(true)}
              onMouseLeave={() => setPaused(false)}
            >
              <Stack h="100%" justify="space-between" gap="xl">
                <Stack gap="md">
                  <Group justify="space-between">
                    <ThemeIcon size={56} radius="md" variant="light">
                      <StepIcon size={28} stroke={1.6} />
                    </ThemeIcon>
                    <Text c="dimmed" fw={600} fz="sm">
                      Step {active + 1} of {HOW_IT_WORKS_STEPS.length}
                    </Text>
                  </Group>
                  <Title order={3} fz={{ base: 22, sm: 28 }}>
                    {step.title}
                  </Title>
                  <Text fz="lg" c="gray.7">
                    {step.body}
                  </Text>
                </Stack>
                <Stack gap="sm">
                  <Progress
                    value={((active + 1) / HOW_IT_WORKS_STEPS.length) * 100}
                    size="sm"
                    radius="xl"
                    aria-label={`Step ${active + 1} of ${HOW_IT_WORKS_STEPS.length}`}
                  />
                  <Group justify="flex-end" gap="xs">
                    <ActionIcon variant="default" size="lg" radius="xl" onClick={previous} aria-label="Previous step">
                      <IconChevronLeft size={18} />
                    </ActionIcon>
                    <ActionIcon variant="default" size="lg" radius="xl" onClick={next} aria-label="Next step">
                      <IconChevronRight size={18} />
                    </ActionIcon>
                  </Group>
                </Stack>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
