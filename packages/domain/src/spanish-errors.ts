import { z } from 'zod';
import * as messages from './messages/index.ts';

// Every schema of the product speaks Spanish, including the checks that carry no message of
// their own (a wrong type, an unknown option): zod's Spanish locale, and the spec's
// required-field message for a field that is missing altogether. Imported once by index.ts,
// so the server and the web app both get it.
z.config(z.locales.es());
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? messages.common.required : undefined),
});
