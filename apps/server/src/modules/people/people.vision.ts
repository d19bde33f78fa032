import type { FaceFound, VisionImage } from '../../infra/vision/vision-engine.js';

export type { FaceFound, VisionImage };

/** What the people module needs of the vision engine; app.ts builds it from infra/vision, tests may leave it out. */
export interface FaceVision {
  faces(image: VisionImage): Promise<FaceFound[]>;
  readImage(bytes: Buffer): Promise<VisionImage>;
  /** blazeface confidence under which a face is not kept (the engine's FACE_MIN_SCORE). */
  minScore: number;
}
