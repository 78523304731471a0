export * from './event-versions';
export * from './upcasting-event-store';
