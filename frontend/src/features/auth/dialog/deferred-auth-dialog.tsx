import { lazy, Suspense, useState } from 'react';
import { useAuthDialogState } from '../auth-dialog-context';

const EmbeddedAuthDialog = lazy(() => import('./embedded-auth-dialog').then((module) => ({ default: module.EmbeddedAuthDialog })));

/**
 * The dialog for built-in accounts, whose code (the modal, its tabs and forms) loads when a visitor first
 * opens it rather than with the first page; once loaded it stays, so it can fade out and open again at once.
 */
export function DeferredAuthDialog() {
  const { mode } = useAuthDialogState();
  const [requested, setRequested] = useState(false);
  if (mode !== null && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <EmbeddedAuthDialog />
    </Suspense>
  );
}
