/** Every path the app knows about, built or not, so links are never hard-coded twice. */
export const paths = {
  home: '/',
  login: '/auth/login',
  signup: '/auth/signup',
  main: '/main',
  notifications: '/main/notifications',
  settings: '/main/settings',
  packages: '/main/packages',
  photos: '/main/photos/all',
  forYou: '/main/foryou',
  contacts: '/main/contacts',
  files: '/main/files',
  // The spec does not show the Discover path; this is our choice.
  discover: '/main/discover',
  shares: '/main/shares',
  trash: '/main/trash',
  // The spec names the call (GET /filesystem/hidden) but no route; this is our choice.
  hidden: '/main/hidden',
  preview: '/main/preview',
  albums: '/main/album',
  landing: '/en/index.html',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Screens that exist in this build; a link to anything else would be dead. */
const builtPaths: ReadonlySet<string> = new Set<string>([
  paths.home,
  paths.login,
  paths.signup,
  paths.main,
  paths.photos,
  paths.notifications,
  paths.settings,
  paths.files,
  paths.trash,
  paths.hidden,
  paths.preview,
  paths.albums,
]);

/** An album's own screen: /main/photos/album/{uuid}. */
export function albumPath(uuid: string): string {
  return `/main/photos/album/${encodeURIComponent(uuid)}`;
}

export function isPathBuilt(path: string): boolean {
  return builtPaths.has(path);
}
