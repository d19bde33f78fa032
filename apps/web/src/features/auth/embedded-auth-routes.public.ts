/** Sign-in, sign-up and recovery under another feature's layout (a public link's /sharedFiles/login and /signup). */
export { embeddedAuthRoutes } from './routes';
