/**
 * Registers the service worker (src/sw.ts) and, when a new version of the app is waiting, offers to
 * reload into it: the person chooses the moment, so nothing reloads in the middle of what they do.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { t } from '../i18n';
import { Button } from '../ui';

let reloading = false;
/** One reload, whichever of the two signals below comes first. */
const reloadOnce = () => {
  if (reloading) return;
  reloading = true;
  window.location.reload();
};

export function UpdatePrompt() {
  const {
    needRefresh: [waiting],
    updateServiceWorker,
  } = useRegisterSW({ onNeedReload: reloadOnce });
  if (!waiting) return null;
  // The plugin reloads only when this page was already under a worker when it loaded; on a first
  // visit (the first worker took the page while it was open) the new worker would take over silently
  // and the page would keep running the old version, so the page reloads itself once it has.
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
    void updateServiceWorker(true);
  };
  return (
    <div className="float-bottom update-ready" role="status">
      <p>{t.offline.updateReady}</p>
      <Button variant="primary" onClick={reload}>
        {t.offline.reload}
      </Button>
    </div>
  );
}
