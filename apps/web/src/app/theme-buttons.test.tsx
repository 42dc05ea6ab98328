import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';
import { keepStyles } from '../test/styles.ts';

// A word break is a style.
keepStyles();

describe('buttons of the app theme', () => {
  it('never break inside a word, even in a cell that lets long emails and names break anywhere', () => {
    render(
      <ThemeProvider theme={createAppTheme({ scheme: 'default', direction: 'ltr', hasAnimations: true, isDense: false })}>
        <Box sx={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
          <Button>Administrar</Button>
        </Box>
      </ThemeProvider>,
    );

    const style = getComputedStyle(screen.getByRole('button', { name: 'Administrar' }));
    expect([style.overflowWrap, style.wordBreak]).toEqual(['normal', 'normal']);
  });
});
