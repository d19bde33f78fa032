import sharp from 'sharp';

/** EXIF's GPS form: degrees, minutes and seconds as rationals ("41/1 1/1 3000/100"). */
function dms(value: number): string {
  const abs = Math.abs(value);
  const deg = Math.floor(abs);
  const min = Math.floor((abs - deg) * 60);
  const sec = Math.round(((abs - deg) * 60 - min) * 60 * 10_000);
  return `${deg}/1 ${min}/1 ${sec}/10000`;
}

/**
 * A JPEG whose EXIF places it at (latitude, longitude), as a phone writes it: GPS in IFD3 (libvips' name for the GPS
 * IFD), which the media pipeline's exifr reads back. The pixels are `image` (any format sharp reads) or a flat colour.
 */
export async function gpsPhoto(latitude: number, longitude: number, image?: Buffer): Promise<Buffer> {
  const base = image ? sharp(image) : sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return base
    .jpeg({ quality: 88 })
    .withExif({
      IFD0: { Make: 'Bulut', Model: 'Test camera' },
      IFD2: { DateTimeOriginal: '2025:06:01 12:00:00', OffsetTimeOriginal: '+03:00' },
      IFD3: {
        GPSLatitudeRef: latitude >= 0 ? 'N' : 'S',
        GPSLatitude: dms(latitude),
        GPSLongitudeRef: longitude >= 0 ? 'E' : 'W',
        GPSLongitude: dms(longitude),
      },
    })
    .toBuffer();
}

/** Districts of the cities the discover tests and e2e fixtures use (not the centres). */
export const GPS = {
  istanbul: [40.9903, 29.0297], // Kadıköy
  tbilisi: [41.7225, 44.7506], // Saburtalo
  ionianSea: [35.0, 18.0],
} as const;
