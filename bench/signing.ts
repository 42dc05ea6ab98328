import { KeyObject, randomBytes, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signPrescriptionPdf } from '../apps/server/src/platform/pdf/index.ts';
import { signCadesDetached } from '../apps/server/src/platform/pki/index.ts';
import { createTestSigner, prescriptionToPrint } from '../apps/server/test/factories/signing.ts';
import { operationsPerCpuSecond, operationsPerSecond, type Comparison } from './measure.ts';

/** ARCHITECTURE.md: build + sign of a prescription PDF, at least this many per second per core. */
const pdfsPerSecondPerCore = 75;

/**
 * The signing budgets: the CMS signature against a raw node:crypto signature with the same
 * P-256 key (within 2x), and a prescription PDF built and signed against the absolute budget.
 * JavaScript runs on one core, so the PDFs signed per second of the process's CPU time are
 * the PDFs one core signs, however busy the machine is.
 */
export async function measureSigning(): Promise<Comparison[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'receta-bench-pki-'));
  try {
    const signer = await createTestSigner(dataDir);
    const keyObject = KeyObject.from(signer.privateKey);
    const digest = randomBytes(32);
    const rawRate = await operationsPerSecond(async () => sign('sha256', digest, keyObject));
    const cmsRate = await operationsPerSecond(async () => signCadesDetached(digest, signer));
    const prescription = prescriptionToPrint();
    const verificationCode = '7K3M9P2QX4T8VW6R';
    const signature = { signer, verificationCode, verificationUrl: `https://receta.example/verify/${verificationCode}` };
    const pdfRate = await operationsPerCpuSecond(
      () => signPrescriptionPdf(prescription, { ...signature, signingTime: new Date() }),
    );
    return [
      { name: 'CMS signature (CAdES)', baseline: 'raw node:crypto P-256 sign', budget: 0.5, baselineRate: rawRate, rate: cmsRate },
      {
        name: 'prescription PDF build + sign, per CPU-second',
        baseline: 'the budget per core',
        budget: 1,
        baselineRate: pdfsPerSecondPerCore,
        rate: pdfRate,
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
