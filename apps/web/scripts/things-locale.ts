// Copies the object class names of the things module (apps/server/src/modules/things/things.classes.ts, one name per
// language) into the web's `discover` locale files as `things.<tag>`, so the screens and the server's search speak of a
// class with the same words. Run after the class list changes: npx tsx apps/web/scripts/things-locale.ts
import fs from 'node:fs';
import path from 'node:path';
import { THING_CLASSES, THING_LANGUAGES } from '../../server/src/modules/things/things.classes.js';

const locales = path.resolve(import.meta.dirname, '../src/i18n/locales');
for (const language of THING_LANGUAGES) {
  const file = path.join(locales, language, 'discover.json');
  const strings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  strings.things = Object.fromEntries(Object.entries(THING_CLASSES).map(([tag, names]) => [tag, names[language]]));
  fs.writeFileSync(file, `${JSON.stringify(strings, null, 2)}\n`);
}
console.log(`wrote ${Object.keys(THING_CLASSES).length} classes to ${THING_LANGUAGES.length} discover.json files`);
