import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-field.tsx';

/** A masked field (password or PIN) with a button that shows and hides what was typed. */
export function PasswordField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>(
  props: Omit<FormTextFieldProps<Values, Name, Transformed>, 'type'>,
) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setIsVisible((visible) => !visible)}
                aria-label={isVisible ? t('forms.hideSecret') : t('forms.showSecret')}
                edge="end"
              >
                {isVisible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
