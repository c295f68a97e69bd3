/** A banner while the service cannot be reached; it checks every few seconds and refreshes the page's data once it answers. */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { checkService, useServiceDown } from '../api/reachability';
import { t } from '../i18n';

export function ServiceStatus({ everyMs = 5000 }: { everyMs?: number }) {
  const down = useServiceDown();
  const client = useQueryClient();
  useEffect(() => {
    if (!down) return;
    const check = async () => {
      if (await checkService()) await client.invalidateQueries();
    };
    const timer = setInterval(() => void check(), everyMs);
    return () => clearInterval(timer);
  }, [down, everyMs, client]);
  if (!down) return null;
  return (
    <p className="service-down" role="status">
      {t.common.serviceDown}
    </p>
  );
}
