import { prescriptionKinds, type PrescriptionKind } from '@receta/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emptyPrescriptionItem, type PrescriptionFormOutput, type PrescriptionFormValues } from './prescription-form.ts';

/**
 * What the prescription prescribes (Res. 2214/2025 Annex I): medicines, devices and supplies, or
 * studies and practices. Another kind starts its lines again, one empty line of that kind, and
 * only medicines have a Receta Crónica. A draft keeps the kind it was saved with.
 */
export function PrescriptionKindSelector({ isFixed }: { isFixed: boolean }) {
  const { t } = useTranslation();
  const hintId = useId();
  const { control, setValue, clearErrors } = useFormContext<PrescriptionFormValues, unknown, PrescriptionFormOutput>();
  const kind = useWatch({ control, name: 'kind' });

  function choose(next: PrescriptionKind) {
    setValue('kind', next, { shouldDirty: true });
    setValue('items', [emptyPrescriptionItem], { shouldDirty: true });
    setValue('type', 'classic', { shouldDirty: true });
    clearErrors('items');
  }

  return (
    <>
      <RadioGroup
        row
        aria-label={t('prescriptions.fields.kind')}
        aria-describedby={isFixed ? hintId : undefined}
        name="kind"
        value={kind}
        onChange={(event) => choose(event.target.value as PrescriptionKind)}
      >
        {prescriptionKinds.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={t(`labels.prescriptionKinds.${option}`)}
            disabled={isFixed}
          />
        ))}
      </RadioGroup>
      {isFixed && <FormHelperText id={hintId} sx={{ mx: 0 }}>{t('prescriptions.form.kindFixed')}</FormHelperText>}
    </>
  );
}
