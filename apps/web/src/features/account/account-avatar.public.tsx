/** The user's photo or initials, for other features (settings' profile photo). */
export { AccountAvatar } from './components/account-avatar';
