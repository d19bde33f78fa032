// What other modules may use of the people module: the job and schedule names (housekeeping and tests list them).
export { PEOPLE_BACKFILL_SCHEDULE, PEOPLE_FACES_JOB, PEOPLE_RECLUSTER_SCHEDULE, PEOPLE_RETENTION_SCHEDULE } from './people.pipeline.js';
export type { FaceVision } from './people.vision.js';
// Faces per photo, for the For-you picks (a photo with people in it is a better memory).
export { faceCounts } from './people.repository.js';
// Face boxes (collage crops keep faces in view) and named people with their photos (best-of-a-person albums).
export { faceBoxes } from './people.repository.js';
export { namedPeople } from './people.persons.repository.js';
export { PEOPLE_FAMILY_GROUP_SCHEDULE } from './people.pipeline.js';
