import { product } from '@receta/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product's logo and name; `isCompact` keeps only the logo on phones, where the top bar is narrow. */
export function Brand({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="img" src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" sx={{ width: 32, height: 32 }} />
      <Typography
        component="span"
        sx={{
          display: isCompact ? { xs: 'none', sm: 'inline' } : 'inline',
          fontSize: '1.125rem',
          fontWeight: 700,
          color: 'primary.dark',
          whiteSpace: 'nowrap',
        }}
      >
        {product.name}
      </Typography>
    </Box>
  );
}
