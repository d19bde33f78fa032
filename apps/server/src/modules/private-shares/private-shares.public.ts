// What other modules may use of the shares module: sign-up hands a new account the invitations sent to its contacts;
// search covers what live shares give the caller (the same liveness rule as the shares screens).
export { claimInvitations } from './private-shares.service.js';
export { grantedFileIds, grantingOwners } from './private-shares.repository.js';
// The WebDAV mount lists what is shared with the caller under its "Shared with me" folder, as the shares screen does.
export { listShared } from './private-shares.repository.js';
