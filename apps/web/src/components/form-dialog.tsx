import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog that holds a form, full screen on a phone. Its content unmounts once closed, so a
 * form inside starts from its default values at each opening.
 */
export function FormDialog({
  open,
  title,
  onClose,
  maxWidth,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  maxWidth: DialogProps['maxWidth'];
  /** A `DialogForm`, or a component that renders one. */
  children: ReactNode;
}) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={isPhone} scroll="paper">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/**
 * The form of a `FormDialog`: its fields, scrolling between the title and the Cancelar and Guardar
 * (or `submitLabel`) buttons.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  isSubmitting,
  submitLabel,
  children,
}: {
  /** Such as react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  isSubmitting: boolean;
  /** What the submit button does, when it is not saving (Guardar). */
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog renders in a portal, but React still bubbles its submit to an enclosing
        // form, such as the prescription form that opens the patient dialog.
        event.stopPropagation();
        void onSubmit(event);
      }}
      // The title, content and actions stay the dialog's own children, so only the content scrolls.
      style={{ display: 'contents' }}
    >
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('resources.cancel')}</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>{submitLabel ?? t('resources.save')}</Button>
      </DialogActions>
    </form>
  );
}
