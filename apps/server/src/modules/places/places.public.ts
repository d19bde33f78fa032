// What other modules may use of the places module: the live-photo counts and covers of linked entities (things use
// the same queries over file_thing), and the album cover shape with the discover listings' page query.
export { coversOf, countsOf, pageByCount, photoIds, type EntityCounts, type PhotoLink } from './places.linked-photos.repository.js';
export { CoverPhotoOrNull, PageQuery, Progress, toCoverPhoto, type CoverPhotoDto } from './places.cover-photo.js';
export { linkedStream, type StreamEntity } from './places.linked-stream.js';
// The place of photos (For-you trips and events are named after it).
export { placesOfFiles } from './places.repository.js';
export { placeNamesFor } from './places.service.js';
