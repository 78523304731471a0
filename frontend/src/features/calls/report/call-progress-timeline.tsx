import { Group, Loader, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCheck, IconMinus, IconPlayerStop, IconX } from '@tabler/icons-react';
import type { Call } from '../../../api/calls-api';
import classes from '../calls.module.css';
import { formatTranscriptTime } from '../display/format-transcript-time';
import { callProgress, type ProgressStep } from './call-progress';

function Bullet({ step }: { step: ProgressStep }) {
  switch (step.state) {
    case 'done':
      return <IconCheck size={13} stroke={3} />;
    case 'active':
      return <Loader size={12} color="white" type="oval" />;
    case 'skipped':
      return <IconMinus size={12} />;
    case 'stopped':
      return step.key === 'failed' ? <IconX size={13} stroke={3} /> : <IconPlayerStop size={12} />;
    default:
      return null;
  }
}

const bulletColor = (step: ProgressStep) => {
  if (step.state === 'stopped') return step.key === 'failed' ? 'red' : 'gray';
  if (step.state === 'skipped') return 'gray';
  return undefined;
};

/** The call's steps from queued to done: what happened, when, and what is happening now. */
export function CallProgressTimeline({ call }: { call: Call }) {
  const steps = callProgress(call);
  const lastReached = steps.reduce((last, step, index) => (step.state === 'upcoming' ? last : index), 0);
  return (
    <Timeline active={lastReached} bulletSize={24} lineWidth={2} aria-label="Call progress">
      {steps.map((step) => (
        <Timeline.Item
          key={step.key}
          bullet={
            step.state === 'upcoming' ? undefined : (
              <ThemeIcon size={24} radius="xl" color={bulletColor(step)} variant="filled">
                <Bullet step={step} />
              </ThemeIcon>
            )
          }
          color={bulletColor(step)}
          data-state={step.state}
          aria-current={step.state === 'active' ? 'step' : undefined}
          title={
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text
                fw={step.state === 'active' ? 700 : 600}
                c={step.state === 'upcoming' || step.state === 'skipped' ? 'dimmed' : undefined}
                td={step.state === 'skipped' ? 'line-through' : undefined}
              >
                {step.label}
              </Text>
              {step.offsetMs !== null && (
                <Text fz="xs" c="dimmed" ff="monospace" title="Time since the call was requested">
                  {formatTranscriptTime(step.offsetMs)}
                </Text>
              )}
            </Group>
          }
        >
          {step.detail && (
            <Text fz="sm" c={step.state === 'stopped' && step.key === 'failed' ? 'red' : 'dimmed'} className={step.state === 'active' ? classes.arrive : undefined}>
              {step.detail}
            </Text>
          )}
          {step.notes.map((note, index) => (
            <Text key={`${note}-${index}`} fz="xs" c="dimmed">
              {note}
            </Text>
          ))}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
