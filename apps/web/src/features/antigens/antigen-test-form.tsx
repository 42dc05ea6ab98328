import { AntigenTestInputSchema, antigenResults, messages, todayInArgentina, type AntigenResult } from '@receta/domain';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { attachmentAccept, useAttachmentUpload } from '../../lib/doctor-attachment.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { useRecordAntigenTest } from './employees-api.ts';

interface TestFormValues {
  /** YYYY-MM-DD once typed in full; the field shows dd/MM/yyyy. */
  testedOn: string;
  result: AntigenResult | '';
  place: string;
  /** Where the uploaded certificate is kept, or null. */
  certificate: string | null;
}
type TestFormOutput = z.output<typeof AntigenTestInputSchema>;
type TestFormControl = Control<TestFormValues, unknown, TestFormOutput>;

/** A new test starts as one taken today. */
function emptyTestForm(): TestFormValues {
  return { testedOn: todayInArgentina(), result: '', place: '', certificate: null };
}

/** Records one antigen test of an employee: its date, result, place and optional certificate. */
export function AntigenTestForm({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const recordTest = useRecordAntigenTest(employeeId);
  // The domain's schema checks the form: the date may not be in the future (spec section 5).
  const { control, formState, reset, submitWith } = useServerForm({
    schema: AntigenTestInputSchema,
    defaultValues: emptyTestForm(),
    mode: 'onTouched',
  });
  const record = submitWith((test) => recordTest.mutateAsync(test), {
    success: messages.employees.testRecorded,
    onSaved: () => reset(emptyTestForm()),
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('antigens.tests.recordTitle')}
      onSubmit={record}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}
    >
      <FormDateField control={control} name="testedOn" label={t('antigens.tests.fields.testedOn')} required />
      <FormTextField control={control} name="place" label={t('antigens.tests.fields.place')} autoComplete="off" required />
      <ResultField control={control} />
      <CertificateField control={control} />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('antigens.tests.record')}</Button>
      </Box>
    </Box>
  );
}

function ResultField({ control }: { control: TestFormControl }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { field, fieldState } = useController({ control, name: 'result' });
  const errorText = fieldErrorText(t, { fieldState, required: true, value: field.value });
  return (
    <FormControl required error={errorText !== undefined} sx={{ gridColumn: '1 / -1' }}>
      <FormLabel id={labelId}>{t('antigens.tests.fields.result')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {antigenResults.map((result) => (
          <FormControlLabel key={result} value={result} control={<Radio />} label={t(`labels.antigenResults.${result}`)} />
        ))}
      </RadioGroup>
      {errorText && <FormHelperText>{errorText}</FormHelperText>}
    </FormControl>
  );
}

/** The optional certificate: uploaded as soon as it is chosen, so the form sends only its location. */
function CertificateField({ control }: { control: TestFormControl }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'certificate' });
  const [fileName, setFileName] = useState('');
  const { progress, failure, upload } = useAttachmentUpload('certificate', (location, file) => {
    field.onChange(location);
    setFileName(file.name);
  });
  const label = t('antigens.tests.fields.certificate');

  return (
    <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {field.value
          ? (
              <>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 160px' }}>
                  {`${label}: ${fileName}`}
                </Typography>
                <IconButton onClick={() => field.onChange(null)} aria-label={t('antigens.tests.removeCertificate')}>
                  <DeleteOutlined />
                </IconButton>
              </>
            )
          : (
              <FileChooserButton
                variant="outlined"
                startIcon={<UploadFile />}
                disabled={progress !== null}
                accept={attachmentAccept}
                inputName={field.name}
                inputLabel={label}
                onFile={(file) => void upload(file)}
              >
                {t('antigens.tests.attachCertificate')}
              </FileChooserButton>
            )}
      </Box>
      {progress !== null && (
        <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('antigens.tests.uploading')} sx={{ mt: 1 }} />
      )}
      {failure && <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>{translateMessage(t, failure)}</Typography>}
    </Box>
  );
}
