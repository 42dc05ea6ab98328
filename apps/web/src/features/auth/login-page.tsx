import type { LoginInput } from '@receta/domain';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { authenticityTokenStore } from '../../lib/storage.ts';
import { logIn } from './auth-api.ts';
import { CredentialsForm } from './credentials-form.tsx';
import { loginAction } from './login-action.ts';

/** Login step one (spec section 2): email and password, then the second factor. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify(loginAction);

  async function submit(credentials: LoginInput) {
    try {
      authenticityTokenStore.set(await logIn(credentials));
      notify.withdraw();
      await navigate(paths.secondFactor.getHref());
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <PageCard title={t('login.title')} lead={t('login.lead')} maxWidth={440}>
      <CredentialsForm submitLabel={t('login.submit')} onSubmit={submit} />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}
        {' '}
        <Link component={RouterLink} to={paths.register.getHref()}>
          {t('login.register')}
        </Link>
      </Typography>
    </PageCard>
  );
}
