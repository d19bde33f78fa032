import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import type { Album } from '@/api/generated/albums';
import type { SearchHit } from './api';

/** A signed-in session and the calls every signed-in screen makes, plus the test's own. */
export function searchTestServer(routes: Record<string, MockHandler>) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  return mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '1000', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    ...routes,
  });
}

export const PHOTO = fileItem({ uuid: 'ph-1', name: 'İstanbul.jpg', contentType: 'image/jpeg', width: 4000, height: 3000, mediaStatus: 'READY', parentFolderUuid: 'fo-1' });
export const VIDEO = fileItem({ uuid: 'vi-1', name: 'istiklal.mp4', contentType: 'video/mp4', width: 1920, height: 1080, mediaStatus: 'READY', durationMs: 5000 });
export const FOLDER = fileItem({ uuid: 'fo-1', name: 'İstanbul gezisi', folder: true });
export const DOC = fileItem({ uuid: 'do-1', name: 'istek.docx', documentType: 'WORD', bytes: 2048, parentFolderUuid: 'fo-1', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
export const ALBUM: Album = {
  uuid: 'al-1',
  label: 'İstanbul 2024',
  contentType: 'album/photo',
  icon: 'playlist-2',
  status: 'ACTIVE',
  coverPhotoUuid: null,
  coverPhoto: null,
  imageCount: 3,
  videoCount: 0,
  createdDate: 1,
  lastModifiedDate: 1,
};

export const HITS: SearchHit[] = [
  { kind: 'PHOTO', matchedField: 'name', file: PHOTO, album: null },
  { kind: 'FOLDER', matchedField: 'name', file: FOLDER, album: null },
  { kind: 'DOCUMENT', matchedField: 'description', file: DOC, album: null },
  { kind: 'ALBUM', matchedField: 'name', file: null, album: ALBUM },
  { kind: 'VIDEO', matchedField: 'name', file: VIDEO, album: null },
];

export const COUNTS = { PHOTO: 1, VIDEO: 1, DOCUMENT: 1, FOLDER: 1, ALBUM: 1, OTHER: 0 };
