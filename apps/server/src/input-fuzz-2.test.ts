import { fuzzRoutesOfPart } from '../test/input-fuzz.ts';

// Every route of the OpenAPI document, hostile and plausible requests (test/input-fuzz.ts):
// the routes are dealt out to several files so that the workers share them.
fuzzRoutesOfPart(2);
