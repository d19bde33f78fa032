// What other modules may use of the albums module: the album item shape (search results carry it).
export { Album, type AlbumDto } from './album.schemas.js';
export type { AlbumsService } from './album.service.js';
