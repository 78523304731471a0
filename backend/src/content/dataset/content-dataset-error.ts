/** A dataset file that cannot be served: the message names the file and the line. */
export class ContentDatasetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentDatasetError';
  }
}
