/** The password input with its show/hide toggle, for other features' password prompts (a protected link). */
export { PasswordField } from './components/password-field';
