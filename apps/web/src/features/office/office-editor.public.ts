// What the app lends the media screens of the office feature: the embedded editor.
export { OfficeEditor } from './components/office-editor';
