import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from '../../test/migrations.ts';

const migrationTag = '0016_outbox-links';

const token = (letter: string) => letter.repeat(43);
const patientUrl = `https://receta.example.com.ar/p/${token('p')}`;
const recoveryUrl = `https://receta.example.com.ar/password-recovery/${token('r')}`;

/** A mail as the platform wrote it before links were kept beside the body. */
function mailWith(url: string) {
  return {
    text: `Hola:\n\nAbrir: ${url}\n\n--\nReceta Digital`,
    html: `<p><a href="${url}" style="color:#fff">Abrir</a></p><p>Copie este enlace:<br>${url}</p>`,
  };
}

let client: PGlite;

beforeAll(async () => {
  client = await databaseBefore(migrationTag);

  const rows: Array<[string, string, { text: string; html: string }]> = [
    ['sent-patient@receta.test', 'sent', mailWith(patientUrl)],
    ['failed-account@receta.test', 'failed', mailWith(recoveryUrl)],
    ['kept-account@receta.test', 'kept', mailWith(recoveryUrl)],
    ['pending-patient@receta.test', 'pending', mailWith(patientUrl)],
    ['no-link@receta.test', 'sent', { text: 'Recibimos su solicitud', html: '<p>Recibimos su solicitud</p>' }],
  ];
  for (const [to, status, body] of rows) {
    await client.query('insert into mail_outbox ("to", subject, text, html, status) values ($1, $2, $3, $4, $5)',
      [to, 'Asunto', body.text, body.html, status]);
  }
  await client.query('insert into sms_outbox ("to", text, status) values ($1, $2, $3), ($4, $5, $6)',
    ['1100000001', `Receta N.º 1: ${patientUrl}`, 'sent', '1100000002', `Receta N.º 2: ${patientUrl}`, 'pending']);
  await runMigration(client, migrationTag);
});
afterAll(() => client.close());

async function mailTo(to: string) {
  type Row = { text: string; html: string; link: string | null; link_kind: string | null };
  const { rows: [row] } = await client.query<Row>('select text, html, link, link_kind from mail_outbox where "to" = $1', [to]);
  return row;
}

describe('migration 0016 on the mail written before it', () => {
  it('takes the link out of settled mail, as the worker now does', async () => {
    const sent = await mailTo('sent-patient@receta.test');
    expect(sent).toMatchObject({ link: null, link_kind: 'patient' });
    expect(sent?.text).toBe('Hola:\n\nAbrir: [enlace enviado]\n\n--\nReceta Digital');
    expect(sent?.html).toBe('<p><a style="color:#fff">Abrir</a></p><p>Copie este enlace:<br>[enlace enviado]</p>');

    const failed = await mailTo('failed-account@receta.test');
    expect(failed).toMatchObject({ link: null, link_kind: 'account' });
    expect(`${failed?.text}${failed?.html}`).not.toContain(token('r'));
    expect(failed?.text).toContain('Abrir: [enlace no entregado]');
  });

  it('keeps the link of mail still to settle beside it, for the worker to take out later', async () => {
    expect(await mailTo('pending-patient@receta.test')).toMatchObject({ link: patientUrl, link_kind: 'patient', text: mailWith(patientUrl).text });
    expect(await mailTo('kept-account@receta.test')).toMatchObject({ link: recoveryUrl, link_kind: 'account' });
    expect(await mailTo('no-link@receta.test')).toMatchObject({ link: null, link_kind: null, text: 'Recibimos su solicitud' });
  });

  it('does the same with text messages', async () => {
    const { rows } = await client.query<{ to: string; text: string; link: string | null; link_kind: string | null }>(
      'select "to", text, link, link_kind from sms_outbox order by "to"',
    );
    expect(rows).toEqual([
      { to: '1100000001', text: 'Receta N.º 1: [enlace enviado]', link: null, link_kind: 'patient' },
      { to: '1100000002', text: `Receta N.º 2: ${patientUrl}`, link: patientUrl, link_kind: 'patient' },
    ]);
  });
});
