// Loaded on its own by ./deferred-notifications: the toasts' container is not the first page's.
export { Notifications } from '@mantine/notifications';
