/**
 * One error boundary per route: a page that throws while rendering shows what happened and a way to
 * try again, and the rest of the app (navigation, other pages) keeps working. A page whose code can no
 * longer be loaded (the app was updated while the tab was open) asks for a reload instead.
 */
import { Component, type ReactNode } from 'react';
import { t } from '../i18n';
import { Button, Page } from '../ui';

interface State {
  error?: Error;
}

export class RouteBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const stale = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
    return (
      <Page title={t.common.somethingWrong}>
        <p role="alert">{stale ? t.common.appUpdated : t.common.pageFailed}</p>
        <Button variant="primary" onClick={() => (stale ? window.location.reload() : this.setState({ error: undefined }))}>
          {stale ? t.common.reload : t.common.retry}
        </Button>
      </Page>
    );
  }
}
