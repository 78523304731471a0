import type { DestinationStream } from 'pino';

/** A pino destination that keeps parsed lines in memory, for specs. */
export class MemoryLog implements DestinationStream {
  readonly lines: Record<string, any>[] = [];

  write(line: string): void {
    this.lines.push(JSON.parse(line));
  }

  get last(): Record<string, any> | undefined {
    return this.lines[this.lines.length - 1];
  }
}
