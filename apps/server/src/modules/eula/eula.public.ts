// What other modules may use of the EULA module: looking up a published EULA.
export type { EulaService } from './eula.service.js';
