/** Says when what the page shows is the saved copy from earlier (no signal), and from when. */
import { useEffect } from 'react';
import { t } from '../i18n';
import { useLocation } from '../router';
import { formatTime } from '../time';
import { clearSavedNotes, useSavedCopy } from './client';

export function SavedCopyNotice() {
  const { path } = useLocation();
  const savedAt = useSavedCopy();
  // Another page shows other answers: what it fetches says again whether they are saved copies.
  useEffect(() => clearSavedNotes(), [path]);
  if (!savedAt) return null;
  return (
    <p className="banner saved-copy" role="status" data-testid="saved-copy">
      {t.offline.savedCopy(formatTime(savedAt))}
    </p>
  );
}
