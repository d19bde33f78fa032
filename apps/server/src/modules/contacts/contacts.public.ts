// What other modules may use of contacts: the service (current version, cards by id with ETags, a phone's change) and
// the vCard reader and writer. The CardDAV mount itself lives in this module (contacts.carddav.ts).
export { ContactsService } from './contacts.service.js';
export { cardEtag, type Card } from './contacts.card.js';
export { parseVCards } from './contacts.vcard-parse.js';
export { writeVCard, type VCardVersion } from './contacts.vcard-write.js';
