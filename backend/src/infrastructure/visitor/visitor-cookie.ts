import { parseCookies } from '../http/cookies';
import type { HttpRequest, HttpResponse } from '../http/request-types';
import type { VisitorProof } from './visitor-proof';

export const VISITOR_COOKIE_NAME = 'rc_visitor';
const VISITOR_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/** The request with the visitor ids its cookie proves, set by {@link visitorProofMiddleware}. */
type ProvenRequest = HttpRequest & { provenAnonIds?: readonly string[] };

/** The anonymous ids the request's browser proves it holds, newest first. */
export function provenAnonIdsOf(request: HttpRequest): readonly string[] {
  return (request as ProvenRequest).provenAnonIds ?? [];
}

/** Reads the proof cookie of every request once, so handlers and guards only ask {@link provenAnonIdsOf}. */
export function visitorProofMiddleware(proof: VisitorProof) {
  return function visitorProofOf(request: HttpRequest, _response: HttpResponse, next: () => void): void {
    (request as ProvenRequest).provenAnonIds = proof.open(parseCookies(request.headers.cookie)[VISITOR_COOKIE_NAME]);
    next();
  };
}

/** The ids a Socket.IO handshake's cookie proves. */
export function provenAnonIdsOfCookieHeader(proof: VisitorProof, cookieHeader: string | undefined): readonly string[] {
  return proof.open(parseCookies(cookieHeader)[VISITOR_COOKIE_NAME]);
}

/** Gives the browser its proof: httpOnly, so no script (and nothing the product shows) can read it. */
export function setVisitorCookie(response: HttpResponse, sealed: string, options: { secure: boolean }): void {
  const attributes = [
    `${VISITOR_COOKIE_NAME}=${sealed}`,
    'Path=/',
    `Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  response.appendHeader('Set-Cookie', attributes.join('; '));
}
