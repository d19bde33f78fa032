// What the app lends the media screens of the office feature: the embedded editor.
export { OfficeEditor, preloadOfficeView } from './components/office-editor';
