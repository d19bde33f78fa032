// What other modules may use of the family module: nothing yet; app.ts wires its plan listener to the packages module.
export type { FamilyService, PlanChange } from './family.service.js';
