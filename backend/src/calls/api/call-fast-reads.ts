import { Injectable } from '@nestjs/common';
import type { CallDocument } from '@ringcheck/projections';
import type { FastReadRequest, FastReadRoute, RenderedJson } from '../../infrastructure/http/fast-reads';
import { RenderedJsonCache, RenderedPageCache } from '../../infrastructure/http/fast-reads';
import { callAccessFor, isCallOwner } from '../domain/call-access';
import { CallReadModels } from '../queries/call-read-models';
import { callViewFor } from './call-response';
import { callOwnersOf, listCalls, plainListCallsQuery } from './list-calls.query';

const LIST_PAGES_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * The call report and the call list, the product's most read answers, answered ahead of the framework
 * (see {@link FastReadRoute}) exactly as CallManagementController answers them.
 */
@Injectable()
export class CallFastReads {
  /** A report is rendered once per version of its call and per kind of viewer. */
  private readonly reports = new RenderedJsonCache<CallDocument>();
  /** A caller's page of the list is rendered again only once one of the caller's calls has changed. */
  private readonly pages = new RenderedPageCache(LIST_PAGES_BUDGET_BYTES);

  constructor(private readonly calls: CallReadModels) {}

  readonly routes: readonly FastReadRoute[] = [
    // Only the canonical spelling of an id (lower case, prefixed); the framework reads the others.
    { pattern: /^\/api\/call-management\/calls\/(call_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/$/, answer: (request) => this.report(request) },
    { pattern: /^\/api\/call-management\/calls\/$/, answer: (request) => this.list(request) },
  ];

  private async report(request: FastReadRequest): Promise<RenderedJson | null> {
    const [id] = request.params;
    if (request.query.size > 0) return null;
    const doc = await this.calls.forView(id).catch(() => null);
    const client = doc && (await request.client());
    if (!doc || !client) return null;
    const variant = callAccessFor(doc, client.userId) === 'full' ? 'full' : isCallOwner(doc, client) ? 'preview, owner' : 'preview';
    const cached = this.reports.cached(doc, variant);
    if (cached) return cached;
    const report = variant === 'full' ? await this.calls.reportOf(doc) : null;
    const answer = request.render(callViewFor(doc, client, report));
    // An analysis whose report is not readable yet is answered without it, and not kept: the report comes without a new call document.
    return variant === 'full' && doc.analysis && !report ? answer : this.reports.keep(doc, variant, answer);
  }

  private async list(request: FastReadRequest): Promise<RenderedJson | null> {
    const query = plainListCallsQuery(request.query);
    const client = query && (await request.client());
    if (!query || !client) return null;
    const key = JSON.stringify([client.userId, client.anonId, query]);
    return this.pages.get(key, this.calls.changeTokenOwnedBy(callOwnersOf(client)), async () => {
      const page = await listCalls(this.calls, query, client).catch(() => null);
      return page && request.render(page);
    });
  }
}
