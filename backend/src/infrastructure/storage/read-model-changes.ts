import { Injectable } from '@nestjs/common';
import type { DocumentChange } from '@ringcheck/projections';
import { Subject } from 'rxjs';

/** Read-model changes as they land, in position order: the runner publishes, the realtime gateway listens. */
@Injectable()
export class ReadModelChanges {
  readonly stream = new Subject<DocumentChange[]>();

  publish(changes: DocumentChange[]): void {
    this.stream.next(changes);
  }
}
