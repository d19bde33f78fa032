import { DropboxFakeServer } from '../modules/migration/dropbox-fake-server.js';

/**
 * Runs the local Dropbox protocol server on its own (its consent page included), in place of Dropbox, for development
 * and the e2e suite:
 *   DROPBOX_FAKE_PORT=8082 npx tsx apps/server/src/test/dropbox-fake.main.ts
 * then start the server with DROPBOX_APP_KEY=fake-app-key and DROPBOX_API_URL=DROPBOX_CONTENT_URL=DROPBOX_OAUTH_URL=
 * http://127.0.0.1:8082. Its Dropbox holds a few files in folders.
 */
const port = Number(process.env.DROPBOX_FAKE_PORT ?? 8082);
const fake = new DropboxFakeServer();
fake.putFile('/Okul/ödev.txt', Buffer.from('Dropbox’tan gelen ödev\n'));
fake.putFile('/Fotoğraflar/deniz.txt', Buffer.from('deniz kenarı\n'));
fake.putFile('/notlar.txt', Buffer.from('Dropbox notları\n'));
await fake.start(port);
console.log(`local Dropbox at ${fake.base}: ${JSON.stringify(fake.env())}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.stop().then(() => process.exit(0)));
}
