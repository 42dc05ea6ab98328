import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { loadErrorMessage } from '../lib/resource-api.ts';

/**
 * One row read from the server for a page: a spinner while it loads, the resource's not-found
 * message (or the server's) when it cannot be read, and otherwise what `children` makes of it.
 */
export function LoadedResource<Data>({
  query,
  notFound,
  children,
}: {
  query: UseQueryResult<Data>;
  notFound: string;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <CircularProgress aria-label={t('resources.loading')} />;
  if (query.isError) return <Alert severity="error">{translateMessage(t, loadErrorMessage(query.error, notFound))}</Alert>;
  return children(query.data);
}
