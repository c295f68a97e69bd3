import { useEffect } from 'react';
import { t } from '../../i18n';
import { useLocation } from '../../router';
import { SignInLinks } from '../SignIn';

/** A signed-out visitor's way in: the sign-in flow comes back to this very page (returnTo). */
export function SignInToJoin() {
  const { path, query } = useLocation();
  const here = path + (query.size ? `?${query.toString()}` : '');
  useEffect(() => sessionStorage.setItem('returnTo', here), [here]);
  return (
    <div className="stack">
      <p>{t.game.signInToJoin}</p>
      <SignInLinks />
    </div>
  );
}
