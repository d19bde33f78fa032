// What a CardDAV mount (on the shared DAV layer) needs: the service (current version, cards by id with ETags, a new
// version from a phone's changes) and the vCard reader and writer.
export { ContactsService } from './contacts.service.js';
export { cardEtag, type Card } from './contacts.card.js';
export { parseVCards } from './contacts.vcard-parse.js';
export { writeVCard, type VCardVersion } from './contacts.vcard-write.js';
