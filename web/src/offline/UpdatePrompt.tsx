/**
 * Registers the service worker (src/sw.ts) and, when a new version of the app is waiting, offers to
 * reload into it: the person chooses the moment, so nothing reloads in the middle of what they do.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { t } from '../i18n';
import { Button } from '../ui';

export function UpdatePrompt() {
  const {
    needRefresh: [waiting],
    updateServiceWorker,
  } = useRegisterSW();
  if (!waiting) return null;
  return (
    <div className="update-ready" role="status">
      <p>{t.offline.updateReady}</p>
      <Button variant="primary" onClick={() => void updateServiceWorker(true)}>
        {t.offline.reload}
      </Button>
    </div>
  );
}
