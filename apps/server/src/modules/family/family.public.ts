// What other modules may use of the family module; app.ts wires its plan listener to the packages module.
export { lockMembership, notInFamily, notMedia } from './family.library.service.js';
export { getMember as familyMemberOf } from './family.repository.js';
export type { FamilyService, PlanChange } from './family.service.js';
// The family library's people and places (issue 35): what counts as in the library, and the filters they register.
export { inFamilyLibrary, isPremiumFamily, premiumFamilyMembers, type LibraryFilter, type LibraryFilters } from './family.library.filters.js';
