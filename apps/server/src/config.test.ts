import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 3000 on all interfaces with links to localhost', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('bases the public URL on the port when only the port is set', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('trusts a proxy\'s forwarded address only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it('takes the signing master key as 32 bytes in base64, and the CA files only together', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ SIGNING_MASTER_KEY: key.toString('base64') }).signing.masterKey).toEqual(key);
    expect(loadConfig({}).signing).toEqual({ caFiles: undefined, masterKey: undefined, previousMasterKeys: [] });
    expect(() => loadConfig({ SIGNING_MASTER_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/SIGNING_MASTER_KEY/);
    expect(() => loadConfig({ CA_CERT_FILE: 'ca.pem' })).toThrow(/CA_KEY_FILE/);
  });

  it('takes the event log\'s key and the keys it replaced as 32 bytes in base64', () => {
    const [current, retired] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    expect(loadConfig({
      AUDIT_LOG_KEY: current.toString('base64'), AUDIT_LOG_PREVIOUS_KEYS: retired.toString('base64'),
    }).eventLog).toEqual({ masterKey: current, previousMasterKeys: [retired] });
    expect(loadConfig({}).eventLog).toEqual({ masterKey: undefined, previousMasterKeys: [] });
    expect(() => loadConfig({ AUDIT_LOG_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/AUDIT_LOG_KEY/);
  });

  it('sends the national repository\'s pointers only to an http(s) address it is given', () => {
    expect(loadConfig({}).centralRepositoryUrl).toBeUndefined();
    expect(loadConfig({ CENTRAL_REPOSITORY_URL: 'https://repositorio.test/punteros' }).centralRepositoryUrl)
      .toBe('https://repositorio.test/punteros');
    expect(() => loadConfig({ CENTRAL_REPOSITORY_URL: 'ftp://repositorio.test' })).toThrow(/CENTRAL_REPOSITORY_URL/);
  });

  it('ages passwords after 365 days unless told otherwise', () => {
    expect(loadConfig({}).passwordMaxAgeDays).toBe(365);
    expect(loadConfig({ PASSWORD_MAX_AGE_DAYS: '90' }).passwordMaxAgeDays).toBe(90);
    expect(() => loadConfig({ PASSWORD_MAX_AGE_DAYS: '0' })).toThrow(/PASSWORD_MAX_AGE_DAYS/);
    expect(() => loadConfig({ PASSWORD_MAX_AGE_DAYS: 'un año' })).toThrow(/PASSWORD_MAX_AGE_DAYS/);
  });

  it('ends idle sessions after 8 hours, the legal maximum, or sooner when told', () => {
    expect(loadConfig({}).sessionIdleHours).toBe(8);
    expect(loadConfig({ SESSION_IDLE_HOURS: '1' }).sessionIdleHours).toBe(1);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '9' })).toThrow(/SESSION_IDLE_HOURS: must be between 1 and 8/);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(/SESSION_IDLE_HOURS/);
  });

  it('refuses an administrator password that breaks the rule of every new password', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Clave-123' })).toThrow(/ADMIN_PASSWORD: must have at least 10/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Clave12345' })).toThrow(/ADMIN_PASSWORD: must combine/);
    expect(loadConfig({ ADMIN_PASSWORD: 'Clave-1234' }).admin.password).toBe('Clave-1234');
  });
});
