import { describe, expect, it } from 'vitest';
import { shortenDisplayName } from './display-name.ts';

describe('display name in the shell', () => {
  it.each([
    ['Ana Pérez', 'Ana Pérez'],
    ['María José Fernánd', 'María José Fernánd'],
    ['María José Fernández', 'María José Fernánd…'],
    ['Dra. Guadalupe Echeverría Larrañaga', 'Dra. Guadalupe Ech…'],
    ['𝒜'.repeat(20), `${'𝒜'.repeat(18)}…`],
  ])('shows %s as %s', (name, shown) => {
    expect(shortenDisplayName(name)).toBe(shown);
  });
});
