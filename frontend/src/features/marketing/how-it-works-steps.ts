import { IconChartBar, IconHeadset, IconListSearch, IconPhoneCall, IconSearch } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface HowItWorksStep {
  title: string;
  body: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

export const HOW_IT_WORKS_STEPS: HowItWorksStep[] = [
  {
    title: 'Search for your business',
    body: 'Enter your business name and location. Ringcheck finds the matching listings.',
    icon: IconSearch,
  },
  {
    title: 'Confirm it is yours',
    body: 'Pick your business from the results, with its address, phone number and hours, to answer “Is this your business?”',
    icon: IconListSearch,
  },
  {
    title: 'An AI places a real call',
    body: 'Our AI calls your business, acts like a real customer and asks what a new customer would ask.',
    icon: IconPhoneCall,
  },
  {
    title: 'Follow the call live',
    body: 'Watch the call go from queued to ringing to answered, as it happens.',
    icon: IconHeadset,
  },
  {
    title: 'Get your report',
    body: 'See reachability, speed to answer and business-hours compliance, with the transcript and the recording.',
    icon: IconChartBar,
  },
];
