import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { peekIntent } from '../signInIntent';

/**
 * Why a visitor is on a sign-in screen: the Add to Cart or heart that sent them there, which signing in or making an
 * account does for them (productActions/afterSignIn.ts). Read once, as the screen opens: the intent is taken only at
 * sign-in, so a visitor moving between /login and /signup is told on each.
 */
export function SignInReason({ screen }: { screen: 'login' | 'signup' }) {
  const { t } = useTranslation();
  const { name } = useLocalized();
  const [intent] = useState(() => peekIntent());
  if (!intent) return null;
  return (
    <Alert variant="info">
      {t(`auth.${screen}.why.${intent.action === 'cart' ? 'cart' : 'favourite'}`, { name: name(intent).text })}
    </Alert>
  );
}
