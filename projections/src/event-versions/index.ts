export * from './event-versions';
export * from './new-event';
export * from './upcasting-event-store';
