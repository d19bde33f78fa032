// Starting a Google or Apple round trip from another feature (Settings' "connect"): the callback screen finds the
// intent where this leaves it.
export { startSocialSignIn } from './sign-in';
