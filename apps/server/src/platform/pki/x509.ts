// @peculiar/x509 finds its algorithms through tsyringe, which needs the Reflect metadata API
// loaded first: every module here takes the library from this file for that reason.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto);

export { x509 };
