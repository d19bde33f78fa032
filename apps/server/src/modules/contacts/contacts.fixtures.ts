import type { TestApp } from '../../test/harness.js';
// vCard files written the way each exporter writes them (tests only). Quirks and where they come from:
// - Google Contacts (export "vCard (for iOS Contacts)"): vCard 3.0, repeated TYPE= parameters, grouped properties with
//   X-ABLabel (item1.ADR / item1.X-ABLabel), CATEGORIES:myContacts, escaped commas and newlines in NOTE.
// - iCloud / macOS Contacts: vCard 3.0, PRODID, lower-case type=, type=pref on the preferred value, PHOTO;ENCODING=b
//   base64 folded at 75 octets with one leading space, X-ABUID.
// - Android (Contacts app, "Export to .vcf"): vCard 2.1, bare parameters (TEL;CELL), non-ASCII names as
//   ENCODING=QUOTED-PRINTABLE with CHARSET=UTF-8 and soft line breaks (`=` at the end of a line), PHOTO;ENCODING=BASE64
//   continued on lines that start with spaces and closed by an empty line.
// - Old Turkish feature phones and Outlook on Turkish Windows: CHARSET=WINDOWS-1254 (ş, ğ, ı, İ as single bytes).
// - vCard 4.0 (RFC 6350, Nextcloud, DAVx5): PREF=1, lower-case types, data: URI photo, tel: URIs.

/** A 1×1 PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const foldB64 = (data: string, first: number, indent: string) => {
  const lines = [data.slice(0, first)];
  for (let i = first; i < data.length; i += 74) lines.push(indent + data.slice(i, i + 74));
  return lines.join('\r\n');
};

export const GOOGLE_VCF = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ayşe Yılmaz',
  'N:Yılmaz;Ayşe;;;',
  'EMAIL;TYPE=INTERNET;TYPE=HOME:ayse@example.com',
  'TEL;TYPE=CELL:+90 532 123 45 67',
  'TEL;TYPE=WORK:+90 212 555 00 11',
  'item1.ADR;TYPE=HOME:;;Atatürk Cad. 5\\, Daire 3;İstanbul;;34000;Türkiye',
  'item1.X-ABLabel:',
  'ORG:Bulut A.Ş.;Satış',
  'TITLE:Müdür',
  'BDAY:1990-05-17',
  'NOTE:Birinci satır\\nİkinci satır\\, virgüllü; noktalı',
  'CATEGORIES:myContacts',
  'END:VCARD',
  '',
].join('\r\n');

export const ICLOUD_VCF = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.5//EN',
  'N:Öztürk;Çağla;;;',
  'FN:Çağla Öztürk',
  'item1.EMAIL;type=INTERNET;type=pref:cagla@icloud.example',
  'item2.EMAIL;type=INTERNET;type=WORK:cagla@work.example',
  'TEL;type=CELL;type=VOICE;type=pref:+905551234567',
  `PHOTO;ENCODING=b;TYPE=PNG:${foldB64(PNG_BASE64, 50, ' ')}`,
  'X-ABUID:2E4F8C1A-0B1C-4C9E-8F5A-ICLOUD0001:ABPerson',
  'UID:icloud-0001',
  'END:VCARD',
  '',
].join('\r\n');

export const ANDROID_VCF = [
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C4=B0nce;=C4=B0smail;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C4=B0smail =C4=B0nce',
  'TEL;CELL:05321112233',
  'TEL;HOME:0212 555 11 22',
  'EMAIL;HOME:ismail@example.com',
  'NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=87ok uzun bir not sat=C4=B1r=C4=B1 yaz=C4=B1lm=C4=B1=',
  '=C5=9F, kat=C4=B1 kat.',
  `PHOTO;ENCODING=BASE64;PNG:${foldB64(PNG_BASE64, 40, '  ')}`,
  '',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D8=A7=D9=84=D8=B9=D9=84=D9=8A;=D9=85=D8=AD=D9=85=D8=AF;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D9=85=D8=AD=D9=85=D8=AF =D8=A7=D9=84=D8=B9=D9=84=D9=8A',
  'TEL;CELL;PREF:+971501234567',
  'END:VCARD',
  '',
].join('\r\n');

/** Bytes, not text: the name is Windows-1254 ("Işık Ağaoğlu"), once quoted-printable and once as raw 8-bit. */
export const WINDOWS_1254_VCF = Buffer.concat([
  Buffer.from('BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=WINDOWS-1254;ENCODING=QUOTED-PRINTABLE:A=F0ao=F0lu;I=FE=FDk;;;\r\nTEL;CELL:05441234567\r\nEND:VCARD\r\n'),
  Buffer.from('BEGIN:VCARD\r\nVERSION:2.1\r\nN:'),
  Buffer.from([0x44, 0xfd, 0xf0, 0x65, 0x72, 0x3b, 0xdd, 0x6c, 0x6b, 0x65]), // "Dığer;İlke" in Windows-1254
  Buffer.from(';;;\r\nTEL:05001112233\r\nEND:VCARD\r\n'),
]);

export const V4_VCF = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1',
  'FN:ნინო ბერიძე',
  'N:ბერიძე;ნინო;;;',
  'TEL;VALUE=uri;TYPE=cell;PREF=1:tel:+995-555-12-34-56',
  'EMAIL;TYPE=work:nino@example.ge',
  `PHOTO:data:image/png;base64,${PNG_BASE64}`,
  'URL:https://example.ge/nino',
  'NICKNAME:Nino',
  'END:VCARD',
  '',
].join('\r\n');

/** Cards named "Contact 001"… with a phone each; `broken` indexes get a line with no colon. */
export function manyCards(count: number, broken: number[] = [], prefix = 'Kişi'): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(4, '0');
    out.push('BEGIN:VCARD', 'VERSION:3.0', `FN:${prefix} ${n}`, `N:${n};${prefix};;;`, `TEL;TYPE=CELL:+90 530 000 ${n}`);
    if (broken.includes(i)) out.push('THIS LINE HAS NO VALUE');
    out.push('END:VCARD');
  }
  return `${out.join('\r\n')}\r\n`;
}

/** One vCard 3.0 as a phone PUTs it: a UID, a name and a mobile number. */
export const phoneCard = (uid: string, fn: string, tel: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `FN:${fn}`, `N:;${fn};;;`, `TEL;TYPE=CELL:${tel}`, 'END:VCARD', ''].join('\r\n');

/** A test app listening on a free local port, for DAV clients that speak real HTTP; its base URL. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}
