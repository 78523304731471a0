import { type NotificationData, notifications } from '@mantine/notifications';

/** The discovery flow's toasts: each replaces the previous one, so one search shows one toast at a time. */
export class DiscoveryToasts {
  private current: string | null = null;

  show(toast: NotificationData): void {
    this.clear();
    this.current = notifications.show(toast);
  }

  clear(): void {
    if (this.current) notifications.hide(this.current);
    this.current = null;
  }
}
