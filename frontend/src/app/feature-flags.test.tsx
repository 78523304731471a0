import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PREVIEW_ANALYSIS } from '../features/calls/testing/call-fixtures';
import { PreviewResults } from '../features/calls/report/preview-results';
import { ApiStub, jsonResponse } from '../test/api-stub';
import { renderInApp } from '../test/render-app';

const flags = (anonymousPreview: { enabled: boolean; config: Record<string, unknown> }) =>
  new ApiStub().on('GET', '/api/analytics/feature-flags/', () => jsonResponse(200, { flags: { anonymous_preview: anonymousPreview } }));

describe('feature flags in the UI', () => {
  it('anonymous_preview shows visitors the figures its preview_fields name', async () => {
    await renderInApp(<PreviewResults analysis={PREVIEW_ANALYSIS} />, {
      stub: flags({ enabled: true, config: { preview_fields: ['connection_status'] } }),
    });
    expect(await screen.findByText('Connection status')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First-call success')).not.toBeInTheDocument());
    expect(screen.queryByText(/^Attempts/)).not.toBeInTheDocument();
  });

  it('anonymous_preview off shows visitors no figures, only what signing up adds', async () => {
    const stub = flags({ enabled: false, config: {} });
    await renderInApp(<PreviewResults analysis={PREVIEW_ANALYSIS} />, { stub });
    await waitFor(() => expect(stub.requestsTo('GET', '/api/analytics/feature-flags/')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Connection status')).not.toBeInTheDocument());
    expect(screen.getByText('Also in the full report')).toBeInTheDocument();
  });

  it('stands by the shipped state while the flags cannot be read', async () => {
    const stub = new ApiStub().on('GET', '/api/analytics/feature-flags/', () => jsonResponse(503, { detail: 'down' }));
    await renderInApp(<PreviewResults analysis={PREVIEW_ANALYSIS} />, { stub });
    await waitFor(() => expect(stub.requestsTo('GET', '/api/analytics/feature-flags/').length).toBeGreaterThan(0));
    expect(screen.getByText('Connection status')).toBeInTheDocument();
    expect(screen.getByText('First-call success')).toBeInTheDocument();
  });
});
