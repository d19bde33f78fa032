// What other features may use of WebDAV (issue 32): the app passwords card of Settings → Security.
export { AppPasswordsSection } from './components/app-passwords-section';
