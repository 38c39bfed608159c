import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A self-signed certificate for the test stack's SMTP STARTTLS (Debian's openssl), so tests
 * can check that the server presents the configured certificate, never smtp-server's own.
 */
export function makeTestCertificate(dir) {
  const certFile = path.join(dir, 'smtp-cert.pem');
  const keyFile = path.join(dir, 'smtp-key.pem');
  if (!existsSync(certFile)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=mx.snaptrack.localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
  }
  return { certFile, keyFile };
}
