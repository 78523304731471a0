import { createFileRoute } from '@tanstack/react-router';
import { GettingStartedPage } from '../../features/onboarding/components/getting-started-page';

export const Route = createFileRoute('/_authenticated/getting-started')({ component: GettingStartedPage });
