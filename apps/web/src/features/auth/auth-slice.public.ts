/** The auth slice (spec 000 §3 auth state) for the app's store. */
export { authSlice } from './auth-slice';
