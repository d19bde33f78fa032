// The share dialog for other screens: the app lends it to them as the media "Share" slot (app/media-slots.ts).
export { ShareDialog } from './components/share-dialog';
