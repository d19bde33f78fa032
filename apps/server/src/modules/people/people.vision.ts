// What the people module needs of the vision engine (contract V → P, infra/vision/vision-engine.ts). app.ts hands the
// real engine in; the module never loads models itself, so it builds and tests without them.
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FaceFound {
  box: FaceBox;
  score: number;
  descriptor: number[];
}
export interface VisionImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

export interface FaceVision {
  faces(image: VisionImage): Promise<FaceFound[]>;
  readImage(bytes: Buffer): Promise<VisionImage>;
  minScore: number;
}
