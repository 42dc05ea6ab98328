import { PrescriptionLookupSchema } from '@receta/domain';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodFormResolver } from '../lib/form-resolver.ts';
import { FormTextField } from './form-field.tsx';

const LookupFormSchema = z.object({ code: PrescriptionLookupSchema });
type LookupForm = z.input<typeof LookupFormSchema>;

/** Room for a CUIR typed in groups, with a space or a dash between each of its six modules. */
const maxLookupLength = 60;

/**
 * A prescription's verification code or one of its CUIRs, typed: `onLookup` gets the code
 * capitalised, or the CUIR's 41 digits without the spaces and dashes people type between groups.
 */
export function PrescriptionLookupForm({ label, submitLabel, initialCode = '', onLookup }: {
  label: string;
  submitLabel: string;
  initialCode?: string;
  onLookup: (lookup: string) => void;
}) {
  const { control, handleSubmit } = useForm<LookupForm, unknown, z.output<typeof LookupFormSchema>>({
    resolver: zodFormResolver(LookupFormSchema),
    defaultValues: { code: initialCode },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ code }) => onLookup(code))}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <FormTextField
        control={control}
        name="code"
        label={label}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: maxLookupLength, autoCapitalize: 'characters', spellCheck: false } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="outlined" startIcon={<Search />} sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
