// Webhook receivers in tests speak HTTPS with a certificate of the test authority in
// test/fixtures/tls. This process trusts it from now on; processes it starts (the service
// spawned by process tests) trust it through NODE_EXTRA_CA_CERTS, read when they start.
import fs from 'node:fs';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';

const caFile = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url));
tls.setDefaultCACertificates([
  ...tls.getCACertificates('default'),
  fs.readFileSync(caFile, 'utf8'),
]);
process.env.NODE_EXTRA_CA_CERTS = caFile;
