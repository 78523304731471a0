import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { precompressedFiles } from './precompressed-files';

const NOT_THE_WEB_APP = /^\/(api|socket\.io|\.well-known)(\/|$)/;
const MAX_AGE = '1h';

function noCacheForHtml(response: Response, path: string): void {
  if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
}

/**
 * Serves the built web app, compressed where the build left compressed copies and the browser accepts
 * them, answering unknown non-API paths with index.html (client-side routes).
 */
export function serveWebApp(app: NestExpressApplication, webDistDir: string): void {
  const index = join(webDistDir, 'index.html');
  if (!existsSync(index)) return;
  const compressed = precompressedFiles(webDistDir, { maxAge: MAX_AGE, setHeaders: noCacheForHtml });
  const files = express.static(webDistDir, { index: false, maxAge: MAX_AGE, setHeaders: noCacheForHtml });
  // API and socket requests never name a file of the web app: they skip the file system lookup.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (NOT_THE_WEB_APP.test(request.path)) return next();
    compressed(request, response, () => files(request, response, next));
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_THE_WEB_APP.test(request.path)) return next();
    compressed(
      request,
      response,
      () => {
        response.setHeader('Cache-Control', 'no-cache');
        // From the folder as root: an absolute path would be refused under any hidden folder (`~/.apps/…`).
        response.sendFile('index.html', { root: webDistDir });
      },
      '/index.html',
    );
  });
}
