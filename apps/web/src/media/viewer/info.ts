/** Coordinates as signed decimal degrees ("41.00820, 28.97840"), the form every map accepts; null unless both are real and in range. */
export function formatCoordinates(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
