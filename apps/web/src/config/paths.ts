/** Every path the app knows about, built or not, so links are never hard-coded twice. */
export const paths = {
  home: '/',
  login: '/auth/login',
  signup: '/auth/signup',
  forgotPassword: '/auth/forgotmypassword',
  signupGoogle: '/auth/signup/google',
  signupApple: '/auth/signup/apple',
  qrApprove: '/main/qr-approve',
  main: '/main',
  notifications: '/main/notifications',
  settings: '/main/settings',
  packages: '/main/packages',
  familyInvitation: '/main/packages/familyInvitation',
  manageFamilyShare: '/main/usages/manage-family-share',
  familyShareDetails: '/main/usages/family-share-details',
  familyLibrary: '/main/family-library',
  // The family library's people and places (issue 35); a person's or a place's photos are the library filtered.
  familyPeople: '/main/family-library/people',
  familyPlaces: '/main/family-library/places',
  // Albums of the family library (issue 35); one album is familyAlbumPath(id).
  familyAlbums: '/main/family-library/albums',
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
  search: '/main/search',
  albums: '/main/album',
  landing: '/en/index.html',
  verifyEmail: '/verify/email',
  verifyRecoveryEmail: '/verify/recovery-email',
  updateEula: '/update/eula',
  updateEmail: '/update/email',
  updateMsisdn: '/update/msisdn',
  // The spec does not show the prize-draw (telesales) page's path; this is our choice (docs/decisions.md).
  draw: '/cekilis',

  inviteFriends: '/main/inviteFriends',
  starsCampaign: '/main/stars-campaign',
  raffle: '/cekilis-hakki',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Languages with a static landing page of their own (public/<lang>/index.html); the others read the English one. */
export const LANDING_LANGUAGES: ReadonlySet<string> = new Set(['tr', 'en']);

/** The public landing page in the interface language, where one exists (the sign-in page's logo leads there). */
/** The sign-in page, coming back to `path` afterwards (the auth feature accepts only its own safe list of paths). */
export const loginReturningTo = (path: string): string => `${paths.login}?next=${encodeURIComponent(path)}`;

export const landingPath = (language: string): string => {
  const lang = language.split('-')[0]!.toLowerCase();
  return LANDING_LANGUAGES.has(lang) ? `/${lang}/index.html` : paths.landing;
};

/** Screens that exist in this build; a link to anything else would be dead. */
const builtPaths: ReadonlySet<string> = new Set<string>([
  paths.home,
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.signupGoogle,
  paths.signupApple,
  paths.qrApprove,
  paths.main,
  paths.photos,
  paths.notifications,
  paths.settings,
  paths.files,
  paths.shares,
  paths.trash,
  paths.hidden,
  paths.preview,
  paths.albums,
  paths.search,
  paths.discover,
  paths.forYou,
  paths.contacts,
  paths.packages,
  paths.familyInvitation,
  paths.manageFamilyShare,
  paths.familyShareDetails,
  paths.familyLibrary,
  paths.familyPeople,
  paths.familyPlaces,
  paths.familyAlbums,
  paths.inviteFriends,
  paths.starsCampaign,
  paths.raffle,
]);

/** A family album's screen (issue 35): /main/family-library/albums/{id}. */
export function familyAlbumPath(id: string): string {
  return `${paths.familyAlbums}/${encodeURIComponent(id)}`;
}

/** An album's own screen: /main/photos/album/{uuid}. */
export function albumPath(uuid: string): string {
  return `/main/photos/album/${encodeURIComponent(uuid)}`;
}

/** Discover's screens (issue 14; our choice, recorded in docs/decisions.md): the rows, the see-all lists and an entity's photos. */
export const discoverPaths = {
  people: `${paths.discover}/people`,
  places: `${paths.discover}/places`,
  things: `${paths.discover}/things`,
  person: (id: string) => `${paths.discover}/person/${encodeURIComponent(id)}`,
  place: (id: string) => `${paths.discover}/place/${encodeURIComponent(id)}`,
  thing: (id: string) => `${paths.discover}/thing/${encodeURIComponent(id)}`,
} as const;

/** Where an album opens: a person, place or thing (search finds them as albums) on its Discover page, others on their own. */
export function albumLink(album: { uuid: string; contentType: string }): string {
  if (album.contentType === 'album/person') return discoverPaths.person(album.uuid);
  if (album.contentType === 'album/location') return discoverPaths.place(album.uuid);
  if (album.contentType === 'album/object') return discoverPaths.thing(album.uuid);
  return albumPath(album.uuid);
}

/** A settings tab by its id: /main/settings?tab=6 (the query parameter is our choice; the spec shows none). */
export function settingsTabPath(id: number): string {
  return `${paths.settings}?tab=${id}`;
}

export function isPathBuilt(path: string): boolean {
  return builtPaths.has(path);
}

/** Query parameters of /main/search: the text, and the kind and document-type filters. */
export const SEARCH_PARAMS = { text: 'text', kind: 'kind', documentType: 'documentType' } as const;

/** The search results for a text: /main/search?text=… */
export function searchPath(text: string): string {
  return `${paths.search}?${new URLSearchParams({ [SEARCH_PARAMS.text]: text }).toString()}`;
}
