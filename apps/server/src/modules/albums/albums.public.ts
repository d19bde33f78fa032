// What other modules may use of the albums module: the album item shape (search results carry it), and the registry
// through which the people, places and things modules answer /album for their entities.
export { Album, type AlbumDto } from './albums.schemas.js';
export type { AlbumsService } from './albums.service.js';
export {
  AlbumStreams,
  STREAM_CONTENT_TYPES,
  type AlbumStreamProvider,
  type StreamAlbum,
  type StreamContentType,
} from './albums.streams.js';
