import { createFileRoute } from '@tanstack/react-router';
import { MyCallsPage } from '../../features/calls/list/my-calls-page';

export const Route = createFileRoute('/_authenticated/calls')({ component: MyCallsPage });
