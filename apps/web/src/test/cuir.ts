import type { Matcher } from '@testing-library/react';

/** Finds a CUIR shown in groups (`CuirText`): the element whose value and whole text are its 41 digits. */
export function cuirShown(cuir: string): Matcher {
  return (_content, element) => element?.tagName === 'DATA' && element.getAttribute('value') === cuir && element.textContent === cuir;
}
